// The KafkaConnect's reader (v1 and v1beta2 share the fields read): an object becomes the typed view the operations
// use, or a FieldFailure naming the field (a 400). From Strimzi 0.51.0's api module,
// io/strimzi/api/kafka/model/connect/{AbstractKafkaConnectSpec,KafkaConnectSpec,KafkaConnectStatus,ConnectorPlugin}.java
// and connect/build/{Build,DockerOutput}.java, for the fields read only.
import { readByPart, type Cursor } from '../../kube/cursor';
import { readMetadata } from '../../kube/metadata';
import { readScaledSpec, scaledStatusReader, type ScaledResource, type ScaledSpec } from '../../families/strimzi/scaled';

export interface KafkaConnectSpec extends ScaledSpec {
  /** `spec.build.output.pushSecret`: the registry credentials the build pushes the new image with. */
  pushSecret?: string;
}

export interface KafkaConnect extends ScaledResource {
  spec?: KafkaConnectSpec;
}

/** A member's status, with `connectorPlugins`. */
export const readStatus = scaledStatusReader(true);

export function readKafkaConnect(object: Cursor): KafkaConnect {
  return readByPart<KafkaConnect>({
    metadata: () => readMetadata(object),
    spec: () =>
      object.part('spec', (spec) => readScaledSpec<Pick<KafkaConnectSpec, 'pushSecret'>>(spec, { pushSecret: () => spec.at(['build', 'output']).string('pushSecret') })),
    status: () => object.part('status', readStatus),
  });
}
