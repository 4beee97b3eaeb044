// Lambda handler for POST /mutate (the CRDs' defaulting webhook: AdmissionReview).
import { admissionHandler } from '../lib/handlers/admission';
import { admissionRegistry } from '../lib/kinds/admissions';

export const handler = admissionHandler(admissionRegistry, 'mutate');
