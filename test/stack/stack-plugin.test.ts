// The local serverless plugin on its own (no packaging): alarms follow the functions serverless.yml declares, so
// functions added later (convert, mutate, validate...) are covered; alarms=off leaves none. The package-time guards
// (deploy/serverless/guards.cjs) with their messages.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { sourceAllowList } from '../../lib/auth/source-address';

type Resources = Record<string, { Type: string; Properties: Record<string, any> }>;
interface Plugin {
  guard(): void;
  addMonitoring(): void;
}
const require = createRequire(import.meta.url);
const StackPlugin = require('../../deploy/serverless/stack-plugin.cjs') as new (serverless: unknown) => Plugin;
const { problemsOf, isCidr } = require('../../deploy/serverless/guards.cjs') as {
  problemsOf(settings: Record<string, unknown>, cli?: { params?: string[]; known?: string[]; regionOption?: string }): string[];
  isCidr(entry: string): boolean;
};

const baseSettings: Record<string, unknown> = {
  domain: 'interpreter.karmada.test',
  hostedZoneId: 'Z0TEST',
  region: 'us-east-1',
  dns: 'route53',
  protection: 'token',
  alarms: 'on',
  alarmTopicArn: '',
  alarmEmail: '',
  webhookTimeoutSeconds: 10,
  dashboard: 'on',
};

/** The guards' refusals of baseSettings with `changes`, joined ('' when accepted). */
const refusal = (changes: Record<string, unknown>): string => problemsOf({ ...baseSettings, ...changes }).join('; ');

function fakeServerless(functionNames: string[], settings: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  const template = { Resources: {} as Resources, Outputs: {} as Record<string, unknown> };
  const serverless = {
    ...extra,
    classes: { Error },
    service: {
      service: 'karmada-interpreter',
      custom: { stack: { ...baseSettings, ...settings } },
      provider: { compiledCloudFormationTemplate: template },
      getAllFunctions: () => functionNames,
      getFunction: (name: string) => ({ name: `karmada-interpreter-dev-${name}` }),
    },
    getProvider: () => ({
      getStage: () => 'dev',
      naming: { getLogGroupLogicalId: (name: string) => `${name.replace(/-./g, (m) => m[1]!.toUpperCase())}LogGroup` },
    }),
  };
  return { plugin: new StackPlugin(serverless), template };
}

const ofType = (resources: Resources, type: string) => Object.entries(resources).filter(([, resource]) => resource.Type === type);

describe('stack plugin', () => {
  it('adds three alarms and a token-read filter for every function, including ones added later', () => {
    const { plugin, template } = fakeServerless(['interpret-replica', 'convert', 'mutate', 'validate']);
    plugin.addMonitoring();
    for (const id of ['InterpretReplica', 'Convert', 'Mutate', 'Validate']) {
      for (const suffix of ['ErrorsAlarm', 'ThrottlesAlarm', 'LatencyAlarm', 'TokenReadFailuresMetricFilter']) {
        expect(template.Resources[`${id}${suffix}`], `${id}${suffix}`).toBeDefined();
      }
    }
    expect(template.Resources.ConvertErrorsAlarm!.Properties.Dimensions).toEqual([{ Name: 'FunctionName', Value: 'karmada-interpreter-dev-convert' }]);
    expect(template.Resources.ValidateTokenReadFailuresMetricFilter!.Properties.LogGroupName).toEqual({ Ref: 'validateLogGroup' });
    expect(JSON.stringify(template.Resources.Dashboard)).toContain('karmada-interpreter-dev-mutate');
  });

  it('with alarms=off creates no alarm and no topic, but keeps the dashboard and the metric filters', () => {
    const { plugin, template } = fakeServerless(['retain'], { alarms: 'off' });
    plugin.addMonitoring();
    expect(ofType(template.Resources, 'AWS::CloudWatch::Alarm')).toHaveLength(0);
    expect(ofType(template.Resources, 'AWS::SNS::Topic')).toHaveLength(0);
    expect(template.Resources.Dashboard).toBeDefined();
    expect(template.Outputs.AlarmTopicArn).toBeUndefined();
  });

  it('subscribes alarmEmail to the topic it creates', () => {
    const { plugin, template } = fakeServerless(['retain'], { alarmEmail: 'oncall@example.org' });
    plugin.addMonitoring();
    expect(template.Resources.AlarmEmailSubscription!.Properties).toEqual({ TopicArn: { Ref: 'AlarmTopic' }, Protocol: 'email', Endpoint: 'oncall@example.org' });
  });

  it('refuses the placeholders and unknown choices with messages naming what to pass', () => {
    expect(refusal({ domain: 'interpreter.example.com' })).toContain('--param="domain=');
    expect(refusal({ hostedZoneId: 'Z0000000000000000000' })).toContain('--param="dns=external"');
    expect(refusal({ hostedZoneId: 'Z0000000000000000000', dns: 'external' })).toBe('');
    expect(refusal({ alarms: 'yes' })).toContain('alarms must be one of "on", "off"');
    expect(refusal({ webhookTimeoutSeconds: 45 })).toContain('from 1 to 30');
    expect(refusal({})).toBe('');
  });

  it('refuses what would deploy a broken service, naming the allowed form', () => {
    expect(refusal({ allowedCidrs: '10.0.0.0/8,10.0.0.0/99' })).toBe(
      '--param="allowedCidrs=10.0.0.0/8,10.0.0.0/99" has "10.0.0.0/99", not an IPv4 or IPv6 CIDR (every call would answer 500): ' +
        'pass comma-separated CIDRs, e.g. --param="allowedCidrs=203.0.113.0/24,2001:db8::/32" (prefix at most 32 for IPv4, 128 for IPv6)',
    );
    expect(refusal({ domain: 'https://interpreter.karmada.test/' })).toBe(
      '--param="domain=https://interpreter.karmada.test/" is not a host name: pass the bare name, e.g. --param="domain=interpreter.karmada.test" (no scheme, path, port or trailing dot)',
    );
    expect(refusal({ domain: 'interpreter.karmada.test:443' })).toContain('e.g. --param="domain=interpreter.karmada.test"');
    expect(refusal({ memorySize: 'abc' })).toBe('--param="memorySize=abc" must be the function memory in MB, a whole number from 128 to 10240 (e.g. 256)');
    expect(refusal({ memorySize: '64' })).toContain('from 128 to 10240');
    expect(refusal({ logRetentionDays: '10' })).toContain("one of CloudWatch Logs' periods: 1, 3, 5, 7, 14, 30");
    expect(refusal({ tokenCacheSeconds: '-1' })).toContain('--param="tokenCacheSeconds=-1" must be a number of seconds >= 0');
    expect(refusal({ throttleRateLimit: 'fast' })).toContain('--param="throttleRateLimit=fast" must be');
    expect(refusal({ hostedZoneId: '/hostedzone/Z123' })).toContain('not a Route 53 hosted zone id');
    expect(refusal({ trafficShift: 'Canary50Percent' })).toContain('trafficShift must be one of "Canary10Percent5Minutes"');
    expect(refusal({ region: 'eu-west' })).toContain('region "eu-west" is not an AWS region');
    expect(refusal({ certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc', region: 'eu-west-1' })).toContain('a certificate of its own region');
  });

  it('refuses an unknown --param name (a typo would deploy with the default), suggesting the near one', () => {
    const cli = { params: ['domain=interpreter.karmada.test', 'regoin=eu-west-1'], known: ['domain', 'region', 'regions', 'memorySize'] };
    expect(problemsOf({ ...baseSettings, region: 'us-east-1' }, cli)).toEqual([
      '--param="regoin=eu-west-1" is not a parameter of this stack (did you mean "region"?); the parameters are domain, region, regions, memorySize, reservedConcurrency (docs/deploy.md#parameters)',
    ]);
    expect(problemsOf({ ...baseSettings, region: 'us-east-1' }, { ...cli, params: ['reservedConcurrency=5'] })).toEqual([]);
    expect(problemsOf({ ...baseSettings, region: 'us-east-1' }, { ...cli, params: ['reservedConcurrency=many'] })[0]).toContain('must be a whole number of instances');
    expect(problemsOf({ ...baseSettings, region: 'us-east-1' }, { ...cli, params: ['region=eu-west-1'], regionOption: 'us-east-1' })[0]).toBe(
      '--region us-east-1 and --param="region=eu-west-1" disagree: pass one of them',
    );
  });

  it('refuses a set of regions that cannot work', () => {
    const set = { ...baseSettings, region: 'us-east-1', regions: 'eu-west-1,us-east-1' };
    expect(problemsOf(set)).toEqual([]);
    expect(problemsOf({ ...set, region: 'ap-south-1' }).join()).toContain("does not include this stack's region ap-south-1: deploy the set with npm run deploy -- --regions eu-west-1,us-east-1");
    expect(problemsOf({ ...set, regions: 'eu-west-1,us-east-1,eu-west-1' }).join()).toContain('names eu-west-1 twice');
    expect(problemsOf({ ...set, regions: 'eu-west-1,us-east-1,moon' }).join()).toContain('"moon", not a region');
    expect(problemsOf({ ...set, dns: 'external' }).join()).toContain('needs --param="dns=route53"');
    expect(problemsOf({ ...set, certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc' }).join()).toContain('leave certificateArn empty');
  });

  it('checks allowedCidrs as the functions parse AUTH_ALLOWED_CIDRS (lib/auth/source-address.ts)', () => {
    const entries = ['10.0.0.0/8', '10.0.0.0/99', '10.0.0.1', '2001:db8::/32', '2001:db8::/129', '::1', '10.0.0.0/', '10.0.0.0/8/8', 'a.b.c.d/8', '300.0.0.0/8', '10.0.0.0/-1', '10.0.0.0/8.5', '::ffff:10.0.0.1/128', 'fe80::1%eth0/64'];
    for (const entry of entries) {
      let parses = true;
      try {
        sourceAllowList([entry]);
      } catch {
        parses = false;
      }
      expect(isCidr(entry), entry).toBe(parses);
    }
  });

  it('reads --param from the command line and the declared names from serverless.yml (the framework has not resolved them yet)', () => {
    const guardOf = (params: string[]) => {
      const { plugin } = fakeServerless([], {}, {
        processedInput: { commands: ['print'], options: { param: params, stage: 'prod' } },
        configurationInput: { params: { default: { ...baseSettings, region: 'us-east-1', regions: '', memorySize: 256 }, prod: { logLevel: 'WARN' } } },
      });
      return () => plugin.guard();
    };
    expect(guardOf(['logLevel=DEBUG'])).not.toThrow();
    expect(guardOf(['memorySize=abc'])).toThrow('Refusing to package a stack that cannot be deployed: --param="memorySize=abc" must be');
    expect(guardOf(['memmorySize=512'])).toThrow('(did you mean "memorySize"?)');
  });
});
