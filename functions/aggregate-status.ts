// Lambda handler for POST /interpreter/aggregate-status (AggregateStatus).
import { operationHandler } from '../lib/handlers/interpreter';
import { interpreterRegistry } from '../lib/kinds/interpreters';

export const handler = operationHandler(interpreterRegistry, 'AggregateStatus');
