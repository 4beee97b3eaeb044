// Lambda handler for POST /validate (the Workload CRD's validating webhook: AdmissionReview).
import { validateHandler } from '../lib/handlers/admission';

export const handler = validateHandler;
