// What Knative Serving's defaulting webhook writes into a Service's `spec.template` in a member, so that Retain can tell
// a member template that only adds those defaults to the control plane's from one that differs from it
// (knative.dev/serving v0.51.0, pkg/apis/serving/v1/revision_defaults.go: RevisionSpec.SetDefaults, applyDefault,
// applyUserContainerDefaultReadinessProbe, applyReadinessProbeDefaults, applyGRPCProbeDefaults,
// defaultSecurityContext, applyDefaultContainerNames).
import { isNegative, parseQuantity, QuantityError } from '../../kube/quantity';
import { isJsonObject, type JsonObject, type JsonValue } from '../../review/json';

/** A path below `spec.template`; `*` stands for any index of a list. */
type Pattern = readonly string[];

const resourceNames = ['cpu', 'memory', 'ephemeral-storage'];
const securityFields = ['allowPrivilegeEscalation', 'seccompProfile', 'capabilities', 'runAsNonRoot'];
const probes = ['readinessProbe', 'livenessProbe', 'startupProbe'];

function containerDefaults(list: 'containers' | 'initContainers'): Pattern[] {
  const at = (...names: string[]): Pattern => ['spec', list, '*', ...names];
  // Every container gets a name and, under secure-pod-defaults, a securityContext.
  const patterns = [at('name'), at('securityContext'), ...securityFields.map((name) => at('securityContext', name)), at('securityContext', 'seccompProfile', 'type')];
  if (list === 'initContainers') return patterns;
  return [
    ...patterns,
    // Requests and limits from config-defaults (revision-cpu-request, revision-memory-limit…).
    at('resources'),
    ...['requests', 'limits'].flatMap((side) => [at('resources', side), ...resourceNames.map((name) => at('resources', side, name))]),
    // The serving container's readiness probe: a TCP probe, then Kubernetes' own probe defaults.
    at('readinessProbe'),
    ...['tcpSocket', 'successThreshold', 'failureThreshold', 'timeoutSeconds'].map((name) => at('readinessProbe', name)),
    ...probes.map((probe) => at(probe, 'grpc', 'service')),
    // Every mount of a volume other than emptyDir, a PVC or an ephemeral volume is made read-only.
    at('volumeMounts', '*', 'readOnly'),
  ];
}

/** The fields the webhook adds where the template has none. */
const webhookWritten: readonly Pattern[] = [
  // The webhook's patch is computed from Go structs, whose ObjectMeta writes `creationTimestamp: null`.
  ['metadata', 'creationTimestamp'],
  // From config-defaults: revision-timeout-seconds and the others; enable-service-links only at creation.
  ...['timeoutSeconds', 'idleTimeoutSeconds', 'responseStartTimeoutSeconds', 'containerConcurrency', 'enableServiceLinks'].map((name) => ['spec', name]),
  ...containerDefaults('containers'),
  ...containerDefaults('initContainers'),
];

function isWebhookWritten(path: readonly string[]): boolean {
  return webhookWritten.some((pattern) => pattern.length === path.length && pattern.every((name, index) => name === path[index]));
}

/** Null, `{}` or `[]`: what Go's encoding writes or drops for an empty field, so its presence says nothing. */
function isEmpty(value: JsonValue | undefined): boolean {
  if (value === undefined || value === null) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (!isJsonObject(value)) return false;
  for (const _key in value) return false;
  return true;
}

/** Whether `path` is a container's request or limit (`spec.containers[*].resources.requests.cpu`). */
function isResourceAmount(path: readonly string[]): boolean {
  return path.length === 6 && (path[1] === 'containers' || path[1] === 'initContainers') && path[3] === 'resources' && (path[4] === 'requests' || path[4] === 'limits');
}

/**
 * Whether two quantities are one amount: the webhook's patch is Go's encoding of the template, which spells a
 * quantity canonically (`0.5` comes back as `500m`, `1024Mi` as `1Gi`).
 */
function sameQuantity(want: JsonValue, have: JsonValue): boolean {
  if ((typeof want !== 'string' && typeof want !== 'number') || (typeof have !== 'string' && typeof have !== 'number')) return false;
  try {
    const [a, b] = [parseQuantity(want), parseQuantity(have)];
    if (a.capped === true || b.capped === true) return false;
    return isNegative(a) === isNegative(b) && a.digits === b.digits && (a.digits === '' || a.exponent === b.exponent);
  } catch (error) {
    if (error instanceof QuantityError) return false;
    throw error;
  }
}

/**
 * Whether the member's template is the control plane's with only what Knative's webhook adds: every value the
 * control plane's template sets is the member's, and every field only the member's has is one the webhook writes (or
 * is empty, or an object holding only such fields). Lists must match item by item; requests and limits compare as
 * amounts. Walked without recursion, so no nesting overflows the stack.
 */
export function onlyWebhookDefaults(desired: JsonObject, observed: JsonObject): boolean {
  const stack: [JsonValue, JsonValue, string[]][] = [[desired, observed, []]];
  while (stack.length > 0) {
    const [want, have, path] = stack.pop()!;
    if (Array.isArray(want)) {
      if (!Array.isArray(have) || have.length !== want.length) return false;
      for (let index = 0; index < want.length; index += 1) stack.push([want[index]!, have[index]!, [...path, '*']]);
    } else if (isJsonObject(want)) {
      if (!isJsonObject(have)) return false;
      for (const key of Object.keys(want)) {
        if (Object.hasOwn(have, key)) stack.push([want[key]!, have[key]!, [...path, key]]);
        else if (!isEmpty(want[key])) return false;
      }
      for (const key of Object.keys(have)) {
        if (Object.hasOwn(want, key) || isEmpty(have[key]) || isWebhookWritten([...path, key])) continue;
        // An object only the member has (the template's `metadata` holding `creationTimestamp: null`) is compared
        // as an empty one: only what the webhook writes may be in it.
        if (!isJsonObject(have[key])) return false;
        stack.push([{}, have[key]!, [...path, key]]);
      }
    } else if (want !== have && !(isResourceAmount(path) && sameQuantity(want, have))) {
      return false;
    }
  }
  return true;
}
