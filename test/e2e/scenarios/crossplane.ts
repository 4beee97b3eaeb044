// The Crossplane family (lib/kinds/crossplane) through real Karmada, claimed by group: webhook-config's
// `--kinds kubernetes.m.crossplane.io/*` writes one rule of that group with versions and kinds `*`, and Karmada
// (pkg/util/interpreter/matcher.go) sends every kind of it to us. provider-kubernetes' own CRDs (v1.3.1, Crossplane v2's
// namespaced API: Object and ProviderConfig at kubernetes.m.crossplane.io/v1alpha1) on the control plane and every
// member. A managed resource (an Object) naming its ProviderConfig, Duplicated to a push and a pull member with
// propagateDeps: the ProviderConfig follows it to both. The members run no provider: the push member's status is
// written through the status subresource as crossplane-runtime's managed reconciler writes it (Ready True Available,
// Synced True ReconcileSuccess).
//
// Karmada v1.18.2 has no interpreter for any Crossplane group: without our hook no ProviderConfig follows, every member
// is Healthy (also the pull member, where no provider ever reconciled the resource) and the control plane's status is
// left alone. The last check removes our configuration and shows each expectation rejecting what Karmada then does.
//
// Retain is claimed and changes nothing for these objects: what it keeps (the `crossplane.io/external-name` annotation)
// Karmada's own annotation merge keeps too, and provider-kubernetes late-initialises nothing of an Object's
// `forProvider.manifest`. InterpretStatus is what the AggregateStatus check reads back.
import { stringify } from 'yaml';
import { crossplane } from '../../../lib/kinds/crossplane/identity';
import type { KindIdentity, PublishedCrd } from '../../../lib/review/kind';
import { kubectl } from '../lib/cluster';
import { deepEqual, holdsFor, memberKube, show, status, waitKarmada, type Scenario } from '../lib/checks';
import { callsAnswered, claimsExactly, conditionTriples, dependentsFollow, duplicatedWithDeps, expectHealthOf, healthReported, healthShown, noDependentOn, tearDown, wire, type Dependent } from '../lib/dependents';
import { applyWebhookConfig, claimedOperations, interpreterConfigPath } from '../lib/interpreter';
import type { KubeObject } from '../lib/kube';
import { rejected, untilNoWebhook } from './control';
import { cleanup } from './guide';

const ns = 'e2e-crossplane';
const group = 'kubernetes.m.crossplane.io';
const version = 'v1alpha1';
const groupVersion = `${group}/${version}`;
const object = crossplane.examples.find((example) => example.group === group && example.kind === 'Object')! as KindIdentity & { publishedCrd: PublishedCrd };
/** provider-kubernetes' namespaced ProviderConfig, from the same release as the Object. */
const providerConfig = {
  ...object, kind: 'ProviderConfig', plural: 'providerconfigs',
  publishedCrd: { source: object.publishedCrd.source, file: 'package/crds/kubernetes.m.crossplane.io_providerconfigs.yaml' },
} satisfies KindIdentity & { publishedCrd: PublishedCrd };
const kindKey = `${groupVersion}/${object.kind}`;
const path = (name: string) => `/apis/${groupVersion}/namespaces/${ns}/${object.plural}/${name}`;
const providerConfigPath = (name: string) => `/apis/${groupVersion}/namespaces/${ns}/${providerConfig.plural}/${name}`;
const bindingPath = (name: string) => `/apis/work.karmada.io/v1alpha2/namespaces/${ns}/resourcebindings/${name}-object`;

/** What the family answers for every kind of the group; the wildcard rule must claim exactly these. */
const expectedClaims = ['AggregateStatus', 'InterpretDependency', 'InterpretHealth', 'InterpretStatus', 'Retain'];
/** The kinds the configuration claims: the probe Workload (for the wiring) and the group, every kind. */
const claimedKinds = ['workload.example.io/Workload', `${group}/*`];

const providerConfigObject = (name: string) => ({
  apiVersion: groupVersion, kind: providerConfig.kind, metadata: { name, namespace: ns },
  spec: { credentials: { source: 'InjectedIdentity' } },
});
const managedObject = (name: string, configName: string) => ({
  apiVersion: groupVersion, kind: object.kind, metadata: { name, namespace: ns },
  spec: {
    providerConfigRef: { kind: 'ProviderConfig', name: configName },
    forProvider: { manifest: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `${name}-settings`, namespace: 'default' }, data: { tier: 'gold' } } },
  },
});

/** crossplane-runtime's status of a managed resource whose external resource exists and is in sync. */
const availableStatus = {
  conditions: [
    { type: 'Ready', status: 'True', reason: 'Available', lastTransitionTime: '2026-11-01T10:00:00Z' },
    { type: 'Synced', status: 'True', reason: 'ReconcileSuccess', lastTransitionTime: '2026-11-01T10:00:00Z' },
  ],
};

/** AggregateStatus: the push member's conditions (the pull member reported none), one per type. */
function expectAggregated(template: KubeObject): string | undefined {
  const triples = conditionTriples(status(template).conditions);
  return deepEqual(triples, ['Ready True Available', 'Synced True ReconcileSuccess']) ? `control-plane conditions ${show(triples)}` : undefined;
}

export const crossplaneScenario: Scenario = {
  name: `a Crossplane managed resource (provider-kubernetes' Object, ${object.publishedCrd.source}) claimed by the wildcard rule of its group, Duplicated to a push and a pull member, its ProviderConfig following it`,
  checks: 5,
  async run(context, check) {
    const { env } = context;
    const { push, pull, members, interpreter, logBefore, logMark } = await wire(context, ns, [{ kind: providerConfig, owner: 'provider-kubernetes' }, { kind: object, owner: 'provider-kubernetes' }], version, claimedKinds);

    // Set-up: the configuration claims the whole group by the rule Karmada matches, and nothing of it by kind.
    await check(`set-up: our webhook configuration claims every kind of ${group} (apiVersions and kinds "*") for exactly ${expectedClaims.join(', ')}`, async () => {
      const claimed = await claimsExactly(context, { group, kind: '*' }, '*', expectedClaims);
      const byKind = await claimedOperations(env, { group, kind: object.kind });
      if (byKind.length > 0) throw new Error(`the configuration also names ${object.kind} alone: ${show(byKind)}`);
      return claimed;
    });

    const apply = (name: string, configName: string) =>
      kubectl(env, 'karmada-apiserver', ['apply', '-f', '-'], [
        providerConfigObject(configName), managedObject(name, configName), duplicatedWithDeps(ns, name, { apiVersion: groupVersion, kind: object.kind }, members),
      ].map((item) => stringify(item)).join('---\n'));
    const dependents = (configName: string): Dependent[] => [{ name: configName, kind: providerConfig.kind, path: providerConfigPath(configName) }];
    await apply('settings', 'team');

    // Karmada's default propagates no dependency: the managed resource would arrive without its ProviderConfig.
    await check(`InterpretDependency through the wildcard rule, with propagateDeps: the ProviderConfig team reaches ${members.join(' and ')}, attached to settings' binding`, () =>
      dependentsFollow(context, ns, 'settings-object', dependents('team'), members));

    // Karmada's default calls every member Healthy: the pull member, where no provider reconciled it, is Unhealthy only with us.
    await check(`InterpretHealth: with the provider's status written on ${push} (Ready True, Synced True) and none on ${pull}, ${push} is Healthy and ${pull} Unhealthy`, async () => {
      await memberKube(context, push).mergePatch(`${path('settings')}/status`, { status: availableStatus });
      return waitKarmada(context, 'settings\' binding with both members\' health', bindingPath('settings'), (binding) => expectHealthOf(binding, { [push]: 'Healthy', [pull]: 'Unhealthy' }));
    });

    // Karmada's default leaves the control plane's status alone.
    await check(`AggregateStatus: the control-plane Object shows ${push}'s Ready and Synced conditions, one per type`, async () => {
      const summed = await waitKarmada(context, 'the control-plane Object status aggregated', path('settings'), (template) => expectAggregated(template));
      return `${summed}; ${callsAnswered(context, interpreter, logBefore, kindKey, ns, ['InterpretDependency', 'InterpretStatus', 'InterpretHealth', 'AggregateStatus'], logMark)}`;
    });

    await check('no webhook: each expectation above rejects what Karmada v1.18.2 does on its own with the same objects', async () => {
      await env.kube.delete(interpreterConfigPath);
      const probes = await untilNoWebhook(context, ns);
      await apply('ctl', 'ctl-team');
      await waitKarmada(context, 'ctl\'s binding scheduled', bindingPath('ctl'), (found) => (((found.spec?.clusters ?? []) as unknown[]).length === 2 ? true : undefined));
      await memberKube(context, push).mergePatch(`${path('ctl')}/status`, { status: availableStatus });
      const binding = await healthReported(context, bindingPath('ctl'), members);
      const seen = [probes, rejected('expectHealthOf', expectHealthOf(binding, { [push]: 'Healthy', [pull]: 'Unhealthy' }), healthShown(binding))];
      const held = await holdsFor('no ProviderConfig on the members and no aggregated control-plane status', 15_000, async () => {
        const absent = await noDependentOn(context, dependents('ctl-team'), members);
        return absent !== undefined && expectAggregated(await env.kube.get(path('ctl'))) === undefined ? `${absent}, control-plane status ${show(status(await env.kube.get(path('ctl'))))}` : undefined;
      });
      seen.push(`${held} (rejected by dependentsFollow and expectAggregated)`);
      return seen.join('; ');
    });

    await tearDown(context, ns, [path('settings'), path('ctl'), providerConfigPath('team'), providerConfigPath('ctl-team')], ['settings', 'ctl']);
    await cleanup(context, ns, Array.from({ length: 10 }, (_, index) => `probe-${index}`));
    await applyWebhookConfig(env, interpreter, { mode: 'per-operation' });
  },
};
