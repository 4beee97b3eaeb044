// Lambda handler for POST /interpreter/interpret-health (InterpretHealth).
import { operationHandler } from '../lib/handlers';

export const handler = operationHandler('InterpretHealth');
