// `npm run webhook-config -- --objects …`: the CRD with its conversion webhook and the admission webhook configurations.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { admissionRegistry } from '../lib/kinds/admissions';
import { conversionRegistry } from '../lib/kinds/conversions';
import { matchRoute } from '../lib/routes';
import { main } from '../scripts/webhook-config';
import { repositoryRoot } from '../lib/kit/kinds';

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
    const crds = conversionRegistry.kinds.map(() => 'CustomResourceDefinition');
    expect(kinds).toEqual(['ResourceInterpreterWebhookConfiguration', ...crds, 'MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration']);
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

  it('rejects an unknown object name: non-zero exit, nothing on stdout', async () => {
    const { code, stdout, stderr } = await run(['--url', base, '--objects', 'crd,webhooks']);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain('unknown: webhooks');
  });
});
