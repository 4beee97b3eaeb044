// Lambda handler for POST /interpreter/interpret-health (InterpretHealth).
import { operationHandler } from '../lib/handlers/interpreter';

export const handler = operationHandler('InterpretHealth');
