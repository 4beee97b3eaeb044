// Gateway API's HTTPRoute interpreter: health per parent from status.parents, the parents kept per parent and
// controller across members, and the Gateways and Services it names (lib/families/gateway-api, README.md).
import { defineInterpreter } from '../../interpreter/define';
import { routeOperations } from '../../families/gateway-api/gateway-api';
import { httpRoute } from './identity';
import { readHTTPRoute, type HTTPRoute } from './schema';

export const httpRouteInterpreter = defineInterpreter<HTTPRoute>({
  ...httpRoute,
  decode: readHTTPRoute,
  operations: routeOperations,
});
