'use strict';
// A local Serverless Framework plugin (osls / v3 API, also loads in v4): package-time guards and the alarms and
// dashboard generated for every function in serverless.yml, so functions added later are covered without editing
// this file (docs/adr/0006-alarms-and-package-time-guards.md); the multi-region set and the gradual traffic shifting
// (docs/adr/0010-multi-region.md). It reads its settings from `custom.stack`.

const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { problemsOf, regionList } = require('./guards.cjs');
const { addRegionalResources } = require('./regions.cjs');
const { shiftTrafficGradually } = require('./traffic.cjs');

const metricsNamespace = 'KarmadaInterpreter';
const fiveMinutes = 300;

/** CloudFormation logical ids: letters and digits only. */
const pascal = (name) => name.split(/[^A-Za-z0-9]+/).filter(Boolean).map((part) => part[0].toUpperCase() + part.slice(1)).join('');

/**
 * serverless.yml sets Serverless v4's `build: { esbuild: false }` (v4 would otherwise bundle the handlers itself, in
 * conflict with serverless-esbuild). osls has no `build` in its schema and would warn about it, so it is declared
 * here, as the one setting osls ignores; v4 already defines it, and a second definition would be an error there.
 */
function declareV4Build(schemaHandler) {
  if (schemaHandler === undefined || schemaHandler.schema?.properties?.build !== undefined) return;
  schemaHandler.defineTopLevelProperty('build', {
    type: 'object',
    properties: { esbuild: { const: false } },
    additionalProperties: false,
  });
}

/**
 * serverless-esbuild (1.57.2, its newest release) stages each function's zip in a folder under the system's temporary
 * folder and then removes that folder without `recursive`: the removal fails on the full folder and the failure is
 * ignored, so every `serverless package` left one folder per function behind (13 a run; floydspace/serverless-esbuild
 * pull request #589, not merged). This process's temporary files therefore go to a folder of its own, removed whole
 * as the process exits, whatever the outcome. `os.tmpdir()` reads TMPDIR (TEMP/TMP on Windows) at every call.
 */
function scopeTemporaryFolder() {
  const folder = mkdtempSync(join(tmpdir(), 'serverless-package-'));
  process.env.TMPDIR = folder;
  process.env.TEMP = folder;
  process.env.TMP = folder;
  process.once('exit', () => {
    try {
      rmSync(folder, { recursive: true, force: true });
    } catch {
      // Left in the system's temporary folder: not worth a stack trace on the way out of a finished command.
    }
  });
}

/** The commands that build or deploy a stack: the guards run for these (not for `remove`, `info`, `print`...). */
const guardedCommands = new Set(['package', 'deploy']);

class StackPlugin {
  constructor(serverless, options = {}) {
    this.serverless = serverless;
    this.options = options;
    declareV4Build(serverless.configSchemaHandler);
    // Guards run now, as the plugin loads: after the params are resolved but before the framework validates the
    // configuration, which would otherwise refuse `memorySize=abc` as "provider.memorySize: must be integer"
    // without naming the param; and before anything is built. `deploy --package <dir>` is covered too.
    if (guardedCommands.has(serverless.processedInput?.commands?.[0])) {
      this.guard();
      scopeTemporaryFolder();
    }
    this.hooks = {
      'before:package:finalize': () => this.addMonitoring(),
      // After serverless.yml's `resources:` are merged into the template (the custom domain, certificate, records
      // and secret this changes), before the template is written.
      'before:aws:package:finalize:saveServiceState': () => {
        this.addRegions();
        this.addTrafficShifting();
      },
    };
  }

  settings() {
    return this.serverless.service.custom?.stack ?? {};
  }

  fail(message) {
    throw new this.serverless.classes.Error(message);
  }

  /**
   * The params as the framework resolves them (--param, then `params.<stage>`, then `params.default`), read from the
   * command line and serverless.yml directly: when the plugin loads, `${param:...}` in custom.stack is not resolved
   * yet. Also the names given on the command line and the names serverless.yml declares.
   */
  params() {
    const input = this.serverless.processedInput?.options ?? {};
    const given = [input.param ?? []].flat().map(String);
    const declared = this.serverless.configurationInput?.params ?? {};
    const stage = input.stage ?? 'dev';
    const values = { ...declared.default, ...declared[stage] };
    for (const param of given) {
      const at = param.indexOf('=');
      if (at > 0) values[param.slice(0, at)] = param.slice(at + 1).trimEnd();
    }
    const known = [...new Set([...Object.keys(declared.default ?? {}), ...Object.keys(declared[stage] ?? {})])];
    return { values, cli: { params: given, known, regionOption: input.region } };
  }

  guard() {
    const { values, cli } = this.params();
    const problems = problemsOf(values, cli);
    if (problems.length > 0) this.fail(`Refusing to package a stack that cannot be deployed: ${problems.join('; ')}.`);
  }

  /** The region this stack deploys to: `--region` wins over the `region` param, as in the framework. */
  region() {
    return this.options.region ?? this.serverless.processedInput?.options?.region ?? String(this.settings().region);
  }

  addRegions() {
    const settings = this.settings();
    const regions = regionList(settings.regions);
    if (regions.length === 0) return;
    const service = this.serverless.service;
    addRegionalResources(service.provider.compiledCloudFormationTemplate, {
      service: service.service,
      stage: this.serverless.getProvider('aws').getStage(),
      region: this.region(),
      regions,
      domain: settings.domain,
      hostedZoneId: settings.hostedZoneId,
      protection: settings.protection,
      healthCheckInterval: settings.healthCheckInterval,
      healthCheckFailureThreshold: settings.healthCheckFailureThreshold,
    });
  }

  addTrafficShifting() {
    const settings = this.settings();
    if (settings.trafficShift === undefined || settings.trafficShift === 'off') return;
    const service = this.serverless.service;
    const naming = this.serverless.getProvider('aws').naming;
    const functions = service.getAllFunctions().map((name) => ({ id: pascal(name), logicalId: naming.getLambdaLogicalId(name) }));
    shiftTrafficGradually(service.provider.compiledCloudFormationTemplate, functions, settings.trafficShift);
  }

  addMonitoring() {
    const settings = this.settings();
    const service = this.serverless.service;
    const naming = this.serverless.getProvider('aws').naming;
    const template = service.provider.compiledCloudFormationTemplate;
    const resources = template.Resources;
    const outputs = (template.Outputs ??= {});
    const prefix = `${service.service}-${this.serverless.getProvider('aws').getStage()}`;
    const functions = service.getAllFunctions().map((name) => ({
      key: name,
      id: pascal(name),
      functionName: service.getFunction(name).name,
      logGroup: naming.getLogGroupLogicalId(name),
    }));
    const alarmsOn = settings.alarms === 'on';
    const tokenOn = settings.protection === 'token';
    const halfTimeoutMs = (Number(settings.webhookTimeoutSeconds) * 1000) / 2;

    // Metrics from logs: throttled calls (429 in the JSON access log) and failed reads of the caller token.
    resources.ThrottledCallsMetricFilter = {
      Type: 'AWS::Logs::MetricFilter',
      Properties: {
        LogGroupName: { Ref: 'HttpApiLogGroup' },
        FilterPattern: '{ $.status = "429" }',
        MetricTransformations: [{ MetricNamespace: metricsNamespace, MetricName: 'ThrottledCalls', MetricValue: '1', DefaultValue: 0 }],
      },
    };
    if (tokenOn) {
      for (const fn of functions) {
        resources[`${fn.id}TokenReadFailuresMetricFilter`] = {
          Type: 'AWS::Logs::MetricFilter',
          Properties: {
            LogGroupName: { Ref: fn.logGroup },
            FilterPattern: '{ $.message = "caller token read failed" }',
            MetricTransformations: [{ MetricNamespace: metricsNamespace, MetricName: 'TokenReadFailures', MetricValue: '1' }],
          },
        };
      }
    }

    if (alarmsOn) {
      const topic = settings.alarmTopicArn ? settings.alarmTopicArn : { Ref: 'AlarmTopic' };
      if (!settings.alarmTopicArn) {
        resources.AlarmTopic = { Type: 'AWS::SNS::Topic', Properties: { DisplayName: `${prefix} alarms` } };
        if (settings.alarmEmail) {
          resources.AlarmEmailSubscription = {
            Type: 'AWS::SNS::Subscription',
            Properties: { TopicArn: { Ref: 'AlarmTopic' }, Protocol: 'email', Endpoint: settings.alarmEmail },
          };
        }
      }
      outputs.AlarmTopicArn = { Description: 'SNS topic the alarms notify (subscribe to it)', Value: topic };

      const alarm = (id, name, description, properties) => {
        resources[id] = {
          Type: 'AWS::CloudWatch::Alarm',
          Properties: {
            AlarmName: `${prefix}-${name}`,
            AlarmDescription: description,
            ActionsEnabled: true,
            AlarmActions: [topic],
            OKActions: [topic],
            Period: fiveMinutes,
            EvaluationPeriods: 1,
            ComparisonOperator: 'GreaterThanOrEqualToThreshold',
            Threshold: 1,
            TreatMissingData: 'notBreaching',
            ...properties,
          },
        };
      };
      const lambdaMetric = (fn, metric) => ({ Namespace: 'AWS/Lambda', MetricName: metric, Dimensions: [{ Name: 'FunctionName', Value: fn.functionName }] });

      for (const fn of functions) {
        alarm(`${fn.id}ErrorsAlarm`, `${fn.key}-errors`, `${fn.functionName}: invocations failed (crash or timeout): Karmada got no answer`, {
          ...lambdaMetric(fn, 'Errors'),
          Statistic: 'Sum',
        });
        alarm(`${fn.id}ThrottlesAlarm`, `${fn.key}-throttles`, `${fn.functionName}: invocations throttled (reserved or account concurrency reached)`, {
          ...lambdaMetric(fn, 'Throttles'),
          Statistic: 'Sum',
        });
        alarm(`${fn.id}LatencyAlarm`, `${fn.key}-p99-latency`, `${fn.functionName}: p99 duration above half of the webhook timeoutSeconds (${settings.webhookTimeoutSeconds} s)`, {
          ...lambdaMetric(fn, 'Duration'),
          ExtendedStatistic: 'p99',
          ComparisonOperator: 'GreaterThanThreshold',
          Threshold: halfTimeoutMs,
          EvaluationPeriods: 3,
          DatapointsToAlarm: 2,
        });
      }

      // Our own answers with code >= 500, whatever the operation (the EMF metric has an `operation` dimension, so a
      // Metrics Insights query sums over every operation, including those added later).
      alarm('ServerErrorAnswersAlarm', 'server-error-answers', 'Answers with successful: false and code >= 500 (misconfiguration, caller token unverifiable, internal error)', {
        Period: undefined,
        Metrics: [
          {
            Id: 'serverErrors',
            Expression: `SELECT SUM(ServerErrors) FROM SCHEMA("${metricsNamespace}", operation, service)`,
            Period: fiveMinutes,
            ReturnData: true,
          },
        ],
      });
      const apiMetric = (metric) => ({ Namespace: 'AWS/ApiGateway', MetricName: metric, Dimensions: [{ Name: 'ApiId', Value: { Ref: 'HttpApi' } }] });
      alarm('Api5xxAlarm', 'api-5xx', 'API Gateway answered 5xx (function failures, 503 token unverifiable, integration errors)', {
        ...apiMetric('5xx'),
        Statistic: 'Sum',
      });
      alarm('ApiLatencyAlarm', 'api-p99-latency', `API Gateway p99 latency above half of the webhook timeoutSeconds (${settings.webhookTimeoutSeconds} s)`, {
        ...apiMetric('Latency'),
        ExtendedStatistic: 'p99',
        ComparisonOperator: 'GreaterThanThreshold',
        Threshold: halfTimeoutMs,
        EvaluationPeriods: 3,
        DatapointsToAlarm: 2,
      });
      alarm('ThrottledCallsAlarm', 'api-429', 'API Gateway throttled calls (429): the throttleRateLimit/throttleBurstLimit ceiling is reached; Karmada retries later', {
        Namespace: metricsNamespace,
        MetricName: 'ThrottledCalls',
        Statistic: 'Sum',
      });
      if (tokenOn) {
        alarm('TokenReadFailuresAlarm', 'token-read-failures', 'Reads of the caller token from Secrets Manager failed (503 on a cold cache, rotation not seen)', {
          Namespace: metricsNamespace,
          MetricName: 'TokenReadFailures',
          Statistic: 'Sum',
        });
      }
      for (const resource of Object.values(resources)) {
        if (resource.Type !== 'AWS::CloudWatch::Alarm') continue;
        for (const [key, value] of Object.entries(resource.Properties)) if (value === undefined) delete resource.Properties[key];
      }
    }

    if (settings.dashboard === 'on') {
      // Dashboard names are per account, not per region: each region of a set has its own.
      const dashboardName = regionList(settings.regions).length > 0 ? `${prefix}-${this.region()}` : prefix;
      resources.Dashboard = {
        Type: 'AWS::CloudWatch::Dashboard',
        Properties: { DashboardName: dashboardName, DashboardBody: { 'Fn::Sub': JSON.stringify(dashboardBody(functions, halfTimeoutMs, tokenOn)) } },
      };
      outputs.DashboardName = { Description: 'CloudWatch dashboard of the interpreter', Value: dashboardName };
    }
  }
}

/** The dashboard: calls, failures and latency per operation (our EMF metrics), then functions, API Gateway, unhealthy answers per kind, token. */
function dashboardBody(functions, halfTimeoutMs, tokenOn) {
  const search = (metric, stat) => [{ expression: `SEARCH('{${metricsNamespace},operation,service} MetricName="${metric}"', '${stat}', 60)`, id: `${metric.toLowerCase()}${stat.replace(/\W/g, '')}` }];
  const perFunction = (metric, stat) => functions.map((fn) => ['AWS/Lambda', metric, 'FunctionName', fn.functionName, { stat, label: fn.key }]);
  const widget = (x, y, title, metrics, extra = {}) => ({
    type: 'metric',
    x,
    y,
    width: 12,
    height: 6,
    properties: { title, region: '${AWS::Region}', view: 'timeSeries', stacked: false, period: 60, metrics, ...extra },
  });
  const halfTimeout = { horizontal: [{ label: 'half of timeoutSeconds', value: halfTimeoutMs }] };
  const widgets = [
    widget(0, 0, 'Calls per operation', search('Calls', 'Sum')),
    widget(12, 0, 'Failures per operation (successful: false)', search('Errors', 'Sum')),
    widget(0, 6, 'Latency per operation (p99, ms)', search('Duration', 'p99'), { annotations: halfTimeout }),
    widget(12, 6, 'Answers with code >= 500 per operation', search('ServerErrors', 'Sum')),
    widget(0, 12, 'Lambda errors per function', perFunction('Errors', 'Sum')),
    widget(12, 12, 'Lambda throttles per function', perFunction('Throttles', 'Sum')),
    widget(0, 18, 'Lambda duration per function (p99, ms)', perFunction('Duration', 'p99'), { annotations: halfTimeout }),
    widget(12, 18, 'Lambda concurrent executions per function', perFunction('ConcurrentExecutions', 'Maximum')),
    widget(0, 24, 'API Gateway calls, 4xx, 5xx, throttled (429)', [
      ['AWS/ApiGateway', 'Count', 'ApiId', '${HttpApi}', { stat: 'Sum' }],
      ['AWS/ApiGateway', '4xx', 'ApiId', '${HttpApi}', { stat: 'Sum' }],
      ['AWS/ApiGateway', '5xx', 'ApiId', '${HttpApi}', { stat: 'Sum' }],
      [metricsNamespace, 'ThrottledCalls', { stat: 'Sum', label: '429 (access log)' }],
    ]),
    widget(12, 24, 'API Gateway latency (p99, ms)', [
      ['AWS/ApiGateway', 'Latency', 'ApiId', '${HttpApi}', { stat: 'p99' }],
      ['AWS/ApiGateway', 'IntegrationLatency', 'ApiId', '${HttpApi}', { stat: 'p99' }],
    ], { annotations: halfTimeout }),
  ];
  // Members judged unhealthy, by kind: Karmada's application failover evicts on these. Not alarmed: it is the
  // workloads' state, not this service's; the log lines' `reason` says why (docs/operations.md).
  widgets.push(widget(12, 30, 'Unhealthy answers per kind (InterpretHealth)', [
    { expression: `SEARCH('{${metricsNamespace},kind,service} MetricName="Unhealthy"', 'Sum', 60)`, id: 'unhealthySum' },
  ]));
  if (tokenOn) widgets.push(widget(0, 30, 'Caller token reads failed (Secrets Manager)', [[metricsNamespace, 'TokenReadFailures', { stat: 'Sum' }]]));
  return { widgets };
}

module.exports = StackPlugin;
