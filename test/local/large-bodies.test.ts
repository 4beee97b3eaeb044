// Large bodies are answered off the server's event loop: in a child process the first large body starts and a quiet
// spell stops. The side that hands bodies over, with a stand-in child; `npm start` runs the real one (start.test.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { largeBodies } from '../../lib/local/large-bodies';
import { httpApiEvent } from '../support/events';
import { waitFor } from '../support/wait';

const folder = mkdtempSync(join(tmpdir(), 'large-bodies-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A child that answers with the function's name and its process id, and exits on a body saying "exit". */
const script = join(folder, 'child.mjs');
writeFileSync(
  script,
  `process.on('message', ({ id, functionName, event }) => {
  if (event.body === 'exit') process.exit(3);
  process.send({ id, result: { statusCode: 200, body: functionName + ' ' + process.pid } });
});
process.on('disconnect', () => process.exit(0));`,
);

describe('largeBodies', () => {
  it('starts one child for the bodies it is given, and stops it after the quiet spell', async () => {
    // Prepare
    const bodies = largeBodies({ script, minBytes: 1, idleMs: 200 });

    // Act: two bodies at once, then one after the child has stopped
    const [first, second] = await Promise.all([bodies.answer('dispatcher', httpApiEvent({ rawBody: 'a' })), bodies.answer('convert', httpApiEvent({ rawBody: 'b' }))]);
    await new Promise((resolve) => setTimeout(resolve, 600));
    const later = await bodies.answer('dispatcher', httpApiEvent({ rawBody: 'c' }));
    await bodies.stop();

    // Assess: the same process answered both, a new one the third
    const [, firstChild] = first.body!.split(' ');
    expect(first.body).toBe(`dispatcher ${firstChild}`);
    expect(second.body).toBe(`convert ${firstChild}`);
    expect(later.body).not.toBe(`dispatcher ${firstChild}`);
  });

  it('fails the bodies a child was answering when it stops, and starts another for the next', async () => {
    // Prepare
    const bodies = largeBodies({ script, minBytes: 1, idleMs: 60_000 });

    // Act
    const failed = bodies.answer('dispatcher', httpApiEvent({ rawBody: 'exit' }));
    await expect(failed).rejects.toThrow('the large-body process stopped (exit code 3)');
    const next = await waitFor('another child', async () => (await bodies.answer('dispatcher', httpApiEvent({ rawBody: 'd' }))).body, { timeoutMs: 5_000 });
    await bodies.stop();

    // Assess
    expect(next).toMatch(/^dispatcher \d+$/);
  });
});
