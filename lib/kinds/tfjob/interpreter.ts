// Kubeflow's TFJob interpreter: PS, Worker, Chief, Master and Evaluator as Karmada components, health from the
// job's conditions, and the status over members as Karmada's catalogue aggregates it, on the Kubeflow job shape.
import { defineInterpreter } from '../../interpreter/define';
import { trainingJob, type KubeflowJob } from '../../families/kubeflow/job';
import { tfJob } from './identity';

export const tfJobInterpreter = defineInterpreter<KubeflowJob>({
  ...tfJob,
  ...trainingJob({
    field: 'tfReplicaSpecs',
    // training-operator tensorflow_types.go, in Karmada's catalogue's order.
    types: ['PS', 'Worker', 'Chief', 'Master', 'Evaluator'],
    kind: 'TFJob',
    // Karmada's TFJob aggregates only how the job ended (Succeeded or Failed), not Created or Running.
    lifecycle: false,
    succeeded: { reason: 'Completed', message: 'TFJob completed successfully' },
  }),
});
