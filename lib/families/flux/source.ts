// Flux's source kinds (source.toolkit.fluxcd.io: GitRepository, Bucket, HelmRepository, HelmChart, OCIRepository):
// the status every source controller writes (conditions, observedGeneration, artifact, the kind's own fields), how
// Karmada's catalogue reflects and aggregates it, health from the Ready condition, and `spec.suspend`, which belongs
// to each member. Karmada's five customizations are one script; they differ only in the fields named here and in
// HelmChart's Ready reasons, so each kind passes its fields and reasons to `fluxSource`.
import type { TypedRequest } from '../../interpreter/define';
import type { OperationResults } from '../../interpreter/registry';
import { Cursor, defined, readByPart, type Parts } from '../../kube/cursor';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView } from '../../kube/objects';
import { isJsonObject, type JsonObject, type JsonValue } from '../../review/json';
import { membersOf, setOrRemove } from '../../shapes/aggregation';
import { reflectAsCatalogue } from '../../shapes/catalogue-reflection';
import { namespaceOf, NamedReferences } from '../../shapes/dependencies';
import { conditionOf, readyHealth, readyRefusal, reflectConditionStatus, type ConditionStatus } from '../../shapes/conditions';
import { conditionReason, healthy, type Health } from '../../shapes/health';
import { isEmptyContainer } from '../../shapes/empty-values';
import { readReportedGenerations, templateGenerationAnnotation, type ReportedGenerations } from '../../shapes/generations';
import { fluxMergedConditions, fluxObservedGeneration, isDateTime, keepMemberSuspend, readFluxConditionStatus } from './status';

/** The status fields a source kind has beyond conditions, observedGeneration and artifact. */
export interface FluxSourceFields {
  /** String fields reflected, and aggregated as Karmada's catalogue does: the last member's non-empty value, else ''. */
  aggregatedStrings?: readonly string[];
  /**
   * Fields reflected only, copied as the member wrote them: nothing here computes with them, Karmada's catalogue
   * copies them whatever their type (its own GitRepository and Bucket cases hold a boolean `observedIgnore`) and
   * leaves the template's as they are.
   */
  reflected?: readonly string[];
  /**
   * Whether InterpretStatus carries `status.observedGeneration` (default true). Karmada's HelmChart customization
   * leaves it out, and its cases expect that; AggregateStatus then reads each member's from its Ready condition.
   */
  reflectObservedGeneration?: boolean;
}

/** A source's status as read: the common fields and the kind's own (`fields`), each checked for its type. */
export interface FluxSourceStatus extends ConditionStatus {
  artifact?: JsonObject;
  fields: Record<string, JsonValue>;
}

/** What every source kind's reader gives the operations. */
export interface FluxSource {
  metadata: ObjectMetaView;
  /** Whether the object has a `spec` (Retain leaves a template without one as it is). */
  hasSpec: boolean;
  /** `spec.suspend`: the controller stops reconciling, the last result stands. */
  suspend?: boolean;
  status?: FluxSourceStatus;
}

/** The Secrets and ServiceAccount a source names (`secretRef`, `certSecretRef`, `proxySecretRef`…), as its reader found them. */
export interface SourceCredentials {
  secretNames: (string | undefined)[];
  serviceAccountName?: string | undefined;
}

/**
 * The dependencies every credential reference gives: each a `meta.LocalObjectReference`, which source-controller reads
 * in the source's namespace (else the request's). The kind adds its other references before `list()`.
 */
export function credentialReferences({ object, namespace }: { object: FluxSource & SourceCredentials; namespace?: string | undefined }): NamedReferences {
  return new NamedReferences(namespaceOf(object.metadata, namespace))
    .addAll('v1', 'Secret', object.secretNames)
    .add('v1', 'ServiceAccount', object.serviceAccountName);
}

/** The `name` of a Flux `meta.LocalObjectReference` (`secretRef`, `certSecretRef`…) below `parent`; undefined when absent. */
export function referenceNameOf(parent: Cursor, field: string): string | undefined {
  return parent.object(field).string('name');
}


/**
 * A source's metadata. A `resourcetemplate.karmada.io/generation` annotation given as a number (not something the
 * apiserver stores, but Karmada's own GitRepository case holds the number 123, and its catalogue reads the
 * annotation with `tonumber`) is read as its text; another non-string value is left out, as `tonumber` gives nil.
 */
export function sourceMetadataOf(object: Cursor): ObjectMetaView {
  const metadata = object.raw('metadata');
  const annotations = isJsonObject(metadata) ? metadata.annotations : undefined;
  const value = isJsonObject(annotations) ? annotations[templateGenerationAnnotation] : undefined;
  if (value === undefined || typeof value === 'string') return readMetadata(object);
  const { [templateGenerationAnnotation]: _ignored, ...kept } = annotations as JsonObject;
  if (typeof value === 'number') kept[templateGenerationAnnotation] = String(value);
  // The same metadata with the annotation as read, under the same path.
  return readMetadata(Cursor.root({ ...object.value, metadata: { ...(metadata as JsonObject), annotations: kept } }, () => object.path));
}

/**
 * The shape of one source kind: its status reader, and InterpretStatus, AggregateStatus, Retain and the Ready health
 * (`reasons`: the Ready reasons the kind's controller writes on success).
 */
export function fluxSource<T extends FluxSource>(fields: FluxSourceFields, { reasons }: { reasons: readonly string[] }) {
  const aggregatedStrings = fields.aggregatedStrings ?? [];
  const reflected = fields.reflected ?? [];
  const reflectObservedGeneration = fields.reflectObservedGeneration !== false;

  function readStatus(status: Cursor): FluxSourceStatus {
    const read: FluxSourceStatus = defined({ ...readFluxConditionStatus(status), artifact: status.object('artifact').value, fields: {} });
    for (const name of aggregatedStrings) {
      const value = status.string(name);
      if (value !== undefined) read.fields[name] = value;
    }
    for (const name of reflected) {
      const value = status.raw(name);
      if (value !== undefined) read.fields[name] = value;
    }
    return read;
  }

  /** A member's reflected status read back: the source status and Karmada's generations. */
  function readReflected(status: Cursor): FluxSourceStatus & ReportedGenerations {
    return { ...readStatus(status), ...readReportedGenerations(status) };
  }

  /** InterpretStatus: `{}` without a status (Karmada's catalogue), else the source status and the member's generations. */
  const reflect = reflectAsCatalogue<T>(({ object }) => {
    const extra: JsonObject = {};
    const status = object.status;
    if (status?.artifact !== undefined) extra.artifact = status.artifact;
    Object.assign(extra, status?.fields ?? {});
    const { rawStatus } = reflectConditionStatus(object, extra);
    if (!reflectObservedGeneration) delete rawStatus.observedGeneration;
    // An empty object or list says nothing a member could aggregate (Karmada's catalogue drops them too).
    for (const [name, value] of Object.entries(rawStatus)) if (isEmptyContainer(value)) delete rawStatus[name];
    return { rawStatus };
  });

  /**
   * AggregateStatus as Karmada's catalogue: conditions merged (`fluxMergedConditions`: those the CRD admits); the
   * last member's artifact the CRD admits (`admittedArtifact`); the last non-empty value of each aggregated string,
   * '' when none; `observedGeneration` by Flux's catalogue rule (`fluxObservedGeneration`).
   */
  function aggregate(request: TypedRequest<T>): OperationResults['AggregateStatus'] {
    const { object, aggregatedStatus } = request;
    const members = membersOf(aggregatedStatus, readReflected);
    const patch = request.patch();
    // Where InterpretStatus leaves `observedGeneration` out (HelmChart), the member's Ready condition says which
    // generation its controller last reconciled; elsewhere a member without one counts 0, as in Karmada's Lua.
    const reporting = reflectObservedGeneration
      ? members.reporting
      : members.reporting.map(({ clusterName, status }) => ({
          clusterName,
          status: { ...status, observedGeneration: status.observedGeneration ?? conditionOf(status.conditions, 'Ready')?.observedGeneration },
        }));
    const last = <V>(valueOf: (status: FluxSourceStatus) => V | undefined): V | undefined =>
      reporting.reduce<V | undefined>((found, { status }) => valueOf(status) ?? found, undefined);
    const conditions = fluxMergedConditions(members.reporting);
    setOrRemove(patch, 'conditions', conditions.length > 0 ? conditions : undefined);
    setOrRemove(patch, 'artifact', last((status) => admittedArtifact(status.artifact)));
    for (const name of aggregatedStrings) patch.add(['status', name], last((status) => nonEmpty(status.fields[name])) ?? '');
    // Karmada's Lua writes the 0 it compares with into a template without a generation (only a hand-made object has
    // none: the apiserver sets one); Karmada keeps only the status of the answer, so this changes nothing stored.
    if (object.metadata.generation === undefined) patch.add(['metadata', 'generation'], 0);
    patch.add(['status', 'observedGeneration'], fluxObservedGeneration(object, { reporting, listed: members.listed }));
    return patch.operations;
  }

  /** Retain: a member's `spec.suspend` stands (someone suspended reconciling there); the template's reaches the others. */
  const retain = (request: TypedRequest<T>): OperationResults['Retain'] => keepMemberSuspend(request, request.observedObject?.suspend, request.object.hasSpec);

  /** Healthy when Ready is True with a success reason and the controller saw the current spec (or is suspended). */
  function health({ object }: { object: T }): Health {
    if (object.suspend === true) return readyHealth(object, { reasons, suspended: true });
    // Generations are compared only when the object has one: the apiserver always sets it, so an object without one
    // was written by hand (a test, a trimmed export) and its Ready condition is all there is to judge.
    if (object.metadata.generation === undefined) {
      const ready = conditionOf(object.status?.conditions, 'Ready');
      return readyRefusal(ready, 'Ready', reasons) ?? healthy(`${conditionReason(ready, 'Ready')}, no metadata.generation to compare`);
    }
    return readyHealth(object, { reasons });
  }

  /**
   * A source's view, read by part: metadata, `spec.suspend` and the status, and the kind's own parts (its
   * references), given `spec` (an empty cursor when absent; a 400 only for the part that reads a wrong one).
   */
  function readSource(object: Cursor, own: (spec: () => Cursor) => Parts<Omit<T, keyof FluxSource>>): T {
    const spec = () => object.object('spec');
    return readByPart<T>({
      metadata: () => sourceMetadataOf(object),
      hasSpec: () => spec().present,
      suspend: () => spec().boolean('suspend'),
      status: () => object.part('status', readStatus),
      ...own(spec),
    } as Parts<T>);
  }

  /** The operations every source kind answers alike; the kind adds InterpretDependency (and may wrap health). */
  const operations = { InterpretStatus: reflect, AggregateStatus: aggregate, Retain: retain, InterpretHealth: health };

  return { readStatus, readSource, reflect, aggregate, retain, health, operations };
}

/** `meta.Artifact`'s digest as the CRDs validate it (`<algorithm>:<encoded>`). */
const artifactDigest = /^[a-z0-9]+(?:[.+_-][a-z0-9]+)*:[a-zA-Z0-9=_-]+$/;

/**
 * A member's artifact as the sources' CRDs admit it (`meta.Artifact`): `digest`, `lastUpdateTime`, `path`,
 * `revision` and `url` present and valid, with `size` and `metadata` where valid; no other field (the CRD would prune
 * it). Undefined when a required field is missing or wrong: every artifact a member's API server stored has them, so
 * one without was written by hand, and a status holding it is refused.
 */
export function admittedArtifact(artifact: JsonObject | undefined): JsonObject | undefined {
  if (artifact === undefined) return undefined;
  const { digest, lastUpdateTime, path, revision, url, size, metadata } = artifact;
  if (typeof digest !== 'string' || !artifactDigest.test(digest) || !isDateTime(lastUpdateTime)) return undefined;
  if (typeof path !== 'string' || typeof revision !== 'string' || typeof url !== 'string') return undefined;
  const admitted: JsonObject = { digest, lastUpdateTime, path, revision, url };
  if (typeof size === 'number' && Number.isSafeInteger(size)) admitted.size = size;
  if (isJsonObject(metadata) && Object.values(metadata).every((value) => typeof value === 'string')) admitted.metadata = metadata;
  return admitted;
}

function nonEmpty(value: JsonValue | undefined): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
