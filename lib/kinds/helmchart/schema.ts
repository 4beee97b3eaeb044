// The HelmChart's one reader: the fields the interpreter uses, from source-controller's api/v1/helmchart_types.go
// (the same json paths in v1beta2), or a FieldFailure naming the field (a 400).
import { defined, type Cursor } from '../../kube/cursor';
import type { GroupVersionKind } from '../../review/core';
import { fluxSource, referenceNameOf, type FluxSource } from '../../families/flux/source';

/**
 * Ready's reasons on success: `Succeeded`, and the build's own (`reasonForBuild` in source-controller's
 * helmchart_controller.go): `ChartPullSucceeded` (a chart pulled from a HelmRepository) and `ChartPackageSucceeded`
 * (a chart packaged from a GitRepository or a Bucket).
 */
export const helmChartShape = fluxSource<HelmChart>(
  { aggregatedStrings: ['observedChartName', 'observedSourceArtifactRevision', 'url'], reflectObservedGeneration: false },
  { reasons: ['Succeeded', 'ChartPullSucceeded', 'ChartPackageSucceeded'] },
);

/** The kinds `spec.sourceRef.kind` may name (the CRD's enum, both versions). */
export const helmChartSourceKinds = ['HelmRepository', 'GitRepository', 'Bucket'] as const;

export interface HelmChartSource {
  apiVersion: string;
  kind: string;
  name?: string;
}

export interface HelmChart extends FluxSource {
  /** `spec.sourceRef`: the source in the HelmChart's namespace; its apiVersion defaults to the HelmChart's. */
  source?: HelmChartSource;
  /** `spec.verify.secretRef.name`: the keys that verify the chart's signature. */
  verifySecretName?: string;
}

function sourceOf(reference: Cursor, kind: GroupVersionKind): HelmChartSource | undefined {
  const sourceKind = reference.string('kind');
  if (sourceKind === undefined) return undefined;
  if (!(helmChartSourceKinds as readonly string[]).includes(sourceKind)) {
    reference.fail('kind', `must be one of ${helmChartSourceKinds.join(', ')}, got ${JSON.stringify(sourceKind.slice(0, 60))}`);
  }
  const apiVersion = reference.string('apiVersion');
  return defined({
    apiVersion: apiVersion !== undefined && apiVersion !== '' ? apiVersion : `${kind.group}/${kind.version}`,
    kind: sourceKind,
    name: reference.string('name'),
  });
}

export function readHelmChart(object: Cursor, kind: GroupVersionKind): HelmChart {
  return helmChartShape.readSource(object, (spec) => ({
    verifySecretName: () => referenceNameOf(spec().object('verify'), 'secretRef'),
    source: () => spec().part('sourceRef', (reference) => sourceOf(reference, kind)),
  }));
}
