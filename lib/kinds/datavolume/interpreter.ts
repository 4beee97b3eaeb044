// CDI's DataVolume interpreter: health from the phase and the Running condition as Argo CD reads them, status
// reflected and taken from the worst member, and the objects its source names (see README.md for every decision).
import { defineInterpreter, type TypedRequest } from '../../interpreter/define';
import type { DependentObjectReference } from '../../interpreter/wire/types';
import { membersOf, rankFrom, setOrRemove, worstMember } from '../../shapes/aggregation';
import { conditionOf } from '../../shapes/conditions';
import { namespaceOf, NamedReferences } from '../../shapes/dependencies';
import { reflectFields } from '../../shapes/generations';
import { conditionReason, healthy, unhealthy, valueReason } from '../../shapes/health';
import { dataSourceApiVersion, dataVolume } from './identity';
import { readDataVolume, readStatus, type DataVolume, type DataVolumeStatusView, type NamespacedName } from './schema';

type Request = TypedRequest<DataVolume>;

const reflectedFields = ['phase', 'progress', 'claimName', 'restartCount', 'conditions'] as const satisfies readonly (keyof DataVolumeStatusView)[];

function interpretStatus({ object }: Request) {
  return { rawStatus: reflectFields(object.status, reflectedFields, object.metadata) };
}

/** Phases in which the data will not arrive without a change (pkg/apis/core/v1beta1/types.go; Argo CD's Degraded). */
const brokenPhases = new Set(['Failed', 'Unknown']);

/** The Running condition CDI sets False with reason Error while the populating pod fails (a bad URL, a refused pull). */
function runningError(status: DataVolumeStatusView | undefined) {
  const running = conditionOf(status?.conditions, 'Running');
  return running?.status === 'False' && running.reason === 'Error' ? running : undefined;
}

const rank = rankFrom(['Succeeded', 'working', 'broken'] as const, 'working');
function statusRank(status: DataVolumeStatusView): number | undefined {
  if (status.phase === undefined && status.conditions === undefined) return undefined;
  if ((status.phase !== undefined && brokenPhases.has(status.phase)) || runningError(status) !== undefined) return rank('broken');
  return rank(status.phase === 'Succeeded' ? 'Succeeded' : 'working');
}

/**
 * A DataVolume fills one PVC in one cluster; under Duplicated each member fills its own. The control plane shows the
 * worst member's status whole (failed > under way > Succeeded), so phase, progress and conditions agree.
 */
function aggregateStatus({ aggregatedStatus, patch: newPatch }: Request) {
  const members = membersOf(aggregatedStatus, readStatus);
  const lead = worstMember(members.reporting, statusRank) ?? members.reporting[0];
  const patch = newPatch();
  for (const name of reflectedFields) setOrRemove(patch, name, lead?.status[name]);
  return patch.operations;
}

/**
 * As Argo CD reads it: Succeeded healthy; Failed or Unknown, or a Running condition False with reason Error,
 * unhealthy; everything else (no status, Pending, *Scheduled, *InProgress, WaitForFirstConsumer, PendingPopulation,
 * Paused) is work under way or a wait on purpose, and healthy: an eviction would only start the import over elsewhere.
 */
function interpretHealth({ object }: Request) {
  const status = object.status;
  const phase = status?.phase;
  if (phase === 'Succeeded') return healthy(valueReason('phase', phase));
  if (phase !== undefined && brokenPhases.has(phase)) return unhealthy(valueReason('phase', phase));
  const error = runningError(status);
  if (error !== undefined) return unhealthy(`${conditionReason(error, 'Running')} (${valueReason('phase', phase)})`);
  if (status === undefined) return healthy('no status (CDI has not reported)');
  return healthy(`${valueReason('phase', phase)} (under way or waiting, not failed)`);
}

function interpretDependency({ object, namespace }: Request): { dependencies: DependentObjectReference[] } {
  const own = namespaceOf(object.metadata, namespace);
  const { secrets, configMaps, pvc, snapshot, dataSource } = object.sources;
  const references = new NamedReferences(own);
  references.addAll('v1', 'Secret', secrets);
  references.addAll('v1', 'ConfigMap', configMaps);
  const dependencies = references.list();
  // A clone's source, a snapshot or a DataSource may be in another namespace; without one, in the DataVolume's.
  const inNamespace = (apiVersion: string, kind: string, ref: NamespacedName | undefined) => {
    if (ref?.name === undefined || ref.name === '') return;
    const found = new NamedReferences(ref.namespace !== undefined && ref.namespace !== '' ? ref.namespace : own).add(apiVersion, kind, ref.name).list();
    dependencies.push(...found);
  };
  inNamespace('v1', 'PersistentVolumeClaim', pvc);
  inNamespace('snapshot.storage.k8s.io/v1', 'VolumeSnapshot', snapshot);
  inNamespace(dataSourceApiVersion, 'DataSource', dataSource);
  return { dependencies };
}

export const dataVolumeInterpreter = defineInterpreter<DataVolume>({
  ...dataVolume,
  decode: readDataVolume,
  operations: {
    InterpretStatus: interpretStatus,
    AggregateStatus: aggregateStatus,
    InterpretHealth: interpretHealth,
    InterpretDependency: interpretDependency,
  },
});
