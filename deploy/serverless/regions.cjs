'use strict';
// Active/active across regions (docs/adr/0010-multi-region.md). With the `regions` param set, each regional stack
// owns its part of the set; there is no global stack:
//   - its API Gateway custom domain on the shared name, and a second one on `<region>.<domain>`, the name only this
//     region answers: Route 53's health checkers probe it (the shared name would send them to the nearest region);
//   - a certificate covering both names, DNS-validated in the hosted zone;
//   - the shared name's A and AAAA records as latency records (SetIdentifier and Region = this region), tied to
//     this region's health check, so a region that fails the check leaves DNS;
//   - the health check: HTTPS GET https://<region>.<domain>/healthz/region (the region-health function);
//   - the caller token: the primary (first region) creates the secret with a fixed name and replicates it to the
//     others; every region's functions read the secret of their own region by that name.
// Single-region stacks (regions empty) are left exactly as serverless.yml declares them.

/** The name the caller token's secret has in every region of a set (a replica keeps its primary's name). */
function callerTokenSecretName(service, stage) {
  return `${service}-${stage}-caller-token`;
}

/** The hosted zone's name for this region alone: what its health check probes. */
function regionalHostName(region, domain) {
  return `${region}.${domain}`;
}

/**
 * Turns the compiled template of one region's stack into its part of the set.
 * @param template the compiled CloudFormation template
 * @param set `{ service, stage, region, regions, domain, hostedZoneId, protection, healthCheckInterval,
 *   healthCheckFailureThreshold }`
 */
function addRegionalResources(template, set) {
  const resources = template.Resources;
  const outputs = (template.Outputs ??= {});
  const { region, regions, domain, hostedZoneId } = set;
  const primary = regions[0];
  const regionalName = regionalHostName(region, domain);

  // The certificate covers the regional name too (ACM certificates are regional: each stack has its own).
  const certificate = resources.Certificate;
  if (certificate !== undefined) {
    certificate.Properties.SubjectAlternativeNames = [regionalName];
    certificate.Properties.DomainValidationOptions = [
      { DomainName: domain, HostedZoneId: hostedZoneId },
      { DomainName: regionalName, HostedZoneId: hostedZoneId },
    ];
  }
  const certificateArn = resources.CustomDomain.Properties.DomainNameConfigurations[0].CertificateArn;
  resources.RegionalCustomDomain = {
    Type: 'AWS::ApiGatewayV2::DomainName',
    Properties: {
      DomainName: regionalName,
      DomainNameConfigurations: [{ EndpointType: 'REGIONAL', SecurityPolicy: 'TLS_1_2', IpAddressType: 'dualstack', CertificateArn: certificateArn }],
    },
  };
  resources.RegionalCustomDomainMapping = {
    Type: 'AWS::ApiGatewayV2::ApiMapping',
    Properties: { DomainName: { Ref: 'RegionalCustomDomain' }, ApiId: { Ref: 'HttpApi' }, Stage: { Ref: 'HttpApiStage' } },
  };
  const alias = (domainId) => ({
    DNSName: { 'Fn::GetAtt': [domainId, 'RegionalDomainName'] },
    HostedZoneId: { 'Fn::GetAtt': [domainId, 'RegionalHostedZoneId'] },
    EvaluateTargetHealth: false,
  });
  for (const type of ['A', 'AAAA']) {
    resources[`RegionalRecord${type}`] = {
      Type: 'AWS::Route53::RecordSet',
      Properties: { HostedZoneId: hostedZoneId, Name: regionalName, Type: type, AliasTarget: alias('RegionalCustomDomain') },
    };
  }

  // Route 53 marks the region unhealthy when more than 18% of its checkers see `threshold` failures in a row, each
  // `interval` seconds apart. HTTPS without string matching: the status code says it all (200 or 503). Route 53
  // does not validate the certificate; SNI makes API Gateway pick the regional domain.
  resources.RegionHealthCheck = {
    Type: 'AWS::Route53::HealthCheck',
    Properties: {
      HealthCheckConfig: {
        Type: 'HTTPS',
        FullyQualifiedDomainName: regionalName,
        Port: 443,
        ResourcePath: '/healthz/region',
        EnableSNI: true,
        RequestInterval: Number(set.healthCheckInterval),
        FailureThreshold: Number(set.healthCheckFailureThreshold),
      },
      HealthCheckTags: [{ Key: 'Name', Value: `${set.service}-${set.stage} ${region}` }],
    },
    // Probing before the regional name resolves only counts failures.
    DependsOn: ['RegionalRecordA', 'RegionalCustomDomainMapping'],
  };

  // The shared name: this region's latency records (serverless.yml's DnsRecordA/AAAA, made latency-routed).
  for (const type of ['A', 'AAAA']) {
    const record = resources[`DnsRecord${type}`];
    Object.assign(record.Properties, { SetIdentifier: region, Region: region, HealthCheckId: { Ref: 'RegionHealthCheck' } });
  }

  if (set.protection === 'token') {
    const name = callerTokenSecretName(set.service, set.stage);
    // Replicas follow the primary: a new value (rotation) put in the primary reaches every replica, with the
    // AWSCURRENT/AWSPREVIOUS labels the functions read. A replica cannot be written or rotated on its own.
    if (region === primary) {
      Object.assign(resources.CallerTokenSecret.Properties, {
        Name: name,
        ReplicaRegions: regions.slice(1).map((replica) => ({ Region: replica })),
      });
    } else {
      // The primary's stack owns the secret; here it is the replica, found by its name.
      delete resources.CallerTokenSecret;
      outputs.CallerTokenSecretArn = {
        Description: `Replica of the caller token (the primary, ${primary}, owns it): aws secretsmanager get-secret-value --region ${region} --secret-id ${name}`,
        Value: name,
      };
    }
    const localSecretArn = { 'Fn::Sub': `arn:\${AWS::Partition}:secretsmanager:\${AWS::Region}:\${AWS::AccountId}:secret:${name}-??????` };
    replaceEverywhere(template, (node) => node?.Ref === 'CallerTokenSecret', (path) => (path.includes('Statement') ? localSecretArn : name));
    outputs.CallerTokenSecretName = { Description: 'Name of the caller token secret, the same in every region of the set', Value: name };
  }

  outputs.RegionalHostName = { Description: `This region's own name in the set (probed by its Route 53 health check)`, Value: regionalName };
  outputs.RegionHealthCheckId = { Description: 'Route 53 health check of this region (its status: Route 53 console, or CloudWatch in us-east-1)', Value: { Ref: 'RegionHealthCheck' } };
}

/**
 * Replaces, in the resources, every node `matches` accepts with `replacement(path)`, `path` being the keys leading
 * to it (so an IAM statement and an environment variable get different forms of the same secret). The outputs keep
 * theirs: the primary's CallerTokenSecretArn stays the exact ARN.
 */
function replaceEverywhere(template, matches, replacement) {
  const visit = (node, path) => {
    if (node === null || typeof node !== 'object') return node;
    if (matches(node)) return replacement(path);
    for (const key of Object.keys(node)) node[key] = visit(node[key], [...path, key]);
    return node;
  };
  visit(template.Resources, []);
}

module.exports = { addRegionalResources, callerTokenSecretName, regionalHostName };
