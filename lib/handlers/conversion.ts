// The CRD conversion webhook's handler: ConversionReview over the HTTP API transport (nothing of the interpreter's).
import { conversionRegistry } from '../conversion/index';
import { conversionUidOf, failedReview, serveConversion } from '../conversion/review';
import { reviewHandler, type HttpApiHandler, type ReviewEndpoint } from '../transport/http-api';
import { guard } from './guard';

/** `POST [/{token}]/convert` (ConversionReview). */
export const conversionEndpoint: ReviewEndpoint = {
  review: 'ConversionReview',
  uidOf: conversionUidOf,
  failure: (uid, _code, message) => failedReview(uid, message),
  serve(body) {
    const { review, code, message, desiredAPIVersion, namespace, name } = serveConversion(conversionRegistry, body);
    return {
      reply: { body: review },
      outcome: {
        successful: code === 200,
        code,
        statusMessage: message,
        operation: 'Convert',
        kind: desiredAPIVersion,
        namespace,
        name,
      },
    };
  },
};

export const conversionHandler: HttpApiHandler = reviewHandler(conversionEndpoint, { guard });
