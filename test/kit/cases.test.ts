// Case files are read as Karmada's Go decoder (go-yaml) reads them, with the one YAML library (`yaml`).
import { describe, expect, it } from 'vitest';
import { KitError, parseCaseDocuments, yamlDocuments } from '../../lib/kit/cases';

describe('yamlDocuments', () => {
  it("reads a quoted scalar continued at its key's indentation as go-yaml does (Karmada's Bucket testdata)", () => {
    const text = [
      'conditions:',
      "  - message: 'invalid ''fake-secret'' secret data: required fields ''accesskey''",
      "    and ''secretkey'''",
      '    reason: AuthenticationFailed',
      '  - message: "a \\"quoted\\" word',
      '    and more"',
      '    reason: Other',
      '',
    ].join('\n');
    expect(yamlDocuments(text, 'bucket.yaml')).toEqual([
      {
        conditions: [
          { message: "invalid 'fake-secret' secret data: required fields 'accesskey' and 'secretkey'", reason: 'AuthenticationFailed' },
          { message: 'a "quoted" word and more', reason: 'Other' },
        ],
      },
    ]);
  });

  it('keeps the last of a repeated key, applies merge keys, leaves timestamps as strings and skips empty documents', () => {
    const text = 'a: 1\na: 2\nbase: &base {x: 1}\nmerged:\n  <<: *base\n  y: 2\nat: 2023-04-29T14:03:19Z\n---\n---\nb: true\n';
    expect(yamlDocuments(text, 'doc.yaml')).toEqual([{ a: 2, base: { x: 1 }, merged: { x: 1, y: 2 }, at: '2023-04-29T14:03:19Z' }, { b: true }]);
  });

  it('names the file, the problem and where it is when the text is not YAML', () => {
    expect(() => yamlDocuments('a: [1, 2\nb: }\n', 'broken.yaml')).toThrow(KitError);
    expect(() => yamlDocuments('a: [1, 2\nb: }\n', 'broken.yaml')).toThrow(/^broken\.yaml is not valid YAML or JSON: .+ at line \d+, column \d+$/);
  });
});

describe('a case\'s reason (ours)', () => {
  it('is read beside output, and must be a string', () => {
    // Act
    const [stated, wrong] = parseCaseDocuments(
      'operation: InterpretHealth\noutput: {healthy: false}\nreason: Ready=False reason=Failed\n---\noperation: InterpretHealth\noutput: {healthy: true}\nreason: [Ready]\n',
      'health-test.yaml',
    );

    // Assess
    expect(stated).toMatchObject({ operation: 'InterpretHealth', output: { healthy: false }, reason: 'Ready=False reason=Failed' });
    expect(wrong).toMatchObject({ malformed: 'health-test.yaml (document 2): reason must be a string, got an array' });
  });
});
