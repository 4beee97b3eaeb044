// Every kind this service interprets, one line a kind. Generated from the folders under lib/kinds/ by
// `npm run kinds` (new-kind runs it): do not edit; test/kit/kind-lists.test.ts fails when it is not current.
import { createInterpreterRegistry } from '../interpreter/registry';
import { cloneSetInterpreter } from './cloneset/interpreter';
import { rolloutInterpreter } from './rollout/interpreter';
import { workloadInterpreter } from './workload/interpreter';

export const interpreterRegistry = createInterpreterRegistry([
  cloneSetInterpreter,
  rolloutInterpreter,
  workloadInterpreter,
]);
