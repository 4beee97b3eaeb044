// webhook-config never prints a CRD, a conversion webhook or an admission object for a kind whose CRD belongs to its
// project (ownCrd: false), even when a list names it and its folder holds crd.yaml and policies: here the Workload,
// whose folder has all of them, is listed as if its project owned it.
import { describe, expect, it, vi } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { admissionWebhookConfiguration, crdWithConversion } from '../../lib/karmada/review-webhooks';
import { WebhookConfigurationError } from '../../lib/karmada/webhook-configuration';
import { workloadAdmission } from '../../lib/kinds/workload/admission';
import { workloadConversion } from '../../lib/kinds/workload/conversion';
import { main } from '../../scripts/webhook-config';

vi.mock('../../lib/kinds/conversions', async () => {
  const { createConversionRegistry } = await import('../../lib/conversion/registry');
  const { workloadConversion: workload } = await import('../../lib/kinds/workload/conversion');
  return { conversionRegistry: createConversionRegistry([{ ...workload, ownCrd: false }]) };
});
vi.mock('../../lib/kinds/admissions', async () => {
  const { createAdmissionRegistry } = await import('../../lib/admission/registry');
  const { workloadAdmission: workload } = await import('../../lib/kinds/workload/admission');
  return { admissionRegistry: createAdmissionRegistry([{ ...workload, ownCrd: false }]) };
});

const options = { prefix: 'https://hooks.example.com', name: 'karmada-serverless-interpreter' };

describe('a kind whose CRD belongs to its project', () => {
  it('gets only its interpreter webhooks from webhook-config, whatever --objects asks for', async () => {
    // Prepare
    let stdout = '';
    let stderr = '';

    // Act
    const code = await main(['--url', options.prefix, '--objects', 'interpreter,crd,policy,admission'], {
      stdout: (text) => (stdout += text),
      stderr: (text) => (stderr += text),
    });

    // Assess
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const objects = parseAllDocuments(stdout).map((document) => document.toJS() as { kind: string; webhooks?: { name: string; rules: { kinds: string[] }[] }[] });
    expect(objects.map((object) => object.kind)).toEqual(['ResourceInterpreterWebhookConfiguration']);
    const replica = objects[0]!.webhooks!.find((webhook) => webhook.name === 'interpretreplica.karmada-serverless-interpreter');
    expect(replica?.rules.flatMap((rule) => rule.kinds)).toContain('Workload');
  });

  it('is refused a conversion webhook and left out of the admission webhooks', () => {
    // Prepare
    const crd = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', spec: { group: 'workload.example.io', names: { kind: 'Workload' } } };
    const theirs = { ...workloadAdmission, ownCrd: false };

    // Act
    const conversion = () => crdWithConversion(crd, { ...workloadConversion, ownCrd: false }, options);
    const admission = admissionWebhookConfiguration([theirs, workloadAdmission], 'validate', options);

    // Assess
    expect(conversion).toThrow(WebhookConfigurationError);
    expect(conversion).toThrow("Workload.workload.example.io's CRD belongs to its project: this service never serves its conversion");
    expect((admission.webhooks as { name: string }[]).map((webhook) => webhook.name)).toEqual(['validate.workloads.workload.example.io']);
  });
});
