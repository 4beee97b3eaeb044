// Lambda handler for POST /interpreter/interpret-replica (InterpretReplica).
import { operationHandler } from '../lib/handlers/interpreter';

export const handler = operationHandler('InterpretReplica');
