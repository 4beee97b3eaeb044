// Runs every registered kind's interpreter cases (its folder's testdata/, Karmada's format) through the deployed handler path,
// judged by the same rules as `npm run interpret -- --check` (Karmada's runner: {{EXCLUDE}}, typed comparison).
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { handler } from '../functions/dispatcher';
import { caseFiles, readCases } from '../lib/kit/cases';
import { checkCase } from '../lib/kit/check';
import { kindFolders, repositoryRoot } from '../lib/kit/kinds';
import type { Webhook } from '../lib/kit/webhook';
import { httpApiEvent } from './support/events';


/** The dispatcher Lambda handler behind an API Gateway event, as Karmada reaches it. */
const deployedHandler: Webhook = async (context) => {
  const result = await handler(httpApiEvent({ body: context }));
  if (result.statusCode !== 200) throw new Error(`HTTP ${result.statusCode}`);
  return JSON.parse(result.body ?? '');
};

const interpreted = kindFolders().filter((kind) => kind.interpreted);

it('every interpreted kind has cases in its testdata folder', () => {
  expect(interpreted.filter((kind) => kind.testdata === undefined).map((kind) => kind.identity.home)).toEqual([]);
});

for (const file of interpreted.flatMap((kind) => (kind.testdata === undefined ? [] : caseFiles(kind.testdata)))) {
  describe(relative(repositoryRoot, file), () => {
    for (const input of readCases(file)) {
      it(input.name, async () => {
        // Act
        const outcome = await checkCase(input, deployedHandler);

        // Assess
        expect(outcome.problems).toEqual([]);
        expect(Object.keys(input.output ?? {}).length + (input.error ? 1 : 0), 'a case must expect an output or an error').toBeGreaterThan(0);
        expect(outcome.passed).toBe(true);
      });
    }
  });
}
