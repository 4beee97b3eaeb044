// What new-kind's types.ts says of its CRD: the source by a name that reads the same on every machine, and each
// schema description whole, as a JSDoc comment that nothing in it can close early.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../lib/kit/kinds';
import { crdSourceName, docComment } from '../../lib/kit/scaffold/types';

describe('crdSourceName', () => {
  it.each([
    ['a file of the repository, by its path there', join(repositoryRoot, 'docs/examples/webapp-crd.yaml'), 'docs/examples/webapp-crd.yaml'],
    ['a file outside it, by its name alone', '/tmp/work/prometheus-crd.yaml', 'prometheus-crd.yaml'],
    ['a published source, as identity.ts names it', 'go:sigs.k8s.io/lws@v0.9.0:config/crd/bases/x.yaml', 'go:sigs.k8s.io/lws@v0.9.0:config/crd/bases/x.yaml'],
    ['a Maven source', 'maven:io.strimzi:api:0.51.0:tests:crds/040-Crd-kafka.yaml', 'maven:io.strimzi:api:0.51.0:tests:crds/040-Crd-kafka.yaml'],
  ])('names %s', (_what, source, expected) => {
    // Act + Assess
    expect(crdSourceName(source, repositoryRoot)).toBe(expected);
  });
});

describe('docComment', () => {
  it('is one line for a short description', () => {
    expect(docComment('Desired number of pods.', '  ')).toBe('  /** Desired number of pods. */\n');
  });

  it('is nothing for none or a blank one', () => {
    expect(docComment(undefined, '')).toBe('');
    expect(docComment(' \n ', '')).toBe('');
  });

  it('keeps every line, wraps long ones within 120 characters, and breaks up a comment end', () => {
    // Prepare
    const description = `First line.\n${'word '.repeat(40)}\n\n  - an item */ with a comment end\r\nlast`;

    // Act
    const comment = docComment(description, '    ');

    // Assess
    const lines = comment.trimEnd().split('\n');
    expect(lines[0]).toBe('    /**');
    expect(lines.at(-1)).toBe('     */');
    expect(lines.slice(1, -1).every((line) => line.startsWith('     *'))).toBe(true);
    expect(lines.every((line) => line.length <= 120)).toBe(true);
    expect(comment).toContain('     * First line.\n');
    expect(comment.match(/word/g)).toHaveLength(40);
    expect(comment).toContain('     *\n     *   - an item *\\/ with a comment end\n     * last\n');
    expect(comment.slice(0, -4)).not.toContain('*/');
  });
});
