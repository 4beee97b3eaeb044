// One case put to the kind's own API server: its input objects as they are, then what Karmada would write with our
// answer (a Retain or ReviseReplica patch applied, an aggregated or reflected status through the status
// subresource, replica requirements as a Pod's resources). The API server's refusal is the verdict, in its words.
import type { InterpreterCase } from '../../lib/kit/cases';
import { verifiedResponse } from '../../lib/kit/answer';
import { interpretInputOf, interpreterContextFor, resultsOf } from '../../lib/kit/request';
import type { Webhook } from '../../lib/kit/webhook';
import { splitApiVersion } from '../../lib/review/core';
import { isJsonObject, type JsonObject, type JsonValue } from '../../lib/review/json';
import type { Kube, KubeObject } from '../e2e/lib/kube';
import { refusalsOf, type Refusal } from './api-server';
import type { KindCrd } from './crds';

/** What one request to the API server was about, and its refusal (none: admitted). */
export interface Verdict {
  /** `desiredObj`, `observedObj status`, `retained`, `aggregated status`, `requires`, `components[1]`… */
  what: string;
  refusals: Refusal[];
  /** Fields we sent that the API server dropped (pruned: not in the schema), as paths. */
  pruned: string[];
}

export interface CaseResult {
  /** Input objects, one verdict per request about them. */
  inputs: Verdict[];
  /** What Karmada would write with our answer, one verdict per request. */
  outputs: Verdict[];
  /** Why the case was not put to the API server (a version the CRD does not serve). */
  skipped?: string;
  /** The version no CRD here serves, when that is why. */
  unservedVersion?: string;
  /** Our answer was a refusal (code and message): nothing of it is written anywhere. */
  refusedByUs?: string;
}

/** The operations whose objects must exist first: the status subresource and updates need an object to write to. */
function baseRoleOf(c: InterpreterCase): 'desiredObj' | 'observedObj' | undefined {
  switch (c.operation) {
    case 'Retain':
      return 'observedObj';
    case 'AggregateStatus':
      return 'desiredObj';
    case 'InterpretStatus':
    case 'InterpretHealth':
      return c.desiredObj !== undefined ? 'desiredObj' : 'observedObj';
    default:
      return undefined;
  }
}

/** The object as a client would create it here: in the case's namespace, without a resourceVersion (the server's). */
function forCreate(object: JsonObject, namespace: string | undefined): JsonObject {
  const copy = structuredClone(object);
  const metadata: JsonObject = isJsonObject(copy.metadata) ? copy.metadata : {};
  delete metadata.resourceVersion;
  if (namespace === undefined) delete metadata.namespace;
  else metadata.namespace = namespace;
  copy.metadata = metadata;
  return copy;
}

/** Paths of the fields of `sent` that `returned` lacks: what the API server pruned. Null fields are never kept. */
export function prunedPaths(sent: JsonValue | undefined, returned: unknown, path: string, out: string[] = []): string[] {
  if (isJsonObject(sent)) {
    if (!isJsonObject(returned as JsonValue)) return out;
    for (const [key, value] of Object.entries(sent)) {
      if (value === null) continue;
      const next = path === '' ? key : `${path}.${key}`;
      if (!Object.hasOwn(returned as JsonObject, key)) out.push(next);
      else prunedPaths(value, (returned as JsonObject)[key], next, out);
    }
  } else if (Array.isArray(sent) && Array.isArray(returned) && sent.length === returned.length) {
    sent.forEach((item, index) => prunedPaths(item, returned[index], `${path}[${index}]`, out));
  }
  return out;
}

/**
 * Karmada's bookkeeping in a reflected status: its own interpreters add the member object's `generation` and
 * `resourceTemplateGeneration` so that AggregateStatus can tell a current status from a stale one. They travel in
 * the ResourceBinding, never into the object: not the CRD's to judge.
 */
export const reflectionBookkeeping = ['generation', 'resourceTemplateGeneration'] as const;

function withoutBookkeeping(status: JsonValue): JsonValue {
  if (!isJsonObject(status)) return status;
  const copy = { ...status };
  for (const field of reflectionBookkeeping) delete copy[field];
  return copy;
}

export class CaseChecker {
  constructor(
    private readonly kube: Kube,
    private readonly answer: Webhook,
  ) {}

  private collection(crd: KindCrd, version: string, namespace: string | undefined): string {
    const { group, plural } = crd.identity;
    return namespace === undefined ? `/apis/${group}/${version}/${plural}` : `/apis/${group}/${version}/namespaces/${namespace}/${plural}`;
  }

  /** Sends one request; its verdict names `what` and, with `sentPart`, the fields of it the server dropped. */
  private async ask(what: string, send: () => Promise<KubeObject>, sentPart?: (returned: KubeObject) => [JsonValue | undefined, unknown, string]): Promise<{ verdict: Verdict; returned?: KubeObject }> {
    try {
      const returned = await send();
      const pruned = sentPart === undefined ? [] : prunedPaths(...sentPart(returned));
      return { verdict: { what, refusals: [], pruned }, returned };
    } catch (error) {
      return { verdict: { what, refusals: refusalsOf(error), pruned: [] } };
    }
  }

  async check(crd: KindCrd, c: InterpreterCase, namespace: string): Promise<CaseResult> {
    const result: CaseResult = { inputs: [], outputs: [] };
    const object = c.operation === 'Retain' ? c.desiredObj : (c.desiredObj ?? c.observedObj);
    const apiVersion = object?.apiVersion;
    if (object === undefined || typeof apiVersion !== 'string') return { ...result, skipped: 'no object with an apiVersion' };
    const { version } = splitApiVersion(apiVersion);
    const served = crd.versions.get(version);
    if (served === undefined) return { ...result, skipped: `${version} is not served by the CRD (it serves ${[...crd.versions.keys()].join(', ')})`, unservedVersion: version };
    const ns = crd.namespaced ? namespace : undefined;
    const collection = this.collection(crd, version, ns);
    const baseRole = baseRoleOf(c);

    // Inputs created for nothing (dry run) first: the base, created for real, may share their name.
    for (const role of ['desiredObj', 'observedObj'] as const) {
      const input = c[role];
      if (input === undefined || role === baseRole) continue;
      const sent = forCreate(input, ns);
      result.inputs.push((await this.ask(role, () => this.kube.create(`${collection}?dryRun=All`, sent), (returned) => [sent.spec, returned.spec, 'spec'])).verdict);
    }
    let base: KubeObject | undefined;
    const baseInput = baseRole === undefined ? undefined : c[baseRole];
    if (baseRole !== undefined && baseInput !== undefined) {
      const sent = forCreate(baseInput, ns);
      const created = await this.ask(baseRole, () => this.kube.create(collection, sent), (returned) => [sent.spec, returned.spec, 'spec']);
      result.inputs.push(created.verdict);
      base = created.returned;
      if (base !== undefined && served.statusSubresource && baseInput.status !== undefined && baseInput.status !== null) {
        const status = baseInput.status;
        result.inputs.push((await this.ask(`${baseRole} status`, () => this.writeStatus(collection, base!, status), (returned) => [status, returned.status, 'status'])).verdict);
      }
    }
    // What the API server drops of the input itself is not our answer's doing when our answer carries it on
    // (Karmada's misspelt toleration key, a field a newer release of the CRD has): only what we add is judged.
    const inputPruned = result.inputs.flatMap((verdict) => verdict.pruned);
    const ours = (verdict: Verdict): Verdict => ({ ...verdict, pruned: verdict.pruned.filter((path) => !inputPruned.some((lost) => path === lost || path.startsWith(`${lost}.`) || path.startsWith(`${lost}[`))) });

    // Our answer, and what Karmada writes with it.
    let response;
    let built;
    try {
      built = interpreterContextFor(interpretInputOf(c));
      response = verifiedResponse(await this.answer(built.context), built.uid);
    } catch (error) {
      return { ...result, refusedByUs: `no answer: ${(error as Error).message}` };
    }
    if (!response.successful) return { ...result, refusedByUs: `code ${response.status?.code}: ${response.status?.message ?? ''}` };
    const results = new Map(resultsOf(c.operation, response, built.object).map(({ name, value }) => [name, value]));
    const pending: Promise<Verdict>[] = [];
    const pathOf = (name: unknown) => `${collection}/${String(name)}`;
    switch (c.operation) {
      case 'ReviseReplica': {
        const sent = forCreate(results.get('revised') as JsonObject, ns);
        pending.push(this.ask('revised', () => this.kube.create(`${collection}?dryRun=All`, sent), (returned) => [sent.spec, returned.spec, 'spec']).then((x) => x.verdict));
        break;
      }
      case 'Retain': {
        if (base === undefined) break;
        const sent = forCreate(results.get('retained') as JsonObject, ns);
        const metadata = sent.metadata as JsonObject;
        metadata.resourceVersion = base.metadata?.resourceVersion ?? '';
        metadata.name = base.metadata?.name ?? '';
        pending.push(this.ask('retained', () => this.kube.call('PUT', `${pathOf(metadata.name)}?dryRun=All`, sent), (returned) => [sent.spec, returned.spec, 'spec']).then((x) => x.verdict));
        break;
      }
      case 'AggregateStatus':
      case 'InterpretStatus': {
        if (base === undefined) break;
        const answered = c.operation === 'AggregateStatus' ? (results.get('aggregatedStatus') as JsonObject).status : results.get('status');
        if (answered === undefined || answered === null) break;
        const status = c.operation === 'InterpretStatus' ? withoutBookkeeping(answered) : answered;
        // Nothing reflected (a member with no status yet) is no status to write: Karmada stores it in the binding only.
        if (c.operation === 'InterpretStatus' && isJsonObject(status) && Object.keys(status).length === 0) break;
        const what = c.operation === 'AggregateStatus' ? 'aggregated status' : 'reflected status';
        pending.push(this.ask(what, () => this.writeStatus(collection, base!, status, served.statusSubresource), (returned) => [status, returned.status, 'status']).then((x) => x.verdict));
        break;
      }
      case 'InterpretReplica': {
        const requires = results.get('requires');
        const replicas = results.get('replica');
        const spec: JsonObject = { replicas: typeof replicas === 'number' ? replicas : 0 };
        if (isJsonObject(requires)) {
          spec.replicaRequirements = requires;
          pending.push(this.askPod('requires', requires, namespace));
        }
        pending.push(this.askBinding('replicas and requires', object, spec, namespace));
        break;
      }
      case 'InterpretComponent': {
        const components = results.get('components');
        if (!Array.isArray(components)) break;
        components.forEach((component, index) => {
          if (isJsonObject(component) && isJsonObject(component.replicaRequirements)) pending.push(this.askPod(`components[${index}]`, component.replicaRequirements, namespace));
        });
        // Karmada's CRD keeps names within 32 characters; its scheduler also needs them unique and, for several, set.
        const names = components.map((component) => (isJsonObject(component) ? component.name : undefined));
        const repeated = names.filter((name, index) => names.indexOf(name) !== index);
        if (repeated.length > 0 || (names.length > 1 && names.some((name) => name === '' || name === undefined))) {
          pending.push(Promise.resolve({ what: 'components', refusals: [{ field: 'spec.components[].name', message: `names must be set and unique within the resource (Karmada's Component.name), got ${JSON.stringify(names)}` }], pruned: [] }));
        }
        pending.push(this.askBinding('components', object, { components }, namespace));
        break;
      }
      default:
        break;
    }
    result.outputs.push(...(await Promise.all(pending)).map(ours));
    return result;
  }

  /** A cluster-scoped base is removed after its case (the next case may create one of the same name). */
  async cleanUp(crd: KindCrd, c: InterpreterCase): Promise<void> {
    if (crd.namespaced) return;
    const object = c.operation === 'Retain' ? c.desiredObj : (c.desiredObj ?? c.observedObj);
    const base = baseRoleOf(c) === undefined ? undefined : c[baseRoleOf(c)!];
    const name = isJsonObject(base?.metadata) ? base.metadata.name : undefined;
    if (typeof name !== 'string' || typeof object?.apiVersion !== 'string') return;
    const path = `${this.collection(crd, splitApiVersion(object.apiVersion).version, undefined)}/${name}`;
    // Finalizers would keep it, half-deleted, under its name.
    if ((await this.kube.find(path)) === undefined) return;
    await this.kube.mergePatch(path, { metadata: { finalizers: null } });
    await this.kube.delete(path);
  }

  /** `status` written as the status subresource takes it (dry run), or with the object where the CRD has none. */
  private writeStatus(collection: string, base: KubeObject, status: JsonValue, subresource = true): Promise<KubeObject> {
    const body = { ...base, status };
    const path = `${collection}/${String(base.metadata?.name)}${subresource ? '/status' : ''}?dryRun=All`;
    return this.kube.call('PUT', path, body);
  }

  /**
   * What Karmada stores of an InterpretReplica or InterpretComponent answer: a ResourceBinding of Karmada's own CRD
   * (installed beside the kinds') with our replicas, requirements or components in its spec.
   */
  private async askBinding(what: string, object: JsonObject, answer: JsonObject, namespace: string): Promise<Verdict> {
    const metadata = isJsonObject(object.metadata) ? object.metadata : {};
    const binding = {
      apiVersion: 'work.karmada.io/v1alpha2',
      kind: 'ResourceBinding',
      metadata: { name: 'binding', namespace },
      spec: { resource: { apiVersion: object.apiVersion, kind: object.kind, name: typeof metadata.name === 'string' ? metadata.name : 'object', namespace }, ...answer },
    };
    // Not held to pruning: requirements echo the pod template's fields (a toleration's misspelt key) as Karmada's do.
    return (await this.ask(`${what} (ResourceBinding)`, () => this.kube.create(`/apis/work.karmada.io/v1alpha2/namespaces/${namespace}/resourcebindings?dryRun=All`, binding))).verdict;
  }

  /**
   * Replica requirements as the scheduler's estimator reads them: a Pod asking for the resources (as requests and,
   * since extended resources must, as equal limits), on the node claim's selector, tolerations and required affinity.
   */
  private async askPod(what: string, requirements: JsonObject, namespace: string): Promise<Verdict> {
    const resources = isJsonObject(requirements.resourceRequest) ? requirements.resourceRequest : {};
    const claim = isJsonObject(requirements.nodeClaim) ? requirements.nodeClaim : {};
    const spec: JsonObject = { containers: [{ name: 'replica', image: 'oracle', resources: { requests: resources, limits: resources } }] };
    if (claim.nodeSelector !== undefined) spec.nodeSelector = claim.nodeSelector;
    if (claim.tolerations !== undefined) spec.tolerations = claim.tolerations;
    if (claim.hardNodeAffinity !== undefined) spec.affinity = { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: claim.hardNodeAffinity } };
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'replica', namespace }, spec };
    return (await this.ask(what, () => this.kube.create(`/api/v1/namespaces/${namespace}/pods?dryRun=All`, pod))).verdict;
  }
}
