// The CRD's admission webhooks' handlers: AdmissionReview over the HTTP API transport (nothing of the interpreter's);
// the kinds come in as a registry (functions/mutate.ts and validate.ts pass lib/kinds/admissions.ts).
import type { AdmissionRegistry } from '../admission/registry';
import { deniedReview, serveAdmission, type AdmissionStep } from '../admission/review';
import { uidOf } from '../review/core';
import { reviewHandler, type HttpApiHandler, type ReviewEndpoint } from '../transport/http-api';
import { guard } from './guard';

/** `POST [/{token}]/mutate` (defaulting) and `POST [/{token}]/validate` (AdmissionReview). */
export function admissionEndpoint(registry: AdmissionRegistry, step: AdmissionStep): ReviewEndpoint {
  return {
    review: 'AdmissionReview',
    uidOf,
    failure: deniedReview,
    oversizedAdvice: 'shrink the object (a defaulting patch grows with it)',
    serve(body, _event, uid) {
      const { review, code, message, request } = serveAdmission(registry, step, body, uid);
      return {
        reply: { body: review },
        outcome: {
          // Denying an invalid object (422) is the validator doing its job, not an error of the service.
          successful: code === 200 || code === 422,
          code,
          statusMessage: message,
          operation: step,
          kind: request ? `${request.group}/${request.version}/${request.kind}` : undefined,
          admissionOperation: request?.operation,
          namespace: request?.namespace || undefined,
          name: request?.name || undefined,
        },
      };
    },
  };
}

export function admissionHandler(registry: AdmissionRegistry, step: AdmissionStep): HttpApiHandler {
  return reviewHandler(admissionEndpoint(registry, step), { guard });
}
