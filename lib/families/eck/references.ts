// The references every ECK spec makes the same way (pkg/apis/common/v1/common.go): secureSettings, the HTTP
// certificate, associations to other ECK objects (an ObjectSelector: name and namespace, or secretName for a
// cluster ECK does not manage), and stack monitoring's Elasticsearch references.
import type { Cursor } from '../../kube/cursor';
import { anyList } from '../../kube/limits';
import { elasticsearchApiVersion, type EckReferences } from './eck';

/** `secureSettings[].secretName`: Secrets whose keys ECK puts in the keystore. */
export function addSecureSettings(references: EckReferences, spec: Cursor): void {
  for (const source of spec.items('secureSettings', anyList)) references.add('v1', 'Secret', source.string('secretName'), source.pathOf('secretName'));
}

/** `http.tls.certificate.secretName`: a certificate the user provides instead of ECK's self-signed one. */
export function addHttpCertificate(references: EckReferences, spec: Cursor): void {
  const certificate = spec.at(['http', 'tls', 'certificate']);
  references.add('v1', 'Secret', certificate.string('secretName'), certificate.pathOf('secretName'));
}

/**
 * An association (commonv1.ObjectSelector / ElasticsearchSelector): `secretName` names a Secret, in the object's
 * namespace, describing a cluster ECK does not manage; otherwise `name` names the ECK object (`apiVersion`, `kind`)
 * in `namespace`, the object's own when empty, which must exist in the member for ECK to associate.
 * `clientCertificateSecretName` (Elasticsearch references only) is a Secret in the object's namespace.
 */
export function addAssociation(references: EckReferences, selector: Cursor, apiVersion: string, kind: string): void {
  const secretName = selector.string('secretName');
  if (secretName !== undefined && secretName !== '') references.add('v1', 'Secret', secretName, selector.pathOf('secretName'));
  else references.add(apiVersion, kind, selector.string('name'), selector.pathOf('name'), selector.string('namespace'), selector.pathOf('namespace'));
  references.add('v1', 'Secret', selector.string('clientCertificateSecretName'), selector.pathOf('clientCertificateSecretName'));
}

/** `monitoring.metrics|logs.elasticsearchRefs[]`: the clusters Stack Monitoring ships to. */
export function addMonitoring(references: EckReferences, spec: Cursor): void {
  const monitoring = spec.object('monitoring');
  for (const signal of ['metrics', 'logs']) {
    for (const selector of monitoring.object(signal).items('elasticsearchRefs', anyList)) addAssociation(references, selector, elasticsearchApiVersion, 'Elasticsearch');
  }
}
