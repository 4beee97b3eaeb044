// One command for an active/active set of regions (docs/deploy.md#several-regions, docs/adr/0010-multi-region.md):
//
//   npm run deploy -- --regions eu-west-1,us-east-1 --stage prod --param="domain=..." --param="hostedZoneId=..."
//
// runs `serverless deploy` once per region, the primary (first) one first: it owns the caller token's secret and
// replicates it to the others, so the replica exists before a region that reads it is deployed. One region at a
// time: a region whose new version is rolled back (its alarms fired during the traffic shift) stops the command
// before the next region takes that version. Every other argument goes to serverless as given.
//
//   --package <dir>   package each region offline into <dir>/<region> instead (no AWS account; the stack tests)
//   --dry-run         print the commands, run nothing
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const usage =
  'usage: npm run deploy -- --regions <primary>,<region>... [--stage <stage>] [--param="name=value"]... [--package <dir> | --dry-run]';

interface Plan {
  regions: string[];
  packageDir?: string;
  dryRun: boolean;
  /** Passed to every serverless run as given (stage, params, other options). */
  passThrough: string[];
}

class UsageError extends Error {}

export function planOf(argv: readonly string[]): Plan {
  const plan: Plan = { regions: [], dryRun: false, passThrough: [] };
  const valueOf = (index: number, name: string): string => {
    const value = argv[index + 1];
    if (value === undefined || value.startsWith('--')) throw new UsageError(`${name} needs a value; ${usage}`);
    return value;
  };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    const [name, inline] = arg.startsWith('--') && arg.includes('=') && !arg.startsWith('--param') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (name === '--regions') {
      const value = inline ?? valueOf(index++, '--regions');
      plan.regions = value.split(',').map((region) => region.trim()).filter((region) => region !== '');
    } else if (name === '--package') {
      plan.packageDir = resolve(inline ?? valueOf(index++, '--package'));
    } else if (name === '--dry-run') {
      plan.dryRun = true;
    } else if (name === '--region' || name === '-r') {
      throw new UsageError(`--region is set per region by this command: list the regions with --regions; ${usage}`);
    } else {
      const param = arg === '--param' ? argv[index + 1] : arg.startsWith('--param=') ? arg.slice('--param='.length) : undefined;
      const paramName = param?.replace(/^["']/, '').split('=')[0];
      if (paramName === 'region' || paramName === 'regions') {
        throw new UsageError(`--param="${paramName}=..." is set by this command from --regions; ${usage}`);
      }
      plan.passThrough.push(arg);
    }
  }
  if (plan.regions.length === 0) throw new UsageError(`--regions is required (the primary first); ${usage}`);
  const repeated = plan.regions.filter((region, index) => plan.regions.indexOf(region) !== index);
  if (repeated.length > 0) throw new UsageError(`--regions names ${repeated.join(', ')} twice`);
  return plan;
}

/** The serverless arguments for one region of the plan. */
export function commandFor(plan: Plan, region: string): string[] {
  const set = [`--param=region=${region}`, `--param=regions=${plan.regions.join(',')}`];
  return plan.packageDir === undefined
    ? ['deploy', ...set, ...plan.passThrough]
    : ['package', '--package', join(plan.packageDir, region), ...set, ...plan.passThrough];
}

function main(argv: readonly string[]): number {
  let plan: Plan;
  try {
    plan = planOf(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  const cli = createRequire(import.meta.url).resolve('osls/bin/serverless.js');
  const done: string[] = [];
  for (const [index, region] of plan.regions.entries()) {
    const args = commandFor(plan, region);
    const role = index === 0 ? 'primary' : 'replica';
    console.log(`[${region}, ${role}] serverless ${args.join(' ')}`);
    if (plan.dryRun) continue;
    const run = spawnSync(process.execPath, [cli, ...args], { stdio: 'inherit' });
    if (run.status !== 0) {
      const left = plan.regions.slice(index + 1);
      console.error(
        `${region} failed (exit ${run.status ?? run.signal}); ${done.length > 0 ? `done: ${done.join(', ')}` : 'no region done'}` +
          `${left.length > 0 ? `; not started: ${left.join(', ')}` : ''}. Fix it and run the same command again: regions already up to date change nothing.`,
      );
      return 1;
    }
    done.push(region);
  }
  if (!plan.dryRun) console.log(`${plan.packageDir === undefined ? 'deployed' : 'packaged'}: ${done.join(', ')}`);
  return 0;
}

// Run as a command (not when a test imports planOf/commandFor).
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) process.exitCode = main(process.argv.slice(2));
