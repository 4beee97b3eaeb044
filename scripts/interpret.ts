// `npm run -s interpret -- …` (bin: karmada-interpret): one interpreter operation on YAML/JSON files, or a whole
// testdata folder with --check, against this project's interpreters or any interpreter webhook URL.
import { readFileSync, statSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { didYouMean, quotedName } from '../lib/review/nearest-names';
import { isEntryPoint, parsedArguments, runCommand, stopped, UsageError, type Tool, type ToolIo } from './entry';
import { stringify } from 'yaml';
import { caseFiles, KitError, operationNamed, readCaseDocuments, yamlDocuments, type CaseDocument } from '../lib/kit/cases';
import { whyUnreadable } from '../lib/kit/files';
import { checkCase } from '../lib/kit/check';
import { withCanonicalQuantities } from '../lib/kit/compare';
import { celNote, judgedByCrd, missingCrd, readCrdFile, usesCelRules, type CrdFile } from '../lib/kit/crd-check';
import { judgeListed, listingFor, type ListedDifference } from '../lib/kit/listed-differences';
import { patchOperationsOf, verifiedResponse } from '../lib/kit/answer';
import { interpreterContextFor, resultsOf, type InterpretInput } from '../lib/kit/request';
import { answerReasonOf, failureBehind, localWebhook, remoteWebhook, type Webhook } from '../lib/kit/webhook';
import { thrownLine, thrownStack } from '../lib/kit/thrown';
import { repositoryRoot } from '../lib/kit/kinds';
import { publishedCrdFile } from '../lib/kit/published-crd';
import { describeJson, isJsonObject } from '../lib/review/json';
import { interpreterOperations } from '../lib/interpreter/wire/operations';
import type { JsonObject, JsonValue } from '../lib/review/json';

export const usage = `Usage:
  npm run -s interpret -- --operation OP [--desired-file F] [--observed-file F] [--status-file F] [--desired-replica N] [options]
  npm run -s interpret -- --check FOLDER [--crd FILE] [options]

Runs one Karmada interpreter operation on YAML or JSON files, like \`karmadactl interpret\` does for Lua
customizations, and prints the results as Karmada uses them: the patched object (revised, retained,
aggregatedStatus), replica and requires, components, status, healthy (with its reason, "# reason: …", against the
local interpreters), dependencies. The request is the
ResourceInterpreterContext Karmada would send (uid, kind from the object's apiVersion/kind, name, namespace,
replicas, aggregatedStatus). Exits 1 with the webhook's message when it answers successful: false, when a case
fails, or when --crd refuses a result; exits 2 with one line on stderr when it cannot run (bad options or files, an
unreachable webhook, a --crd without the objects' CRD).

  --operation OP          ${interpreterOperations.join(', ')} (any case).
  --desired-file F        The resource template (request.object; Retain: the desired object).
  --observed-file F       The object in a member cluster (Retain: request.observedObject; InterpretHealth and
                          InterpretStatus: request.object, as Karmada sends the member's object).
  --status-file F         Aggregated status items for AggregateStatus: one per YAML document, or one list
                          ({clusterName, status, applied, health}).
  --desired-replica N     request.replicas (the desired count for ReviseReplica; default 0).
  --check PATH            Run every case of a testdata folder (or file) in Karmada's format
                          (testdata/<operation>-test.yaml: desiredObj, observedObj, statusItems, inputReplicas,
                          operation, output) and report PASS/FAIL per case with what differs. "{{EXCLUDE}}" in an
                          expected object leaves that field out, as in Karmada. Exits 1 if any case fails.
  --crd FILE              With --check or --operation: also judge the results the service writes (revised,
                          retained, aggregatedStatus's status, status) as the kind's API server would, against the
                          CRD's OpenAPI v3 schema of their version (FILE: a CRD, or several documents, the kind's
                          chosen by group and kind; e.g. lib/kinds/workload/crd.yaml), and the quantities and
                          component names Karmada decodes. A refusal fails the case ("output refused by the CRD");
                          a field it would prune is a note; what it would refuse or prune of the case's own objects
                          is noted ("input refused by the CRD"; --verbose shows those). CEL rules are not evaluated.
                          --crd published: the served kind's own CRD, as its identity.ts names it (fetched through
                          the Go module proxy or Maven Central; its crd.yaml for a CRD of ours).
  --url URL               Call this interpreter webhook instead of the local interpreters: the URL exactly as in
                          the webhook's clientConfig.url, token included (this service: https://<domain>/<token>/interpreter).
                          http:// is accepted for a server on this machine (127.0.0.1, [::1], localhost).
                          The URL's path is never printed.
  --ca-bundle FILE        PEM certificates to trust for --url instead of the system CAs.
  --timeout-seconds N     Per call, 1..30 (default 10; sent as ?timeout=Ns like Karmada).
  --verbose               Also print the raw response (and the decoded patch); with --check, notes per case; the
                          stack of an exception a kind threw (its message and first frame print without it).
  -h, --help              Show this help.
Files may be "-" for standard input (one of them).
`;

export interface InterpretIo extends ToolIo {
  /** Reads a file named on the command line ("-" is standard input); injectable for tests. */
  readFile?: (path: string) => string;
}

export const tool: Tool = { name: 'interpret', inputErrors: [KitError] };

/** The text of the file an option names (`option` says which, for the message). */
function readText(option: string, path: string, io: InterpretIo): string {
  try {
    return io.readFile ? io.readFile(path) : readFileSync(path === '-' ? 0 : path, 'utf8');
  } catch (error) {
    throw new KitError(whyUnreadable(`${option} ${path}`, error));
  }
}

function documentsOf(option: string, path: string, io: InterpretIo): JsonValue[] {
  return yamlDocuments(readText(option, path, io), `${option} ${path}`);
}

function objectFile(option: string, path: string, io: InterpretIo): JsonObject {
  const documents = documentsOf(option, path, io);
  if (documents.length !== 1) throw new KitError(`${option} ${path} must hold one object, it holds ${documents.length} documents; give one object per file`);
  const [object] = documents;
  if (!isJsonObject(object)) throw new KitError(`${option} ${path} must hold a Kubernetes object (apiVersion, kind, metadata…), got ${describeJson(object)}`);
  return object;
}

function statusItemsFile(path: string, io: InterpretIo): JsonValue[] {
  const documents = documentsOf('--status-file', path, io);
  return documents.length === 1 && Array.isArray(documents[0]) ? documents[0] : documents;
}

function integerOption(value: string | undefined, name: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value) || Number(value) < min || Number(value) > max) throw new UsageError(`${name} must be an integer from ${min} to ${max}`);
  return Number(value);
}

/** As `karmadactl interpret` prints results: one YAML document per result, headed `# [i/n] name:`. */
function printResults(results: { name: string; value: JsonValue }[], io: InterpretIo): void {
  results.forEach(({ name, value }, index) => {
    io.stdout(`---\n# [${index + 1}/${results.length}] ${name}:\n${stringify(value, { lineWidth: 0 })}`);
  });
}

/**
 * Behind a local 500, what the interpreter threw (the deployed webhook answers the same and logs it): its message
 * and first frame in this repository, one line; `verbose` adds the stack.
 */
function printThrown(failure: { thrown: unknown } | undefined, verbose: boolean, io: InterpretIo): void {
  if (failure === undefined) return;
  io.stderr(`interpret: the interpreter ${thrownLine(failure.thrown)}${verbose ? '' : ' (--verbose shows its stack)'}\n`);
  if (verbose) for (const frame of thrownStack(failure.thrown)) io.stderr(`interpret:     ${frame}\n`);
}

async function runOne(input: InterpretInput, webhook: Webhook, verbose: boolean, io: InterpretIo, crd?: CrdFile): Promise<number> {
  const { context, uid, object } = interpreterContextFor(input);
  const missing = crd === undefined ? undefined : missingCrd(crd, [input.desired, input.observed]);
  if (missing !== undefined) throw new KitError(missing);
  const answer = await webhook(context);
  if (verbose) io.stdout(`---\n# response:\n${stringify(answer, { lineWidth: 0 })}`);
  const response = verifiedResponse(answer, uid);
  if (verbose && response.patch !== undefined) io.stdout(`---\n# patch (decoded):\n${stringify(patchOperationsOf(response), { lineWidth: 0 })}`);
  if (!response.successful) {
    io.stderr(`interpret: ${input.operation} failed with code ${String(response.status?.code)}: ${response.status?.message ?? '(no message)'}\n`);
    // A refusal's message starts with its reason (the field and its cause); any other is said apart, and what a
    // kind threw behind a 500 says more than the 500's reason (`internal error (TypeError)`).
    const reason = answerReasonOf(answer);
    const failure = failureBehind(answer);
    if (failure !== undefined) printThrown(failure, verbose, io);
    else if (reason !== undefined && !(response.status?.message ?? '').startsWith(reason)) io.stderr(`interpret: reason: ${reason}\n`);
    return 1;
  }
  const results = resultsOf(input.operation, response, object);
  printResults(results.map(({ name, value }) => ({ name, value: withCanonicalQuantities(name, value) })), io);
  // Beside the answer, as a YAML comment: what the call's log line says decided it (in process only: not on the wire).
  const reason = answerReasonOf(answer);
  if (reason !== undefined) io.stdout(`# reason: ${reason}\n`);
  if (crd === undefined) return 0;
  const objects = {
    operation: input.operation,
    ...(input.desired ? { desiredObj: input.desired } : {}),
    ...(input.observed ? { observedObj: input.observed } : {}),
    ...(input.statusItems ? { statusItems: input.statusItems } : {}),
  };
  const { problems, notes, inputNotes } = judgedByCrd(objects, new Map(results.map(({ name, value }) => [name, value])), crd);
  if (usesCelRules(crd, [input.desired, input.observed])) notes.unshift(celNote);
  for (const line of [...problems, ...[...notes, ...inputNotes].map((note) => `note: ${note}`)]) io.stderr(`interpret: ${line}\n`);
  return problems.length === 0 ? 0 : 1;
}

/** The catalogue cases a kind's README lists as answered differently (lib/kit/listed-differences.ts), for `--check`. */
export interface CheckListing {
  differences: readonly ListedDifference[];
  /** The README, as messages name it. */
  readme: string;
}

/**
 * Every case of a folder or file, PASS or FAIL with its problems, then `N passed, N failed`. A malformed case fails
 * alone; a file that is not YAML counts as one failure; an unreachable webhook stops the run (UnreachableWebhook).
 * With a `listing` (Karmada's catalogue, `npm run catalogue`), a listed case answered differently is DIFF and
 * counted apart (`N passed, N answered differently as <readme> lists, N failed`); a listed case that passes, or is
 * not answered, fails. With a `crd` (`--crd`), each case is also judged against it (lib/kit/crd-check.ts): its
 * refusals of the results are problems, what it would drop of them a note printed whether or not `verbose`, what it
 * would refuse or drop of the case's own objects a note for `verbose` (counted otherwise); a file without the CRD of a
 * case's kind stops the run before the first call.
 */
/** The objects of the well-formed cases under `path` (`--crd published` finds their kinds' CRDs); a bad file gives none. */
function caseObjects(path: string): (JsonObject | undefined)[] {
  return caseFiles(path).flatMap((file) => {
    try {
      return readCaseDocuments(file).flatMap((input) => (input.malformed === undefined ? [input.desiredObj, input.observedObj] : []));
    } catch (error) {
      if (error instanceof KitError) return [];
      throw error;
    }
  });
}

export async function runCheck(path: string, webhook: Webhook, verbose: boolean, io: InterpretIo, listing?: CheckListing, crd?: CrdFile): Promise<number> {
  const files = caseFiles(path);
  const root = statSync(path).isDirectory() ? path : dirname(path);
  // Every file is read before the first call: a folder without a single case is a wrong path, not a pass.
  const read = files.map((file): { shownFile: string; cases: CaseDocument[] } | { shownFile: string; error: KitError } => {
    const shownFile = relative(root, file);
    try {
      return { shownFile, cases: readCaseDocuments(file, shownFile) };
    } catch (error) {
      if (!(error instanceof KitError)) throw error;
      return { shownFile, error };
    }
  });
  if (read.every((file) => 'cases' in file && file.cases.length === 0)) {
    throw new KitError(`${path}: its case files hold no case; give a kind's folder (lib/kinds/<kind>), a testdata folder or a case file`);
  }
  if (crd !== undefined) {
    const objects = read.flatMap((file) => ('cases' in file ? file.cases : [])).flatMap((input) => (input.malformed === undefined ? [input.desiredObj, input.observedObj] : []));
    const missing = missingCrd(crd, objects);
    if (missing !== undefined) throw new KitError(missing);
    if (usesCelRules(crd, objects)) io.stdout(`note: ${celNote}\n`);
  }
  let passed = 0;
  let failed = 0;
  let differed = 0;
  let inputNotesHidden = 0;
  for (const file of read) {
    if ('error' in file) {
      failed += 1;
      io.stdout(`FAIL  ${file.shownFile}\n      ${file.error.message}\n`);
      continue;
    }
    if (file.cases.length === 0) io.stdout(`      ${file.shownFile}: no cases in it\n`);
    for (const input of file.cases) {
      const result = await checkCase(input, webhook, crd === undefined ? {} : { crd });
      const label = `${file.shownFile}#${input.source.document} ${input.operation ?? '(malformed)'}: ${input.name}`;
      const listed = listing === undefined ? undefined : listingFor(listing.differences, input.operation, input.name);
      const { verdict, problems } = judgeListed(result, listed, listing?.readme ?? '');
      if (verdict === 'passed') passed += 1;
      else if (verdict === 'differed') differed += 1;
      else failed += 1;
      io.stdout(`${{ passed: 'PASS', differed: 'DIFF', failed: 'FAIL' }[verdict]}  ${label}\n`);
      if (verdict === 'differed') io.stdout(`      listed in ${listing!.readme}:${listed!.line}: ${listed!.reason}\n`);
      for (const problem of problems) io.stdout(`      ${problem}\n`);
      if (verbose && verdict === 'failed') for (const frame of result.stack ?? []) io.stdout(`          ${frame}\n`);
      for (const note of result.schemaNotes) io.stdout(`      note: ${note}\n`);
      if (verbose) for (const note of [...result.inputNotes, ...result.notes]) io.stdout(`      note: ${note}\n`);
      else inputNotesHidden += result.inputNotes.length;
    }
  }
  if (inputNotesHidden > 0) io.stdout(`note: ${inputNotesHidden} notes on the cases' own objects (what the CRD would refuse or prune of them) not shown: --verbose shows them\n`);
  const answeredDifferently = differed === 0 ? '' : `${differed} answered differently as ${listing!.readme} lists, `;
  io.stdout(`${passed} passed, ${answeredDifferently}${failed} failed\n`);
  return failed === 0 ? 0 : 1;
}

/**
 * Runs the CLI; returns the exit code (0 success, 1 a failed operation or case, 2 it cannot run: one line on stderr).
 * `listing` is for `--check` of Karmada's catalogue (`npm run catalogue`): the kind's listed differences.
 */
export async function main(argv: readonly string[], io: InterpretIo, listing?: CheckListing): Promise<number> {
  try {
    const { values, positionals } = parsedArguments({
      args: [...argv],
      strict: true,
      allowPositionals: true,
      options: {
        operation: { type: 'string' },
        'desired-file': { type: 'string' },
        'observed-file': { type: 'string' },
        'status-file': { type: 'string' },
        'desired-replica': { type: 'string' },
        check: { type: 'string' },
        crd: { type: 'string' },
        url: { type: 'string' },
        'ca-bundle': { type: 'string' },
        'timeout-seconds': { type: 'string' },
        verbose: { type: 'boolean', short: 'v' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      io.stdout(usage);
      return 0;
    }
    if (positionals.length > 0) throw new UsageError(`unexpected argument(s) (${positionals.length}); every option takes the form --name value`);
    const timeoutSeconds = integerOption(values['timeout-seconds'], '--timeout-seconds', 1, 30);
    if (values['ca-bundle'] !== undefined && values.url === undefined) throw new UsageError('--ca-bundle goes with --url');
    const webhook = values.url === undefined
      ? localWebhook()
      : remoteWebhook({
        url: values.url,
        ...(values['ca-bundle'] === undefined ? {} : { caBundle: readText('--ca-bundle', values['ca-bundle'], io) }),
        ...(timeoutSeconds === undefined ? {} : { timeoutSeconds }),
      });
    const verbose = values.verbose ?? false;
    const published = values.crd === 'published';
    const crdFile = values.crd === undefined || published ? undefined : readCrdFile(values.crd, (file) => readText('--crd', file, io));

    if (values.check !== undefined) {
      const single = ['operation', 'desired-file', 'observed-file', 'status-file', 'desired-replica'].filter((name) => values[name as keyof typeof values] !== undefined);
      if (single.length > 0) throw new UsageError(`--check takes its inputs from the case files; drop --${single.join(', --')}`);
      const crd = published ? await publishedCrdFile(caseObjects(values.check), repositoryRoot) : crdFile;
      return await runCheck(values.check, webhook, verbose, io, listing, crd);
    }

    if (values.operation === undefined) throw new UsageError('--operation is required (or --check FOLDER)');
    const operation = operationNamed(values.operation);
    if (operation === undefined) {
      const near = didYouMean(values.operation, interpreterOperations);
      throw new UsageError(`--operation ${quotedName(values.operation)} is not supported${near || `; use one of ${interpreterOperations.join(', ')}`}`);
    }
    const replicas = integerOption(values['desired-replica'], '--desired-replica', -2_147_483_648, 2_147_483_647);
    const input: InterpretInput = { operation };
    if (values['desired-file'] !== undefined) input.desired = objectFile('--desired-file', values['desired-file'], io);
    if (values['observed-file'] !== undefined) input.observed = objectFile('--observed-file', values['observed-file'], io);
    if (values['status-file'] !== undefined) input.statusItems = statusItemsFile(values['status-file'], io);
    if (replicas !== undefined) input.replicas = replicas;
    const crd = published ? await publishedCrdFile([input.desired, input.observed], repositoryRoot) : crdFile;
    return await runOne(input, webhook, verbose, io, crd);
  } catch (error) {
    return stopped(tool, error, io);
  }
}

if (isEntryPoint(import.meta.url)) await runCommand(tool, main);
