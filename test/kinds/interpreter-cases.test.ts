// Runs every registered kind's interpreter cases (its folder's testdata/, Karmada's format) through the deployed handler path,
// judged by the same rules as `npm run interpret -- --check` (Karmada's runner: {{EXCLUDE}}, typed comparison).
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { handler } from '../../functions/dispatcher';
import { caseFiles, KitError, readCaseDocuments, type CaseDocument } from '../../lib/kit/cases';
import { checkCase } from '../../lib/kit/check';
import { kindFolders, repositoryRoot } from '../../lib/kit/kinds';
import { localWebhook, type Webhook } from '../../lib/kit/webhook';
import { httpApiEvent } from '../support/events';


/** The dispatcher Lambda handler behind an API Gateway event, as Karmada reaches it. */
const deployedHandler: Webhook = async (context) => {
  const result = await handler(httpApiEvent({ body: context }));
  if (result.statusCode !== 200) throw new Error(`HTTP ${result.statusCode}`);
  return JSON.parse(result.body ?? '');
};

/** The same interpreters in process: the one place a case's `reason` can be seen (it never reaches the wire). */
const inProcess = localWebhook();

const interpreted = kindFolders().filter((kind) => kind.interpreted);

it('every interpreted kind has cases in its testdata folder', () => {
  expect(interpreted.filter((kind) => kind.testdata === undefined).map((kind) => kind.identity.home)).toEqual([]);
});

/** The file's documents, or why it cannot be read (that file's one failure, not the whole run's). */
function documentsOf(file: string): CaseDocument[] | KitError {
  try {
    return readCaseDocuments(file);
  } catch (error) {
    if (error instanceof KitError) return error;
    throw error;
  }
}

for (const file of interpreted.flatMap((kind) => (kind.testdata === undefined ? [] : caseFiles(kind.testdata)))) {
  describe(relative(repositoryRoot, file), () => {
    const documents = documentsOf(file);
    if (documents instanceof KitError) {
      it('is a case file', () => {
        expect.fail(documents.message);
      });
      return;
    }
    for (const input of documents) {
      it(input.name, async () => {
        // Act
        const outcome = await checkCase(input, deployedHandler);

        // Assess
        expect(outcome.problems).toEqual([]);
        // Karmada's runner passes a case with no expected result; our own cases must each say what they expect.
        expect(input.malformed === undefined && Object.keys(input.output ?? {}).length + (input.error ? 1 : 0), 'a case must expect an output or an error').toBeGreaterThan(0);
        expect(outcome.passed).toBe(true);
        if (input.malformed === undefined && input.reason !== undefined) expect((await checkCase(input, inProcess)).problems).toEqual([]);
      });
    }
  });
}
