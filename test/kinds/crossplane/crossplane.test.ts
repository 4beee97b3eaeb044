// The Crossplane family beyond its case files: kinds of no example's CRD (an Upbound provider's managed resource, a
// team's composite resource) are served through the registry's family lookup, and Retain keeps late-initialised
// parameters only while the management policies let the provider late-initialise.
import { describe, expect, it } from 'vitest';
import { createInterpreterRegistry } from '../../../lib/interpreter/registry';
import { crossplaneInterpreter } from '../../../lib/kinds/crossplane/interpreter';
import { providerConfigGroupOf } from '../../../lib/kinds/crossplane/references';
import type { JsonObject } from '../../../lib/review/json';
import { answer } from '../../support/kinds/answer';

const registry = createInterpreterRegistry([], [{ ...crossplaneInterpreter, load: async () => crossplaneInterpreter }]);
await registry.ready({ group: 's3.aws.upbound.io', version: 'v1beta2', kind: 'Bucket' });

const bucket = (spec: JsonObject, extra: JsonObject = {}): JsonObject => ({
  apiVersion: 's3.aws.upbound.io/v1beta2',
  kind: 'Bucket',
  metadata: { name: 'logs', ...extra },
  spec,
});

describe('a managed resource of an Upbound provider (no example CRD)', () => {
  it('depends on its ProviderConfig in the provider group at v1beta1, and on the Secrets its selectors name', () => {
    // Act
    const { response } = answer(registry, {
      operation: 'InterpretDependency',
      object: bucket({ providerConfigRef: { name: 'aws' }, forProvider: { region: 'eu-west-1', passwordSecretRef: { name: 'db', namespace: 'infra', key: 'password' } } }),
    });

    // Assess
    expect(response.dependencies).toEqual([
      { apiVersion: 'aws.upbound.io/v1beta1', kind: 'ProviderConfig', name: 'aws' },
      { apiVersion: 'v1', kind: 'Secret', namespace: 'infra', name: 'db' },
    ]);
  });

  it('names an unknown provider\'s ProviderConfig only by the annotation', () => {
    // Act
    const plain = answer(registry, { operation: 'InterpretDependency', object: { apiVersion: 'db.example.crossplane.io/v1', kind: 'Database', metadata: { name: 'd' }, spec: { providerConfigRef: { name: 'x' } } } });
    const annotated = answer(registry, {
      operation: 'InterpretDependency',
      object: { apiVersion: 'db.example.crossplane.io/v1', kind: 'Database', metadata: { name: 'd', annotations: { 'karmada-serverless-interpreter/provider-config-api-version': 'example.crossplane.io/v1alpha1' } }, spec: { providerConfigRef: { name: 'x' } } },
    });

    // Assess
    expect(plain.response.dependencies).toEqual([]);
    expect(annotated.response.dependencies).toEqual([{ apiVersion: 'example.crossplane.io/v1alpha1', kind: 'ProviderConfig', name: 'x' }]);
  });

  it('refuses an annotation that is no apiVersion, naming it, with the request\'s uid', () => {
    // Act
    const { response } = answer(registry, {
      operation: 'InterpretDependency',
      uid: 'refused-1',
      object: { apiVersion: 'db.example.crossplane.io/v1', kind: 'Database', metadata: { name: 'd', annotations: { 'karmada-serverless-interpreter/provider-config-api-version': 'v1beta1' } }, spec: { providerConfigRef: { name: 'x' } } },
    });

    // Assess
    expect(response.uid).toBe('refused-1');
    expect(response.successful).toBe(false);
    expect(response.status).toEqual({ code: 400, message: expect.stringContaining('object.metadata.annotations[karmada-serverless-interpreter/provider-config-api-version] must be <group>/<version>') });
  });

  it('keeps the member\'s late-initialised parameters and external name, the template winning where it has a value', () => {
    // Act
    const { patched } = answer(registry, {
      operation: 'Retain',
      object: bucket({ forProvider: { region: 'eu-west-1', tags: { team: 'a' } } }),
      observedObject: bucket({ forProvider: { region: 'us-east-1', objectLockEnabled: false, tags: { team: 'b', managed: 'crossplane' } } }, { annotations: { 'crossplane.io/external-name': 'logs-7f2c' } }),
    });

    // Assess
    expect(patched.metadata).toEqual({ name: 'logs', annotations: { 'crossplane.io/external-name': 'logs-7f2c' } });
    expect(patched.spec).toEqual({ forProvider: { region: 'eu-west-1', objectLockEnabled: false, tags: { team: 'a', managed: 'crossplane' } } });
  });

  it('keeps nothing of forProvider when the management policies leave LateInitialize out', () => {
    // Act
    const { patched } = answer(registry, {
      operation: 'Retain',
      object: bucket({ managementPolicies: ['Observe', 'Create', 'Update', 'Delete'], forProvider: { region: 'eu-west-1' } }),
      observedObject: bucket({ managementPolicies: ['Observe', 'Create', 'Update', 'Delete'], forProvider: { region: 'eu-west-1', objectLockEnabled: false } }),
    });

    // Assess
    expect(patched.spec).toEqual({ managementPolicies: ['Observe', 'Create', 'Update', 'Delete'], forProvider: { region: 'eu-west-1' } });
  });
});

describe('a composite resource of a team\'s group under *.crossplane.io', () => {
  it('keeps what composition wrote in the member (v2: spec.crossplane), and is unhealthy while not Ready', () => {
    // Prepare
    const xr = (spec: JsonObject, status?: JsonObject): JsonObject => ({ apiVersion: 'platform.example.crossplane.io/v1', kind: 'XDatabase', metadata: { name: 'orders', namespace: 'shop' }, spec, ...(status === undefined ? {} : { status }) });
    const refs = { compositionRef: { name: 'aws' }, resourceRefs: [{ apiVersion: 'rds.aws.upbound.io/v1beta1', kind: 'Instance', name: 'orders-x7' }] };

    // Act
    const retained = answer(registry, { operation: 'Retain', object: xr({ size: 'small' }), observedObject: xr({ size: 'small', crossplane: refs }) });
    const health = answer(registry, { operation: 'InterpretHealth', object: xr({}, { conditions: [{ type: 'Synced', status: 'True', reason: 'ReconcileSuccess' }, { type: 'Ready', status: 'False', reason: 'Creating' }] }) });

    // Assess
    expect(retained.patched.spec).toEqual({ size: 'small', crossplane: refs });
    expect(health.response.healthy).toBe(false);
  });
});

describe('the provider group of a managed resource\'s ProviderConfig', () => {
  it.each([
    ['s3.aws.upbound.io', 'aws.upbound.io'],
    ['s3.aws.m.upbound.io', 'aws.m.upbound.io'],
    ['aws.upbound.io', 'aws.upbound.io'],
    ['kubernetes.crossplane.io', 'kubernetes.crossplane.io'],
    ['kubernetes.m.crossplane.io', 'kubernetes.m.crossplane.io'],
  ])('%s → %s', (group, expected) => {
    expect(providerConfigGroupOf(group)).toBe(expected);
  });
});
