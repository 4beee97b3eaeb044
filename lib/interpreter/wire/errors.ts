// The interpreter's refusals: a ReviewFailure whose code Karmada will see in `response.status.code`.
import { ReviewFailure } from '../../review/core';

/** 400: the request, or the object in it, is not something we can interpret. */
export function invalidInput(message: string): ReviewFailure {
  return new ReviewFailure(400, message);
}

/** 404: no interpreter is registered for this kind, version or operation. */
export function notServed(message: string): ReviewFailure {
  return new ReviewFailure(404, message);
}
