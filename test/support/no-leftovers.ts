// vitest's global setup (vitest.config.ts): the run gets a temporary folder of its own, removed whole when the run
// ends, so a run leaves nothing in the machine's /tmp, whichever test forgot its scratch folder and however a test
// ended. The workers, and every process a test starts (servers, `serverless package`, go test), inherit TMPDIR, and
// `os.tmpdir()` reads it at every call. Other runs, of this checkout or another, have folders of their own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function setup(): () => void {
  const folder = mkdtempSync(join(tmpdir(), 'vitest-run-'));
  process.env.TMPDIR = folder;
  return () => rmSync(folder, { recursive: true, force: true });
}
