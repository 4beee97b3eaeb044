// Every resource interpreter this service serves. Adding a kind: write its module, add it to this list.
import { createRegistry, type ResourceInterpreter } from './registry';
import { workload } from './workload';

export const interpreters: readonly ResourceInterpreter[] = [workload];

export const registry = createRegistry(interpreters);
