// Flux's HelmRelease interpreter (every served version): a condition-driven kind whose health is helm-controller's
// own readiness test, whose member-owned `spec.suspend` is retained, and whose Secrets, ConfigMaps and
// ServiceAccount are its dependencies (see README.md for every decision).
import { defineInterpreter } from '../../interpreter/define';
import { fluxReady, retainSuspend } from '../../families/flux/status';
import { mergedReferences, namespaceOf, NamedReferences } from '../../shapes/dependencies';
import { helmRelease, readyReasonsOf } from './identity';
import { helmReleaseStatus, readHelmRelease, type HelmRelease } from './schema';

export const helmReleaseInterpreter = defineInterpreter<HelmRelease>({
  ...helmRelease,
  decode: readHelmRelease,
  operations: {
    // helm-controller's dependsOn test (internal/controller/helmrelease_controller.go): Ready True and
    // `generation == status.observedGeneration`; a suspended release keeps its last result.
    InterpretHealth: ({ object }) => fluxReady(object, { reasons: readyReasonsOf(object.version), suspended: object.spec?.suspend === true }),
    InterpretStatus: helmReleaseStatus.reflect,
    AggregateStatus: helmReleaseStatus.aggregate,
    Retain: retainSuspend,
    InterpretDependency: ({ object, namespace }) => {
      const own = namespaceOf(object.metadata, namespace);
      const spec = object.spec;
      const references = new NamedReferences(own);
      for (const { kind, name } of spec?.valuesFrom ?? []) {
        if (kind === 'Secret' || kind === 'ConfigMap') references.add('v1', kind, name);
      }
      references.add('v1', 'Secret', spec?.kubeConfigSecret);
      references.add('v1', 'ConfigMap', spec?.kubeConfigConfigMap);
      references.add('v1', 'ServiceAccount', spec?.serviceAccountName);
      const chartNamespace = spec?.chartNamespace !== undefined && spec.chartNamespace !== '' ? spec.chartNamespace : own;
      const verify = new NamedReferences(chartNamespace).add('v1', 'Secret', spec?.verifySecret);
      return { dependencies: mergedReferences([references.list(), verify.list()]) };
    },
  },
});

