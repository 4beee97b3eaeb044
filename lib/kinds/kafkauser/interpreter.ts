// Strimzi's KafkaUser interpreter: a Kafka user (credentials, ACLs, quotas) the entity operator's user operator keeps
// in the Kafka cluster named by the `strimzi.io/cluster` label; health and status from the user operator, and that
// Kafka and the Secret of a chosen password as its dependencies (see README.md). No replicas.
import { defineInterpreter, type TypedRequest } from '../../interpreter/define';
import { agreedValue, setOrRemove } from '../../shapes/aggregation';
import { aggregateConditions, reflectConditionStatus } from '../../shapes/conditions';
import { clusterDependency, operandHealth } from '../../families/strimzi/operand';
import { presentFields } from '../../families/strimzi/strimzi';
import type { JsonObject } from '../../review/json';
import { kafkaUser as identity } from './identity';
import { readKafkaUser, readReflectedStatus, type KafkaUser } from './schema';

type Request = TypedRequest<KafkaUser>;

/**
 * Conditions merged (Karmada's catalogue rule), `observedGeneration` once every member observed the template, and
 * `username` and `secret` kept where every listed member reports the same (they follow from the name and the
 * authentication type, alike in each member unless a member's operator uses another Secret prefix).
 */
function aggregateStatus(request: Request) {
  const { patch, members } = aggregateConditions(request, { observedWithNoMembers: false, read: readReflectedStatus });
  setOrRemove(patch, 'username', agreedValue(members, (status) => status.username));
  setOrRemove(patch, 'secret', agreedValue(members, (status) => status.secret));
  return patch.operations;
}

/**
 * The Kafka named by the label, and the Secret holding the password a `scram-sha-512` user asks for (the operator
 * fails the user while it is missing: KafkaUserOperator.maybeGenerateScramCredentials). The ACLs' topics, groups
 * and transactional IDs are names inside Kafka (a literal or a prefix), not Kubernetes objects: no KafkaTopic is named.
 */
function interpretDependency({ object, namespace, kind }: Request) {
  return clusterDependency(object.metadata, namespace, kind.version, 'Kafka', (named) => {
    const spec = object.spec;
    if (spec?.authenticationType !== 'scram-sha-512') return;
    named.add('v1', 'Secret', spec.passwordSecret(), { path: 'object.spec.authentication.password.valueFrom.secretKeyRef.name' });
  });
}

export const kafkaUserInterpreter = defineInterpreter<KafkaUser>({
  ...identity,
  decode: readKafkaUser,
  operations: {
    InterpretStatus: ({ object }) => reflectConditionStatus(object, presentFields(object.status as JsonObject | undefined, ['username', 'secret'])),
    AggregateStatus: aggregateStatus,
    InterpretHealth: ({ object }) => operandHealth(object.metadata, object.status),
    InterpretDependency: interpretDependency,
  },
});
