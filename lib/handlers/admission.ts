// The CRD's admission webhooks' handlers: AdmissionReview over the HTTP API transport (nothing of the interpreter's).
import { admissionRegistry } from '../admission/index';
import { admissionUidOf, deniedReview, serveAdmission, type AdmissionStep } from '../admission/review';
import { reviewHandler, type HttpApiHandler, type ReviewEndpoint } from '../transport/http-api';
import { guard } from './guard';

/** `POST [/{token}]/mutate` (defaulting) and `POST [/{token}]/validate` (AdmissionReview). */
export function admissionEndpoint(step: AdmissionStep): ReviewEndpoint {
  return {
    review: 'AdmissionReview',
    uidOf: admissionUidOf,
    failure: deniedReview,
    serve(body) {
      const { review, code, message, request } = serveAdmission(admissionRegistry, step, body);
      return {
        reply: { body: review },
        outcome: {
          // Denying an invalid object (422) is the validator doing its job, not an error of the service.
          successful: code === 200 || code === 422,
          code,
          statusMessage: message,
          operation: step,
          kind: request ? `${request.group}/${request.version}/${request.kind} ${request.operation}` : undefined,
          namespace: request?.namespace || undefined,
          name: request?.name || undefined,
        },
      };
    },
  };
}

export const mutateHandler: HttpApiHandler = reviewHandler(admissionEndpoint('mutate'), { guard });
export const validateHandler: HttpApiHandler = reviewHandler(admissionEndpoint('validate'), { guard });
