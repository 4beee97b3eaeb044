// Lambda handler for POST /interpreter/retain (Retain).
import { operationHandler } from '../lib/handlers';

export const handler = operationHandler('Retain');
