// `npm start` with a TLS file it cannot use says so in one line and exits 2: no stack trace.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runLocalServer } from '../support/server';

const dir = mkdtempSync(join(tmpdir(), 'interpreter-bad-tls-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const start = (env: Record<string, string>) => runLocalServer({ env });

describe('npm start with unusable TLS files', () => {
  it('a missing file: one line naming the variable and the file', () => {
    const missing = join(dir, 'missing.pem');
    const { status, stderr, stdout } = start({ TLS_CERT: missing, TLS_KEY: missing });
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(`TLS_CERT=${missing}: cannot read the file (ENOENT); set it to a readable PEM file`);
  });

  it('a file that is not PEM: one line, no stack trace', () => {
    const junk = join(dir, 'junk.pem');
    writeFileSync(junk, 'not a certificate\n');
    const { status, stderr } = start({ TLS_CERT: junk, TLS_KEY: junk });
    expect(status).toBe(2);
    expect(stderr.split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^TLS_CERT\/TLS_KEY: not a usable PEM certificate and private key \(/);
  });
});
