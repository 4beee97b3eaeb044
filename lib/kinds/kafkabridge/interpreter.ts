// Strimzi's KafkaBridge interpreter: a Deployment of HTTP bridges to a Kafka cluster, scaled by `spec.replicas`, with
// health and status from the cluster operator (see README.md).
import { defineInterpreter } from '../../interpreter/define';
import { oneComponent, reviseSpecReplicas } from '../../interpreter/replicated';
import { aggregateScaledStatus, reflectScaledStatus, retainScaledReplicas, scaledDependencies, scaledHealth, scaledReplica } from '../../families/strimzi/scaled';
import { kafkaBridge as identity } from './identity';
import { readKafkaBridge, readStatus, type KafkaBridge } from './schema';

/** KafkaBridgeSpec's default count where `spec.replicas` is absent (v1beta2; v1 requires it). */
const defaultReplicas = 1;

export const kafkaBridgeInterpreter = defineInterpreter<KafkaBridge>({
  ...identity,
  decode: readKafkaBridge,
  operations: {
    InterpretReplica: ({ object }) => scaledReplica(object, defaultReplicas),
    InterpretComponent: ({ object }) => oneComponent(scaledReplica(object, defaultReplicas)),
    ReviseReplica: reviseSpecReplicas,
    Retain: retainScaledReplicas,
    AggregateStatus: (request) => aggregateScaledStatus(request, readStatus),
    InterpretStatus: ({ object }) => reflectScaledStatus(object),
    InterpretHealth: ({ object }) => scaledHealth(object),
    InterpretDependency: ({ object, namespace }) => scaledDependencies(object, namespace),
  },
});
