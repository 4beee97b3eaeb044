// Strimzi's KafkaConnect interpreter: a group of Kafka Connect workers (a StrimziPodSet) scaled by `spec.replicas`,
// with health and status from the cluster operator, and the Secrets and ConfigMaps its spec names (see README.md).
import { defineInterpreter } from '../../interpreter/define';
import { oneComponent, reviseSpecReplicas } from '../../interpreter/replicated';
import { aggregateScaledStatus, reflectScaledStatus, retainScaledReplicas, scaledDependencies, scaledHealth, scaledReplica } from '../../families/strimzi/scaled';
import { kafkaConnect as identity } from './identity';
import { readKafkaConnect, readStatus, type KafkaConnect } from './schema';

/** AbstractKafkaConnectSpec's default count where `spec.replicas` is absent (v1beta2; v1 requires it). */
const defaultReplicas = 3;

export const kafkaConnectInterpreter = defineInterpreter<KafkaConnect>({
  ...identity,
  decode: readKafkaConnect,
  operations: {
    InterpretReplica: ({ object }) => scaledReplica(object, defaultReplicas),
    InterpretComponent: ({ object }) => oneComponent(scaledReplica(object, defaultReplicas)),
    ReviseReplica: reviseSpecReplicas,
    Retain: retainScaledReplicas,
    AggregateStatus: (request) => aggregateScaledStatus(request, readStatus),
    InterpretStatus: ({ object }) => reflectScaledStatus(object),
    InterpretHealth: ({ object }) => scaledHealth(object),
    // The build's push Secret is a plain name (DockerOutput.pushSecret), not one of the shapes the walk knows.
    InterpretDependency: ({ object, namespace }) =>
      scaledDependencies(object, namespace, (named) => named.add('v1', 'Secret', object.spec?.pushSecret, { path: 'object.spec.build.output.pushSecret' })),
  },
});
