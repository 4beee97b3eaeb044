// Lambda handler for POST /interpreter (any operation, one URL for a whole webhook) and GET /healthz.
import { dispatcherHandler } from '../lib/handlers/interpreter';
import { interpreterRegistry } from '../lib/kinds/interpreters';

export const handler = dispatcherHandler(interpreterRegistry);
