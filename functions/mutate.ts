// Lambda handler for POST /mutate (the Workload CRD's defaulting webhook: AdmissionReview).
import { mutateHandler } from '../lib/handlers/admission';

export const handler = mutateHandler;
