'use strict';
// Package-time guards: the --param values that would deploy a broken service (or deploy somewhere else than meant)
// are refused before anything is built, each with the form that is allowed. Pure functions of the resolved
// settings (custom.stack) and the names passed on the command line, so test/stack/stack-plugin.test.ts checks them
// without packaging. docs/adr/0006 (the first guards) and docs/adr/0010 (these).
const net = require('node:net');

const placeholder = { domain: 'interpreter.example.com', hostedZoneId: 'Z0000000000000000000' };

/** Params whose value selects a block or a behaviour: anything else is refused naming these. */
const choices = {
  protection: ['token', 'off'],
  dns: ['route53', 'external'],
  alarms: ['on', 'off'],
  dashboard: ['on', 'off'],
  drain: ['on', 'off'],
  // CodeDeploy's predefined Lambda configurations (CodeDeployDefault.<name>), and `off`: no alias, no CodeDeploy.
  trafficShift: [
    'Canary10Percent5Minutes',
    'Canary10Percent10Minutes',
    'Canary10Percent15Minutes',
    'Canary10Percent30Minutes',
    'Linear10PercentEvery1Minute',
    'Linear10PercentEvery2Minutes',
    'Linear10PercentEvery3Minutes',
    'Linear10PercentEvery10Minutes',
    'AllAtOnce',
    'off',
  ],
  healthCheckInterval: ['30', '10'],
};

/** Params serverless.yml reads without a default in `params.default` (`${param:reservedConcurrency, null}`). */
const optionalParams = ['reservedConcurrency'];

/** The retention periods CloudWatch Logs accepts (anything else fails the deploy half-way). */
const logRetentionDays = [1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096, 1827, 2192, 2557, 2922, 3288, 3653];

/** us-east-1, eu-central-2, ap-southeast-4, us-gov-west-1, cn-north-1... */
const regionPattern = /^[a-z]{2}(-[a-z]+)+-\d{1,2}$/;
const hostedZonePattern = /^Z[A-Z0-9]{1,31}$/;
const label = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i;

/** A bare DNS host name (what API Gateway and ACM take): no scheme, path, port, wildcard or trailing dot. */
function isHostName(value) {
  if (value.length > 253) return false;
  const labels = value.split('.');
  return labels.length >= 2 && labels.every((part) => label.test(part)) && !/^\d+$/.test(labels.at(-1));
}

/** What the user probably meant by a domain given as a URL: `https://a.b:443/x` → `a.b`. */
function bareHost(value) {
  return value.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/[/?#].*$/, '').replace(/:\d*$/, '').replace(/\.$/, '');
}

/**
 * One entry of allowedCidrs, checked as lib/auth/source-address.ts parses AUTH_ALLOWED_CIDRS (a function refuses
 * every call when it cannot): an IPv4 or IPv6 address with an optional prefix length within the family's bits.
 * test/stack/stack-plugin.test.ts runs both on the same inputs.
 */
function isCidr(entry) {
  const [address = '', prefixText, extra] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || extra !== undefined || prefixText === '') return false;
  if (prefixText === undefined) return true;
  const prefix = Number(prefixText);
  return Number.isInteger(prefix) && prefix >= 0 && prefix <= (family === 6 ? 128 : 32);
}

const isWhole = (value, min, max) => /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max;
const isNumber = (value, min) => value.trim() !== '' && Number.isFinite(Number(value)) && Number(value) >= min;

/** Levenshtein distance, for "did you mean" on a mistyped param name. */
function distance(a, b) {
  let row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length];
}

/** The `regions` param as a list: trimmed, empty entries dropped. Empty = a single-region stack. */
function regionList(value) {
  return String(value ?? '').split(',').map((region) => region.trim()).filter((region) => region !== '');
}

/**
 * Everything wrong with a configuration, one sentence each naming the --param and what is allowed.
 * @param settings custom.stack, resolved
 * @param cli `{ params: ['name=value', ...] as passed, known: names serverless.yml declares, regionOption: --region }`
 */
function problemsOf(settings, cli = {}) {
  const problems = [];
  const text = (name) => String(settings[name] ?? '');
  const given = (name) => `--param="${name}=${text(name)}"`;

  // Unknown names first: a typo (`regoin`) otherwise deploys with the default silently.
  const known = [...(cli.known ?? []), ...optionalParams];
  for (const param of cli.params ?? []) {
    const name = String(param).split('=')[0];
    if (cli.known === undefined || known.includes(name)) continue;
    const near = known.filter((candidate) => distance(candidate.toLowerCase(), name.toLowerCase()) <= 2);
    problems.push(
      `--param="${param}" is not a parameter of this stack${near.length > 0 ? ` (did you mean "${near[0]}"?)` : ''}; ` +
        `the parameters are ${known.join(', ')} (docs/deploy.md#parameters)`,
    );
  }

  for (const [name, allowed] of Object.entries(choices)) {
    if (settings[name] === undefined) continue;
    if (!allowed.includes(text(name))) problems.push(`${given(name)} is not supported: ${name} must be one of ${allowed.map((choice) => `"${choice}"`).join(', ')}`);
  }
  if (!isWhole(text('webhookTimeoutSeconds'), 1, 30)) {
    problems.push(`${given('webhookTimeoutSeconds')} must be the webhook's timeoutSeconds, a whole number from 1 to 30`);
  }

  const domain = text('domain');
  if (domain === placeholder.domain) {
    problems.push(`the domain is still the placeholder ${placeholder.domain}: pass --param="domain=<the webhook's host name>"`);
  } else if (!isHostName(domain)) {
    const bare = bareHost(domain);
    problems.push(
      `${given('domain')} is not a host name: pass the bare name, e.g. --param="domain=${isHostName(bare) ? bare : 'interpreter.example.org'}" ` +
        '(no scheme, path, port or trailing dot)',
    );
  }
  if (settings.dns === 'route53') {
    if (text('hostedZoneId') === placeholder.hostedZoneId) {
      problems.push(
        `the hosted zone is still the placeholder ${placeholder.hostedZoneId}: pass --param="hostedZoneId=<the public Route 53 zone of the domain>", ` +
          'or --param="dns=external" when the domain\'s DNS is hosted elsewhere',
      );
    } else if (!hostedZonePattern.test(text('hostedZoneId'))) {
      problems.push(`${given('hostedZoneId')} is not a Route 53 hosted zone id: pass the id alone, e.g. --param="hostedZoneId=Z0123456789ABCDEFGHIJ" (not /hostedzone/...)`);
    }
  }

  if (settings.allowedCidrs !== undefined) {
    const wrong = text('allowedCidrs').split(',').map((entry) => entry.trim()).filter((entry) => entry !== '' && !isCidr(entry));
    if (wrong.length > 0) {
      problems.push(
        `${given('allowedCidrs')} has ${wrong.map((entry) => `"${entry}"`).join(', ')}, not an IPv4 or IPv6 CIDR (every call would answer 500): ` +
          'pass comma-separated CIDRs, e.g. --param="allowedCidrs=203.0.113.0/24,2001:db8::/32" (prefix at most 32 for IPv4, 128 for IPv6)',
      );
    }
  }
  const numeric = [
    ['memorySize', (value) => isWhole(value, 128, 10240), 'the function memory in MB, a whole number from 128 to 10240 (e.g. 256)'],
    ['tokenCacheSeconds', (value) => isNumber(value, 0), 'a number of seconds >= 0 (e.g. 300)'],
    ['throttleRateLimit', (value) => isNumber(value, 0), 'a number of requests per second >= 0 (e.g. 50)'],
    ['throttleBurstLimit', (value) => isWhole(value, 0, 5000), 'a whole number of requests >= 0 (e.g. 100)'],
    ['logRetentionDays', (value) => logRetentionDays.includes(Number(value)) && /^\d+$/.test(value), `one of CloudWatch Logs' periods: ${logRetentionDays.join(', ')}`],
    ['healthCheckFailureThreshold', (value) => isWhole(value, 1, 10), 'a whole number from 1 to 10 (e.g. 3)'],
  ];
  for (const [name, valid, form] of numeric) {
    if (settings[name] !== undefined && !valid(text(name))) problems.push(`${given(name)} must be ${form}`);
  }
  const reserved = (cli.params ?? []).find((param) => String(param).startsWith('reservedConcurrency='));
  if (reserved !== undefined && !isWhole(String(reserved).slice('reservedConcurrency='.length), 0, 100000)) {
    problems.push(`--param="${reserved}" must be a whole number of instances >= 0 (e.g. 5)`);
  }

  // Where the stack goes. `--region` wins over the param in the framework, so both given and different is refused.
  const region = cli.regionOption ?? text('region');
  const regionParam = (cli.params ?? []).find((param) => String(param).startsWith('region='));
  if (cli.regionOption !== undefined && regionParam !== undefined && regionParam !== `region=${cli.regionOption}`) {
    problems.push(`--region ${cli.regionOption} and --param="${regionParam}" disagree: pass one of them`);
  }
  if (!regionPattern.test(region)) problems.push(`region "${region}" is not an AWS region: pass e.g. --param="region=eu-west-1"`);
  const arn = text('certificateArn');
  const certificateRegion = /^arn:aws[a-zA-Z-]*:acm:([a-z0-9-]+):\d{12}:certificate\/.+$/.exec(arn)?.[1];
  if (arn !== '' && certificateRegion === undefined) {
    problems.push(`${given('certificateArn')} is not an ACM certificate ARN (arn:aws:acm:<region>:<account>:certificate/<id>)`);
  } else if (certificateRegion !== undefined && certificateRegion !== region) {
    problems.push(`${given('certificateArn')} is in ${certificateRegion}, the stack in ${region}: a regional API Gateway domain needs a certificate of its own region`);
  }

  const regions = regionList(settings.regions);
  if (regions.length > 0) {
    const form = 'comma-separated AWS regions, primary first, e.g. --param="regions=eu-west-1,us-east-1"';
    const wrong = regions.filter((name) => !regionPattern.test(name));
    if (wrong.length > 0) problems.push(`${given('regions')} has ${wrong.map((name) => `"${name}"`).join(', ')}, not a region: pass ${form}`);
    const repeated = regions.filter((name, index) => regions.indexOf(name) !== index);
    if (repeated.length > 0) problems.push(`${given('regions')} names ${repeated.join(', ')} twice: pass ${form}`);
    if (!regions.includes(region)) problems.push(`${given('regions')} does not include this stack's region ${region}: deploy the set with npm run deploy -- --regions ${regions.join(',')}`);
    if (settings.dns !== 'route53') problems.push(`${given('regions')} needs --param="dns=route53": the latency records and health checks live in the hosted zone`);
    if (arn !== '') problems.push(`${given('regions')} with certificateArn: leave certificateArn empty, each region creates the certificate of its own API Gateway domain`);
  }
  return problems;
}

module.exports = { problemsOf, isCidr, isHostName, regionList, choices, placeholder, optionalParams };
