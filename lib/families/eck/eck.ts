// What Elastic Cloud on Kubernetes' kinds share: the pod ECK builds from a pod template and the `resources`
// shorthand (its main container's resources, ECK's default when neither says any), the references every ECK spec
// makes the same way (secureSettings, the HTTP certificate, associations to other ECK objects by name and namespace,
// stack monitoring), and the health colours ECK reports.
import { podSpecRequirementsOf, type PlacedContainer } from '../../interpreter/pod-template';
import { tooManyDependencies } from '../../interpreter/dependency-bounds';
import type { DependentObjectReference, ReplicaRequirements } from '../../interpreter/wire/types';
import type { Cursor } from '../../kube/cursor';
import { checkedNamespace } from '../../kube/fields';
import { dependencyList, podTemplateList } from '../../kube/limits';
import type { JsonObject } from '../../review/json';
import { NamedReferences } from '../../shapes/dependencies';

/** ECK's apiVersion of an Elasticsearch, the object every association of the stack names. */
export const elasticsearchApiVersion = 'elasticsearch.k8s.elastic.co/v1';

/** `resources.requests|limits.cpu|memory`: the shorthand ECK copies over the main container's (commonv1.Resources). */
const shorthandNames = ['cpu', 'memory'] as const;

/** The raw values of one side of the shorthand, each checked as a quantity at its own path. */
function shorthandSide(resources: Cursor, side: 'requests' | 'limits'): JsonObject | undefined {
  const list = resources.object(side);
  const values: JsonObject = {};
  for (const name of shorthandNames) {
    if (list.quantity(name) !== undefined) values[name] = list.value![name]!;
  }
  return Object.keys(values).length > 0 ? values : undefined;
}

/**
 * The per-pod requirements of a pod ECK builds (pkg/controller/common/defaults/pod_template.go,
 * `WithResourcesAndOverrides`): the template's containers, its main container (`mainName`) with the shorthand's
 * cpu and memory copied over its resources, and ECK's `defaults` (2Gi of memory requested and limited) when neither
 * the template's main container nor the shorthand says any. Node claims come from the template's pod spec.
 */
export function eckPodRequirements(holder: Cursor, templateField: string, mainName: string, defaults: JsonObject): ReplicaRequirements | undefined {
  const podSpec = holder.object(templateField).object('spec');
  const shorthand = holder.object('resources');
  const requests = shorthandSide(shorthand, 'requests');
  const limits = shorthandSide(shorthand, 'limits');
  const containers: PlacedContainer[] = [];
  let main: PlacedContainer | undefined;
  for (const container of podSpec.items('containers', podTemplateList)) {
    const placed = { item: container.value!, path: container.path };
    if (main === undefined && container.string('name') === mainName) {
      // Checked here, since the merged resources below replace the container's own in what is counted.
      const resources = container.object('resources');
      resources.object('requests');
      resources.object('limits');
      main = placed;
    }
    containers.push(placed);
  }
  // No main container in the template: ECK adds one; its resources are the shorthand's, named from the holder.
  if (main === undefined) containers.push((main = { item: { name: mainName }, path: holder.path }));
  const own = (main.item.resources ?? {}) as JsonObject;
  let merged: JsonObject = { ...own };
  if (own.requests === undefined && own.limits === undefined && requests === undefined && limits === undefined) merged = { ...merged, ...defaults };
  const overlay = (side: 'requests' | 'limits', values: JsonObject | undefined) => {
    if (values === undefined) return;
    merged[side] = { ...((merged[side] ?? {}) as JsonObject), ...values };
  };
  overlay('requests', requests);
  overlay('limits', limits);
  const index = containers.indexOf(main);
  containers[index] = { item: { ...main.item, resources: merged }, path: main.path };
  return podSpecRequirementsOf(podSpec.value ?? {}, podSpec.path, containers);
}

/** ECK's default for a main container that asks for nothing: 2Gi of memory, requested and limited. */
export const twoGibibytes: JsonObject = { requests: { memory: '2Gi' }, limits: { memory: '2Gi' } };

/**
 * Objects named by an ECK spec, in the object's namespace or, for an association, in the namespace it names: each
 * object once (grouped by namespace, the object's own first, then as NamedReferences orders them), at most
 * `dependencyList` in all.
 */
export class EckReferences {
  private readonly byNamespace = new Map<string, NamedReferences>();
  private readonly seen = new Set<string>();

  constructor(private readonly namespace: string | undefined) {}

  /** `namespace`: an association's own (checked as a DNS label at `namespacePath`); absent or empty, the object's. */
  add(apiVersion: string, kind: string, name: string | undefined, path: string, namespace?: string, namespacePath?: string): this {
    if (name === undefined || name === '') return this;
    const where = namespace === undefined || namespace === '' ? (this.namespace ?? '') : checkedNamespace(namespace, namespacePath ?? path)!;
    const key = `${apiVersion}\u0000${kind}\u0000${where}\u0000${name}`;
    if (this.seen.has(key)) return this;
    if (this.seen.size === dependencyList.maxItems) throw tooManyDependencies(path);
    let references = this.byNamespace.get(where);
    if (references === undefined) this.byNamespace.set(where, (references = new NamedReferences(where === '' ? undefined : where)));
    references.add(apiVersion, kind, name, { path });
    this.seen.add(key);
    return this;
  }

  list(): DependentObjectReference[] {
    const own = this.namespace ?? '';
    const lists = [this.byNamespace.get(own)?.list() ?? []];
    for (const [namespace, references] of this.byNamespace) if (namespace !== own) lists.push(references.list());
    return lists.flat();
  }
}
