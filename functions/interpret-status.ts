// Lambda handler for POST /interpreter/interpret-status (InterpretStatus).
import { operationHandler } from '../lib/handlers/interpreter';

export const handler = operationHandler('InterpretStatus');
