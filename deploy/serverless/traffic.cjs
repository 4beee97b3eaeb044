'use strict';
// Safe deploys (docs/adr/0010-multi-region.md, "Safe deploys"): every function gets a `live` alias on the version
// the framework publishes (provider.versionFunctions), API Gateway calls the alias, and CodeDeploy shifts the alias
// to a new version gradually (trafficShift, e.g. 10% for 10 minutes, then all), rolling it back by itself when one
// of the rollback alarms fires: the function's own errors and p99 latency, and the stack's answers with code >= 500
// and API Gateway 5xx. Generated here rather than by serverless-plugin-canary-deployments: that plugin wants the
// same `deploymentSettings` copied into every function, names its alarms before this plugin has created them, and
// its last release is from 2022; this is about 80 lines of plain CloudFormation.

const aliasName = 'live';

/** The alarms that stop a deployment of one function and roll it back, when they exist (alarms=on). */
function rollbackAlarmIds(functionId, resources) {
  return [`${functionId}ErrorsAlarm`, `${functionId}LatencyAlarm`, 'ServerErrorAnswersAlarm', 'Api5xxAlarm'].filter((id) => resources[id] !== undefined);
}

/**
 * @param template the compiled template (with the alarms already added)
 * @param functions `[{ id, logicalId }]`: the pascal-cased name and the framework's Lambda logical id
 * @param trafficShift a CodeDeploy predefined Lambda configuration name without its `CodeDeployDefault.` prefix
 */
function shiftTrafficGradually(template, functions, trafficShift) {
  const resources = template.Resources;
  resources.CodeDeployApplication = { Type: 'AWS::CodeDeploy::Application', Properties: { ComputePlatform: 'Lambda' } };
  // CodeDeploy's own managed policy for Lambda: update aliases, read alarms, nothing else of ours.
  resources.CodeDeployServiceRole = {
    Type: 'AWS::IAM::Role',
    Properties: {
      AssumeRolePolicyDocument: {
        Version: '2012-10-17',
        Statement: [{ Effect: 'Allow', Principal: { Service: 'codedeploy.amazonaws.com' }, Action: 'sts:AssumeRole' }],
      },
      ManagedPolicyArns: [{ 'Fn::Sub': 'arn:${AWS::Partition}:iam::aws:policy/service-role/AWSCodeDeployRoleForLambdaLimited' }],
    },
  };

  (template.Outputs ??= {}).CodeDeployApplicationName = {
    Description: 'CodeDeploy application shifting the live aliases: aws deploy list-deployments --application-name <this> --include-only-statuses InProgress',
    Value: { Ref: 'CodeDeployApplication' },
  };

  const aliasOf = new Map();
  for (const fn of functions) {
    const versions = Object.entries(resources).filter(([, resource]) => resource.Type === 'AWS::Lambda::Version' && resource.Properties.FunctionName?.Ref === fn.logicalId);
    if (versions.length !== 1) throw new Error(`traffic shifting: expected one AWS::Lambda::Version of ${fn.logicalId} (provider.versionFunctions), found ${versions.length}`);
    const [[versionId]] = versions;
    const alarms = rollbackAlarmIds(fn.id, resources);
    resources[`${fn.id}DeploymentGroup`] = {
      Type: 'AWS::CodeDeploy::DeploymentGroup',
      Properties: {
        ApplicationName: { Ref: 'CodeDeployApplication' },
        ServiceRoleArn: { 'Fn::GetAtt': ['CodeDeployServiceRole', 'Arn'] },
        DeploymentConfigName: `CodeDeployDefault.Lambda${trafficShift}`,
        DeploymentStyle: { DeploymentType: 'BLUE_GREEN', DeploymentOption: 'WITH_TRAFFIC_CONTROL' },
        AutoRollbackConfiguration: { Enabled: true, Events: alarms.length > 0 ? ['DEPLOYMENT_FAILURE', 'DEPLOYMENT_STOP_ON_ALARM'] : ['DEPLOYMENT_FAILURE'] },
        ...(alarms.length > 0 ? { AlarmConfiguration: { Enabled: true, Alarms: alarms.map((id) => ({ Name: { Ref: id } })) } } : {}),
      },
    };
    const aliasId = `${fn.id}LiveAlias`;
    resources[aliasId] = {
      Type: 'AWS::Lambda::Alias',
      Properties: { FunctionName: { Ref: fn.logicalId }, FunctionVersion: { 'Fn::GetAtt': [versionId, 'Version'] }, Name: aliasName },
      // On an update that changes the version, CloudFormation hands the switch to CodeDeploy and waits for it.
      UpdatePolicy: { CodeDeployLambdaAliasUpdate: { ApplicationName: { Ref: 'CodeDeployApplication' }, DeploymentGroupName: { Ref: `${fn.id}DeploymentGroup` } } },
    };
    aliasOf.set(fn.logicalId, aliasId);
  }

  // API Gateway invokes the alias (the integration's URI and the permission's function), never $LATEST.
  const toAlias = (node) => {
    const [logicalId, attribute] = node?.['Fn::GetAtt'] ?? [];
    return attribute === 'Arn' && aliasOf.has(logicalId) ? { Ref: aliasOf.get(logicalId) } : node;
  };
  for (const resource of Object.values(resources)) {
    if (resource.Type === 'AWS::ApiGatewayV2::Integration') resource.Properties.IntegrationUri = toAlias(resource.Properties.IntegrationUri);
    if (resource.Type === 'AWS::Lambda::Permission') resource.Properties.FunctionName = toAlias(resource.Properties.FunctionName);
  }
}

module.exports = { shiftTrafficGradually, aliasName, rollbackAlarmIds };
