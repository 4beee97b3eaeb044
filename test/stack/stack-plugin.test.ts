// The local serverless plugin on its own (no packaging): alarms follow the functions serverless.yml declares, so
// functions added later (convert, mutate, validate...) are covered; alarms=off leaves none.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

type Resources = Record<string, { Type: string; Properties: Record<string, any> }>;
interface Plugin {
  guard(): void;
  addMonitoring(): void;
}
const StackPlugin = createRequire(import.meta.url)('../../deploy/serverless/stack-plugin.cjs') as new (serverless: unknown) => Plugin;

const baseSettings = {
  domain: 'interpreter.karmada.test',
  hostedZoneId: 'Z0TEST',
  dns: 'route53',
  protection: 'token',
  alarms: 'on',
  alarmTopicArn: '',
  alarmEmail: '',
  webhookTimeoutSeconds: 10,
  dashboard: 'on',
};

function fakeServerless(functionNames: string[], settings: Record<string, unknown> = {}) {
  const template = { Resources: {} as Resources, Outputs: {} as Record<string, unknown> };
  const serverless = {
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
    expect(() => fakeServerless([], { domain: 'interpreter.example.com' }).plugin.guard()).toThrow('--param="domain=');
    expect(() => fakeServerless([], { hostedZoneId: 'Z0000000000000000000' }).plugin.guard()).toThrow('--param="dns=external"');
    expect(() => fakeServerless([], { hostedZoneId: 'Z0000000000000000000', dns: 'external' }).plugin.guard()).not.toThrow();
    expect(() => fakeServerless([], { alarms: 'yes' }).plugin.guard()).toThrow('alarms must be one of "on", "off"');
    expect(() => fakeServerless([], { webhookTimeoutSeconds: 45 }).plugin.guard()).toThrow('from 1 to 30');
    expect(() => fakeServerless([]).plugin.guard()).not.toThrow();
  });
});
