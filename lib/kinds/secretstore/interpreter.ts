// External Secrets Operator's SecretStore interpreter: health from the Ready condition, status reflected and added up,
// and the Secrets, ConfigMaps and ServiceAccounts its provider reads, in the store's own namespace (see README.md).
import { defineInterpreter } from '../../interpreter/define';
import { readStore, storeDependencies, storeOperations, type Store } from '../../families/external-secrets/stores';
import { namespaceOf } from '../../shapes/dependencies';
import { secretStore } from './identity';

export const secretStoreInterpreter = defineInterpreter<Store>({
  ...secretStore,
  decode: (object) => readStore(object, 'namespaced'),
  operations: storeOperations(({ object, namespace }) => storeDependencies(object, 'namespaced', namespaceOf(object.metadata, namespace))),
});
