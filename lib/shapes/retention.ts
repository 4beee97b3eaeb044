// Retain building blocks: what a member cluster owns and the control plane's template must not overwrite.
import type { ObjectMetaView } from '../kube/objects';
import type { JsonValue } from '../review/json';
import type { PatchBuilder } from '../review/patch';

/** The label with which a template asks Karmada to keep each member's own `spec.replicas` (an HPA there owns it). */
export const retainReplicasLabel = 'resourcetemplate.karmada.io/retain-replicas';

/** Whether the template asks to keep the members' replica counts (Karmada's label, value "true"). */
export function retainsReplicas(metadata: ObjectMetaView): boolean {
  return metadata.labels?.[retainReplicasLabel] === 'true';
}

/**
 * Keeps the member's value of a member-owned field (a pause, a suspend). Where the member has none: `whenAbsent`
 * 'remove' drops the template's (the member owns the field outright), 'template' leaves the template's (so a pause
 * asked on the control plane reaches members that never set one).
 */
export function keepMemberValue(patch: PatchBuilder, path: readonly string[], observed: JsonValue | undefined, whenAbsent: 'remove' | 'template'): void {
  if (observed !== undefined) patch.add(path, observed);
  else if (whenAbsent === 'remove') patch.remove(path);
}
