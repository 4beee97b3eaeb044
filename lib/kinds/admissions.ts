// Every kind this service admits (defaults and validates), one line a kind.
import { createAdmissionRegistry } from '../admission/registry';
import { workloadAdmission } from './workload/admission';

export const admissionRegistry = createAdmissionRegistry([workloadAdmission]);
