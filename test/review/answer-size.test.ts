// The answer's size counted without writing it: exactly what JSON.stringify (and Lambda, for a body) would write.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bodyBytes, jsonBytes } from '../../lib/review/answer-size';

describe('jsonBytes and bodyBytes', () => {
  it('count the UTF-8 bytes JSON.stringify writes, once and twice, for any JSON value and any string', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ unit: 'binary' }), (value, text) => {
        // Prepare: what answers hold beside JSON: undefined fields and items, lone surrogates, escapes
        const answer = { value, text, lone: '\ud800x\udc00', skipped: undefined, list: [1, undefined, 'a"\\\n\u0001é😀'] };

        // Act + Assess
        expect(jsonBytes(answer)).toBe(Buffer.byteLength(JSON.stringify(answer)));
        expect(bodyBytes(answer)).toBe(Buffer.byteLength(JSON.stringify(JSON.stringify(answer))));
      }),
      { numRuns: 500 },
    );
  });
});
