// Lambda handler for POST /interpreter/interpret-status (InterpretStatus).
import { operationHandler } from '../lib/handlers/interpreter';
import { interpreterRegistry } from '../lib/kinds/interpreters';

export const handler = operationHandler(interpreterRegistry, 'InterpretStatus');
