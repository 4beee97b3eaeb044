// Every kind this service admits (defaults and validates). Adding a kind: write its admission module, list it here.
import { workloadAdmission } from '../interpreters/workload-admission';
import { createAdmissionRegistry } from './registry';

export const admissionRegistry = createAdmissionRegistry([workloadAdmission]);
