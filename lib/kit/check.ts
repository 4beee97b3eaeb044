// Runs cases against a webhook and judges each as Karmada's testdata runner does: every `output` key must be a
// result of the operation and equal it; results with no expected value are only noted (docs/interpret.md, "How a
// case is judged": the Go conformance harness follows the same rules).
import type { JsonValue } from '../review/json';
import { KitError, type CaseDocument } from './cases';
import { comparable, describeDifference, differencesOf } from './compare';
import { verifiedResponse } from './answer';
import { interpreterContextFor, resultsOf } from './request';
import { UnreachableWebhook, type Webhook } from './webhook';

export interface CaseOutcome {
  case: CaseDocument;
  passed: boolean;
  /** Why it failed: one line each (a differing path, a missing result, the webhook's error). */
  problems: string[];
  /** Worth saying without failing the case (results with no expected value). */
  notes: string[];
  /**
   * Failed as an answer that differs: the webhook answered, gave every expected result, and only their values
   * differ (never an error, a refusal or a missing result); what a README's listed difference may accept.
   */
  differed: boolean;
}

function outcome(input: CaseDocument, problems: string[], notes: string[] = [], answered = false): CaseOutcome {
  return { case: input, passed: problems.length === 0, problems, notes, differed: answered && problems.length > 0 };
}

/** Judges one case; throws UnreachableWebhook when the webhook cannot be reached at all. */
export async function checkCase(input: CaseDocument, webhook: Webhook): Promise<CaseOutcome> {
  if (input.malformed !== undefined) return outcome(input, [input.malformed]);
  try {
    const { context, uid, object } = interpreterContextFor({
      operation: input.operation,
      ...(input.desiredObj ? { desired: input.desiredObj } : {}),
      ...(input.observedObj ? { observed: input.observedObj } : {}),
      ...(input.statusItems ? { statusItems: input.statusItems } : {}),
      ...(input.inputReplicas !== undefined ? { replicas: input.inputReplicas } : {}),
    });
    const response = verifiedResponse(await webhook(context), uid);

    if (input.error !== undefined) {
      const { code, messageContains } = input.error;
      if (response.successful) return outcome(input, [`expected a rejection with code ${code}, got successful: true`]);
      const problems: string[] = [];
      if (response.status?.code !== code) problems.push(`expected code ${code}, got ${String(response.status?.code)}: ${response.status?.message ?? ''}`);
      const message = response.status?.message ?? '';
      const missing = messageContains.filter((fragment) => !message.includes(fragment));
      if (missing.length > 0) problems.push(`expected the message to contain ${missing.map((fragment) => JSON.stringify(fragment)).join(', ')}, got ${JSON.stringify(message)}`);
      return outcome(input, problems);
    }
    if (!response.successful) {
      return outcome(input, [`the webhook answered successful: false, code ${String(response.status?.code)}: ${response.status?.message ?? '(no message)'}`]);
    }

    const results = new Map<string, JsonValue>(resultsOf(input.operation, response, object).map(({ name, value }) => [name, value]));
    const problems: string[] = [];
    const notes: string[] = [];
    const output = input.output ?? {};
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
    return outcome(input, problems, notes, answered);
  } catch (error) {
    // An unreachable webhook is no verdict on the case: it stops the whole run.
    if (error instanceof KitError && !(error instanceof UnreachableWebhook)) return outcome(input, [error.message]);
    throw error;
  }
}
