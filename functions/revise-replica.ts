// Lambda handler for POST /interpreter/revise-replica (ReviseReplica).
import { operationHandler } from '../lib/handlers/interpreter';
import { interpreterRegistry } from '../lib/kinds/interpreters';

export const handler = operationHandler(interpreterRegistry, 'ReviseReplica');
