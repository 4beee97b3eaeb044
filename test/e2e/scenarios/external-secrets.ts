// External Secrets Operator's ExternalSecret (lib/kinds/externalsecret) through real Karmada: ESO's own CRDs
// (KindIdentity.publishedCrd, external-secrets v1.3.2: ExternalSecret and SecretStore at v1) on the control plane and
// every member. An ExternalSecret naming its SecretStore, Duplicated to a push and a pull member with propagateDeps:
// the SecretStore follows it to both. The members run no ESO: the push member's status is written through the status
// subresource as ESO's controller writes it (externalsecret_controller.go markAsDone: Ready True SecretSynced).
//
// Karmada v1.18.2 has no interpreter for external-secrets.io: without our hook no SecretStore follows, every member is
// Healthy (also the pull member, where nothing ever synced) and the control plane's status is left alone. The last check
// removes our configuration and shows each expectation rejecting what Karmada then does.
//
// Retain is claimed and answers no change: ESO writes only the status subresource and its finalizer, which Karmada
// keeps itself. InterpretStatus is what the AggregateStatus check reads back (the control plane's conditions are built
// from what it reflected).
import { stringify } from 'yaml';
import { externalSecret } from '../../../lib/kinds/externalsecret/identity';
import { secretStore } from '../../../lib/kinds/secretstore/identity';
import { kubectl } from '../lib/cluster';
import { deepEqual, holdsFor, memberKube, show, status, waitKarmada, type Scenario } from '../lib/checks';
import { callsAnswered, claimsExactly, conditionTriples, dependentsFollow, duplicatedWithDeps, expectHealthOf, healthReported, healthShown, noDependentOn, tearDown, wire, type Dependent } from '../lib/dependents';
import { applyWebhookConfig, interpreterConfigPath } from '../lib/interpreter';
import { rejected, untilNoWebhook } from './control';
import { cleanup } from './guide';

const ns = 'e2e-eso';
const version = 'v1';
const groupVersion = `${externalSecret.group}/${version}`;
const kindKey = `${groupVersion}/${externalSecret.kind}`;
const path = (name: string) => `/apis/${groupVersion}/namespaces/${ns}/${externalSecret.plural}/${name}`;
const storePath = (name: string) => `/apis/${groupVersion}/namespaces/${ns}/${secretStore.plural}/${name}`;
const bindingPath = (name: string) => `/apis/work.karmada.io/v1alpha2/namespaces/${ns}/resourcebindings/${name}-externalsecret`;

/** What lib/kinds/externalsecret answers; the webhook configuration must claim exactly these. */
const expectedClaims = ['AggregateStatus', 'InterpretDependency', 'InterpretHealth', 'InterpretStatus', 'Retain'];

const store = (name: string) => ({
  apiVersion: groupVersion, kind: secretStore.kind, metadata: { name, namespace: ns },
  spec: { provider: { fake: { data: [{ key: '/db/password', value: 'not-a-secret' }] } } },
});

const externalSecretObject = (name: string, storeName: string) => ({
  apiVersion: groupVersion, kind: externalSecret.kind, metadata: { name, namespace: ns },
  spec: {
    refreshInterval: '1h',
    secretStoreRef: { kind: 'SecretStore', name: storeName },
    target: { name: `${name}-credentials` },
    data: [{ secretKey: 'password', remoteRef: { key: '/db/password' } }],
  },
});

/** ESO's status on a member whose sync succeeded (externalsecret_controller.go: Ready True, reason SecretSynced). */
const syncedStatus = {
  refreshTime: '2026-11-01T10:00:00Z',
  binding: { name: 'db-credentials' },
  conditions: [{ type: 'Ready', status: 'True', reason: 'SecretSynced', message: 'secret synced', lastTransitionTime: '2026-11-01T10:00:00Z' }],
};

/** AggregateStatus: the push member's Ready (the pull member reported none), and its message named by cluster. */
function expectAggregated(template: KubeObjectLike, push: string): string | undefined {
  const conditions = status(template).conditions as { message?: string }[] | undefined;
  return deepEqual(conditionTriples(conditions), ['Ready True SecretSynced']) && conditions?.[0]?.message === `${push}=secret synced`
    ? `control-plane conditions ${show(conditions)}`
    : undefined;
}
type KubeObjectLike = Parameters<typeof status>[0];

export const externalSecretsScenario: Scenario = {
  name: `External Secrets' ExternalSecret (its CRDs, ${externalSecret.publishedCrd.source}) Duplicated to a push and a pull member, its SecretStore following it`,
  checks: 5,
  async run(context, check) {
    const { env } = context;
    const { push, pull, members, interpreter, logBefore, logMark } = await wire(context, ns, [{ kind: secretStore, owner: 'External Secrets' }, { kind: externalSecret, owner: 'External Secrets' }], version);

    // Set-up: the configuration claims the kind for what its folder answers.
    await check(`set-up: our webhook configuration claims ${groupVersion} ${externalSecret.kind} for exactly ${expectedClaims.join(', ')}`, () => claimsExactly(context, externalSecret, version, expectedClaims));

    const apply = (name: string, storeName: string) =>
      kubectl(env, 'karmada-apiserver', ['apply', '-f', '-'], [store(storeName), externalSecretObject(name, storeName), duplicatedWithDeps(ns, name, { apiVersion: groupVersion, kind: externalSecret.kind }, members)].map((object) => stringify(object)).join('---\n'));
    await apply('db', 'vault');
    const dependents = (storeName: string): Dependent[] => [{ name: storeName, kind: secretStore.kind, path: storePath(storeName) }];

    // Karmada's default propagates no dependency: only our InterpretDependency names the SecretStore.
    await check(`InterpretDependency with propagateDeps: the SecretStore vault reaches ${members.join(' and ')}, attached to db's binding`, () => dependentsFollow(context, ns, 'db-externalsecret', dependents('vault'), members));

    // Karmada's default calls every member Healthy: the pull member, where no ESO synced anything, is Unhealthy only with us.
    await check(`InterpretHealth: with ESO's status written on ${push} (Ready True SecretSynced) and none on ${pull}, ${push} is Healthy and ${pull} Unhealthy`, async () => {
      await memberKube(context, push).mergePatch(`${path('db')}/status`, { status: syncedStatus });
      return waitKarmada(context, 'db\'s binding with both members\' health', bindingPath('db'), (binding) => expectHealthOf(binding, { [push]: 'Healthy', [pull]: 'Unhealthy' }));
    });

    // Karmada's default leaves the control plane's status alone.
    await check(`AggregateStatus: the control-plane ExternalSecret shows ${push}'s Ready condition, its message as ${push}=…`, async () => {
      const summed = await waitKarmada(context, 'the control-plane ExternalSecret status aggregated', path('db'), (template) => expectAggregated(template, push));
      return `${summed}; ${callsAnswered(context, interpreter, logBefore, kindKey, ns, ['InterpretDependency', 'InterpretStatus', 'InterpretHealth', 'AggregateStatus'], logMark)}`;
    });

    await check('no webhook: each expectation above rejects what Karmada v1.18.2 does on its own with the same objects', async () => {
      await env.kube.delete(interpreterConfigPath);
      const probes = await untilNoWebhook(context, ns);
      await apply('ctl', 'ctl-vault');
      await waitKarmada(context, 'ctl\'s binding scheduled', bindingPath('ctl'), (found) => (((found.spec?.clusters ?? []) as unknown[]).length === 2 ? true : undefined));
      await memberKube(context, push).mergePatch(`${path('ctl')}/status`, { status: syncedStatus });
      const binding = await healthReported(context, bindingPath('ctl'), members);
      const seen = [probes, rejected('expectHealthOf', expectHealthOf(binding, { [push]: 'Healthy', [pull]: 'Unhealthy' }), healthShown(binding))];
      const held = await holdsFor('no SecretStore on the members and no aggregated control-plane status', 15_000, async () => {
        const absent = await noDependentOn(context, dependents('ctl-vault'), members);
        return absent !== undefined && expectAggregated(await env.kube.get(path('ctl')), push) === undefined ? `${absent}, control-plane status ${show(status(await env.kube.get(path('ctl'))))}` : undefined;
      });
      seen.push(`${held} (rejected by dependentsFollow and expectAggregated)`);
      return seen.join('; ');
    });

    await tearDown(context, ns, [path('db'), path('ctl'), storePath('vault'), storePath('ctl-vault')], ['db', 'ctl']);
    await cleanup(context, ns, Array.from({ length: 10 }, (_, index) => `probe-${index}`));
    await applyWebhookConfig(env, interpreter, { mode: 'per-operation' });
  },
};
