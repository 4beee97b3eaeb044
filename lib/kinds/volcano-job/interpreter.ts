// Volcano's Job interpreter: a multi-template workload whose tasks are Karmada components, with Volcano's job phase
// as its health and its status counters summed across members (see README.md for every decision).
import { defineInterpreter } from '../../interpreter/define';
import { multiTemplateWorkload } from '../../shapes/multi-template-workload';
import { volcanoJob } from './identity';
import { readVolcanoJob, type VolcanoJob } from './schema';

export const volcanoJobInterpreter = defineInterpreter<VolcanoJob>({
  ...volcanoJob,
  decode: readVolcanoJob,
  operations: {
    ...multiTemplateWorkload<VolcanoJob>((job) => job.tasks),
  },
});
