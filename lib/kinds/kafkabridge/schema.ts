// The KafkaBridge's reader (v1 and v1beta2 share the fields read): an object becomes the typed view the operations
// use, or a FieldFailure naming the field (a 400). From Strimzi 0.51.0's api module,
// io/strimzi/api/kafka/model/bridge/{KafkaBridgeSpec,KafkaBridgeStatus,KafkaBridgeTemplate}.java, for the fields read.
import { readByPart, type Cursor } from '../../kube/cursor';
import { readMetadata } from '../../kube/metadata';
import { readScaledSpec, scaledStatusReader, type ScaledResource } from '../../families/strimzi/scaled';

export type KafkaBridge = ScaledResource;

/** A member's status (KafkaBridgeStatus has no `connectorPlugins`). */
export const readStatus = scaledStatusReader(false);

export function readKafkaBridge(object: Cursor): KafkaBridge {
  return readByPart<KafkaBridge>({
    metadata: () => readMetadata(object),
    spec: () => object.part('spec', (spec) => readScaledSpec(spec)),
    status: () => object.part('status', readStatus),
  });
}
