// DataVolume's one reader: the fields the operations use become the typed view, or a FieldFailure naming the field
// (a 400 for the interpreter). It reads by part: InterpretDependency reads `spec.source` and `spec.sourceRef`, the
// status operations the status. It never defaults or changes a value.
import { readByPart, type Cursor } from '../../kube/cursor';
import { podTemplateList } from '../../kube/limits';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView } from '../../kube/objects';
import { readConditions, type Condition } from '../../shapes/conditions';

/** An object in a namespace of its own (a clone's source PVC, a VolumeSnapshot, a DataSource). */
export interface NamespacedName {
  namespace?: string;
  name?: string;
}

/** The objects a DataVolume's source names. */
export interface SourceReferences {
  secrets: string[];
  configMaps: string[];
  pvc?: NamespacedName;
  snapshot?: NamespacedName;
  /** `spec.sourceRef` when its kind is DataSource. */
  dataSource?: NamespacedName;
}

export interface DataVolumeStatusView {
  phase?: string;
  progress?: string;
  claimName?: string;
  restartCount?: number;
  conditions?: Condition[];
}

export interface DataVolume {
  metadata: ObjectMetaView;
  sources: SourceReferences;
  status?: DataVolumeStatusView;
}

function readNamespacedName(ref: Cursor): NamespacedName {
  const view: NamespacedName = {};
  const namespace = ref.objectName('namespace');
  const name = ref.objectName('name');
  if (namespace !== undefined) view.namespace = namespace;
  if (name !== undefined) view.name = name;
  return view;
}

/** Every source kind with credentials: secretRef and certConfigMap are object names (pkg/apis/core/v1beta1/types.go). */
const credentialSources = ['http', 's3', 'gcs', 'registry', 'imageio', 'vddk'] as const;

function readSources(object: Cursor): SourceReferences {
  const spec = object.object('spec');
  const source = spec.object('source');
  const references: SourceReferences = { secrets: [], configMaps: [] };
  const push = (list: string[], name: string | undefined) => {
    if (name !== undefined && name !== '') list.push(name);
  };
  for (const kind of credentialSources) {
    const from = source.object(kind);
    push(references.secrets, from.objectName('secretRef'));
    push(references.configMaps, from.objectName('certConfigMap'));
  }
  for (const name of source.object('http').strings('secretExtraHeaders', podTemplateList)) push(references.secrets, name);
  // VDDK's extraArgs names a ConfigMap of arguments for the VDDK library.
  push(references.configMaps, source.object('vddk').objectName('extraArgs'));
  const pvc = source.part('pvc', readNamespacedName);
  if (pvc !== undefined) references.pvc = pvc;
  const snapshot = source.part('snapshot', readNamespacedName);
  if (snapshot !== undefined) references.snapshot = snapshot;
  const sourceRef = spec.object('sourceRef');
  if (sourceRef.value !== undefined && sourceRef.string('kind') === 'DataSource') references.dataSource = readNamespacedName(sourceRef);
  return references;
}

export function readStatus(status: Cursor): DataVolumeStatusView {
  const view: DataVolumeStatusView = {};
  const set = <K extends keyof DataVolumeStatusView>(name: K, value: DataVolumeStatusView[K] | undefined) => {
    if (value !== undefined) view[name] = value;
  };
  set('phase', status.string('phase'));
  set('progress', status.string('progress'));
  set('claimName', status.string('claimName'));
  set('restartCount', status.count('restartCount'));
  set('conditions', readConditions(status));
  return view;
}

export function readDataVolume(object: Cursor): DataVolume {
  return readByPart<DataVolume>({
    metadata: () => readMetadata(object),
    sources: () => readSources(object),
    status: () => object.part('status', readStatus),
  });
}
