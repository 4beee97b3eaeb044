// The HTTP API's routes and the function serving each: read by the local server, the stack tests and webhook-config.
// The one list of functions: serverless.yml, functions/*.ts and lib/local/functions.ts are checked against it
// (test/stack/function-list.test.ts).
import { interpreterOperations, routeSegmentOf, type InterpreterOperation } from './interpreter/wire/operations';

export interface FunctionRoute {
  /** The function's name in serverless.yml and its handler file under functions/. */
  functionName: string;
  method: 'GET' | 'POST';
  /** API Gateway route path; `{token}` is the caller-token path parameter. */
  path: string;
  operation?: InterpreterOperation;
}

export const dispatcherFunction = 'dispatcher';

/** Every interpreter path is served twice: token-less, and behind a leading caller-token segment. */
function interpreterRoutes(functionName: string, suffix: string, operation?: InterpreterOperation): FunctionRoute[] {
  const routes: FunctionRoute[] = [
    { functionName, method: 'POST', path: `/interpreter${suffix}` },
    { functionName, method: 'POST', path: `/{token}/interpreter${suffix}` },
  ];
  return operation === undefined ? routes : routes.map((route) => ({ ...route, operation }));
}

/** The CRD's own webhooks (ConversionReview, AdmissionReview): one function each, at `/<name>` and `/{token}/<name>`. */
export const reviewFunctions = ['convert', 'mutate', 'validate'] as const;
export type ReviewFunction = (typeof reviewFunctions)[number];

function reviewRoutes(functionName: ReviewFunction): FunctionRoute[] {
  return [
    { functionName, method: 'POST', path: `/${functionName}` },
    { functionName, method: 'POST', path: `/{token}/${functionName}` },
  ];
}

export const functionRoutes: readonly FunctionRoute[] = [
  ...interpreterOperations.flatMap((operation) =>
    interpreterRoutes(routeSegmentOf[operation], `/${routeSegmentOf[operation]}`, operation),
  ),
  ...interpreterRoutes(dispatcherFunction, ''),
  { functionName: dispatcherFunction, method: 'GET', path: '/healthz' },
  ...reviewFunctions.flatMap(reviewRoutes),
];

export const functionNames: readonly string[] = [...new Set(functionRoutes.map((route) => route.functionName))];

export interface RouteMatch {
  route: FunctionRoute;
  pathParameters?: Record<string, string>;
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

const routePatterns = functionRoutes.map((route) => ({ route, pattern: segmentsOf(route.path) }));

/** Matches a request path against the routes, as API Gateway does: literal segments, `{token}` for any one segment. */
export function matchRoute(method: string, path: string): RouteMatch | undefined {
  const segments = segmentsOf(path);
  for (const { route, pattern } of routePatterns) {
    if (route.method !== method) continue;
    if (pattern.length !== segments.length) continue;
    const parameters: Record<string, string> = {};
    const matches = pattern.every((part, index) => {
      if (part.startsWith('{') && part.endsWith('}')) {
        parameters[part.slice(1, -1)] = segments[index]!;
        return true;
      }
      return part === segments[index];
    });
    if (matches) return Object.keys(parameters).length > 0 ? { route, pathParameters: parameters } : { route };
  }
  return undefined;
}
