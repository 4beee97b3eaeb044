// Lambda handler for POST /interpreter/revise-replica (ReviseReplica).
import { operationHandler } from '../lib/handlers/interpreter';

export const handler = operationHandler('ReviseReplica');
