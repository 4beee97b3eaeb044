// CloudWatch embedded metric format (EMF): per call, the Calls, Errors, ServerErrors and Duration metrics by
// operation, and per InterpretHealth answer the Unhealthy metric by kind. The line's fixed parts are built once; only
// the values change per call.
// https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/CloudWatch_Embedded_Metric_Format_Specification.html

export interface CallOutcome {
  successful: boolean;
  /** `response.status.code`; 200 for a success. */
  code: number;
  /** InterpretHealth's answer: the call also counts in `Unhealthy` (0 or 1) by `kind`. */
  healthy?: boolean;
  /** The object's `group/version/Kind`: the `kind` dimension of `Unhealthy` (the log line's own `kind`). */
  kind?: string;
}

export interface CallMetrics {
  /** The metrics as JSON members to append to the call's log line: one line carries both. */
  members(operation: string, outcome: CallOutcome, durationMs: number): string;
  /** A line of its own, for a call whose log line is not written (below the log level). */
  publish(operation: string, outcome: CallOutcome, durationMs: number): void;
}

/** Powertools' rule: POWERTOOLS_METRICS_DISABLED wins; otherwise POWERTOOLS_DEV turns metrics off. */
export function metricsDisabled(env: NodeJS.ProcessEnv = process.env): boolean {
  const truthy = (value: string | undefined) => ['1', 'true', 'on', 'y', 'yes'].includes(value?.trim().toLowerCase() ?? '');
  if (env.POWERTOOLS_METRICS_DISABLED !== undefined) return truthy(env.POWERTOOLS_METRICS_DISABLED);
  return truthy(env.POWERTOOLS_DEV);
}

/** undefined when metrics are off, so that a call does not build what is not published. */
export function callMetrics({ namespace, serviceName, env = process.env }: { namespace: string; serviceName: string; env?: NodeJS.ProcessEnv }): CallMetrics | undefined {
  if (metricsDisabled(env)) return undefined;
  const service = JSON.stringify(env.POWERTOOLS_SERVICE_NAME || serviceName);
  const metricsNamespace = env.POWERTOOLS_METRICS_NAMESPACE || namespace;
  const byOperation = {
    Namespace: metricsNamespace,
    Dimensions: [['service', 'operation']],
    Metrics: [
      { Name: 'Calls', Unit: 'Count' },
      { Name: 'Errors', Unit: 'Count' },
      // Our own answers with code >= 500 (misconfiguration, token unverifiable, bugs): the stack alarms on these.
      { Name: 'ServerErrors', Unit: 'Count' },
      { Name: 'Duration', Unit: 'Milliseconds' },
    ],
  };
  // Unhealthy answers make Karmada evict (application failover): which kind, from a graph, before reading a log line.
  // Kinds are bounded: only served kinds answer InterpretHealth, each at the versions Karmada's templates use.
  const byKind = { Namespace: metricsNamespace, Dimensions: [['service', 'kind']], Metrics: [{ Name: 'Unhealthy', Unit: 'Count' }] };
  const directive = JSON.stringify([byOperation]);
  const healthDirective = JSON.stringify([byOperation, byKind]);
  const aws = (durationMs: number, { successful, code, healthy, kind }: CallOutcome) => {
    const health = healthy !== undefined && kind !== undefined;
    return `"_aws":{"Timestamp":${Date.now()},"CloudWatchMetrics":${health ? healthDirective : directive}},"Calls":1,"Errors":${successful ? 0 : 1},"ServerErrors":${!successful && code >= 500 ? 1 : 0},"Duration":${Math.round(durationMs * 1000) / 1000}${health ? `,"Unhealthy":${healthy ? 0 : 1}` : ''}`;
  };
  return {
    members(_operation, outcome, durationMs) {
      return `,${aws(durationMs, outcome)}`;
    },
    publish(operation, outcome, durationMs) {
      const kind = outcome.healthy !== undefined && outcome.kind !== undefined ? `,"kind":${JSON.stringify(outcome.kind)}` : '';
      process.stdout.write(`{${aws(durationMs, outcome)},"service":${service},"operation":${JSON.stringify(operation)}${kind}}\n`);
    },
  };
}
