// `npm run webhook-config -- --objects …`: the CRD with its conversion webhook and the admission webhook configurations.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { matchRoute } from '../lib/routes';
import { main } from '../scripts/webhook-config';

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

  it('prints, for the karmada-apiserver, the interpreter configuration, the CRD and both admission configurations', async () => {
    const kinds = (await documentsOf(['--url', base, '--token', token, '--objects', 'interpreter,crd,admission'])).map((d) => d.kind);
    expect(kinds).toEqual(['ResourceInterpreterWebhookConfiguration', 'CustomResourceDefinition', 'MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration']);
  });

  it('gives the CRD its conversion webhook at /convert, token and caBundle included, and keeps the rest of the manifest', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ca-'));
    const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
    writeFileSync(join(dir, 'ca.pem'), pem);
    const [crd] = await documentsOf(['--url', base, '--token', token, '--objects', 'crd', '--ca-bundle', join(dir, 'ca.pem')]);
    const manifest = parse(readFileSync(new URL('../lib/kinds/workload/crd.yaml', import.meta.url), 'utf8')) as Doc;
    expect(crd!.spec.conversion).toEqual({
      strategy: 'Webhook',
      webhook: { conversionReviewVersions: ['v1'], clientConfig: { url: `${base}/${token}/convert`, caBundle: Buffer.from(pem).toString('base64') } },
    });
    expect({ ...crd!.spec, conversion: undefined }).toEqual({ ...manifest.spec, conversion: undefined });
    expect(functionAt(crd!.spec.conversion.webhook.clientConfig.url)).toBe('convert');
  });

  it('declares both versions in the CRD, v1alpha2 stored, status and printer columns on each', async () => {
    const [crd] = await documentsOf(['--url', base, '--objects', 'crd']);
    const versions = crd!.spec.versions as any[];
    expect(versions.map((v) => [v.name, v.served, v.storage])).toEqual([['v1alpha1', true, false], ['v1alpha2', true, true]]);
    for (const version of versions) {
      expect(version.subresources).toEqual({ status: {} });
      expect(version.additionalPrinterColumns.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['Replicas', 'Ready', 'Paused', 'Age']));
    }
    const v2 = versions[1].schema.openAPIV3Schema.properties.spec.properties;
    expect(v2.rollout.properties.paused.type).toBe('boolean');
    expect(v2.alias).toMatchObject({ type: 'string', maxLength: 63 });
    expect(versions[0].schema.openAPIV3Schema.properties.spec.properties.paused.type).toBe('boolean');
  });

  it('configures mutating and validating webhooks as the issue asks, for both versions, routed to their functions', async () => {
    const documents = await documentsOf(['--url', base, '--token', token, '--objects', 'admission', '--timeout-seconds', '5']);
    expect(documents.map((d) => d.kind)).toEqual(['MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration']);
    for (const document of documents) {
      expect(document.apiVersion).toBe('admissionregistration.k8s.io/v1');
      const [webhook] = document.webhooks!;
      expect(webhook).toMatchObject({
        admissionReviewVersions: ['v1'],
        sideEffects: 'None',
        failurePolicy: 'Fail',
        matchPolicy: 'Equivalent',
        timeoutSeconds: 5,
        rules: [{ apiGroups: ['workload.example.io'], apiVersions: ['v1alpha1', 'v1alpha2'], resources: ['workloads'], operations: ['CREATE', 'UPDATE'] }],
      });
      expect(webhook.clientConfig.caBundle).toBeUndefined();
      expect(functionAt(webhook.clientConfig.url)).toBe(document.kind === 'MutatingWebhookConfiguration' ? 'mutate' : 'validate');
      expect(new URL(webhook.clientConfig.url).pathname.startsWith(`/${token}/`)).toBe(true);
    }
  });

  it('rejects an unknown object name: non-zero exit, nothing on stdout', async () => {
    const { code, stdout, stderr } = await run(['--url', base, '--objects', 'crd,webhooks']);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain('unknown: webhooks');
  });
});
