// Lambda handler for POST /validate (the CRDs' validating webhook: AdmissionReview).
import { admissionHandler } from '../lib/handlers/admission';
import { admissionRegistry } from '../lib/kinds/admissions';

export const handler = admissionHandler(admissionRegistry, 'validate');
