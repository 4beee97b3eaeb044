// Lambda handler for POST /interpreter/interpret-component (InterpretComponent).
import { operationHandler } from '../lib/handlers/interpreter';
import { interpreterRegistry } from '../lib/kinds/interpreters';

export const handler = operationHandler(interpreterRegistry, 'InterpretComponent');
