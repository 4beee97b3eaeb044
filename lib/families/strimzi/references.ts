// The Secrets, ConfigMaps and PVCs a Strimzi spec names (Kafka, KafkaConnect, KafkaBridge). Strimzi names them in a
// few recurring shapes used all over its specs (listeners, authentication, authorization, trusted certificates,
// logging, metrics, external configuration, pod templates), so the spec is walked once and each shape is recognised
// wherever it is, rather than listing every path of every version (io/strimzi/api/kafka/model/common/
// {CertAndKeySecretSource,CertSecretSource,GenericSecretSource,PasswordSecretSource,ExternalConfigurationReference,
// ExternalLogging}.java, connect/ExternalConfiguration*.java and common/template/{AdditionalVolume,ContainerEnvVar,
// PodTemplate}.java in Strimzi 0.51.0).
import { isJsonObject, type JsonValue } from '../../review/json';
import { FieldFailure } from '../../review/core';
import type { Cursor } from '../../kube/cursor';
import { checkedObjectName, checkListLength } from '../../kube/fields';
import { podTemplateList } from '../../kube/limits';
import { NamedReferences } from '../../shapes/dependencies';

/** Free-form maps whose keys are not Strimzi's (broker and Cruise Control settings, labels, annotations). */
const freeForm = new Set(['config', 'labels', 'annotations', 'nodeSelector', 'brokerCapacity']);

/** Adds the object named at `path`, if any: a name is a string of at most 253 characters (a DNS subdomain). */
function addAt(named: NamedReferences, kind: string, value: JsonValue | undefined, path: string): void {
  if (value === undefined || value === null) return;
  if (typeof value !== 'string') throw new FieldFailure(path, 'must be a string (the name of the object it refers to)');
  named.add('v1', kind, checkedObjectName(value, path), { path });
}

/** Every Secret, ConfigMap and PVC the spec names, into `named`; one pass over the spec (no recursion). */
export function collectSpecReferences(spec: Cursor, named: NamedReferences): void {
  if (spec.value === undefined) return;
  const stack: { value: JsonValue; path: string; key: string }[] = [{ value: spec.value, path: spec.path, key: '' }];
  while (stack.length > 0) {
    const { value, path: at, key } = stack.pop()!;
    if (Array.isArray(value)) {
      // Strimzi's lists (pull secrets, volumes, env of a template) are a pod template's: bounded as those are.
      checkListLength(value.length, podTemplateList, at);
      for (let index = value.length - 1; index >= 0; index -= 1) stack.push({ value: value[index]!, path: `${at}[${index}]`, key });
      continue;
    }
    if (!isJsonObject(value)) continue;
    // A `*SecretSource` (`secretName`, the certificate or key inside) and a volume's `secret.secretName`.
    addAt(named, 'Secret', value.secretName, `${at}.secretName`);
    if (key === 'secretKeyRef') addAt(named, 'Secret', value.name, `${at}.name`);
    if (key === 'configMapKeyRef' || key === 'configMap') addAt(named, 'ConfigMap', value.name, `${at}.name`);
    if (key === 'persistentVolumeClaim') addAt(named, 'PersistentVolumeClaim', value.claimName, `${at}.claimName`);
    if (key === 'imagePullSecrets') addAt(named, 'Secret', value.name, `${at}.name`);
    // v1beta1's external logging named its ConfigMap directly: `logging: {type: external, name: ...}`.
    if (key === 'logging' && value.type === 'external') addAt(named, 'ConfigMap', value.name, `${at}.name`);
    const keys = Object.keys(value);
    for (let index = keys.length - 1; index >= 0; index -= 1) {
      const name = keys[index]!;
      if (freeForm.has(name)) continue;
      stack.push({ value: value[name]!, path: `${at}.${name}`, key: name });
    }
  }
}
