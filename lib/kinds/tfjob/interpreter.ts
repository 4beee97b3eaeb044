// Kubeflow's TFJob interpreter: PS, Worker, Chief, Master and Evaluator as Karmada components, health from the
// job's conditions, and the status over members as Karmada's catalogue aggregates it (see README.md).
import { defineInterpreter, type TypedRequest } from '../../interpreter/define';
import { aggregateTrainingJob, kubeflowJobHealth, kubeflowJobReader, trainingReplicaTypes, type KubeflowJob } from '../../shapes/kubeflow-job';
import { multiTemplateWorkload } from '../../shapes/multi-template-workload';
import { tfJob } from './identity';

/** TFJob's replica types (training-operator tensorflow_types.go), in Karmada's catalogue's order. */
const types = ['PS', 'Worker', 'Chief', 'Master', 'Evaluator'];

const shape = multiTemplateWorkload<KubeflowJob>((job) => job.specs);

function aggregateStatus({ aggregatedStatus, patch: newPatch }: TypedRequest<KubeflowJob>) {
  const status = aggregateTrainingJob(aggregatedStatus, {
    kind: 'TFJob',
    types,
    lifecycle: false,
    succeeded: { reason: 'Completed', message: 'TFJob completed successfully' },
  });
  return status === undefined ? newPatch().remove(['status']).operations : newPatch().add(['status'], status).operations;
}

export const tfJobInterpreter = defineInterpreter<KubeflowJob>({
  ...tfJob,
  decode: kubeflowJobReader({ field: 'tfReplicaSpecs', types: trainingReplicaTypes(types) }),
  operations: {
    InterpretComponent: shape.InterpretComponent,
    InterpretDependency: shape.InterpretDependency,
    AggregateStatus: aggregateStatus,
    InterpretHealth: ({ object }) => kubeflowJobHealth(object),
  },
});
