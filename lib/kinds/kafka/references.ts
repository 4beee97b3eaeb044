// The Secrets, ConfigMaps and PVCs a Kafka's spec names. Strimzi names them in a few recurring shapes used all over
// the spec (listeners, authentication, authorization, logging, metrics, Cruise Control, the entity operator, pod
// templates), so the spec is walked once and each shape is recognised wherever it is, rather than listing every
// path of every version (io/strimzi/api/kafka/model/common/{CertAndKeySecretSource,CertSecretSource,
// GenericSecretSource,PasswordSecretSource,ExternalConfigurationReference,ExternalLogging}.java, and
// common/template/{AdditionalVolume,ContainerEnvVar,PodTemplate}.java in Strimzi 0.51.0).
import { isJsonObject, type JsonObject, type JsonValue } from '../../review/json';
import { FieldFailure } from '../../review/core';
import { NamedReferences } from '../../shapes/dependencies';

/** Free-form maps whose keys are not Strimzi's (broker and Cruise Control settings, labels, annotations). */
const freeForm = new Set(['config', 'labels', 'annotations', 'nodeSelector', 'brokerCapacity']);

function nameAt(value: JsonValue | undefined, path: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new FieldFailure(path, 'must be a string (the name of the object it refers to)');
  return value;
}

/** Every Secret, ConfigMap and PVC the spec names, into `named`; one pass over the spec (no recursion). */
export function collectSpecReferences(spec: JsonObject, path: string, named: NamedReferences): void {
  const stack: { value: JsonValue; path: string; key: string }[] = [{ value: spec, path, key: '' }];
  while (stack.length > 0) {
    const { value, path: at, key } = stack.pop()!;
    if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index -= 1) stack.push({ value: value[index]!, path: `${at}[${index}]`, key });
      continue;
    }
    if (!isJsonObject(value)) continue;
    // A `*SecretSource` (`secretName`, the certificate or key inside) and a volume's `secret.secretName`.
    named.add('v1', 'Secret', nameAt(value.secretName, `${at}.secretName`));
    if (key === 'secretKeyRef') named.add('v1', 'Secret', nameAt(value.name, `${at}.name`));
    if (key === 'configMapKeyRef' || key === 'configMap') named.add('v1', 'ConfigMap', nameAt(value.name, `${at}.name`));
    if (key === 'persistentVolumeClaim') named.add('v1', 'PersistentVolumeClaim', nameAt(value.claimName, `${at}.claimName`));
    if (key === 'imagePullSecrets') named.add('v1', 'Secret', nameAt(value.name, `${at}.name`));
    // v1beta1's external logging named its ConfigMap directly: `logging: {type: external, name: ...}`.
    if (key === 'logging' && value.type === 'external') named.add('v1', 'ConfigMap', nameAt(value.name, `${at}.name`));
    const keys = Object.keys(value);
    for (let index = keys.length - 1; index >= 0; index -= 1) {
      const name = keys[index]!;
      if (freeForm.has(name)) continue;
      stack.push({ value: value[name]!, path: `${at}.${name}`, key: name });
    }
  }
}
