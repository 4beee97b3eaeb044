// Active/active sets of two and three regions, packaged offline by the multi-region command itself
// (`npm run deploy -- --regions ... --package <dir>`), then read: each regional stack's latency records and health
// check, its regional name and certificate, the caller token's replication (primary) or local replica (others),
// its dashboard name, and cfn-lint on every template (docs/adr/0010-multi-region.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireTool } from '../support/tools';
import {
  cfnLint,
  npmRunDeploy,
  packageRegions,
  removePackagedSet,
  resourcesOfType,
  testDomainParams,
  type CfnTemplate,
  type PackagedSet,
} from './packaging';

const packagingTimeout = 180_000;
const domain = 'interpreter.karmada.test';
const zone = 'Z0TEST0000000000000000';
const secretName = 'karmada-interpreter-test-caller-token';
const sets = { two: ['eu-west-1', 'us-east-1'], three: ['us-east-1', 'eu-central-1', 'ap-southeast-2'] };

let two: PackagedSet;
let three: PackagedSet;

beforeAll(async () => {
  [two, three] = await Promise.all([packageRegions(sets.two), packageRegions(sets.three)]);
  console.info(`npm run deploy --package: ${two.seconds.toFixed(1)} s (2 regions), ${three.seconds.toFixed(1)} s (3 regions), run in parallel`);
}, packagingTimeout);

afterAll(() => {
  removePackagedSet(two);
  removePackagedSet(three);
});

const everyStack = () => [two, three].flatMap((set) => set.regions.map((stack) => ({ ...stack, set: set.regions.map(({ region }) => region) })));

function records(template: CfnTemplate, name: string): Record<string, any>[] {
  return resourcesOfType(template, 'AWS::Route53::RecordSet')
    .map(([id, record]): Record<string, any> => ({ id, ...record.Properties! }))
    .filter((record) => record.Name === name);
}

describe('multi-region command (npm run deploy -- --regions)', () => {
  it('packages every region, the primary first, each for its own region', () => {
    for (const set of [two, three]) {
      const order = [...set.output.matchAll(/^\[([a-z0-9-]+), (primary|replica)\] serverless package/gm)].map((match) => `${match[1]} ${match[2]}`);
      expect(order).toEqual(set.regions.map(({ region }, index) => `${region} ${index === 0 ? 'primary' : 'replica'}`));
      for (const region of set.regions.map((stack) => stack.region)) expect(set.output).toContain(`Packaging karmada-interpreter for stage test (${region})`);
    }
  });

  it('refuses --region and a region param (it sets them), and a missing --regions; --dry-run prints the deploys in order', () => {
    expect(npmRunDeploy(['--regions', 'eu-west-1', '--region', 'us-east-1']).output).toContain('--region is set per region by this command');
    expect(npmRunDeploy(['--regions', 'eu-west-1', '--param=region=us-east-1']).output).toContain('--param="region=..." is set by this command from --regions');
    const missing = npmRunDeploy(['--param=domain=x.test']);
    expect(missing.status).toBe(2);
    expect(missing.output).toContain('--regions is required (the primary first)');
    const dry = npmRunDeploy(['--regions', 'eu-west-1,us-east-1', '--dry-run', '--stage', 'prod', ...testDomainParams.map((param) => `--param=${param}`)]);
    expect(dry.status).toBe(0);
    expect(dry.output.trim().split('\n')).toEqual([
      `[eu-west-1, primary] serverless deploy --param=region=eu-west-1 --param=regions=eu-west-1,us-east-1 --stage prod --param=${testDomainParams[0]} --param=${testDomainParams[1]}`,
      `[us-east-1, replica] serverless deploy --param=region=us-east-1 --param=regions=eu-west-1,us-east-1 --stage prod --param=${testDomainParams[0]} --param=${testDomainParams[1]}`,
    ]);
  }, packagingTimeout);
});

describe('each regional stack of a set', () => {
  it('owns A and AAAA latency records of the shared name, tied to its own health check', () => {
    for (const { region, template } of everyStack()) {
      const shared = records(template, domain);
      expect(shared.map((record) => record.Type).sort(), region).toEqual(['A', 'AAAA']);
      for (const record of shared) {
        expect(record, region).toMatchObject({
          HostedZoneId: zone,
          SetIdentifier: region,
          Region: region,
          HealthCheckId: { Ref: 'RegionHealthCheck' },
          AliasTarget: { DNSName: { 'Fn::GetAtt': ['CustomDomain', 'RegionalDomainName'] }, EvaluateTargetHealth: false },
        });
        expect(record.Weight).toBeUndefined();
        expect(record.Failover).toBeUndefined();
      }
    }
  });

  it('health-checks its own regional name over HTTPS on /healthz/region: 30 s × 3 failures by default', () => {
    for (const { region, template } of everyStack()) {
      const checks = resourcesOfType(template, 'AWS::Route53::HealthCheck');
      expect(checks.map(([id]) => id)).toEqual(['RegionHealthCheck']);
      expect(checks[0]![1].Properties!.HealthCheckConfig).toEqual({
        Type: 'HTTPS',
        FullyQualifiedDomainName: `${region}.${domain}`,
        Port: 443,
        ResourcePath: '/healthz/region',
        EnableSNI: true,
        RequestInterval: 30,
        FailureThreshold: 3,
      });
      // The probe carries no token: the path is fixed and the health route is served without one.
      expect(JSON.stringify(checks)).not.toMatch(/token|resolve:secretsmanager/i);
      const route = resourcesOfType(template, 'AWS::ApiGatewayV2::Route').find(([, resource]) => resource.Properties!.RouteKey === 'GET /healthz/region');
      expect(route).toBeDefined();
    }
  });

  it('answers its regional name on a second custom domain, with the certificate covering both names', () => {
    for (const { region, template } of everyStack()) {
      const regional = `${region}.${domain}`;
      const domains = resourcesOfType(template, 'AWS::ApiGatewayV2::DomainName').map(([, resource]) => resource.Properties!);
      expect(domains.map((properties) => properties.DomainName).sort()).toEqual([regional, domain].sort());
      for (const properties of domains) {
        expect(properties.DomainNameConfigurations[0]).toMatchObject({ EndpointType: 'REGIONAL', IpAddressType: 'dualstack', SecurityPolicy: 'TLS_1_2' });
      }
      expect(resourcesOfType(template, 'AWS::ApiGatewayV2::ApiMapping')).toHaveLength(2);
      expect(records(template, regional).map((record) => record.Type).sort()).toEqual(['A', 'AAAA']);
      for (const record of records(template, regional)) expect(record.SetIdentifier).toBeUndefined();
      const certificate = template.Resources.Certificate!.Properties!;
      expect(certificate.DomainName).toBe(domain);
      expect(certificate.SubjectAlternativeNames).toEqual([regional]);
      expect(certificate.DomainValidationOptions).toEqual([
        { DomainName: domain, HostedZoneId: zone },
        { DomainName: regional, HostedZoneId: zone },
      ]);
    }
  });

  it('shares one caller token: the primary replicates its secret to the other regions, each region reads its own copy', () => {
    for (const set of [two, three]) {
      const [primary, ...replicas] = set.regions;
      const secret = primary!.template.Resources.CallerTokenSecret!;
      expect(secret.Properties).toMatchObject({
        Name: secretName,
        ReplicaRegions: replicas.map(({ region }) => ({ Region: region })),
        GenerateSecretString: { PasswordLength: 48, ExcludePunctuation: true },
      });
      expect(primary!.template.Outputs!.CallerTokenSecretArn!.Value).toEqual({ Ref: 'CallerTokenSecret' });
      for (const replica of replicas) {
        expect(resourcesOfType(replica.template, 'AWS::SecretsManager::Secret'), replica.region).toHaveLength(0);
        expect(replica.template.Outputs!.CallerTokenSecretArn!.Value).toBe(secretName);
      }
      for (const { region, template } of set.regions) {
        for (const [, fn] of resourcesOfType(template, 'AWS::Lambda::Function')) {
          expect(fn.Properties!.Environment.Variables.AUTH_SECRET_ID, region).toBe(secretName);
        }
        const statements = resourcesOfType(template, 'AWS::IAM::Role').flatMap(([, role]) =>
          ((role.Properties!.Policies ?? []) as { PolicyDocument: { Statement: Record<string, any>[] } }[]).flatMap((policy) => policy.PolicyDocument.Statement),
        );
        const secretReads = statements.filter((statement) => JSON.stringify(statement.Action).includes('secretsmanager:'));
        // This region's copy only (AWS::Region), by the name and Secrets Manager's 6-character suffix.
        expect(secretReads).toEqual([
          {
            Effect: 'Allow',
            Action: ['secretsmanager:GetSecretValue'],
            Resource: { 'Fn::Sub': `arn:\${AWS::Partition}:secretsmanager:\${AWS::Region}:\${AWS::AccountId}:secret:${secretName}-??????` },
          },
        ]);
        expect(JSON.stringify(template.Resources)).not.toContain('"Ref":"CallerTokenSecret"');
      }
    }
  });

  it('names its dashboard after its region (dashboard names are per account), and keeps every alarm and the traffic shifting', () => {
    for (const set of [two, three]) {
      const names = set.regions.map(({ template }) => template.Resources.Dashboard!.Properties!.DashboardName);
      expect(names).toEqual(set.regions.map(({ region }) => `karmada-interpreter-test-${region}`));
      const alarmCounts = set.regions.map(({ template }) => resourcesOfType(template, 'AWS::CloudWatch::Alarm').length);
      expect(new Set(alarmCounts)).toEqual(new Set([44]));
      for (const { template } of set.regions) expect(resourcesOfType(template, 'AWS::CodeDeploy::DeploymentGroup')).toHaveLength(13);
    }
  });

  it('has no resource with a name another region of the set would also claim (beyond the replicated secret)', () => {
    // Regional services (Lambda, API Gateway, alarms, logs, CodeDeploy) allow the same names in two regions; IAM
    // roles, dashboards and health checks are global: named by region, or not named.
    for (const set of [two, three]) {
      const globalNames = set.regions.flatMap(({ template }) => [
        ...resourcesOfType(template, 'AWS::IAM::Role').map(([, role]) => role.Properties!.RoleName).filter((name) => name !== undefined),
        template.Resources.Dashboard!.Properties!.DashboardName,
      ]);
      expect(new Set(globalNames).size).toBe(globalNames.length);
    }
  });
});

describe('cfn-lint', () => {
  const cfnLintTool = requireTool('cfn-lint');
  it.skipIf(cfnLintTool.missing)(`passes on every regional template of the 2- and 3-region sets${cfnLintTool.note}`, () => {
    for (const { templatePath } of everyStack()) {
      const { status, output } = cfnLint(templatePath);
      expect(output).toBe('');
      expect(status).toBe(0);
    }
  }, 120_000);
});
