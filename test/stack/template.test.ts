// The deployable stack, checked offline: `serverless package` is run twice (defaults, and every parameter changed),
// then the CloudFormation template and the function artifacts are inspected. Routes come from lib/routes.ts, so the
// template cannot drift from what the local server and webhook-config use.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { functionNames, functionRoutes, reviewFunctions } from '../../lib/routes';
import { readZip } from '../support/zip';
import { requireTool } from '../support/tools';
import {
  cfnLint,
  conditionHolds,
  createdResources,
  healthFunction,
  invokedFunction,
  packageStack,
  projectRoot,
  npmRunPackage,
  removePackaging,
  resourcesOfType,
  testDomainParams,
  type CfnResource,
  type CfnTemplate,
  type Packaged,
} from './packaging';

const packagingTimeout = 180_000;
const placeholderDomain = 'interpreter.example.com';
const placeholderZone = 'Z0000000000000000000';
// The defaults, with the one thing a deploy must pass: a real domain and zone (the placeholders are refused).
const testDomain = 'interpreter.karmada.test';
const testZone = 'Z0TEST0000000000000000';
const bundleLimitBytes = 150 * 1024;

// Every parameter moved off its default.
const custom = {
  domain: 'webhook.karmada.example.org',
  hostedZoneId: 'Z1111111111111111111',
  certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/0e8b3f8e-1111-2222-3333-444455556666',
  region: 'eu-west-1',
  protection: 'off',
  tokenCacheSeconds: '60',
  allowedCidrs: '10.0.0.0/8,2001:db8::/32',
  logLevel: 'DEBUG',
  logRetentionDays: '14',
  memorySize: '512',
  throttleRateLimit: '10',
  throttleBurstLimit: '20',
  reservedConcurrency: '5',
  dns: 'external',
  alarmTopicArn: 'arn:aws:sns:eu-west-1:123456789012:oncall',
  webhookTimeoutSeconds: '8',
  dashboard: 'off',
  trafficShift: 'off',
  drain: 'on',
};

let defaults: Packaged;
let changed: Packaged;

beforeAll(async () => {
  // Each packaging works in its own copy of the project, so both run at once.
  [defaults, changed] = await Promise.all([
    packageStack(testDomainParams),
    packageStack(Object.entries(custom).map(([key, value]) => `${key}=${value}`)),
  ]);
  console.info(
    `serverless package: ${defaults.seconds.toFixed(1)} s (defaults), ${changed.seconds.toFixed(1)} s (custom params), run in parallel`,
  );
}, packagingTimeout);

afterAll(() => {
  removePackaging(defaults);
  removePackaging(changed);
});

const lambdaName = (template: CfnTemplate, logicalId: string): string => {
  const resource = template.Resources[logicalId];
  expect(resource?.Type).toBe('AWS::Lambda::Function');
  return resource!.Properties!.FunctionName as string;
};

/** The functions, keyed by their serverless.yml name (the FunctionName is `<service>-<stage>-<name>`). */
function functionsOf(template: CfnTemplate): Map<string, [string, CfnResource]> {
  const byName = new Map<string, [string, CfnResource]>();
  for (const [logicalId, resource] of resourcesOfType(template, 'AWS::Lambda::Function')) {
    const name = (resource.Properties!.FunctionName as string).replace(/^karmada-interpreter-test-/, '');
    byName.set(name, [logicalId, resource]);
  }
  return byName;
}

function iamStatements(template: CfnTemplate): Record<string, any>[] {
  return resourcesOfType(template, 'AWS::IAM::Role').flatMap(([, role]) =>
    ((role.Properties!.Policies ?? []) as { PolicyDocument: { Statement: Record<string, any>[] } }[]).flatMap(
      (policy) => policy.PolicyDocument.Statement,
    ),
  );
}

const pascal = (name: string): string =>
  name.split('-').map((part) => part[0]!.toUpperCase() + part.slice(1)).join('');

const alarmsOf = (template: CfnTemplate): Record<string, Record<string, any>> =>
  Object.fromEntries(resourcesOfType(template, 'AWS::CloudWatch::Alarm').map(([id, alarm]) => [id, alarm.Properties!]));

const actionsOf = (statement: Record<string, any>): string[] => [statement.Action].flat();

/** The deployed functions: lib/routes.ts's, and the deploy-only region health function. */
const deployedFunctions = [...functionNames, healthFunction.name];

describe('stack template (defaults but a test domain: protection on, Route 53, alarms and dashboard on)', () => {
  it('has the twelve functions of lib/routes.ts and region-health on nodejs22.x arm64, each with its own handler file', () => {
    const functions = functionsOf(defaults.template);
    expect([...functions.keys()].sort()).toEqual([...deployedFunctions].sort());
    expect(functions.size).toBe(13);
    for (const [name, [, resource]] of functions) {
      const properties = resource.Properties!;
      expect(properties.Handler).toBe(name === healthFunction.name ? healthFunction.handler : `functions/${name}.handler`);
      expect(properties.Runtime).toBe('nodejs22.x');
      expect(properties.Architectures).toEqual(['arm64']);
      expect(properties.MemorySize).toBe(256);
      // Under Karmada's usual 10 s timeoutSeconds, so a stuck call ends on our side first.
      expect(properties.Timeout).toBeGreaterThan(0);
      expect(properties.Timeout).toBeLessThan(10);
      expect(properties.ReservedConcurrentExecutions).toBeUndefined();
    }
  });

  it('serves exactly the routes of lib/routes.ts and GET /healthz/region, each integrated with its function\'s live alias (Lambda proxy, payload 2.0)', () => {
    const { template } = defaults;
    const served = resourcesOfType(template, 'AWS::ApiGatewayV2::Route').map(([, route]) => {
      const properties = route.Properties!;
      expect(properties.ApiId).toEqual({ Ref: 'HttpApi' });
      expect(properties.AuthorizationType ?? 'NONE').toBe('NONE');
      const target = properties.Target as { 'Fn::Join': [string, [string, { Ref: string }]] };
      expect(target['Fn::Join'][0]).toBe('/');
      expect(target['Fn::Join'][1][0]).toBe('integrations');
      const integration = template.Resources[target['Fn::Join'][1][1].Ref]!;
      expect(integration.Type).toBe('AWS::ApiGatewayV2::Integration');
      expect(integration.Properties!.IntegrationType).toBe('AWS_PROXY');
      expect(integration.Properties!.PayloadFormatVersion).toBe('2.0');
      const { functionId, alias } = invokedFunction(template, integration.Properties!.IntegrationUri);
      expect(alias).toBeDefined();
      return `${properties.RouteKey} -> ${lambdaName(template, functionId)}`;
    });
    const expected = [
      ...functionRoutes.map((route) => `${route.method} ${route.path} -> karmada-interpreter-test-${route.functionName}`),
      `${healthFunction.route} -> karmada-interpreter-test-${healthFunction.name}`,
    ];
    expect(served.sort()).toEqual([...expected].sort());
    expect(functionRoutes.length).toBe(25);
  });

  it('lets API Gateway invoke each function\'s live alias, and only from this HTTP API', () => {
    const permissions = resourcesOfType(defaults.template, 'AWS::Lambda::Permission');
    expect(permissions).toHaveLength(13);
    for (const [, permission] of permissions) {
      expect(invokedFunction(defaults.template, permission.Properties!.FunctionName).alias).toBeDefined();
      expect(permission.Properties!.Principal).toBe('apigateway.amazonaws.com');
      expect(JSON.stringify(permission.Properties!.SourceArn)).toContain('{"Ref":"HttpApi"}');
    }
  });

  it('disables the execute-api endpoint and throttles the $default stage', () => {
    const { template } = defaults;
    const api = template.Resources.HttpApi!;
    expect(api.Type).toBe('AWS::ApiGatewayV2::Api');
    expect(api.Properties!.ProtocolType).toBe('HTTP');
    expect(api.Properties!.DisableExecuteApiEndpoint).toBe(true);
    const stage = template.Resources.HttpApiStage!;
    expect(stage.Properties!.StageName).toBe('$default');
    expect(stage.Properties!.DefaultRouteSettings).toMatchObject({ ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 });
  });

  it('writes JSON access logs with the useful fields and nothing that holds the raw path (the token)', () => {
    const settings = defaults.template.Resources.HttpApiStage!.Properties!.AccessLogSettings;
    expect(settings.DestinationArn).toEqual({ 'Fn::GetAtt': ['HttpApiLogGroup', 'Arn'] });
    const format = settings.Format as string;
    const fields = JSON.parse(format) as Record<string, string>;
    expect(fields).toMatchObject({
      requestId: '$context.requestId',
      routeKey: '$context.routeKey',
      status: '$context.status',
      responseLatency: '$context.responseLatency',
      integrationLatency: '$context.integrationLatency',
      ip: '$context.identity.sourceIp',
      protocol: '$context.protocol',
      time: '$context.requestTime',
    });
    expect(format).not.toMatch(/\$context\.(path|resourcePath|requestOverride|domainPrefix)/);
    expect(format).not.toMatch(/rawPath|pathParameters|\$input/);
  });

  it('keeps every log group for 30 days', () => {
    const groups = resourcesOfType(defaults.template, 'AWS::Logs::LogGroup');
    expect(groups.map(([id]) => id)).toContain('HttpApiLogGroup');
    expect(groups).toHaveLength(deployedFunctions.length + 1);
    for (const [, group] of groups) expect(group.Properties!.RetentionInDays).toBe(30);
  });

  it('creates a DNS-validated certificate for the domain in the hosted zone', () => {
    const { template } = defaults;
    const [[logicalId, certificate]] = resourcesOfType(template, 'AWS::CertificateManager::Certificate') as [
      [string, CfnResource],
    ];
    expect(logicalId).toBe('Certificate');
    expect(conditionHolds(template, certificate.Condition!)).toBe(true);
    expect(certificate.Properties).toEqual({
      DomainName: testDomain,
      ValidationMethod: 'DNS',
      DomainValidationOptions: [{ DomainName: testDomain, HostedZoneId: testZone }],
    });
  });

  it('serves the API on a REGIONAL dualstack TLS 1.2 custom domain mapped to the $default stage, with A and AAAA aliases', () => {
    const { template } = defaults;
    const [[domainId, domain]] = resourcesOfType(template, 'AWS::ApiGatewayV2::DomainName') as [[string, CfnResource]];
    expect(domain.Properties!.DomainName).toBe(testDomain);
    expect(domain.Properties!.DomainNameConfigurations).toEqual([
      {
        EndpointType: 'REGIONAL',
        SecurityPolicy: 'TLS_1_2',
        // IPv6 too, so the AAAA alias is true and IPv6 sources (AUTH_ALLOWED_CIDRS) reach the functions.
        IpAddressType: 'dualstack',
        CertificateArn: { 'Fn::If': ['CreateCertificate', { Ref: 'Certificate' }, { Ref: 'CertificateArn' }] },
      },
    ]);

    const [[, mapping]] = resourcesOfType(template, 'AWS::ApiGatewayV2::ApiMapping') as [[string, CfnResource]];
    expect(mapping.Properties).toEqual({
      DomainName: { Ref: domainId },
      ApiId: { Ref: 'HttpApi' },
      Stage: { Ref: 'HttpApiStage' },
    });

    const records = resourcesOfType(template, 'AWS::Route53::RecordSet').map(([, record]) => record.Properties!);
    expect(records.map((record) => record.Type).sort()).toEqual(['A', 'AAAA']);
    for (const record of records) {
      expect(record).toEqual({
        HostedZoneId: testZone,
        Name: testDomain,
        Type: record.Type,
        AliasTarget: {
          DNSName: { 'Fn::GetAtt': [domainId, 'RegionalDomainName'] },
          HostedZoneId: { 'Fn::GetAtt': [domainId, 'RegionalHostedZoneId'] },
          EvaluateTargetHealth: false,
        },
      });
    }
  });

  it('is one region alone (no `regions`): plain A/AAAA records, no health check, no regional name, an unnamed unreplicated secret', () => {
    const { template } = defaults;
    expect(resourcesOfType(template, 'AWS::Route53::HealthCheck')).toHaveLength(0);
    expect(resourcesOfType(template, 'AWS::ApiGatewayV2::DomainName')).toHaveLength(1);
    for (const [, record] of resourcesOfType(template, 'AWS::Route53::RecordSet')) expect(record.Properties!.SetIdentifier).toBeUndefined();
    expect(template.Resources.CallerTokenSecret!.Properties!.Name).toBeUndefined();
    expect(template.Resources.CallerTokenSecret!.Properties!.ReplicaRegions).toBeUndefined();
    expect(template.Resources.Dashboard!.Properties!.DashboardName).toBe('karmada-interpreter-test');
  });

  it('generates the caller token as a URL-safe secret and lets the functions read that secret only', () => {
    const { template } = defaults;
    const secrets = resourcesOfType(template, 'AWS::SecretsManager::Secret');
    expect(secrets).toHaveLength(1);
    const [[secretId, secret]] = secrets as [[string, CfnResource]];
    const generate = secret.Properties!.GenerateSecretString;
    expect(generate.ExcludePunctuation).toBe(true);
    expect(generate.IncludeSpace ?? false).toBe(false);
    expect(generate.PasswordLength).toBeGreaterThanOrEqual(32);
    // No template: SecretString is the raw token.
    expect(generate.SecretStringTemplate).toBeUndefined();
    expect(generate.GenerateStringKey).toBeUndefined();
    expect(secret.Properties!.SecretString).toBeUndefined();

    const statements = iamStatements(template);
    const secretStatements = statements.filter((statement) =>
      actionsOf(statement).some((action) => action.startsWith('secretsmanager:')),
    );
    expect(secretStatements).toEqual([
      expect.objectContaining({ Effect: 'Allow', Action: ['secretsmanager:GetSecretValue'], Resource: { Ref: secretId } }),
    ]);
    for (const statement of statements) {
      expect([statement.Resource].flat()).not.toContain('*');
      expect(actionsOf(statement).every((action) => !action.endsWith('*'))).toBe(true);
    }
    expect(template.Outputs?.CallerTokenSecretArn?.Value).toEqual({ Ref: secretId });
  });

  it('configures every function through the environment (region-health also gets REGION_DRAIN)', () => {
    for (const [name, [, resource]] of functionsOf(defaults.template)) {
      expect(resource.Properties!.Environment.Variables).toEqual({
        LOG_LEVEL: 'INFO',
        POWERTOOLS_SERVICE_NAME: 'karmada-interpreter',
        AUTH_SECRET_ID: { Ref: 'CallerTokenSecret' },
        AUTH_TOKEN_CACHE_SECONDS: '300',
        AUTH_ALLOWED_CIDRS: '',
        ...(name === healthFunction.name ? { REGION_DRAIN: 'off' } : {}),
      });
    }
  });

  it('outputs the webhook base URL on the custom domain', () => {
    const outputs = defaults.template.Outputs!;
    expect(outputs.WebhookBaseUrl?.Value).toBe(`https://${testDomain}`);
    expect(outputs.HttpApiUrl?.Value).toBe(`https://${testDomain}`);
  });

  it("passes osls's configuration validation with no warning (Serverless v4's `build` block is declared by the stack plugin)", () => {
    for (const { output } of [defaults, changed]) {
      const problems = [...output.matchAll(/^\s+at (.+)$/gm)].map((match) => match[1]);
      expect(problems).toEqual([]);
      expect(output).not.toMatch(/warning|invalid configuration/i);
      expect(output).not.toMatch(/deprecat/i);
    }
  });

  it('never depends on the AWS account at packaging time', () => {
    // No variable source that would call AWS while packaging.
    const config = readFileSync(join(projectRoot, 'serverless.yml'), 'utf8');
    expect(config).not.toMatch(/\$\{(aws|ssm|cf|s3)(\(|:)/);
    // No account id baked in: ARNs are built from AWS::AccountId / AWS::Partition at deploy time.
    expect(readFileSync(defaults.templatePath, 'utf8')).not.toMatch(/arn:aws[a-z-]*:[a-z0-9-]+:[a-z0-9-]*:\d{12}:/);
  });
});

describe('stack template (every parameter changed, protection off)', () => {
  it('uses the given domain, writes no Route 53 record with dns=external and outputs the CNAME target', () => {
    const { template } = changed;
    const [[domainId, domain]] = resourcesOfType(template, 'AWS::ApiGatewayV2::DomainName') as [[string, CfnResource]];
    expect(domain.Properties!.DomainName).toBe(custom.domain);
    expect(domain.Properties!.DomainNameConfigurations[0].IpAddressType).toBe('dualstack');
    expect(resourcesOfType(template, 'AWS::Route53::RecordSet')).toHaveLength(0);
    expect(JSON.stringify(template)).not.toContain(custom.hostedZoneId);
    expect(template.Outputs!.CustomDomainTarget?.Value).toEqual({ 'Fn::GetAtt': [domainId, 'RegionalDomainName'] });
    expect(template.Outputs!.WebhookBaseUrl?.Value).toBe(`https://${custom.domain}`);
  });

  it('uses the given certificate and creates none', () => {
    const { template } = changed;
    expect(template.Parameters!.CertificateArn?.Default).toBe(custom.certificateArn);
    expect(conditionHolds(template, 'CreateCertificate')).toBe(false);
    expect(resourcesOfType(template, 'AWS::CertificateManager::Certificate')).toHaveLength(0);
    // With the condition false, the Fn::If picks the parameter, i.e. the given ARN.
    const configuration = resourcesOfType(template, 'AWS::ApiGatewayV2::DomainName')[0]![1].Properties!
      .DomainNameConfigurations[0];
    expect(configuration.CertificateArn['Fn::If'][2]).toEqual({ Ref: 'CertificateArn' });
  });

  it('has no secret, no secret permission and no AUTH_SECRET_ID with protection off', () => {
    const { template } = changed;
    expect(resourcesOfType(template, 'AWS::SecretsManager::Secret')).toHaveLength(0);
    expect(JSON.stringify(template)).not.toMatch(/secretsmanager|CallerTokenSecret|AUTH_SECRET_ID/);
    for (const [name, [, resource]] of functionsOf(template)) {
      expect(resource.Properties!.Environment.Variables).toEqual({
        LOG_LEVEL: 'DEBUG',
        POWERTOOLS_SERVICE_NAME: 'karmada-interpreter',
        AUTH_TOKEN_CACHE_SECONDS: custom.tokenCacheSeconds,
        AUTH_ALLOWED_CIDRS: custom.allowedCidrs,
        ...(name === healthFunction.name ? { REGION_DRAIN: 'on' } : {}),
      });
    }
  });

  it('applies reserved concurrency, throttling, memory and log retention from the params', () => {
    const { template } = changed;
    for (const [, [, resource]] of functionsOf(template)) {
      expect(resource.Properties!.ReservedConcurrentExecutions).toBe(5);
      expect(resource.Properties!.MemorySize).toBe(512);
    }
    expect(Number(template.Resources.HttpApiStage!.Properties!.DefaultRouteSettings.ThrottlingRateLimit)).toBe(10);
    expect(Number(template.Resources.HttpApiStage!.Properties!.DefaultRouteSettings.ThrottlingBurstLimit)).toBe(20);
    for (const [, group] of resourcesOfType(template, 'AWS::Logs::LogGroup')) {
      expect(group.Properties!.RetentionInDays).toBe(14);
    }
  });

  it('does not create what the defaults create, beyond the certificate, secret and traffic shifting', () => {
    // Versions are named by a hash of code and configuration: every change renames them.
    const left = Object.entries(createdResources(defaults.template))
      .filter(([id, resource]) => !(id in createdResources(changed.template)) && resource.Type !== 'AWS::Lambda::Version')
      .map(([id]) => id);
    const tokenReadFilters = deployedFunctions.map((name) => `${pascal(name)}TokenReadFailuresMetricFilter`);
    const trafficShifting = deployedFunctions.flatMap((name) => [`${pascal(name)}LiveAlias`, `${pascal(name)}DeploymentGroup`]);
    expect(left.sort()).toEqual(
      [
        'AlarmTopic', 'CallerTokenSecret', 'Certificate', 'Dashboard', 'DnsRecordA', 'DnsRecordAAAA', 'TokenReadFailuresAlarm',
        'CodeDeployApplication', 'CodeDeployServiceRole', ...tokenReadFilters, ...trafficShifting,
      ].sort(),
    );
  });

  it('with trafficShift=off, API Gateway invokes the functions directly (no alias, no CodeDeploy)', () => {
    const { template } = changed;
    for (const [, integration] of resourcesOfType(template, 'AWS::ApiGatewayV2::Integration')) {
      expect(invokedFunction(template, integration.Properties!.IntegrationUri).alias).toBeUndefined();
    }
    expect(resourcesOfType(template, 'AWS::Lambda::Alias')).toHaveLength(0);
    expect(JSON.stringify(template)).not.toContain('CodeDeploy');
  });
});

describe('the packaging itself', () => {
  // serverless-esbuild 1.57.2 left one zip staging folder per function in the temporary folder on every run
  // (deploy/serverless/stack-plugin.cjs gives the run a folder of its own and removes it as it exits).
  it('leaves nothing in the temporary folder it was given', () => {
    expect(defaults.leftInTemporaryFolder).toEqual([]);
    expect(changed.leftInTemporaryFolder).toEqual([]);
  });
});

describe('package-time guards', () => {
  it('`npm run package` with the placeholder domain and zone fails with a message saying what to pass', () => {
    const { status, output } = npmRunPackage();
    expect(status).not.toBe(0);
    expect(output).toContain(`the domain is still the placeholder ${placeholderDomain}: pass --param="domain=`);
    expect(output).toContain(`the hosted zone is still the placeholder ${placeholderZone}`);
    expect(output).toContain('--param="dns=external"');
    expect(output).not.toMatch(/^\s+at .*:\d+:\d+\)?$/m); // a message, not a stack trace
  }, packagingTimeout);

  it('names the allowed values of protection and dns (the others: stack-plugin.test.ts)', () => {
    const { status, output } = npmRunPackage([...testDomainParams, 'protection=bad']);
    expect(status).not.toBe(0);
    expect(output).toContain('--param="protection=bad" is not supported: protection must be one of "token", "off"');
    const dns = npmRunPackage([...testDomainParams, 'dns=cloudflare']);
    expect(dns.output).toContain('dns must be one of "route53", "external"');
  }, packagingTimeout);

  // The four of issue 16: each packaged before and deployed a broken service (or deployed elsewhere).
  it.each([
    ['allowedCidrs=10.0.0.0/99', '--param="allowedCidrs=10.0.0.0/99" has "10.0.0.0/99", not an IPv4 or IPv6 CIDR (every call would answer 500): pass comma-separated CIDRs, e.g. --param="allowedCidrs=203.0.113.0/24,2001:db8::/32"'],
    ['domain=https://interpreter.karmada.test', '--param="domain=https://interpreter.karmada.test" is not a host name: pass the bare name, e.g. --param="domain=interpreter.karmada.test" (no scheme, path, port or trailing dot)'],
    ['memorySize=abc', '--param="memorySize=abc" must be the function memory in MB, a whole number from 128 to 10240 (e.g. 256)'],
    ['regoin=eu-west-1', '--param="regoin=eu-west-1" is not a parameter of this stack (did you mean "region"?); the parameters are domain, hostedZoneId,'],
  ])('`npm run package` refuses --param="%s", saying what is allowed, before anything is built', (param, message) => {
    const { status, output } = npmRunPackage([...testDomainParams.filter((given) => given.split('=')[0] !== param.split('=')[0]), param]);
    expect(status).not.toBe(0);
    expect(output).toContain(`Refusing to package a stack that cannot be deployed: ${message}`);
    expect(output).not.toContain('Configuration error'); // the framework's own validation did not answer first
    expect(output).not.toContain('Packaging karmada-interpreter');
    expect(output).not.toMatch(/^\s+at .*:\d+:\d+\)?$/m);
  }, packagingTimeout);
});

describe('alarms and dashboard', () => {
  it('alarms on each function: errors, throttles, and p99 duration above half of timeoutSeconds (10 s)', () => {
    const alarms = alarmsOf(defaults.template);
    for (const name of deployedFunctions) {
      const id = pascal(name);
      const dimensions = [{ Name: 'FunctionName', Value: `karmada-interpreter-test-${name}` }];
      expect(alarms[`${id}ErrorsAlarm`]).toMatchObject({ Namespace: 'AWS/Lambda', MetricName: 'Errors', Dimensions: dimensions, Statistic: 'Sum', Threshold: 1 });
      expect(alarms[`${id}ThrottlesAlarm`]).toMatchObject({ Namespace: 'AWS/Lambda', MetricName: 'Throttles', Dimensions: dimensions, Threshold: 1 });
      expect(alarms[`${id}LatencyAlarm`]).toMatchObject({
        Namespace: 'AWS/Lambda',
        MetricName: 'Duration',
        Dimensions: dimensions,
        ExtendedStatistic: 'p99',
        ComparisonOperator: 'GreaterThanThreshold',
        Threshold: 5000,
      });
    }
  });

  it('alarms on our code >= 500 answers (EMF ServerErrors over every operation), API 5xx, 429 and p99, token reads', () => {
    const alarms = alarmsOf(defaults.template);
    expect(alarms.ServerErrorAnswersAlarm!.Metrics).toEqual([
      expect.objectContaining({ Expression: 'SELECT SUM(ServerErrors) FROM SCHEMA("KarmadaInterpreter", operation, service)', ReturnData: true }),
    ]);
    expect(alarms.ServerErrorAnswersAlarm!.Namespace).toBeUndefined();
    const api = [{ Name: 'ApiId', Value: { Ref: 'HttpApi' } }];
    expect(alarms.Api5xxAlarm).toMatchObject({ Namespace: 'AWS/ApiGateway', MetricName: '5xx', Dimensions: api, Threshold: 1 });
    expect(alarms.ApiLatencyAlarm).toMatchObject({ Namespace: 'AWS/ApiGateway', MetricName: 'Latency', Dimensions: api, ExtendedStatistic: 'p99', Threshold: 5000 });
    expect(alarms.ThrottledCallsAlarm).toMatchObject({ Namespace: 'KarmadaInterpreter', MetricName: 'ThrottledCalls' });
    expect(defaults.template.Resources.ThrottledCallsMetricFilter!.Properties).toMatchObject({
      LogGroupName: { Ref: 'HttpApiLogGroup' },
      FilterPattern: '{ $.status = "429" }',
      MetricTransformations: [expect.objectContaining({ MetricNamespace: 'KarmadaInterpreter', MetricName: 'ThrottledCalls' })],
    });
    // The access log writes the status as a JSON string: the filter compares it as one.
    expect(JSON.parse(defaults.template.Resources.HttpApiStage!.Properties!.AccessLogSettings.Format).status).toBe('$context.status');
    expect(alarms.TokenReadFailuresAlarm).toMatchObject({ Namespace: 'KarmadaInterpreter', MetricName: 'TokenReadFailures' });
    const filters = resourcesOfType(defaults.template, 'AWS::Logs::MetricFilter').filter(([id]) => id.endsWith('TokenReadFailuresMetricFilter'));
    expect(filters).toHaveLength(deployedFunctions.length);
    for (const [, filter] of filters) expect(filter.Properties!.FilterPattern).toBe('{ $.message = "caller token read failed" }');
  });

  it('notifies a topic the stack creates, on alarm and on recovery', () => {
    const { template } = defaults;
    expect(template.Resources.AlarmTopic?.Type).toBe('AWS::SNS::Topic');
    const alarms = Object.values(alarmsOf(template));
    expect(alarms.length).toBe(deployedFunctions.length * 3 + 5);
    // docs/operations.md's cost section counts what the template really creates.
    const operations = readFileSync(join(projectRoot, 'docs/operations.md'), 'utf8');
    const [, documented, perFunction, functionCount, perStack] = /(\d+) alarms at \$0\.10 ≈ \$[\d.]+ \((\d+) per\s+function × (\d+) functions \+ (\d+) for the stack/.exec(operations) ?? [];
    expect(Number(documented)).toBe(alarms.length);
    expect(Number(perFunction) * Number(functionCount) + Number(perStack)).toBe(alarms.length);
    expect(Number(functionCount)).toBe(deployedFunctions.length);
    for (const alarm of alarms) {
      expect(alarm.AlarmActions).toEqual([{ Ref: 'AlarmTopic' }]);
      expect(alarm.OKActions).toEqual([{ Ref: 'AlarmTopic' }]);
      expect(alarm.TreatMissingData).toBe('notBreaching');
    }
    expect(template.Outputs!.AlarmTopicArn?.Value).toEqual({ Ref: 'AlarmTopic' });
  });

  it('has one dashboard with calls, failures and latency per operation', () => {
    const dashboard = defaults.template.Resources.Dashboard!;
    expect(dashboard.Type).toBe('AWS::CloudWatch::Dashboard');
    const body = JSON.parse(dashboard.Properties!.DashboardBody['Fn::Sub']) as { widgets: { properties: { title: string; metrics: unknown[] } }[] };
    const titles = body.widgets.map((widget) => widget.properties.title);
    expect(titles).toEqual(expect.arrayContaining(['Calls per operation', 'Failures per operation (successful: false)', 'Latency per operation (p99, ms)']));
    const text = JSON.stringify(body);
    for (const metric of ['Calls', 'Errors', 'Duration', 'ServerErrors']) {
      expect(text).toContain(`SEARCH('{KarmadaInterpreter,operation,service} MetricName=\\"${metric}\\"'`);
    }
    // The EMF line's Unhealthy metric, by kind (lib/observability/call-metrics.ts).
    expect(titles).toContain('Unhealthy answers per kind (InterpretHealth)');
    expect(text).toContain(`SEARCH('{KarmadaInterpreter,kind,service} MetricName=\\"Unhealthy\\"', 'Sum', 60)`);
    for (const name of deployedFunctions) expect(text).toContain(`karmada-interpreter-test-${name}`);
  });

  it('uses a given topic, creates none, and follows webhookTimeoutSeconds; no dashboard when off', () => {
    const { template } = changed;
    expect(template.Resources.AlarmTopic).toBeUndefined();
    const alarms = alarmsOf(template);
    for (const alarm of Object.values(alarms)) expect(alarm.AlarmActions).toEqual([custom.alarmTopicArn]);
    expect(alarms.ApiLatencyAlarm!.Threshold).toBe(4000);
    expect(alarms.TokenReadFailuresAlarm).toBeUndefined(); // protection off
    expect(template.Resources.Dashboard).toBeUndefined();
  });
});

describe('safe deploys (trafficShift, default Canary10Percent10Minutes)', () => {
  it('gives every function a live alias on the published version, shifted by CodeDeploy with its rollback alarms', () => {
    const { template } = defaults;
    const versions = resourcesOfType(template, 'AWS::Lambda::Version');
    expect(versions).toHaveLength(deployedFunctions.length);
    for (const [, version] of versions) expect(version.DeletionPolicy).toBe('Retain');
    expect(template.Resources.CodeDeployApplication?.Properties).toEqual({ ComputePlatform: 'Lambda' });
    expect(template.Resources.CodeDeployServiceRole!.Properties!.ManagedPolicyArns).toEqual([
      { 'Fn::Sub': 'arn:${AWS::Partition}:iam::aws:policy/service-role/AWSCodeDeployRoleForLambdaLimited' },
    ]);
    for (const name of deployedFunctions) {
      const id = pascal(name);
      const [lambdaId] = functionsOf(template).get(name)!;
      const alias = template.Resources[`${id}LiveAlias`]!;
      expect(alias.Type).toBe('AWS::Lambda::Alias');
      expect(alias.Properties!.Name).toBe('live');
      expect(alias.Properties!.FunctionName).toEqual({ Ref: lambdaId });
      const [versionId] = alias.Properties!.FunctionVersion['Fn::GetAtt'] as [string, string];
      expect(template.Resources[versionId]!.Properties!.FunctionName).toEqual({ Ref: lambdaId });
      expect(alias.UpdatePolicy).toEqual({
        CodeDeployLambdaAliasUpdate: { ApplicationName: { Ref: 'CodeDeployApplication' }, DeploymentGroupName: { Ref: `${id}DeploymentGroup` } },
      });
      expect(template.Resources[`${id}DeploymentGroup`]!.Properties).toEqual({
        ApplicationName: { Ref: 'CodeDeployApplication' },
        ServiceRoleArn: { 'Fn::GetAtt': ['CodeDeployServiceRole', 'Arn'] },
        DeploymentConfigName: 'CodeDeployDefault.LambdaCanary10Percent10Minutes',
        DeploymentStyle: { DeploymentType: 'BLUE_GREEN', DeploymentOption: 'WITH_TRAFFIC_CONTROL' },
        AutoRollbackConfiguration: { Enabled: true, Events: ['DEPLOYMENT_FAILURE', 'DEPLOYMENT_STOP_ON_ALARM'] },
        // The function's own failures and latency, and the stack's code >= 500 answers and API 5xx.
        AlarmConfiguration: {
          Enabled: true,
          Alarms: [`${id}ErrorsAlarm`, `${id}LatencyAlarm`, 'ServerErrorAnswersAlarm', 'Api5xxAlarm'].map((alarm) => ({ Name: { Ref: alarm } })),
        },
      });
    }
  });
});

describe('function artifacts', () => {
  const sizes: Record<string, { bundleKB: number; zipKB: number }> = {};
  let extracted: string;

  beforeAll(() => {
    extracted = mkdtempSync(join(tmpdir(), 'stack-bundles-'));
  });
  afterAll(() => {
    if (Object.keys(sizes).length > 0) console.info('function bundles (KB):', JSON.stringify(sizes));
    rmSync(extracted, { recursive: true, force: true });
  });

  it('packages each function as one minified ESM bundle, its start under 150 KB, each kind\'s interpreter a chunk beside it, without the AWS SDK or source maps', () => {
    for (const name of deployedFunctions) {
      const zipPath = join(defaults.dir, `${name}.zip`);
      const entries = readZip(zipPath);
      const bundle = name === healthFunction.name ? healthFunction.handler.replace(/\.handler$/, '.mjs') : `functions/${name}.mjs`;
      // The interpreter functions load each kind's interpreter from functions/chunks/ on demand (docs/adr/0012).
      const interprets = name !== healthFunction.name && !(reviewFunctions as readonly string[]).includes(name);
      const chunks = entries.map((entry) => entry.name).filter((entry) => entry !== bundle);
      expect(entries.map((entry) => entry.name)).toContain(bundle);
      if (interprets) expect(chunks.every((chunk) => /^functions\/chunks\/[\w-]+\.mjs$/.test(chunk)), chunks.join(', ')).toBe(true);
      else expect(chunks).toEqual([]);
      const code = new Map(entries.map((entry) => [entry.name, entry.data]));
      // What a cold start reads: the handler's file and the chunks it imports statically (not `import(...)`).
      const started = new Set([bundle]);
      for (const file of started) {
        for (const [, imported] of code.get(file)!.toString('utf8').matchAll(/from\s*"\.\/(chunks\/[\w-]+\.mjs)"/g)) started.add(join(file, '..', imported!));
      }
      const startBytes = [...started].reduce((sum, file) => sum + code.get(file)!.length, 0);
      expect(startBytes).toBeLessThan(bundleLimitBytes);
      sizes[name] = {
        bundleKB: Math.round((startBytes / 1024) * 10) / 10,
        zipKB: Math.round((readFileSync(zipPath).length / 1024) * 10) / 10,
      };
      for (const entry of entries) {
        const text = entry.data.toString('utf8');
        expect(text).not.toContain('sourceMappingURL');
        // @aws-sdk/* is external (docs/adr/0001): the Lambda runtime provides it.
        expect(text).not.toContain('SecretsManagerServiceException');
        expect(text.split('\n').length).toBeLessThan(20); // minified
        mkdirSync(join(extracted, entry.name, '..'), { recursive: true });
        writeFileSync(join(extracted, entry.name), entry.data);
      }
    }
  });

  it('runs each bundle in a fresh node process: import it, call its handler with a fixture event', () => {
    // Each bundle is imported and invoked by plain node (no vitest transform), as the Lambda runtime would.
    const runner = `
      import { readFileSync } from 'node:fs';
      const [bundles, fixtures, names] = [process.argv[1], process.argv[2], JSON.parse(process.argv[3])];
      const results = {};
      for (const name of names) {
        const { handler } = await import(bundles + '/functions/' + name + '.mjs');
        const cases = name === 'dispatcher' ? ['dispatcher', 'healthz'] : [name];
        for (const fixture of cases) {
          const event = JSON.parse(readFileSync(fixtures + '/' + fixture + '.json', 'utf8'));
          const result = await handler(event, { awsRequestId: 'test', functionName: name });
          results[name + ':' + fixture] = { statusCode: result.statusCode, body: JSON.parse(result.body),
            request: event.body ? JSON.parse(event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString() : event.body).request : undefined };
        }
      }
      const health = await import(bundles + '/deploy/serverless/region-health.mjs');
      const answer = await health.handler({ requestContext: { http: { method: 'GET', sourceIp: '198.51.100.1' } } });
      results['region-health'] = { statusCode: answer.statusCode, body: JSON.parse(answer.body) };
      process.stdout.write(JSON.stringify(results));`;
    const env: NodeJS.ProcessEnv = {};
    for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('AWS_') && !key.startsWith('AUTH_')) env[key] = value;
    Object.assign(env, { AWS_EC2_METADATA_DISABLED: 'true', POWERTOOLS_METRICS_DISABLED: 'true', POWERTOOLS_LOG_LEVEL: 'SILENT' });
    const output = execFileSync(
      process.execPath,
      ['--input-type=module', '-e', runner, extracted, join(projectRoot, 'test/fixtures/events'), JSON.stringify(functionNames)],
      { env, encoding: 'utf8', timeout: 60_000 },
    );
    const results = JSON.parse(output) as Record<string, { statusCode: number; body: any; request?: { uid: string } }>;
    expect(Object.keys(results)).toHaveLength(functionNames.length + 2);
    expect(results['dispatcher:healthz']).toEqual({ statusCode: 200, body: { status: 'ok' } });
    // No AUTH_SECRET_ID here: protection off, so health is "the function runs and its guard is satisfied".
    expect(results['region-health']).toEqual({ statusCode: 200, body: { status: 'ok', region: 'local', protection: 'off' } });
    for (const [key, result] of Object.entries(results)) {
      if (key === 'dispatcher:healthz' || key === 'region-health') continue;
      expect(result.statusCode, key).toBe(200);
      expect(result.body.response.uid, key).toBe(result.request!.uid);
      // Each review kind says success in its own words.
      if (key.startsWith('convert:')) expect(result.body.response.result, key).toEqual({ status: 'Success' });
      else if (key.startsWith('mutate:') || key.startsWith('validate:')) {
        expect(result.body.kind, key).toBe('AdmissionReview');
        expect(result.body.response.allowed, key).toBe(true);
      } else {
        expect(result.body.kind, key).toBe('ResourceInterpreterContext');
        expect(result.body.response.successful, key).toBe(true);
      }
    }
  }, 60_000);
});

describe('cfn-lint', () => {
  const cfnLintTool = requireTool('cfn-lint');
  it.skipIf(cfnLintTool.missing)(`passes on both templates (W3005 from the framework ignored)${cfnLintTool.note}`, () => {
    for (const packaged of [defaults, changed]) {
      const { status, output } = cfnLint(packaged.templatePath);
      expect(output).toBe('');
      expect(status).toBe(0);
    }
  }, 60_000);
});
