// HTTPRoute's one reader: the family's route reader (spec.parentRefs, the rules' backends and filters, and
// status.parents), by part. v1 and v1beta1 have one schema.
export { readRoute as readHTTPRoute, type Route as HTTPRoute } from '../../families/gateway-api/gateway-api';
