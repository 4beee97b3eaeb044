// Runs `serverless package` (osls + serverless-esbuild) offline on an isolated copy of the project, and reads
// what it produced: the CloudFormation template and the per-function zip artifacts.
import { execFile, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

/** What the copy leaves out: dependencies (symlinked instead), VCS data and build output. */
const notCopied = new Set(['node_modules', '.git', '.serverless', '.esbuild', '.build', 'coverage']);

// The template's own shape, as far as these tests look at it.
export interface CfnResource {
  Type: string;
  Condition?: string;
  DependsOn?: string | string[];
  DeletionPolicy?: string;
  UpdatePolicy?: Record<string, any>;
  Properties?: Record<string, any>;
}
export interface CfnTemplate {
  Parameters?: Record<string, { Type: string; Default?: string }>;
  Conditions?: Record<string, unknown>;
  Resources: Record<string, CfnResource>;
  Outputs?: Record<string, { Value: unknown; Description?: string }>;
}

export interface Packaged {
  dir: string;
  templatePath: string;
  template: CfnTemplate;
  seconds: number;
  output: string;
  /** What the run left in the temporary folder it was given (TMPDIR): nothing, when it cleans up after itself. */
  leftInTemporaryFolder: string[];
}

/**
 * `serverless package --stage test --package <tmp>/artifacts [--param ...]` in a throw-away copy of the project, so
 * the working tree's `.serverless/` and `.esbuild/` are never touched and two packagings can run side by side.
 * No AWS credentials or region in the environment: packaging must not need them.
 */
/** A domain and zone that pass the package-time guard (the placeholders in serverless.yml are refused). */
export const testDomainParams = ['domain=interpreter.karmada.test', 'hostedZoneId=Z0TEST0000000000000000'];

function projectCopy(): string {
  const work = mkdtempSync(join(tmpdir(), 'stack-package-'));
  for (const entry of readdirSync(projectRoot)) {
    if (!notCopied.has(entry)) cpSync(join(projectRoot, entry), join(work, entry), { recursive: true });
  }
  symlinkSync(join(projectRoot, 'node_modules'), join(work, 'node_modules'), 'dir');
  return work;
}

function offlineEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('AWS_')) env[key] = value;
  Object.assign(env, {
    AWS_EC2_METADATA_DISABLED: 'true',
    SLS_TELEMETRY_DISABLED: '1',
    SLS_NOTIFICATIONS_MODE: 'off',
    SLS_INTERACTIVE_SETUP_DISABLE: '1',
    CI: '1',
  });
  return env;
}

/** `npm run package [-- --param ...]` exactly as a user types it, in a copy of the project: its exit code and output. */
export function npmRunPackage(params: string[] = []): { status: number | null; output: string } {
  const work = projectCopy();
  try {
    const args = ['run', 'package', ...(params.length > 0 ? ['--', ...params.map((param) => `--param=${param}`)] : [])];
    const run = spawnSync('npm', args, { cwd: work, env: offlineEnv(), encoding: 'utf8', timeout: 120_000 });
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export async function packageStack(params: string[] = []): Promise<Packaged> {
  const work = projectCopy();
  const env = offlineEnv();
  // Outside the copy, so nothing the run leaves there can be taken for part of the project.
  const temporary = mkdtempSync(join(tmpdir(), 'stack-package-tmp-'));
  env.TMPDIR = temporary;

  const dir = join(work, 'artifacts');
  const cli = join(projectRoot, 'node_modules', 'osls', 'bin', 'serverless.js');
  const args = [cli, 'package', '--stage', 'test', '--package', dir, ...params.map((param) => `--param=${param}`)];
  const started = performance.now();
  const output = await new Promise<string>((done, fail) => {
    execFile(process.execPath, args, { cwd: work, env, timeout: 120_000 }, (error, stdout, stderr) => {
      const text = `${stdout}${stderr}`;
      if (error) fail(new Error(`serverless package ${params.join(' ')} failed: ${error.message}\n${text}`));
      else done(text);
    });
  });
  const seconds = (performance.now() - started) / 1000;
  const templatePath = join(dir, 'cloudformation-template-update-stack.json');
  const template = JSON.parse(readFileSync(templatePath, 'utf8')) as CfnTemplate;
  const leftInTemporaryFolder = readdirSync(temporary);
  rmSync(temporary, { recursive: true, force: true });
  return { dir, templatePath, template, seconds, output, leftInTemporaryFolder };
}

export interface PackagedSet {
  /** The project copy the set was packaged in. */
  work: string;
  output: string;
  seconds: number;
  /** Per region, in the order given (the primary first). */
  regions: { region: string; templatePath: string; template: CfnTemplate }[];
}

/**
 * `npm run deploy -- --regions a,b,c --stage test --package <dir> --param ...` exactly as a user types it (the
 * multi-region command's offline mode), in a copy of the project: one template per region.
 */
export async function packageRegions(regions: string[], params: string[] = testDomainParams): Promise<PackagedSet> {
  const work = projectCopy();
  const dir = join(work, 'regions');
  const args = ['run', '-s', 'deploy', '--', '--regions', regions.join(','), '--stage', 'test', '--package', dir, ...params.map((param) => `--param=${param}`)];
  const started = performance.now();
  const output = await new Promise<string>((done, fail) => {
    execFile('npm', args, { cwd: work, env: offlineEnv(), timeout: 170_000 }, (error, stdout, stderr) => {
      const text = `${stdout}${stderr}`;
      if (error) fail(new Error(`npm run deploy -- --regions ${regions.join(',')} --package failed: ${error.message}\n${text}`));
      else done(text);
    });
  });
  const seconds = (performance.now() - started) / 1000;
  return {
    work,
    output,
    seconds,
    regions: regions.map((region) => {
      const templatePath = join(dir, region, 'cloudformation-template-update-stack.json');
      return { region, templatePath, template: JSON.parse(readFileSync(templatePath, 'utf8')) as CfnTemplate };
    }),
  };
}

/** `npm run deploy -- <args>` in a copy of the project (for its refusals and --dry-run): exit code and output. */
export function npmRunDeploy(args: string[]): { status: number | null; output: string } {
  const work = projectCopy();
  try {
    const run = spawnSync('npm', ['run', '-s', 'deploy', '--', ...args], { cwd: work, env: offlineEnv(), encoding: 'utf8', timeout: 120_000 });
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export function removePackagedSet(set: PackagedSet | undefined): void {
  if (set) rmSync(set.work, { recursive: true, force: true });
}

export function removePackaging(packaged: Packaged | undefined): void {
  if (packaged) rmSync(resolve(packaged.dir, '..'), { recursive: true, force: true });
}


/** Evaluates a template condition built from Fn::Equals / Fn::Not / Fn::And / Fn::Or over literals and parameter defaults. */
export function conditionHolds(template: CfnTemplate, name: string): boolean {
  const value = (node: unknown): unknown => {
    if (typeof node === 'string') return node;
    const ref = (node as { Ref?: string }).Ref;
    if (ref !== undefined) {
      const parameter = template.Parameters?.[ref];
      if (!parameter) throw new Error(`condition ${name}: Ref ${ref} is not a parameter`);
      return parameter.Default ?? '';
    }
    return evaluate(node);
  };
  const evaluate = (node: unknown): boolean => {
    const [[fn, args]] = Object.entries(node as Record<string, unknown[]>) as [[string, unknown[]]];
    switch (fn) {
      case 'Fn::Equals':
        return value(args[0]) === value(args[1]);
      case 'Fn::Not':
        return !evaluate(args[0]);
      case 'Fn::And':
        return args.every(evaluate);
      case 'Fn::Or':
        return args.some(evaluate);
      case 'Condition':
        return conditionHolds(template, args as unknown as string);
      default:
        throw new Error(`condition ${name}: unsupported ${fn}`);
    }
  };
  const condition = template.Conditions?.[name];
  if (condition === undefined) throw new Error(`no condition ${name}`);
  return evaluate(condition);
}

/** The resources CloudFormation would create (conditions evaluated). */
export function createdResources(template: CfnTemplate): Record<string, CfnResource> {
  return Object.fromEntries(
    Object.entries(template.Resources).filter(
      ([, resource]) => resource.Condition === undefined || conditionHolds(template, resource.Condition),
    ),
  );
}

export function resourcesOfType(template: CfnTemplate, type: string): [string, CfnResource][] {
  return Object.entries(createdResources(template)).filter(([, resource]) => resource.Type === type);
}

/** The deploy-only function (not in lib/routes.ts): Route 53's probe of a region, GET /healthz/region. */
export const healthFunction = { name: 'region-health', handler: 'deploy/serverless/region-health.handler', route: 'GET /healthz/region' };

/** What API Gateway invokes: a function's logical id, through its `live` alias when traffic shifting is on. */
export function invokedFunction(template: CfnTemplate, target: unknown): { functionId: string; alias?: string } {
  const getAtt = (target as { 'Fn::GetAtt'?: [string, string] })['Fn::GetAtt'];
  if (getAtt !== undefined && getAtt[1] === 'Arn') return { functionId: getAtt[0] };
  const aliasId = (target as { Ref?: string }).Ref;
  const alias = aliasId === undefined ? undefined : template.Resources[aliasId];
  if (alias?.Type !== 'AWS::Lambda::Alias') throw new Error(`not a function or alias: ${JSON.stringify(target)}`);
  return { functionId: alias.Properties!.FunctionName.Ref as string, alias: aliasId };
}

/** Runs cfn-lint on a template; W3005 (redundant DependsOn, from the framework) is ignored. */
export function cfnLint(templatePath: string): { status: number | null; output: string } {
  const run = spawnSync('cfn-lint', ['--ignore-checks', 'W3005', '--', templatePath], { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}
