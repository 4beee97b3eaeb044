// Lambda handler for POST /interpreter/aggregate-status (AggregateStatus).
import { operationHandler } from '../lib/handlers/interpreter';

export const handler = operationHandler('AggregateStatus');
