// Lambda handler for POST /interpreter/interpret-replica (InterpretReplica).
import { operationHandler } from '../lib/handlers/interpreter';
import { interpreterRegistry } from '../lib/kinds/interpreters';

export const handler = operationHandler(interpreterRegistry, 'InterpretReplica');
