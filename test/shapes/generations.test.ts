// Karmada's generation bookkeeping: the template generation annotation and when every member observed it.
import { describe, expect, it } from 'vitest';
import { generationLag, generationObserved, observedByEveryMember, reportGenerations, templateGenerationOf } from '../../lib/shapes/generations';
import { FieldFailure } from '../../lib/review/core';
import { answer } from '../support/kinds/answer';
import { trainer, trainerRegistry } from '../support/kinds/trainer/trainer';

const annotated = (value: string) => ({ annotations: { 'resourcetemplate.karmada.io/generation': value } });

describe('templateGenerationOf', () => {
  it('reads the annotation as a number, and refuses one that is not a generation', () => {
    // Act + Assess
    expect(templateGenerationOf(annotated('12'))).toBe(12);
    expect(templateGenerationOf({})).toBeUndefined();
    expect(() => templateGenerationOf(annotated('-1'), 'observedObject')).toThrow(FieldFailure);
    expect(() => templateGenerationOf(annotated('1e3'))).toThrow('object.metadata.annotations[resourcetemplate.karmada.io/generation] must be a generation');
  });

  it('reads every generation up to Number.MAX_SAFE_INTEGER exactly, and refuses a larger one rather than round it', () => {
    // Act + Assess: 17 nines would come back as 100000000000000000, which AggregateStatus then refuses
    expect(templateGenerationOf(annotated('9007199254740991'))).toBe(Number.MAX_SAFE_INTEGER);
    for (const value of ['9007199254740992', '99999999999999999', '9223372036854775807', '1'.repeat(400)]) {
      expect(() => templateGenerationOf(annotated(value), 'observedObject')).toThrow(
        `observedObject.metadata.annotations[resourcetemplate.karmada.io/generation] must be at most 9007199254740991 (the largest integer a JSON number carries exactly), got ${JSON.stringify(value.slice(0, 40))}`,
      );
    }
  });

  it('answers InterpretStatus of a member carrying such a value with a 400 naming the annotation', () => {
    // Prepare
    const object = trainer({}, { metadata: { name: 't', namespace: 'ml', generation: 2, annotations: { 'resourcetemplate.karmada.io/generation': '99999999999999999' } } });

    // Act
    const { response } = answer(trainerRegistry, { operation: 'InterpretStatus', object });

    // Assess
    expect(response).toMatchObject({ successful: false, status: { code: 400 } });
    expect(response.status?.message).toBe(
      'object.metadata.annotations[resourcetemplate.karmada.io/generation] must be at most 9007199254740991 (the largest integer a JSON number carries exactly), got "99999999999999999"',
    );
  });

  it('reports the member generations InterpretStatus adds, leaving absent ones out', () => {
    // Act + Assess
    expect(reportGenerations({ a: 1 }, { generation: 2, ...annotated('5') })).toEqual({ a: 1, generation: 2, resourceTemplateGeneration: 5 });
    expect(reportGenerations({}, {})).toEqual({});
  });
});

describe('observedByEveryMember', () => {
  const seen = { observedGeneration: 4, generation: 4, resourceTemplateGeneration: 7 };

  it.each([
    ['every member observed the template', 7, { members: 2, reported: [seen, seen] }, true],
    ['a member ahead of the template counts as observed', 7, { members: 1, reported: [{ ...seen, resourceTemplateGeneration: 8 }] }, true],
    ['a member still on the old template', 7, { members: 2, reported: [seen, { ...seen, resourceTemplateGeneration: 6 }] }, false],
    ['a member whose controller lags its spec', 7, { members: 1, reported: [{ ...seen, observedGeneration: 3 }] }, false],
    ['a member listed without a status', 7, { members: 2, reported: [seen] }, false],
    ['a member without a generation report', 7, { members: 1, reported: [{ observedGeneration: 4 }] }, false],
    ['a template without a generation', undefined, { members: 1, reported: [seen] }, false],
  ])('%s', (_name, templateGeneration, members, expected) => {
    // Act + Assess
    expect(observedByEveryMember(templateGeneration, members, false)).toBe(expected);
  });

  it('answers the kind choice when no member is listed', () => {
    // Act + Assess
    expect(observedByEveryMember(7, { members: 0, reported: [] }, true)).toBe(true);
    expect(observedByEveryMember(7, { members: 0, reported: [] }, false)).toBe(false);
  });
});

describe('generationObserved', () => {
  it('compares as Go does, absent as 0', () => {
    // Act + Assess
    expect(generationObserved({ generation: 2 }, 2)).toBe(true);
    expect(generationObserved({ generation: 2 }, 1)).toBe(false);
    expect(generationObserved({}, undefined)).toBe(true);
    expect(generationObserved({ generation: 1 }, undefined)).toBe(false);
  });
});

describe('generationLag', () => {
  it('is nothing when observed, and names both generations when not', () => {
    // Act + Assess
    expect(generationLag({ generation: 2 }, 2)).toBeUndefined();
    expect(generationLag({}, undefined)).toBeUndefined();
    expect(generationLag({ generation: 4 }, 3)).toBe('status.observedGeneration 3 != metadata.generation 4');
    expect(generationLag({ generation: 1 }, undefined)).toBe('status.observedGeneration 0 (absent) != metadata.generation 1');
  });
});
