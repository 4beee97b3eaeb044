// The KafkaUser's reader (every served version has the fields read): an object becomes the typed view the operations
// use, or a FieldFailure naming the field (a 400). It reads by part and never defaults or changes a value. From
// Strimzi 0.51.0's api module, io/strimzi/api/kafka/model/user/{KafkaUserSpec,KafkaUserStatus,
// KafkaUserScramSha512ClientAuthentication,Password,PasswordSource}.java, for the fields read only.
import { defined, readByPart, type Cursor } from '../../kube/cursor';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView } from '../../kube/objects';
import { readConditionStatus, type ConditionStatus } from '../../shapes/conditions';
import { readReportedGenerations, type ReportedGenerations } from '../../shapes/generations';

/** KafkaUserStatus as the user operator writes it (KafkaUserOperator.createOrUpdate, UserControllerLoop). */
export interface KafkaUserStatusView extends ConditionStatus {
  /** The Kafka principal: the name, or `CN=<name>` for `tls` and `tls-external` users. */
  username?: string;
  /** The Secret the operator wrote the credentials to (`tls`, `scram-sha-512`). */
  secret?: string;
}

export interface KafkaUserSpec {
  /** `spec.authentication.type`: `tls`, `tls-external` or `scram-sha-512`. */
  authenticationType?: string;
  /**
   * `spec.authentication.password.valueFrom.secretKeyRef.name`: the Secret holding the password a `scram-sha-512`
   * user asks for. Read only for that type: the other types' models have no `password`, and the operator ignores it.
   */
  passwordSecret: () => string | undefined;
}

export interface KafkaUser {
  metadata: ObjectMetaView;
  spec?: KafkaUserSpec;
  status?: KafkaUserStatusView;
}

/** A member's status. */
export function readStatus(status: Cursor): KafkaUserStatusView {
  return defined({ ...readConditionStatus(status), username: status.string('username'), secret: status.string('secret') });
}

/** What InterpretStatus returned, read back by AggregateStatus (with Karmada's generations). */
export function readReflectedStatus(status: Cursor): KafkaUserStatusView & ReportedGenerations {
  return { ...readStatus(status), ...readReportedGenerations(status) };
}

export function readKafkaUser(object: Cursor): KafkaUser {
  return readByPart<KafkaUser>({
    metadata: () => readMetadata(object),
    spec: () =>
      object.part('spec', (spec) => {
        const authentication = spec.object('authentication');
        return {
          authenticationType: authentication.string('type'),
          passwordSecret: () => authentication.at(['password', 'valueFrom', 'secretKeyRef']).string('name'),
        };
      }),
    status: () => object.part('status', readStatus),
  });
}
