// The interpreter operations Karmada sends, and the kebab-case route segment each is served at.

export const interpreterOperations = [
  'InterpretReplica',
  'InterpretComponent',
  'ReviseReplica',
  'Retain',
  'AggregateStatus',
  'InterpretStatus',
  'InterpretHealth',
  'InterpretDependency',
] as const;

export type InterpreterOperation = (typeof interpreterOperations)[number];

export const routeSegmentOf: Readonly<Record<InterpreterOperation, string>> = {
  InterpretReplica: 'interpret-replica',
  InterpretComponent: 'interpret-component',
  ReviseReplica: 'revise-replica',
  Retain: 'retain',
  AggregateStatus: 'aggregate-status',
  InterpretStatus: 'interpret-status',
  InterpretHealth: 'interpret-health',
  InterpretDependency: 'interpret-dependency',
};

const operationSet: ReadonlySet<string> = new Set(interpreterOperations);

export function isInterpreterOperation(value: unknown): value is InterpreterOperation {
  return typeof value === 'string' && operationSet.has(value);
}
