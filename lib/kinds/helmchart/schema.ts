// The HelmChart's one reader: the fields the interpreter uses, from source-controller's api/v1/helmchart_types.go
// (the same json paths in v1beta2), or a FieldFailure naming the field (a 400).
import { fieldPath, objectField, stringField } from '../../kube/fields';
import { FieldFailure, type GroupVersionKind } from '../../review/core';
import type { JsonObject } from '../../review/json';
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

function sourceOf(spec: JsonObject | undefined, specPath: string, kind: GroupVersionKind): HelmChartSource | undefined {
  const path = fieldPath(specPath, 'sourceRef');
  const reference = objectField(spec, 'sourceRef', path);
  if (reference === undefined) return undefined;
  const sourceKind = stringField(reference, 'kind', fieldPath(path, 'kind'));
  if (sourceKind === undefined) return undefined;
  if (!(helmChartSourceKinds as readonly string[]).includes(sourceKind)) {
    throw new FieldFailure(fieldPath(path, 'kind'), `must be one of ${helmChartSourceKinds.join(', ')}, got ${JSON.stringify(sourceKind.slice(0, 60))}`);
  }
  const apiVersion = stringField(reference, 'apiVersion', fieldPath(path, 'apiVersion'));
  const source: HelmChartSource = {
    apiVersion: apiVersion !== undefined && apiVersion !== '' ? apiVersion : `${kind.group}/${kind.version}`,
    kind: sourceKind,
  };
  const name = stringField(reference, 'name', fieldPath(path, 'name'));
  if (name !== undefined) source.name = name;
  return source;
}

export function readHelmChart(object: JsonObject, path: string, kind: GroupVersionKind): HelmChart {
  const { spec, specPath, ...source } = helmChartShape.readSource(object, path);
  const verifyPath = fieldPath(specPath, 'verify');
  const chart: HelmChart = {
    ...source,
    verifySecretName: referenceNameOf(objectField(spec, 'verify', verifyPath), 'secretRef', verifyPath),
  };
  const sourceRef = sourceOf(spec, specPath, kind);
  if (sourceRef !== undefined) chart.source = sourceRef;
  return chart;
}
