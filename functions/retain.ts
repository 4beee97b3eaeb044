// Lambda handler for POST /interpreter/retain (Retain).
import { operationHandler } from '../lib/handlers/interpreter';

export const handler = operationHandler('Retain');
