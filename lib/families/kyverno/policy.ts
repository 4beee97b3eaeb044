// Kyverno's ClusterPolicy and Policy (kyverno.io v1 and v2beta1): one status type (kyvernov1.PolicyStatus) for both
// kinds and both versions, so one reader and one set of operations (InterpretStatus, AggregateStatus, InterpretHealth).
import type { TypedRequest } from '../../interpreter/define';
import type { OperationResults } from '../../interpreter/registry';
import { defined, readByPart, type Cursor } from '../../kube/cursor';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView } from '../../kube/objects';
import type { JsonObject } from '../../review/json';
import { membersOf, sumOf } from '../../shapes/aggregation';
import { mergedConditions, readConditions, type Condition } from '../../shapes/conditions';
import { withoutEmptyContainers } from '../../shapes/empty-values';
import { conditionReason, healthy, unhealthy, type Health } from '../../shapes/health';

/** kyvernov1.RuleCountStatus: how many rules of each sort the policy holds (after autogen). */
export interface RuleCount {
  validate?: number;
  generate?: number;
  mutate?: number;
  verifyimages?: number;
}

const ruleSorts = ['validate', 'generate', 'mutate', 'verifyimages'] as const;

/**
 * kyvernov1.PolicyStatus, the fields Karmada's catalogue reads. `validatingadmissionpolicy` is left alone: it says
 * whether one member generated a ValidatingAdmissionPolicy, and Karmada's catalogue neither reflects nor merges it.
 */
export interface KyvernoPolicyStatus {
  /** Deprecated in favour of the Ready condition; Kyverno ≥ 1.10 clears it, older releases wrote it. */
  ready?: boolean;
  conditions?: Condition[];
  /** kyvernov1.AutogenStatus, the rules Kyverno generated for pod controllers: carried as it is, never read. */
  autogen?: JsonObject;
  rulecount?: RuleCount;
}

export interface KyvernoPolicy {
  metadata: ObjectMetaView;
  status?: KyvernoPolicyStatus;
}

/**
 * Reads a policy status (as the member's Kyverno wrote it, or as InterpretStatus reflected it). Rule counts are
 * counts of list items in one object, so a count past int32 belongs to no object etcd can hold: a 400.
 */
export function readKyvernoPolicyStatus(status: Cursor): KyvernoPolicyStatus {
  return defined({
    ready: status.boolean('ready'),
    conditions: readConditions(status),
    autogen: status.object('autogen').value,
    rulecount: status.part('rulecount', (counts) => {
      const rulecount: RuleCount = {};
      for (const sort of ruleSorts) rulecount[sort] = counts.count(sort);
      return defined(rulecount);
    }),
  });
}

/** Reads, by part, every field the operations use; the spec is not read (no operation needs it). */
export function readKyvernoPolicy(object: Cursor): KyvernoPolicy {
  return readByPart<KyvernoPolicy>({
    metadata: () => readMetadata(object),
    status: () => object.part('status', readKyvernoPolicyStatus),
  });
}

/**
 * The status fields Karmada's catalogue reflects, as the member wrote them, without empty lists and maps (Kyverno's
 * autogen rules carry many: Go structs without omitempty); `{}` for a member without a status.
 */
function interpretStatus({ object }: { object: KyvernoPolicy }): OperationResults['InterpretStatus'] {
  const rawStatus: JsonObject = {};
  const { ready, conditions, autogen, rulecount } = object.status ?? {};
  if (ready !== undefined) rawStatus.ready = ready;
  if (conditions !== undefined) rawStatus.conditions = conditions;
  if (autogen !== undefined) rawStatus.autogen = autogen;
  if (rulecount !== undefined) rawStatus.rulecount = { ...rulecount };
  return { rawStatus: withoutEmptyContainers(rawStatus) as JsonObject };
}

/**
 * The fleet's status, rebuilt from the members as Karmada's catalogue rebuilds it (the template's status is replaced):
 * conditions merged (alike type, status and reason become one, messages `cluster=message`), rule counts summed and
 * always written, empty lists and maps left out as in InterpretStatus, `autogen` from the last member reporting one (Kyverno derives it from the spec, which every member
 * shares). `ready` is false when any member reports false, true when some report true and none false: one member's
 * value would hide a failing cluster. With no member list at all (Karmada's nil), the template is left as it is.
 */
function aggregateStatus({ aggregatedStatus, patch: newPatch }: TypedRequest<KyvernoPolicy>): OperationResults['AggregateStatus'] {
  if (aggregatedStatus === undefined) return [];
  const { reporting } = membersOf(aggregatedStatus, readKyvernoPolicyStatus);
  const statuses = reporting.map(({ status }) => status);
  const status: JsonObject = {};
  const readies = statuses.flatMap(({ ready }) => (ready === undefined ? [] : [ready]));
  if (readies.length > 0) status.ready = readies.every(Boolean);
  const conditions = mergedConditions(reporting);
  if (conditions.length > 0) status.conditions = conditions;
  for (const { autogen } of statuses) if (autogen !== undefined) status.autogen = autogen;
  const rulecount: JsonObject = {};
  for (const sort of ruleSorts) rulecount[sort] = sumOf(statuses, (one) => one.rulecount?.[sort], `rulecount.${sort}`);
  status.rulecount = rulecount;
  return newPatch().add(['status'], withoutEmptyContainers(status)).operations;
}

/**
 * Ready as Karmada's catalogue reads it: the deprecated `status.ready` where an older Kyverno wrote it, else the Ready
 * condition True with reason Succeeded (the only reason Kyverno's `SetReady` writes with True). No status, unhealthy.
 */
export function kyvernoPolicyHealth(status: KyvernoPolicyStatus | undefined): Health {
  if (status?.ready !== undefined) return status.ready ? healthy('status.ready true') : unhealthy('status.ready false');
  // Any Ready condition, as the Lua looks through them all (Kubernetes keeps one per type).
  const readies = (status?.conditions ?? []).filter(({ type }) => type === 'Ready');
  const ready = readies.find(({ status: value, reason }) => value === 'True' && reason === 'Succeeded');
  if (ready !== undefined) return healthy(conditionReason(ready, 'Ready'));
  const [first] = readies;
  return unhealthy(first?.status === 'True' ? `${conditionReason(first, 'Ready')}, healthy only with reason Succeeded` : conditionReason(first, 'Ready'));
}

/** The operations both kinds serve, as Karmada's catalogue implements them for each. */
export const kyvernoPolicyOperations = {
  InterpretStatus: interpretStatus,
  AggregateStatus: aggregateStatus,
  InterpretHealth: ({ object }: { object: KyvernoPolicy }) => kyvernoPolicyHealth(object.status),
};
