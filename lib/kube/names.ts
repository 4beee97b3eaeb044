// Kubernetes' name formats (k8s.io/apimachinery/pkg/util/validation), with the messages kube gives for each.

export const dns1123LabelMaxLength = 63;
/** A DNS-1123 subdomain's (the name of a Secret, a ConfigMap, a ServiceAccount, a PVC…). */
export const dns1123SubdomainMaxLength = 253;
const dns1123LabelFormat = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const alphanumeric = /^[a-z0-9]$/;
const labelCharacters = /^[-a-z0-9]*$/;

/** The label format, checked in linear time (a backtracking regex is quadratic on long inputs). */
function isLabelFormat(value: string): boolean {
  return value.length > 0 && labelCharacters.test(value) && alphanumeric.test(value[0]!) && alphanumeric.test(value[value.length - 1]!);
}

/** `IsDNS1123Label`: the reasons `value` is not a DNS-1123 label, in kube's words; empty when it is one. */
export function dns1123LabelErrors(value: string): string[] {
  const errors: string[] = [];
  if (Buffer.byteLength(value) > dns1123LabelMaxLength) errors.push(`must be no more than ${dns1123LabelMaxLength} characters`);
  if (!isLabelFormat(value)) {
    if (value.split('.').every(isLabelFormat)) errors.push('must not contain dots');
    else {
      errors.push(
        "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character " +
          `(e.g. 'my-name',  or '123-abc', regex used for validation is '${dns1123LabelFormat}')`,
      );
    }
  }
  return errors;
}
