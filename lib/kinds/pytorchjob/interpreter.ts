// Kubeflow's PyTorchJob interpreter: Master and Worker as Karmada components, health from the job's conditions, and
// the status over members as Karmada's catalogue aggregates it, all on the Kubeflow job shape (see README.md).
import { defineInterpreter } from '../../interpreter/define';
import { trainingJob, type KubeflowJob } from '../../families/kubeflow/job';
import { pytorchJob } from './identity';

export const pytorchJobInterpreter = defineInterpreter<KubeflowJob>({
  ...pytorchJob,
  ...trainingJob({
    field: 'pytorchReplicaSpecs',
    // training-operator pytorch_types.go: `Master`, `Worker`.
    types: ['Master', 'Worker'],
    kind: 'PyTorchJob',
    // Karmada's PyTorchJob aggregates Created and Running too, with reasons and messages of its own.
    lifecycle: true,
    succeeded: { reason: 'PyTorchJobSucceeded', message: 'PyTorchJob is successfully completed.' },
  }),
});
