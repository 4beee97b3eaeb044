// Flux's Bucket interpreter (v1beta2 and v1): health from the Ready condition, the member's suspend kept, status
// reflected and merged as Karmada's catalogue does (with the bucket's `url`), and the Secrets and ServiceAccount it names.
import { defineInterpreter, type TypedRequest } from '../../interpreter/define';
import type { DependentObjectReference } from '../../interpreter/wire/types';
import { stringField } from '../../kube/fields';
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
import { bucket, hasServiceAccountName } from './identity';

/** The status fields Karmada's catalogue reflects beside conditions and observedGeneration (BucketStatus). */
const reflectedFields = ['artifact', 'observedIgnore', 'url'];

/**
 * What source-controller reads besides the bucket itself, all `LocalObjectReference`s in the Bucket's namespace
 * (bucket_types.go, the same paths in v1beta2 and v1): `secretRef` (credentials), `certSecretRef` (TLS),
 * `proxySecretRef`, `sts.secretRef` and `sts.certSecretRef` (the `ldap` STS endpoint), and in v1 only
 * `serviceAccountName` (the `aws` and `gcp` providers' workload identity).
 */
function dependencies({ object, namespace, kind }: TypedRequest<FluxSource>): DependentObjectReference[] {
  const spec = object.spec;
  const references = new NamedReferences(namespaceOf(object.metadata, namespace));
  references.add('v1', 'Secret', localReferenceName(spec, ['secretRef']));
  references.add('v1', 'Secret', localReferenceName(spec, ['certSecretRef']));
  references.add('v1', 'Secret', localReferenceName(spec, ['proxySecretRef']));
  references.add('v1', 'Secret', localReferenceName(spec, ['sts', 'secretRef']));
  references.add('v1', 'Secret', localReferenceName(spec, ['sts', 'certSecretRef']));
  if (hasServiceAccountName(kind.version)) {
    references.add('v1', 'ServiceAccount', stringField(spec, 'serviceAccountName', 'object.spec.serviceAccountName'));
  }
  return references.list();
}

export const bucketInterpreter = defineInterpreter<FluxSource>({
  ...bucket,
  decode: readFluxSource,
  operations: {
    Retain: retainFluxSuspend,
    InterpretStatus: reflectFluxSource(reflectedFields),
    AggregateStatus: (request) => aggregateFluxSource(request, { url: true }),
    InterpretHealth: ({ object }) => ({ healthy: fluxSourceHealthy(object) }),
    InterpretDependency: (request) => ({ dependencies: dependencies(request) }),
  },
});
