// Every kind this service interprets, one entry a kind: its identity (as its identity.ts declares it) and its
// interpreter's module, which a function loads the first time a request names the kind. Generated from the
// folders under lib/kinds/ by `npm run kinds` (new-kind runs it): do not edit; test/kit/kind-lists.test.ts fails
// when it is not current, and loading a kind checks that its interpreter is the identity written here.
import { createInterpreterRegistry } from '../interpreter/registry';

export const interpreterRegistry = createInterpreterRegistry([
  {
    group: 'apps.kruise.io',
    kind: 'AdvancedCronJob',
    plural: 'advancedcronjobs',
    versions: ['v1alpha1'],
    storageVersion: 'v1alpha1',
    home: 'lib/kinds/advancedcronjob',
    ownCrd: false,
    load: async () => (await import('./advancedcronjob/interpreter')).advancedCronJobInterpreter,
  },
  {
    group: 'apps.kruise.io',
    kind: 'BroadcastJob',
    plural: 'broadcastjobs',
    versions: ['v1alpha1'],
    storageVersion: 'v1alpha1',
    home: 'lib/kinds/broadcastjob',
    ownCrd: false,
    load: async () => (await import('./broadcastjob/interpreter')).broadcastJobInterpreter,
  },
  {
    group: 'apps.kruise.io',
    kind: 'CloneSet',
    plural: 'clonesets',
    versions: ['v1alpha1', 'v1beta1'],
    storageVersion: 'v1beta1',
    home: 'lib/kinds/cloneset',
    ownCrd: false,
    load: async () => (await import('./cloneset/interpreter')).cloneSetInterpreter,
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
  {
    group: 'batch.volcano.sh',
    kind: 'Job',
    plural: 'jobs',
    versions: ['v1alpha1'],
    storageVersion: 'v1alpha1',
    home: 'lib/kinds/volcano-job',
    ownCrd: false,
    load: async () => (await import('./volcano-job/interpreter')).volcanoJobInterpreter,
  },
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
]);
