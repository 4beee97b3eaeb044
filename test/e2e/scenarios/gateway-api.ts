// Gateway API's HTTPRoute (lib/kinds/httproute) through real Karmada: the standard channel's own CRDs
// (KindIdentity.publishedCrd, gateway-api v1.6.3: Gateway and HTTPRoute at v1) on the control plane and every member.
// An HTTPRoute naming its parent Gateway and backend Service, Duplicated to a push and a pull member with
// propagateDeps: the Gateway and the Service follow it to both. The members run no gateway controller: each member's
// route status is written through the status subresource as a controller writes it (GEP-1364): accepted by the
// Gateway on the push member, refused there (Accepted False, NotAllowedByListeners) on the pull member.
//
// Karmada v1.18.2 has no interpreter for gateway.networking.k8s.io: without our hook neither the Gateway nor the Service
// follows (the route arrives without its gateway), both members are Healthy whatever their status says, and the control
// plane's status is left alone. The last check removes our configuration and shows each expectation rejecting what
// Karmada then does.
//
// Retain is claimed and answers no change: a gateway controller writes only the status subresource. InterpretStatus is
// what the AggregateStatus check reads back (the control plane's parents are built from what it reflected).
import { stringify } from 'yaml';
import { gateway } from '../../../lib/kinds/gateway/identity';
import { httpRoute } from '../../../lib/kinds/httproute/identity';
import { kubectl } from '../lib/cluster';
import { deepEqual, holdsFor, memberKube, show, status, waitKarmada, waitMember, type Scenario } from '../lib/checks';
import { callsAnswered, claimsExactly, conditionTriples, dependentsFollow, duplicatedWithDeps, expectHealthOf, healthReported, healthShown, noDependentOn, tearDown, wire, type Dependent } from '../lib/dependents';
import { applyWebhookConfig, interpreterConfigPath } from '../lib/interpreter';
import type { KubeObject } from '../lib/kube';
import { rejected, untilNoWebhook } from './control';
import { cleanup } from './guide';

const ns = 'e2e-gateway';
const version = 'v1';
const groupVersion = `${httpRoute.group}/${version}`;
const kindKey = `${groupVersion}/${httpRoute.kind}`;
const path = (name: string) => `/apis/${groupVersion}/namespaces/${ns}/${httpRoute.plural}/${name}`;
const gatewayPath = (name: string) => `/apis/${groupVersion}/namespaces/${ns}/${gateway.plural}/${name}`;
const servicePath = (name: string) => `/api/v1/namespaces/${ns}/services/${name}`;
const bindingPath = (name: string) => `/apis/work.karmada.io/v1alpha2/namespaces/${ns}/resourcebindings/${name}-httproute`;
const controllerName = 'example.com/gateway-controller';

/** What lib/kinds/httproute answers; the webhook configuration must claim exactly these. */
const expectedClaims = ['AggregateStatus', 'InterpretDependency', 'InterpretHealth', 'InterpretStatus', 'Retain'];

const gatewayObject = (name: string) => ({
  apiVersion: groupVersion, kind: gateway.kind, metadata: { name, namespace: ns },
  spec: { gatewayClassName: 'example', listeners: [{ name: 'http', protocol: 'HTTP', port: 80 }] },
});
const serviceObject = (name: string) => ({
  apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: ns },
  spec: { selector: { app: name }, ports: [{ port: 80, targetPort: 8080 }] },
});
const routeObject = (name: string, gatewayName: string, serviceName: string) => ({
  apiVersion: groupVersion, kind: httpRoute.kind, metadata: { name, namespace: ns },
  spec: { parentRefs: [{ name: gatewayName }], hostnames: ['shop.example.com'], rules: [{ backendRefs: [{ name: serviceName, port: 80 }] }] },
});

/** A controller's answer for the route's one parent, at the member object's generation. */
function routeStatus(object: KubeObject, gatewayName: string, accepted: boolean): Record<string, unknown> {
  const observedGeneration = object.metadata?.generation ?? 1;
  const condition = (type: string, ok: boolean, reason: string) => ({ type, status: ok ? 'True' : 'False', reason, message: `${type} ${reason}`, observedGeneration, lastTransitionTime: '2026-11-01T10:00:00Z' });
  return {
    parents: [{
      parentRef: { group: httpRoute.group, kind: 'Gateway', name: gatewayName },
      controllerName,
      conditions: [accepted ? condition('Accepted', true, 'Accepted') : condition('Accepted', false, 'NotAllowedByListeners'), condition('ResolvedRefs', true, 'ResolvedRefs')],
    }],
  };
}

/** AggregateStatus: one entry for the parent and controller; Accepted False (one member refused it), ResolvedRefs True. */
function expectAggregated(template: KubeObject, gatewayName: string): string | undefined {
  const parents = (status(template).parents ?? []) as { parentRef?: { name?: string }; controllerName?: string; conditions?: unknown }[];
  const shape = parents.map((entry) => ({ parent: entry.parentRef?.name, controllerName: entry.controllerName, conditions: conditionTriples(entry.conditions) }));
  const expected = [{ parent: gatewayName, controllerName, conditions: ['Accepted False NotAllowedByListeners', 'ResolvedRefs True ResolvedRefs'] }];
  return deepEqual(shape, expected) ? `control-plane parents ${show(shape)}` : undefined;
}

export const gatewayApiScenario: Scenario = {
  name: `Gateway API's HTTPRoute (its CRDs, ${httpRoute.publishedCrd.source}) Duplicated to a push and a pull member, its Gateway and backend Service following it, unhealthy where the Gateway refused it`,
  checks: 5,
  async run(context, check) {
    const { env } = context;
    const { push, pull, members, interpreter, logBefore, logMark } = await wire(context, ns, [{ kind: gateway, owner: 'Gateway API' }, { kind: httpRoute, owner: 'Gateway API' }], version);

    // Set-up: the configuration claims the kind for what its folder answers.
    await check(`set-up: our webhook configuration claims ${groupVersion} ${httpRoute.kind} for exactly ${expectedClaims.join(', ')}`, () => claimsExactly(context, httpRoute, version, expectedClaims));

    const apply = (name: string, gatewayName: string, serviceName: string) =>
      kubectl(env, 'karmada-apiserver', ['apply', '-f', '-'], [
        gatewayObject(gatewayName), serviceObject(serviceName), routeObject(name, gatewayName, serviceName),
        duplicatedWithDeps(ns, name, { apiVersion: groupVersion, kind: httpRoute.kind }, members),
      ].map((object) => stringify(object)).join('---\n'));
    const dependents = (gatewayName: string, serviceName: string): Dependent[] => [
      { name: gatewayName, kind: gateway.kind, path: gatewayPath(gatewayName) },
      { name: serviceName, kind: 'Service', path: servicePath(serviceName) },
    ];
    await apply('shop', 'edge', 'web');

    // Karmada's default propagates no dependency: the route would arrive without its Gateway and backend.
    await check(`InterpretDependency with propagateDeps: the Gateway edge and the Service web reach ${members.join(' and ')}, attached to shop's binding`, () =>
      dependentsFollow(context, ns, 'shop-httproute', dependents('edge', 'web'), members));

    const writeStatuses = async (name: string, gatewayName: string) => {
      for (const [member, accepted] of [[push, true], [pull, false]] as const) {
        const object = await waitMember(context, member, name, path(name), (found) => found);
        await memberKube(context, member).mergePatch(`${path(name)}/status`, { status: routeStatus(object, gatewayName, accepted) });
      }
    };

    // Karmada's default calls every member Healthy: the pull member, whose Gateway refused the route, is Unhealthy only with us.
    await check(`InterpretHealth: accepted by the Gateway on ${push} and refused on ${pull} (Accepted False NotAllowedByListeners), ${push} is Healthy and ${pull} Unhealthy`, async () => {
      await writeStatuses('shop', 'edge');
      return waitKarmada(context, 'shop\'s binding with both members\' health', bindingPath('shop'), (binding) => expectHealthOf(binding, { [push]: 'Healthy', [pull]: 'Unhealthy' }));
    });

    // Karmada's default leaves the control plane's status alone.
    await check('AggregateStatus: the control-plane route has one parent entry for edge and the controller, Accepted False (one member refused it), ResolvedRefs True', async () => {
      const summed = await waitKarmada(context, 'the control-plane HTTPRoute status aggregated', path('shop'), (template) => expectAggregated(template, 'edge'));
      return `${summed}; ${callsAnswered(context, interpreter, logBefore, kindKey, ns, ['InterpretDependency', 'InterpretStatus', 'InterpretHealth', 'AggregateStatus'], logMark)}`;
    });

    await check('no webhook: each expectation above rejects what Karmada v1.18.2 does on its own with the same objects', async () => {
      await env.kube.delete(interpreterConfigPath);
      const probes = await untilNoWebhook(context, ns);
      await apply('ctl', 'ctl-edge', 'ctl-web');
      await writeStatuses('ctl', 'ctl-edge');
      const binding = await healthReported(context, bindingPath('ctl'), members);
      const seen = [probes, rejected('expectHealthOf', expectHealthOf(binding, { [push]: 'Healthy', [pull]: 'Unhealthy' }), healthShown(binding))];
      const held = await holdsFor('no Gateway or Service on the members and no aggregated control-plane status', 15_000, async () => {
        const absent = await noDependentOn(context, dependents('ctl-edge', 'ctl-web'), members);
        return absent !== undefined && expectAggregated(await env.kube.get(path('ctl')), 'ctl-edge') === undefined ? `${absent}, control-plane status ${show(status(await env.kube.get(path('ctl'))))}` : undefined;
      });
      seen.push(`${held} (rejected by dependentsFollow and expectAggregated)`);
      return seen.join('; ');
    });

    await tearDown(context, ns, [path('shop'), path('ctl'), gatewayPath('edge'), gatewayPath('ctl-edge'), servicePath('web'), servicePath('ctl-web')], ['shop', 'ctl']);
    await cleanup(context, ns, Array.from({ length: 10 }, (_, index) => `probe-${index}`));
    await applyWebhookConfig(env, interpreter, { mode: 'per-operation' });
  },
};
