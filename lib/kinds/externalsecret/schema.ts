// ExternalSecret's one reader: the fields the operations use become the typed view, or a FieldFailure naming the
// field (a 400 for the interpreter). It reads by part, and never defaults or changes a value.
import { defined, readByPart, type Cursor } from '../../kube/cursor';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView } from '../../kube/objects';
import { readExternalSecretReferents, type ExternalSecretReferents } from '../../families/external-secrets/store-refs';
import { readConditions, type Condition } from '../../shapes/conditions';

/** ExternalSecretStatus as the controller writes it, less `syncedResourceVersion` (see README.md). */
export interface ExternalSecretStatusView {
  conditions?: Condition[];
  /** RFC 3339; null until the first sync (a zero metav1.Time), read as absent. */
  refreshTime?: string;
  /** `binding.name`: the target Secret, for servicebinding.io. */
  bindingName?: string;
}

/** What the operations read of an ExternalSecret. */
export interface ExternalSecret {
  metadata: ObjectMetaView;
  /** What the member's controller must find there (only InterpretDependency reads it). */
  referents: ExternalSecretReferents;
  /** `status.conditions` alone: what InterpretHealth reads (the rest of the status is not its concern). */
  conditions?: Condition[];
  status?: ExternalSecretStatusView;
}

export function readExternalSecretStatus(status: Cursor): ExternalSecretStatusView {
  return defined({
    conditions: readConditions(status),
    refreshTime: status.string('refreshTime'),
    bindingName: status.object('binding').objectName('name'),
  });
}

export function readExternalSecret(object: Cursor): ExternalSecret {
  return readByPart<ExternalSecret>({
    metadata: () => readMetadata(object),
    referents: () => readExternalSecretReferents(object.object('spec')),
    conditions: () => readConditions(object.object('status')),
    status: () => object.part('status', readExternalSecretStatus),
  });
}
