// The CRD conversion webhook's handler: ConversionReview over the HTTP API transport (nothing of the interpreter's);
// the kinds come in as a registry (functions/convert.ts passes lib/kinds/conversions.ts).
import type { ConversionRegistry } from '../conversion/registry';
import { failedReview, serveConversion } from '../conversion/review';
import { uidOf } from '../review/core';
import { reviewHandler, type HttpApiHandler, type ReviewEndpoint } from '../transport/http-api';
import { guard } from './guard';

/** `POST [/{token}]/convert` (ConversionReview). */
export function conversionEndpoint(registry: ConversionRegistry): ReviewEndpoint {
  return {
    review: 'ConversionReview',
    uidOf,
    failure: (uid, _code, message) => failedReview(uid, message),
    // The API server converts a whole page of a list in one review: a smaller page is a smaller answer.
    oversizedAdvice: 'list fewer objects at a time (kubectl --chunk-size, a smaller limit), or read them at the storage version, which needs no conversion',
    serve(body, _event, uid) {
      const { review, code, message, desiredAPIVersion, kind, namespace, name } = serveConversion(registry, body, uid);
      return {
        reply: { body: review },
        outcome: {
          successful: code === 200,
          code,
          statusMessage: message,
          operation: 'Convert',
          kind,
          desiredAPIVersion,
          namespace,
          name,
        },
      };
    },
  };
}

export function conversionHandler(registry: ConversionRegistry): HttpApiHandler {
  return reviewHandler(conversionEndpoint(registry), { guard });
}
