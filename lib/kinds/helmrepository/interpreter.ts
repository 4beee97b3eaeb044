// Flux's HelmRepository interpreter (v1beta2 and v1): a condition-driven source on lib/families/flux/source.ts; a
// repository of type `oci` is healthy as it is (see README.md for every decision).
import { defineInterpreter } from '../../interpreter/define';
import { namespaceOf, NamedReferences } from '../../shapes/dependencies';
import { healthy } from '../../shapes/health';
import { helmRepository } from './identity';
import { helmRepositoryShape as shape, readHelmRepository, type HelmRepository } from './schema';

export const helmRepositoryInterpreter = defineInterpreter<HelmRepository>({
  ...helmRepository,
  decode: readHelmRepository,
  operations: {
    ...shape.operations,
    // source-controller turns an `oci` repository into a static object: it removes its status and never writes one
    // (HelmRepositoryReconciler.migrationToStatic), so there is no Ready condition to wait for.
    InterpretHealth: (request) => (request.object.type === 'oci' ? healthy('spec.type oci: a static object, no status to wait for') : shape.health(request)),
    InterpretDependency: ({ object, namespace }) => ({
      dependencies: new NamedReferences(namespaceOf(object.metadata, namespace))
        .add('v1', 'Secret', object.secretName)
        .add('v1', 'Secret', object.certSecretName)
        .list(),
    }),
  },
});
