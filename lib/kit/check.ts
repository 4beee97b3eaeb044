// Runs cases against a webhook and judges each as Karmada's testdata runner does: every `output` key must be a
// result of the operation and equal it; results with no expected value are only noted (docs/interpret.md, "How a
// case is judged": the Go conformance harness follows the same rules).
import type { JsonValue } from '../review/json';
import { KitError, type CaseDocument } from './cases';
import { comparable, describeDifference, differencesOf } from './compare';
import { judgedByCrd, type CrdFile } from './crd-check';
import { verifiedResponse } from './answer';
import { interpretInputOf, interpreterContextFor, resultsOf } from './request';
import { thrownLine, thrownStack } from './thrown';
import { answerReasonOf, failureBehind, UnreachableWebhook, type Webhook } from './webhook';

export interface CaseOutcome {
  case: CaseDocument;
  passed: boolean;
  /** Why it failed: one line each (a differing path, a missing result, the webhook's error). */
  problems: string[];
  /** Worth saying without failing the case (results with no expected value): `--check --verbose` prints them. */
  notes: string[];
  /**
   * With a CRD (`--check --crd`): worth saying whenever the case runs, without failing it (fields of the results the
   * API server would drop silently, a version the CRD does not serve). Its refusals of the results are `problems`.
   */
  schemaNotes: string[];
  /**
   * With a CRD: what it would refuse or drop of the case's own objects and members' statuses, not failing the case
   * (cases often abbreviate their objects): `--check --verbose` prints them.
   */
  inputNotes: string[];
  /**
   * Failed as an answer that differs: the webhook answered, gave every expected result, and only their values
   * differ (never an error, a refusal or a missing result); what a README's listed difference may accept.
   */
  differed: boolean;
  /**
   * Local runs only: when the case failed on a 500 because the interpreter threw, the exception's stack, one frame a
   * line (`--check --verbose` prints it); its message and first frame in this repository are a problem line.
   */
  stack?: string[];
}

function outcome(input: CaseDocument, problems: string[], notes: string[] = [], answered = false): CaseOutcome {
  return { case: input, passed: problems.length === 0, problems, notes, schemaNotes: [], inputNotes: [], differed: answered && problems.length > 0 };
}

/** A failed case's outcome with what the interpreter threw behind its 500, where a local webhook says so. */
function withThrown(failed: CaseOutcome, answer: unknown): CaseOutcome {
  const failure = failureBehind(answer);
  if (failed.passed || failure === undefined) return failed;
  return { ...failed, problems: [...failed.problems, `the interpreter ${thrownLine(failure.thrown)}`], stack: thrownStack(failure.thrown) };
}

export interface CheckOptions {
  /**
   * Also judge the case's objects and the results the service writes against the kind's CRD (crd-check.ts): what
   * its API server would refuse fails the case, what it would drop silently is a schema note.
   */
  crd?: CrdFile;
}

/**
 * A case's `reason` against the answer's: a problem when they differ, a note when the answer carries none (a webhook
 * over HTTP) or the case states none (so that `--check --verbose` shows what to write).
 */
function reasonJudged(expected: string | undefined, actual: string | undefined): { problems: string[]; notes: string[] } {
  if (expected === undefined) return { problems: [], notes: actual === undefined ? [] : [`no expected reason (the answer's: ${JSON.stringify(actual)})`] };
  if (actual === undefined) return { problems: [], notes: ["reason not checked: this webhook's answers carry none (only this project's interpreters, in process, give one)"] };
  return { problems: expected === actual ? [] : [`expected reason ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`], notes: [] };
}

/** Judges one case; throws UnreachableWebhook when the webhook cannot be reached at all. */
export async function checkCase(input: CaseDocument, webhook: Webhook, options: CheckOptions = {}): Promise<CaseOutcome> {
  if (input.malformed !== undefined || options.crd === undefined) return (await compared(input, webhook)).outcome;
  const { outcome: judged, results } = await compared(input, webhook);
  const objects = {
    operation: input.operation,
    ...(input.desiredObj ? { desiredObj: input.desiredObj } : {}),
    ...(input.observedObj ? { observedObj: input.observedObj } : {}),
    ...(input.statusItems ? { statusItems: input.statusItems } : {}),
  };
  const { problems, notes, inputNotes } = judgedByCrd(objects, results, options.crd);
  return {
    ...judged,
    passed: judged.passed && problems.length === 0,
    problems: [...judged.problems, ...problems],
    schemaNotes: notes,
    inputNotes,
    // A refusal by the CRD is never an answer that merely differs: a README's listed difference does not excuse it.
    differed: judged.differed && problems.length === 0,
  };
}

/** The case judged as Karmada's runner judges it, and the results of a successful answer (for the CRD's judgement). */
async function compared(input: CaseDocument, webhook: Webhook): Promise<{ outcome: CaseOutcome; results?: Map<string, JsonValue> }> {
  if (input.malformed !== undefined) return { outcome: outcome(input, [input.malformed]) };
  try {
    const { context, uid, object } = interpreterContextFor(interpretInputOf(input));
    const answer = await webhook(context);
    const response = verifiedResponse(answer, uid);
    const reason = reasonJudged(input.reason, answerReasonOf(answer));

    if (input.error !== undefined) {
      const { code, messageContains } = input.error;
      if (response.successful) return { outcome: outcome(input, [`expected a rejection with code ${code}, got successful: true`]) };
      const problems: string[] = [];
      if (response.status?.code !== code) problems.push(`expected code ${code}, got ${String(response.status?.code)}: ${response.status?.message ?? ''}`);
      const message = response.status?.message ?? '';
      const missing = messageContains.filter((fragment) => !message.includes(fragment));
      if (missing.length > 0) problems.push(`expected the message to contain ${missing.map((fragment) => JSON.stringify(fragment)).join(', ')}, got ${JSON.stringify(message)}`);
      return { outcome: withThrown(outcome(input, [...problems, ...reason.problems], reason.notes), answer) };
    }
    if (!response.successful) {
      return { outcome: withThrown(outcome(input, [`the webhook answered successful: false, code ${String(response.status?.code)}: ${response.status?.message ?? '(no message)'}`]), answer) };
    }

    const results = new Map<string, JsonValue>(resultsOf(input.operation, response, object).map(({ name, value }) => [name, value]));
    const problems: string[] = [];
    const notes: string[] = [];
    const output = input.output ?? {};
    problems.push(...reason.problems);
    notes.push(...reason.notes);
    let answered = true;
    for (const [name, expected] of Object.entries(output)) {
      if (!results.has(name)) {
        answered = false;
        problems.push(`output key '${name}' is not a result of ${input.operation} (its results: ${[...results.keys()].join(', ')})`);
        continue;
      }
      const [want, got] = comparable(name, expected, results.get(name));
      for (const difference of differencesOf(want, got)) problems.push(describeDifference(difference, name));
    }
    for (const name of results.keys()) if (!Object.hasOwn(output, name)) notes.push(`no expected value for '${name}'`);
    return { outcome: outcome(input, problems, notes, answered), results };
  } catch (error) {
    // An unreachable webhook is no verdict on the case: it stops the whole run.
    if (error instanceof KitError && !(error instanceof UnreachableWebhook)) return { outcome: outcome(input, [error.message]) };
    throw error;
  }
}
