// Trainer (trainers.example.test/v1), a test-only multi-template, condition-driven kind: roles in a map
// (`spec.roles: {Chief, Worker}`, counted by `replicas`), groups in a list (`spec.groups[]`, named by `groupName`,
// counted by `minAvailable`), a Ready condition and `spec.suspend`. The shapes' tests run through it.
import { defineInterpreter } from '../../../../lib/interpreter/define';
import { createInterpreterRegistry } from '../../../../lib/interpreter/registry';
import { readByPart, type Cursor } from '../../../../lib/kube/cursor';
import { readMetadata } from '../../../../lib/kube/metadata';
import type { ObjectMetaView } from '../../../../lib/kube/objects';
import type { JsonObject } from '../../../../lib/review/json';
import { aggregateConditions, readConditionStatus, readyHealth, reflectConditionStatus, type ConditionStatus } from '../../../../lib/shapes/conditions';
import { keepMemberValue } from '../../../../lib/shapes/retention';
import {
  multiTemplateWorkload,
  replicaSpecField,
  replicaSpecsFromList,
  replicaSpecsFromMap,
  type ReplicaSpec,
} from '../../../../lib/shapes/multi-template-workload';

export interface Trainer {
  metadata: ObjectMetaView;
  suspend?: boolean;
  specs: ReplicaSpec[];
  status?: ConditionStatus;
}

export function readTrainer(object: Cursor): Trainer {
  const spec = () => object.object('spec');
  return readByPart<Trainer>({
    metadata: () => readMetadata(object),
    suspend: () => spec().boolean('suspend'),
    specs: () => {
      const head = replicaSpecField(spec(), 'head', 'head', { replicas: 1 });
      return [
        ...(head === undefined ? [] : [head]),
        ...replicaSpecsFromMap(spec(), 'roles', { nameOf: (key) => key.toLowerCase() }),
        ...replicaSpecsFromList(spec(), 'groups', { nameField: 'groupName', replicasField: 'minAvailable', defaultName: (index) => `group-${index}` }),
      ];
    },
    status: () => object.part('status', (status) => readConditionStatus(status)),
  });
}

export const trainerInterpreter = defineInterpreter<Trainer>({
  group: 'trainers.example.test',
  kind: 'Trainer',
  plural: 'trainers',
  versions: ['v1'],
  storageVersion: 'v1',
  home: 'test/support/kinds/trainer',
  ownCrd: false,
  decode: readTrainer,
  operations: {
    ...multiTemplateWorkload<Trainer>((trainer) => trainer.specs),
    Retain: ({ observedObject, patch }) => {
      const builder = patch();
      keepMemberValue(builder, ['spec', 'suspend'], observedObject!.suspend, 'template');
      return builder.operations;
    },
    InterpretStatus: ({ object }) => reflectConditionStatus(object),
    AggregateStatus: (request) => aggregateConditions(request, { observedWithNoMembers: false }).patch.operations,
    InterpretHealth: ({ object }) => readyHealth(object, { suspended: object.suspend === true }),
  },
});

export const trainerRegistry = createInterpreterRegistry([trainerInterpreter]);

export function trainer(spec: JsonObject | undefined, extra: JsonObject = {}): JsonObject {
  const object: JsonObject = { apiVersion: 'trainers.example.test/v1', kind: 'Trainer', metadata: { name: 't', namespace: 'ml', generation: 2 } };
  if (spec !== undefined) object.spec = spec;
  return { ...object, ...extra };
}
