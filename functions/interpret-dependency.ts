// Lambda handler for POST /interpreter/interpret-dependency (InterpretDependency).
import { operationHandler } from '../lib/handlers/interpreter';
import { interpreterRegistry } from '../lib/kinds/interpreters';

export const handler = operationHandler(interpreterRegistry, 'InterpretDependency');
