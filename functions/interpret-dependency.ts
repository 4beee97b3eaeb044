// Lambda handler for POST /interpreter/interpret-dependency (InterpretDependency).
import { operationHandler } from '../lib/handlers/interpreter';

export const handler = operationHandler('InterpretDependency');
