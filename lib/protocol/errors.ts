// Errors that carry the status code Karmada will see in `response.status.code`.

/** Messages quote request values and paths; past this length they are cut, whatever the caller sent. */
const maxMessageLength = 1_000;

function bounded(message: string): string {
  return message.length <= maxMessageLength ? message : `${message.slice(0, maxMessageLength)}…`;
}

export class InterpreterError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(bounded(message));
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
