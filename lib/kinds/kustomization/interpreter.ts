// Flux's Kustomization interpreter (every served version): a condition-driven kind whose health is
// kustomize-controller's own readiness test, whose member-owned `spec.suspend` is retained, and whose Secrets and
// ServiceAccount are its dependencies (see README.md for every decision).
import { defineInterpreter } from '../../interpreter/define';
import { fluxReady, retainSuspend } from '../../families/flux/status';
import { namespaceOf, NamedReferences } from '../../shapes/dependencies';
import { kustomization, readyReasons } from './identity';
import { kustomizationStatus, readKustomization, type Kustomization } from './schema';

export const kustomizationInterpreter = defineInterpreter<Kustomization>({
  ...kustomization,
  decode: readKustomization,
  operations: {
    // kustomize-controller's dependsOn test (internal/controller/kustomization_controller.go): Ready True and
    // `generation == status.observedGeneration`; a suspended Kustomization keeps its last result.
    InterpretHealth: ({ object }) => fluxReady(object, { reasons: readyReasons, suspended: object.spec?.suspend === true }),
    InterpretStatus: kustomizationStatus.reflect,
    AggregateStatus: kustomizationStatus.aggregate,
    Retain: retainSuspend,
    InterpretDependency: ({ object, namespace }) => {
      const spec = object.spec;
      const references = new NamedReferences(namespaceOf(object.metadata, namespace))
        .add('v1', 'Secret', spec?.decryptionSecret)
        .add('v1', 'Secret', spec?.kubeConfigSecret)
        .add('v1', 'ServiceAccount', spec?.serviceAccountName)
        .add('v1', 'ConfigMap', spec?.kubeConfigConfigMap);
      for (const { kind, name } of spec?.substituteFrom ?? []) {
        if (kind === 'Secret' || kind === 'ConfigMap') references.add('v1', kind, name);
      }
      return { dependencies: references.list() };
    },
  },
});
