// `npm run webhook-config -- --objects …`: the CRD with its conversion webhook and the admission webhook configurations.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { admissionRegistry } from '../../lib/kinds/admissions';
import { conversionRegistry } from '../../lib/kinds/conversions';
import { matchRoute } from '../../lib/routes';
import { main } from '../../scripts/webhook-config';
import { repositoryRoot } from '../../lib/kit/kinds';

const token = 'tok_EN-0123456789abcdef';
const base = 'https://hooks.example.com';

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return { code, stdout, stderr };
}

type Doc = { apiVersion: string; kind: string; metadata: { name: string }; spec?: any; webhooks?: any[] };

async function documentsOf(args: string[]): Promise<Doc[]> {
  const { code, stdout, stderr } = await run(args);
  expect(stderr).toBe('');
  expect(code).toBe(0);
  return parseAllDocuments(stdout).map((document) => {
    expect(document.errors).toEqual([]);
    return document.toJS() as Doc;
  });
}

/** The function a URL reaches, as API Gateway routes it (the path after the base URL). */
function functionAt(url: string): string | undefined {
  return matchRoute('POST', new URL(url).pathname)?.route.functionName;
}

describe('webhook-config --objects', () => {
  it('keeps the default output: only the ResourceInterpreterWebhookConfiguration', async () => {
    expect((await documentsOf(['--url', base])).map((d) => d.kind)).toEqual(['ResourceInterpreterWebhookConfiguration']);
  });

  it('prints, for the karmada-apiserver, the interpreter configuration, the CRD, the policies and both admission configurations', async () => {
    const kinds = (await documentsOf(['--url', base, '--token', token, '--objects', 'interpreter,crd,policy,admission'])).map((d) => d.kind);
    const crds = conversionRegistry.kinds.map(() => 'CustomResourceDefinition');
    const policies = ['ValidatingAdmissionPolicy', 'ValidatingAdmissionPolicyBinding', 'ValidatingAdmissionPolicy', 'ValidatingAdmissionPolicyBinding'];
    expect(kinds).toEqual(['ResourceInterpreterWebhookConfiguration', ...crds, ...policies, 'MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration']);
  });

  it('gives the CRD its conversion webhook at /convert, token and caBundle included, and keeps the rest of the manifest', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ca-'));
    const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
    writeFileSync(join(dir, 'ca.pem'), pem);
    const crds = await documentsOf(['--url', base, '--token', token, '--objects', 'crd', '--ca-bundle', join(dir, 'ca.pem')]);
    // One CRD per convertible kind, each from the kind's own folder.
    expect(crds.map((crd) => `${crd.spec.names.kind}.${crd.spec.group}`)).toEqual(conversionRegistry.kinds.map((kind) => `${kind.kind}.${kind.group}`));
    for (const [index, kind] of conversionRegistry.kinds.entries()) {
      const crd = crds[index]!;
      const manifest = parse(readFileSync(join(repositoryRoot, kind.home, 'crd.yaml'), 'utf8')) as Doc;
      expect(crd.spec.conversion).toEqual({
        strategy: 'Webhook',
        webhook: { conversionReviewVersions: ['v1'], clientConfig: { url: `${base}/${token}/convert`, caBundle: Buffer.from(pem).toString('base64') } },
      });
      expect({ ...crd.spec, conversion: undefined }).toEqual({ ...manifest.spec, conversion: undefined });
      expect(functionAt(crd.spec.conversion.webhook.clientConfig.url)).toBe('convert');
    }
  });


  it('configures a mutating and a validating webhook per admitted kind, every served version, routed to their functions', async () => {
    const documents = await documentsOf(['--url', base, '--token', token, '--objects', 'admission', '--timeout-seconds', '5']);
    expect(documents.map((d) => d.kind)).toEqual(['MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration']);
    for (const document of documents) {
      expect(document.apiVersion).toBe('admissionregistration.k8s.io/v1');
      expect(document.webhooks).toHaveLength(admissionRegistry.kinds.length);
      for (const [index, kind] of admissionRegistry.kinds.entries()) {
        expect(document.webhooks![index]).toMatchObject({
          admissionReviewVersions: ['v1'],
          sideEffects: 'None',
          failurePolicy: 'Fail',
          matchPolicy: 'Equivalent',
          timeoutSeconds: 5,
          rules: [{ apiGroups: [kind.group], apiVersions: [...kind.versions], resources: [kind.plural], operations: ['CREATE', 'UPDATE'] }],
        });
      }
      const [webhook] = document.webhooks!;
      expect(webhook.clientConfig.caBundle).toBeUndefined();
      expect(functionAt(webhook.clientConfig.url)).toBe(document.kind === 'MutatingWebhookConfiguration' ? 'mutate' : 'validate');
      expect(new URL(webhook.clientConfig.url).pathname.startsWith(`/${token}/`)).toBe(true);
    }
  });

  it('prints each admitted kind\'s ValidatingAdmissionPolicies and bindings from its folder, with no URL in them', async () => {
    const documents = await documentsOf(['--url', base, '--token', token, '--objects', 'policy']);
    expect(documents.map((d) => d.kind)).toEqual(['ValidatingAdmissionPolicy', 'ValidatingAdmissionPolicyBinding', 'ValidatingAdmissionPolicy', 'ValidatingAdmissionPolicyBinding']);
    const manifest = parseAllDocuments(readFileSync(join(repositoryRoot, 'lib/kinds/workload/validating-admission-policy.yaml'), 'utf8')).map((d) => d.toJS());
    expect(documents).toEqual(manifest);
    const bindings = documents.filter((d) => d.kind === 'ValidatingAdmissionPolicyBinding');
    expect(bindings.map((b) => [b.spec.policyName, b.spec.validationActions])).toEqual([
      ['annotations.workloads.workload.example.io', ['Deny']],
      ['requests.workloads.workload.example.io', ['Warn']],
    ]);
    // Both versions matched: the API server never converts (calls /convert) to evaluate a policy.
    for (const policy of documents.filter((d) => d.kind === 'ValidatingAdmissionPolicy')) {
      expect(policy.spec.matchConstraints.resourceRules[0].apiVersions).toEqual(['v1alpha1', 'v1alpha2']);
    }
    const text = (await run(['--url', base, '--token', token, '--objects', 'policy'])).stdout;
    expect(text).not.toContain(token);
  });

  it('gives the opt-in webhooks their kind\'s matchConditions and writes the CRD without YAML anchors', async () => {
    const documents = await documentsOf(['--url', base, '--objects', 'crd,admission']);
    const conditions = parse(readFileSync(join(repositoryRoot, 'lib/kinds/workload/webhook-match-conditions.yaml'), 'utf8'));
    // The Workload's, found by name: a checkout that followed docs/adding-a-kind.md admits WebApp too, listed first.
    const workloads = (webhook: { name: string }) => webhook.name.endsWith('.workloads.workload.example.io');
    const [mutating, validating] = documents.filter((d) => d.kind.endsWith('WebhookConfiguration'));
    expect(mutating!.webhooks!.find(workloads).matchConditions).toEqual(conditions.mutate);
    expect(validating!.webhooks!.find(workloads).matchConditions).toEqual(conditions.validate);
    const { stdout } = await run(['--url', base, '--objects', 'crd']);
    expect(stdout).not.toMatch(/[&*][a-z]\w*\n/);
    // The CRD carries its own defaulting and validation (the versions share the schema written once in crd.yaml).
    const crd = documents.find((d) => d.kind === 'CustomResourceDefinition' && d.metadata.name === 'workloads.workload.example.io')!;
    for (const version of crd.spec.versions) {
      const spec = version.schema.openAPIV3Schema.properties.spec;
      expect(spec.properties.replicas.default).toBe(1);
      expect(spec.properties.template.properties.spec.properties.containers['x-kubernetes-list-map-keys']).toEqual(['name']);
    }
  });

  it('rejects an unknown object name: non-zero exit, nothing on stdout', async () => {
    const { code, stdout, stderr } = await run(['--url', base, '--objects', 'crd,webhooks']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('unknown: webhooks');
  });
});
