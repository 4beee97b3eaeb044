// External Secrets Operator's ClusterSecretStore interpreter: as the SecretStore, except that its Secrets, ConfigMaps
// and ServiceAccounts are in the namespaces its references name (see README.md).
import { defineInterpreter } from '../../interpreter/define';
import { readStore, storeDependencies, storeOperations, type Store } from '../../families/external-secrets/stores';
import { clusterSecretStore } from './identity';

export const clusterSecretStoreInterpreter = defineInterpreter<Store>({
  ...clusterSecretStore,
  decode: (object) => readStore(object, 'cluster'),
  operations: storeOperations(({ object }) => storeDependencies(object, 'cluster', undefined)),
});
