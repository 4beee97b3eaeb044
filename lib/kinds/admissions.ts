// Every kind this service admits (defaults and validates), one line a kind. Generated from the folders under lib/kinds/ by
// `npm run kinds` (new-kind runs it): do not edit; test/kit/kind-lists.test.ts fails when it is not current.
import { createAdmissionRegistry } from '../admission/registry';
import { workloadAdmission } from './workload/admission';

export const admissionRegistry = createAdmissionRegistry([
  workloadAdmission,
]);
