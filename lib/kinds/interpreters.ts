// Every kind this service interprets, one entry a kind: its identity (as its identity.ts declares it), and its
// interpreter's module, which a function loads the first time a request names the kind. The identity is written
// here rather than imported: a module both this list and the kind's interpreter import would become a chunk of its
// own that every cold start loads (docs/adr/0012-kinds-at-start-up.md). Loading checks that they agree.
import { createRegistry } from '../interpreter/registry';

export const interpreterRegistry = createRegistry([
  {
    group: 'workload.example.io',
    kind: 'Workload',
    plural: 'workloads',
    versions: ['v1alpha1', 'v1alpha2'],
    storageVersion: 'v1alpha2',
    home: 'lib/kinds/workload',
    ownCrd: true,
    load: async () => (await import('./workload/interpreter')).workloadInterpreter,
  },
  {
    group: 'argoproj.io',
    kind: 'Rollout',
    plural: 'rollouts',
    versions: ['v1alpha1'],
    storageVersion: 'v1alpha1',
    home: 'lib/kinds/rollout',
    ownCrd: false,
    load: async () => (await import('./rollout/interpreter')).rolloutInterpreter,
  },
]);
