// Flux's GitRepository interpreter: health from the Ready condition, the member's suspend kept, status reflected and
// merged as Karmada's catalogue does, and the Secrets, ServiceAccount and included GitRepositories it names.
import { defineInterpreter, type TypedRequest } from '../../interpreter/define';
import type { DependentObjectReference } from '../../interpreter/wire/types';
import { objectItems, stringField } from '../../kube/fields';
import { podTemplateLimits } from '../../kube/limits';
import { namespaceOf, NamedReferences } from '../../shapes/dependencies';
import {
  aggregateFluxSource,
  fluxSourceHealthy,
  localReferenceName,
  readFluxSource,
  reflectFluxSource,
  retainFluxSuspend,
  type FluxSource,
} from '../../shapes/flux-source';
import { gitRepository } from './identity';

/** The status fields Karmada's catalogue reflects beside conditions and observedGeneration (GitRepositoryStatus). */
const reflectedFields = ['artifact', 'observedIgnore', 'observedRecurseSubmodules'];

/**
 * What source-controller reads besides the repository itself, all `LocalObjectReference`s in the GitRepository's
 * namespace (gitrepository_types.go): `secretRef` (credentials), `verify.secretRef` (public keys), `proxySecretRef`,
 * `serviceAccountName` (the `azure` and `aws` providers' workload identity), and `include[].repository` (other
 * GitRepositories whose artifacts are copied in).
 */
function dependencies({ object, namespace }: TypedRequest<FluxSource>): DependentObjectReference[] {
  const spec = object.spec;
  const references = new NamedReferences(namespaceOf(object.metadata, namespace));
  references.add('v1', 'Secret', localReferenceName(spec, ['secretRef']));
  references.add('v1', 'Secret', localReferenceName(spec, ['verify', 'secretRef']));
  references.add('v1', 'Secret', localReferenceName(spec, ['proxySecretRef']));
  references.add('v1', 'ServiceAccount', stringField(spec, 'serviceAccountName', 'object.spec.serviceAccountName'));
  for (const { item, path } of objectItems(spec, 'include', 'object.spec.include', podTemplateLimits.listItems)) {
    references.add(`${gitRepository.group}/v1`, 'GitRepository', localReferenceName(item, ['repository'], path));
  }
  return references.list();
}

export const gitRepositoryInterpreter = defineInterpreter<FluxSource>({
  ...gitRepository,
  decode: readFluxSource,
  operations: {
    Retain: retainFluxSuspend,
    InterpretStatus: reflectFluxSource(reflectedFields),
    AggregateStatus: (request) => aggregateFluxSource(request),
    InterpretHealth: ({ object }) => ({ healthy: fluxSourceHealthy(object) }),
    InterpretDependency: (request) => ({ dependencies: dependencies(request) }),
  },
});
