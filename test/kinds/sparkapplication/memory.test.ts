// The SparkApplication's memory rule beside its case files: Spark's notation read, the overhead added as Karmada's
// catalogue adds it (in the smaller unit, six decimals), and an amount Karmada could not count refused.
import { describe, expect, it } from 'vitest';
import { podMemoryRequest, sparkMemoryOf } from '../../../lib/kinds/sparkapplication/memory';
import { FieldFailure } from '../../../lib/review/core';

const path = 'object.spec.executor.memory';
const request = (memory: string, overhead: string | undefined, factor: number) =>
  podMemoryRequest(sparkMemoryOf(memory, path), overhead === undefined ? undefined : sparkMemoryOf(overhead, path), factor, path);

describe("SparkApplication: a pod's memory request", () => {
  it("reads Spark's units as powers of 1024, any case, no unit as MiB", () => {
    // Prepare
    const texts = ['512m', '512MB', '2g', '1.5g', '1t', '4096k', '100b', '300'];

    // Act
    const read = texts.map((text) => sparkMemoryOf(text, path));

    // Assess
    expect(read).toEqual([
      { value: 512, unit: 'Mi' }, { value: 512, unit: 'Mi' }, { value: 2, unit: 'Gi' }, { value: 1.5, unit: 'Gi' },
      { value: 1, unit: 'Ti' }, { value: 4096, unit: 'Ki' }, { value: 100, unit: '' }, { value: 300, unit: 'Mi' },
    ]);
  });

  it('adds the larger of the factor share and 384 MiB, or the overhead given', () => {
    // Prepare
    const inputs: [string, string | undefined, number][] = [
      ['1g', undefined, 0.1], // 384Mi floor
      ['1g', undefined, 0.4], // 409.6Mi share
      ['8g', undefined, 0.1], // 819.2Mi share
      ['512m', '1g', 0.1], // given overhead, summed in MiB
      ['1048576k', undefined, 0.1], // KiB is the smaller unit
    ];

    // Act
    const answers = inputs.map(([memory, overhead, factor]) => request(memory, overhead, factor));

    // Assess
    expect(answers).toEqual(['1408Mi', '1503238553600m', '9448928051200m', '1536Mi', '1408Mi']);
  });

  it('refuses notations Spark does not read and amounts past an int64 of bytes, naming the field', () => {
    // Prepare
    const bad = [() => sparkMemoryOf('2Gi', path), () => sparkMemoryOf('-1g', path), () => sparkMemoryOf('1e3g', path), () => request('8388608p', undefined, 0.1)];

    // Act
    const failures = bad.map((read) => {
      try {
        read();
        return undefined;
      } catch (error) {
        return error instanceof FieldFailure ? error.message : String(error);
      }
    });

    // Assess
    expect(failures.every((message) => message?.includes(path))).toBe(true);
  });
});
