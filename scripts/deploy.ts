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
//
// The other options are checked against serverless's own list for the command before any region starts: a typo
// stops the command at once (one line, exit code 2), not after the first region.
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { didYouMean, nameAsGiven } from '../lib/review/nearest-names';
import { isEntryPoint, runCommand, stopped, UsageError, type Tool, type ToolIo } from './entry';

const usage = `Usage: npm run deploy -- --regions <primary>,<region>... [--stage <stage>] [--param="name=value"]... [--package <dir> | --dry-run]

Runs \`serverless deploy\` once per region, the primary (first) one first, and stops at the first region that fails.
  --regions LIST   AWS regions, comma-separated, the primary first. Required.
  --package DIR    Package each region offline into DIR/<region> instead (no AWS account needed).
  --dry-run        Print the commands, run nothing.
  -h, --help       Show this help.
Every other option goes to serverless as given (--stage, --param, --aws-profile, --verbose, …); --region and
--param="region=…" are set per region by this command.
`;

/** A problem that is not the command line's: the message says what to do. */
class DeployError extends Error {
  override readonly name = 'DeployError';
}

export const tool: Tool = { name: 'deploy', inputErrors: [DeployError] };

interface Plan {
  regions: string[];
  packageDir?: string;
  dryRun: boolean;
  help: boolean;
  /** Passed to every serverless run as given (stage, params, other options). */
  passThrough: string[];
}

/** An option of a serverless command, as its CLI declares it. */
interface ServerlessOption {
  type?: string;
  shortcut?: string;
}

type Command = 'deploy' | 'package';

/** The options serverless (osls) accepts for `command`, from its own command schema. */
function serverlessOptions(command: Command): Map<string, ServerlessOption> {
  let schema: Map<string, { options?: Record<string, ServerlessOption> }>;
  try {
    schema = createRequire(import.meta.url)('osls/lib/cli/commands-schema/aws-service.js') as typeof schema;
  } catch {
    throw new DeployError('the serverless CLI (osls) is not installed here: run npm ci');
  }
  return new Map(Object.entries(schema.get(command)?.options ?? {}));
}

/** AWS's region names: two letters, words, a number (eu-west-1, us-gov-west-1). */
const regionName = /^[a-z]{2}(-[a-z]+)+-\d+$/;

export function planOf(argv: readonly string[]): Plan {
  const plan: Plan = { regions: [], dryRun: false, help: false, passThrough: [] };
  // Value-taking options are the same for deploy and package (only their booleans differ): deploy's list tells them apart.
  const known = serverlessOptions('deploy');
  const byShortcut = new Map([...known].flatMap(([name, option]) => (option.shortcut === undefined ? [] : [[option.shortcut, name] as const])));
  const passedOptions: string[] = [];
  const valueOf = (index: number, name: string): string => {
    const value = argv[index + 1];
    if (value === undefined || value.startsWith('--')) throw new UsageError(`${name} needs a value`);
    return value;
  };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    const [name, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (name === '--regions') {
      const value = inline ?? valueOf(index++, '--regions');
      plan.regions = value.split(',').map((region) => region.trim()).filter((region) => region !== '');
    } else if (name === '--package') {
      plan.packageDir = resolve(inline ?? valueOf(index++, '--package'));
    } else if (name === '--dry-run') {
      plan.dryRun = true;
    } else if (name === '--help' || name === '-h') {
      plan.help = true;
    } else if (name === '--region' || name === '-r') {
      throw new UsageError('--region is set per region by this command: list the regions with --regions');
    } else if (name.startsWith('-')) {
      const option = name.startsWith('--') ? name.slice(2) : byShortcut.get(name.slice(1));
      if (option === undefined || !known.has(option)) {
        const options = ['--regions', '--package', '--dry-run', '--help', ...[...known.keys()].map((each) => `--${each}`)];
        throw new UsageError(`unknown option ${nameAsGiven(name)}: neither this command nor serverless takes it${didYouMean(name, options)}`);
      }
      const takesValue = known.get(option)?.type === 'string' || known.get(option)?.type === 'multiple';
      const value = inline ?? (takesValue ? valueOf(index, name) : undefined);
      if (option === 'param') {
        const paramName = value?.replace(/^["']/, '').split('=')[0];
        if (paramName === 'region' || paramName === 'regions') throw new UsageError(`--param="${paramName}=..." is set by this command from --regions`);
      }
      passedOptions.push(`--${option}`);
      plan.passThrough.push(arg);
      if (inline === undefined && takesValue) plan.passThrough.push(argv[++index]!);
    } else {
      throw new UsageError(`unexpected argument "${arg}"; every option takes the form --name value`);
    }
  }
  if (plan.help) return plan;
  if (plan.regions.length === 0) throw new UsageError('--regions is required (the primary first)');
  const notRegions = plan.regions.filter((region) => !regionName.test(region));
  if (notRegions.length > 0) throw new UsageError(`--regions: ${notRegions.map((region) => JSON.stringify(region)).join(', ')} is not an AWS region name (like eu-west-1)`);
  const repeated = plan.regions.filter((region, index) => plan.regions.indexOf(region) !== index);
  if (repeated.length > 0) throw new UsageError(`--regions names ${repeated.join(', ')} twice`);
  // Checked against the command that runs: serverless package takes no --force, for one.
  const command: Command = plan.packageDir === undefined ? 'deploy' : 'package';
  const accepted = serverlessOptions(command);
  const refused = passedOptions.filter((option) => !accepted.has(option.slice(2)));
  if (refused.length > 0) throw new UsageError(`serverless ${command} takes no ${refused.join(', ')}: leave it out with --package`);
  if (plan.packageDir !== undefined && statSync(plan.packageDir, { throwIfNoEntry: false })?.isDirectory() === false) {
    throw new UsageError(`--package ${plan.packageDir} is a file; give a folder (each region is packaged into <folder>/<region>)`);
  }
  return plan;
}

/** The serverless arguments for one region of the plan. */
export function commandFor(plan: Plan, region: string): string[] {
  const set = [`--param=region=${region}`, `--param=regions=${plan.regions.join(',')}`];
  return plan.packageDir === undefined
    ? ['deploy', ...set, ...plan.passThrough]
    : ['package', '--package', join(plan.packageDir, region), ...set, ...plan.passThrough];
}

/** Runs the command; returns the exit code (1: a region failed; 2 and one line on stderr: it cannot run). */
export async function main(argv: readonly string[], io: ToolIo): Promise<number> {
  try {
    const plan = planOf(argv);
    if (plan.help) {
      io.stdout(usage);
      return 0;
    }
    const cli = createRequire(import.meta.url).resolve('osls/bin/serverless.js');
    const done: string[] = [];
    for (const [index, region] of plan.regions.entries()) {
      const args = commandFor(plan, region);
      const role = index === 0 ? 'primary' : 'replica';
      io.stdout(`[${region}, ${role}] serverless ${args.join(' ')}\n`);
      if (plan.dryRun) continue;
      const run = spawnSync(process.execPath, [cli, ...args], { stdio: 'inherit' });
      if (run.status !== 0) {
        const left = plan.regions.slice(index + 1);
        io.stderr(
          `deploy: ${region} failed (${run.error?.message ?? `exit ${run.status ?? run.signal}`}); ${done.length > 0 ? `done: ${done.join(', ')}` : 'no region done'}` +
            `${left.length > 0 ? `; not started: ${left.join(', ')}` : ''}. Fix it and run the same command again: regions already up to date change nothing.\n`,
        );
        return 1;
      }
      done.push(region);
    }
    if (!plan.dryRun) io.stdout(`${plan.packageDir === undefined ? 'deployed' : 'packaged'}: ${done.join(', ')}\n`);
    return 0;
  } catch (error) {
    return stopped(tool, error, io);
  }
}

if (isEntryPoint(import.meta.url)) await runCommand(tool, main);
