// Errors that carry the status code Karmada will see in `response.status.code`.

export class InterpreterError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'InterpreterError';
  }
}

/** 400: the request, or the object in it, is not something we can interpret. */
export function invalidInput(message: string): InterpreterError {
  return new InterpreterError(400, message);
}

/** 404: no interpreter is registered for this kind, version or operation. */
export function notServed(message: string): InterpreterError {
  return new InterpreterError(404, message);
}
