// Gateway API's GRPCRoute interpreter: health per parent from status.parents, the parents kept per parent and
// controller across members, and the Gateways and Services it names (lib/families/gateway-api, README.md).
import { defineInterpreter } from '../../interpreter/define';
import { routeOperations } from '../../families/gateway-api/gateway-api';
import { grpcRoute } from './identity';
import { readGRPCRoute, type GRPCRoute } from './schema';

export const grpcRouteInterpreter = defineInterpreter<GRPCRoute>({
  ...grpcRoute,
  decode: readGRPCRoute,
  operations: routeOperations,
});
