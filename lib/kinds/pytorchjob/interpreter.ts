// Kubeflow's PyTorchJob interpreter: Master and Worker as Karmada components, health from the job's conditions, and
// the status over members as Karmada's catalogue aggregates it (see README.md for every decision).
import { defineInterpreter, type TypedRequest } from '../../interpreter/define';
import { aggregateTrainingJob, kubeflowJobHealth, kubeflowJobReader, trainingReplicaTypes, type KubeflowJob } from '../../shapes/kubeflow-job';
import { multiTemplateWorkload } from '../../shapes/multi-template-workload';
import { pytorchJob } from './identity';

/** PyTorchJob's replica types (training-operator pytorch_types.go: `Master`, `Worker`). */
const types = ['Master', 'Worker'];

const shape = multiTemplateWorkload<KubeflowJob>((job) => job.specs);

function aggregateStatus({ aggregatedStatus, patch: newPatch }: TypedRequest<KubeflowJob>) {
  const status = aggregateTrainingJob(aggregatedStatus, {
    kind: 'PyTorchJob',
    types,
    lifecycle: true,
    succeeded: { reason: 'PyTorchJobSucceeded', message: 'PyTorchJob is successfully completed.' },
  });
  return status === undefined ? newPatch().remove(['status']).operations : newPatch().add(['status'], status).operations;
}

export const pytorchJobInterpreter = defineInterpreter<KubeflowJob>({
  ...pytorchJob,
  decode: kubeflowJobReader({ field: 'pytorchReplicaSpecs', types: trainingReplicaTypes(types) }),
  operations: {
    InterpretComponent: shape.InterpretComponent,
    InterpretDependency: shape.InterpretDependency,
    AggregateStatus: aggregateStatus,
    InterpretHealth: ({ object }) => kubeflowJobHealth(object),
  },
});
