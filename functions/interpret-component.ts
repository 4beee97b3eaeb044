// Lambda handler for POST /interpreter/interpret-component (InterpretComponent).
import { operationHandler } from '../lib/handlers/interpreter';

export const handler = operationHandler('InterpretComponent');
