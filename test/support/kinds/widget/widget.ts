// Widget (widgets.example.test/v1), a test-only pod-template workload that keeps its count and template where no
// real kind does (`spec.size`, `spec.podTemplate`): the shapes' tests run through it, never the product's registry.
import { defineInterpreter, type TypedRequest } from '../../../../lib/interpreter/define';
import { createInterpreterRegistry } from '../../../../lib/interpreter/registry';
import { readByPart, type Cursor } from '../../../../lib/kube/cursor';
import { readMetadata } from '../../../../lib/kube/metadata';
import type { ObjectMetaView, PodTemplateSpec } from '../../../../lib/kube/objects';
import type { JsonObject } from '../../../../lib/review/json';
import { generationLag } from '../../../../lib/shapes/generations';
import { podTemplateWorkload } from '../../../../lib/shapes/pod-template-workload';
import { keepMemberValue } from '../../../../lib/shapes/retention';
import { rolloutHealth, workloadStatus, type WorkloadStatus } from '../../../../lib/shapes/workload-status';

export const widgetStatus = workloadStatus({
  counters: ['replicas', 'readyReplicas', 'updatedReplicas', 'availableReplicas'],
  reportedCounters: ['spareReplicas'],
  agreed: ['revision'],
});

export interface Widget {
  metadata: ObjectMetaView;
  spec?: { size?: number; podTemplate?: PodTemplateSpec; paused?: boolean };
  status?: WorkloadStatus<'replicas' | 'readyReplicas' | 'updatedReplicas' | 'availableReplicas', 'spareReplicas', 'revision'>;
}

export function readWidget(object: Cursor): Widget {
  return readByPart<Widget>({
    metadata: () => readMetadata(object),
    spec: () => object.part('spec', (spec) => ({ size: spec.count('size'), podTemplate: spec.podTemplate('podTemplate'), paused: spec.boolean('paused') })),
    status: () => object.part('status', widgetStatus.read),
  });
}

export const widgetShape = podTemplateWorkload<Widget>({
  defaultReplicas: 2,
  layout: {
    replicasOf: (widget) => widget.spec?.size,
    templateOf: (widget) => widget.spec?.podTemplate,
    replicasPath: ['spec', 'size'],
    templatePath: ['spec', 'podTemplate'],
  },
});

export const widgetInterpreter = defineInterpreter<Widget>({
  group: 'widgets.example.test',
  kind: 'Widget',
  plural: 'widgets',
  versions: ['v1'],
  storageVersion: 'v1',
  home: 'test/support/kinds/widget',
  ownCrd: false,
  decode: readWidget,
  operations: {
    ...widgetShape.operations,
    Retain: ({ observedObject, patch }: TypedRequest<Widget>) => {
      const builder = patch();
      keepMemberValue(builder, ['spec', 'paused'], observedObject!.spec?.paused, 'remove');
      return builder.operations;
    },
    InterpretStatus: widgetStatus.reflect,
    AggregateStatus: (request) => widgetStatus.aggregate(request, { unagreed: 'remove', observedWithNoMembers: true }),
    InterpretHealth: ({ object }) =>
      rolloutHealth({
        generationLag: generationLag(object.metadata, object.status?.observedGeneration),
        desired: widgetShape.desiredReplicas(object),
        updated: object.status?.updatedReplicas,
        available: object.status?.availableReplicas,
      }),
  },
});

/** A registry that serves the Widget only. */
export const widgetRegistry = createInterpreterRegistry([widgetInterpreter]);

/** A Widget object for a request. */
export function widget(spec: JsonObject | undefined, extra: JsonObject = {}): JsonObject {
  const object: JsonObject = { apiVersion: 'widgets.example.test/v1', kind: 'Widget', metadata: { name: 'w', namespace: 'shop', generation: 3 } };
  if (spec !== undefined) object.spec = spec;
  return { ...object, ...extra };
}
