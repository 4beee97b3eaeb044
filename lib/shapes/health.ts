// A health answer and the reason that decided it. Karmada receives only `healthy` (its protocol has no room for a
// reason); the reason goes to the call's log line, the Unhealthy metric and `npm run interpret`, so that an operator
// can tell why a member was judged unhealthy (and a workload evicted) without re-deriving it from the object.

export interface Health {
  readonly healthy: boolean;
  /** What decided the answer, in a few words: `Ready=False reason=UpgradeFailed`, `readyReplicas 2 < replicas 3`. */
  readonly reason: string;
}

export function healthy(reason: string): Health {
  return { healthy: true, reason };
}

export function unhealthy(reason: string): Health {
  return { healthy: false, reason };
}

/** Reasons come from objects a member's controller wrote: a condition's text is cut, so a reason stays short. */
const maxPart = 80;

function clip(text: string): string {
  return text.length <= maxPart ? text : `${text.slice(0, maxPart)}…`;
}

/** What a reason reads of a condition (conditions.ts's Condition has it; health.ts is below that module). */
export interface ConditionVerdict {
  readonly status?: string;
  readonly reason?: string;
}

/**
 * A condition as a reason: `Ready=False reason=UpgradeFailed`, `Ready=True`, or `no Ready condition`. The message
 * is left out: the reason names the condition, and the object (which the operator can read) has the rest.
 */
export function conditionReason(condition: ConditionVerdict | undefined, type: string): string {
  if (condition === undefined) return `no ${type} condition`;
  const status = condition.status === undefined ? `${type} without status` : `${type}=${clip(condition.status)}`;
  return condition.reason ? `${status} reason=${clip(condition.reason)}` : status;
}

/**
 * Two counts compared, as a reason: `readyReplicas 2 < replicas 3`. An absent count is shown as the value the
 * answer took for it, with `(absent)` so that an operator looks for a missing field rather than a zero.
 */
export function countReason(left: string, leftValue: number | undefined, relation: '<' | '>' | '=' | '>=' | '<=' | '!=', right: string, rightValue: number | undefined): string {
  return `${left} ${shown(leftValue)} ${relation} ${right} ${shown(rightValue)}`;
}

/** One count, as `countReason` shows each side: `desired 0 (absent)`, `matchedPods 3`. */
export function countShown(name: string, value: number | undefined): string {
  return `${name} ${shown(value)}`;
}

/**
 * A string field that decided the answer (a phase, a state): `phase=Failed`, `phase="Failing over"` (quoted when
 * empty or spaced, so the value's end is plain), or `no phase`. The value is cut, as a condition's is.
 */
export function valueReason(name: string, value: string | undefined): string {
  if (value === undefined) return `no ${name}`;
  return `${name}=${value === '' || /[\s="]/.test(value) ? JSON.stringify(clip(value)) : clip(value)}`;
}

function shown(value: number | undefined): string {
  return value === undefined ? '0 (absent)' : String(value);
}

/** The member's controller has not seen the current spec: `status.observedGeneration 3 != metadata.generation 4`. */
export function generationReason(observedGeneration: number | undefined, generation: number | undefined): string {
  return `status.observedGeneration ${shown(observedGeneration)} != metadata.generation ${shown(generation)}`;
}
