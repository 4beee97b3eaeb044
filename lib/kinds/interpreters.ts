// Every kind this service interprets, one line a kind. Adding a kind: its folder, and a line here.
import { createRegistry } from '../interpreter/registry';
import { cloneSetInterpreter } from './cloneset/interpreter';
import { rolloutInterpreter } from './rollout/interpreter';
import { workloadInterpreter } from './workload/interpreter';

export const interpreterRegistry = createRegistry([workloadInterpreter, rolloutInterpreter, cloneSetInterpreter]);
