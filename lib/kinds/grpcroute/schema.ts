// GRPCRoute's one reader: the family's route reader (spec.parentRefs, the rules' backends and filters, and
// status.parents), by part.
export { readRoute as readGRPCRoute, type Route as GRPCRoute } from '../../families/gateway-api/gateway-api';
