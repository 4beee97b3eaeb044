// The condition-driven shape: health from Ready, observedGeneration and suspend; status reflected; conditions
// merged as Karmada's catalogue merges them. Through the test-only Trainer where a whole request is needed.
import { describe, expect, it } from 'vitest';
import { FieldFailure } from '../../lib/review/core';
import { Cursor } from '../../lib/kube/cursor';
import { conditionList } from '../../lib/kube/limits';
import { mergedConditions, readConditions, readyHealth, type Condition } from '../../lib/shapes/conditions';
import { answer } from '../support/kinds/answer';
import { trainer, trainerRegistry } from '../support/kinds/trainer/trainer';

const ready = (status: string, extra: Partial<Condition> = {}): Condition => ({ type: 'Ready', status, reason: 'Succeeded', ...extra });

describe('readyHealth', () => {
  it.each([
    ['Ready True, generation observed', { conditions: [ready('True')], observedGeneration: 2 }, {}, true, 'Ready=True reason=Succeeded'],
    ['Ready False', { conditions: [ready('False')], observedGeneration: 2 }, {}, false, 'Ready=False reason=Succeeded'],
    ['no Ready condition', { conditions: [], observedGeneration: 2 }, {}, false, 'no Ready condition'],
    ['no status conditions at all', {}, {}, false, 'no Ready condition'],
    ['Ready True for an older generation', { conditions: [ready('True')], observedGeneration: 1 }, {}, false, 'Ready=True reason=Succeeded, status.observedGeneration 1 != metadata.generation 2'],
    ["the condition's own observedGeneration wins", { conditions: [ready('True', { observedGeneration: 2 })], observedGeneration: 1 }, {}, true, 'Ready=True reason=Succeeded'],
    ["the condition's own observedGeneration, older", { conditions: [ready('True', { observedGeneration: 1 })], observedGeneration: 2 }, {}, false, 'Ready=True reason=Succeeded, Ready observedGeneration 1 != metadata.generation 2'],
    ['no observedGeneration anywhere: not compared', { conditions: [ready('True')] }, {}, true, 'Ready=True reason=Succeeded'],
    ['suspended: the last result stands', { conditions: [ready('True')], observedGeneration: 1 }, { suspended: true }, true, 'Ready=True reason=Succeeded, spec.suspend: generation not compared'],
    ['a reason the kind does not accept', { conditions: [ready('True', { reason: 'Progressing' })] }, { reasons: ['Succeeded'] }, false, 'Ready=True reason=Progressing, healthy only with reason Succeeded'],
    ['another condition type', { conditions: [{ type: 'Available', status: 'True' }] }, { type: 'Available' }, true, 'Available=True'],
  ])('%s', (_name, status, options, healthy, reason) => {
    // Act + Assess
    expect(readyHealth({ metadata: { generation: 2 }, status }, options)).toEqual({ healthy, reason });
  });

  it('is what the Trainer answers, with its spec.suspend', () => {
    // Act
    const { response } = answer(trainerRegistry, {
      operation: 'InterpretHealth',
      object: trainer({ suspend: true }, { status: { observedGeneration: 1, conditions: [ready('True')] } }),
    });

    // Assess
    expect(response.healthy).toBe(true);
  });

  it('answers 400 naming a condition without a type', () => {
    // Act
    const { response } = answer(trainerRegistry, { operation: 'InterpretHealth', object: trainer({}, { status: { conditions: [{ status: 'True' }] } }) });

    // Assess
    expect(response.status).toEqual({ code: 400, message: 'object.status.conditions[0].type is required' });
  });
});

describe('mergedConditions', () => {
  it("merges conditions alike in type, status and reason, listing each member's message", () => {
    // Act
    const merged = mergedConditions([
      { clusterName: 'm1', status: { conditions: [ready('True', { message: 'ok', lastTransitionTime: 't1' }), { type: 'Stalled', status: 'False' }] } },
      { clusterName: 'm2', status: { conditions: [ready('True', { message: 'fine', lastTransitionTime: 't2' })] } },
      { clusterName: 'm3', status: { conditions: [ready('False', { message: 'broken' })] } },
      { clusterName: 'm4', status: {} },
    ]);

    // Assess
    expect(merged).toEqual([
      { type: 'Ready', status: 'True', reason: 'Succeeded', message: 'm1=ok, m2=fine', lastTransitionTime: 't1' },
      { type: 'Stalled', status: 'False', message: 'm1=' },
      { type: 'Ready', status: 'False', reason: 'Succeeded', message: 'm3=broken' },
    ]);
  });
});

describe('condition status through a kind', () => {
  it('reflects conditions, observedGeneration and the generations', () => {
    // Act
    const { response } = answer(trainerRegistry, {
      operation: 'InterpretStatus',
      object: trainer({}, { status: { observedGeneration: 2, conditions: [ready('True')], internal: 'x' } }),
    });

    // Assess
    expect(response.rawStatus).toEqual({ conditions: [ready('True')], observedGeneration: 2, generation: 2 });
  });

  it('aggregates merged conditions, and observedGeneration once every member observed the template', () => {
    // Prepare
    const seen = { generation: 5, observedGeneration: 5, resourceTemplateGeneration: 2 };
    const aggregatedStatus = [
      { clusterName: 'm1', status: { conditions: [ready('True', { message: 'ok' })], ...seen } },
      { clusterName: 'm2', status: { conditions: [ready('True', { message: 'ok' })], ...seen } },
    ];

    // Act
    const { patched } = answer(trainerRegistry, { operation: 'AggregateStatus', object: trainer({}), aggregatedStatus });

    // Assess
    expect(patched.status).toEqual({ conditions: [ready('True', { message: 'm1=ok, m2=ok' })], observedGeneration: 2 });
  });

  it('keeps the member suspend on Retain, and the template one where the member has none', () => {
    // Act
    const kept = answer(trainerRegistry, { operation: 'Retain', object: trainer({}), observedObject: trainer({ suspend: true }) });
    const left = answer(trainerRegistry, { operation: 'Retain', object: trainer({ suspend: true }), observedObject: trainer({}) });

    // Assess
    expect(kept.patched.spec).toEqual({ suspend: true });
    expect(left.patched.spec).toEqual({ suspend: true });
  });
});

describe('readConditions', () => {
  it('refuses more conditions than its bound, saying why the bound is safe (not a pod template reason)', () => {
    // Prepare
    const conditions = Array.from({ length: conditionList.maxItems + 1 }, () => ready('True'));

    // Act + Assess
    expect(() => readConditions(Cursor.root({ conditions }, 'object.status'))).toThrow(FieldFailure);
    expect(() => readConditions(Cursor.root({ conditions }, 'object.status'))).toThrow(
      `object.status.conditions has ${conditionList.maxItems + 1} items; at most ${conditionList.maxItems} are accepted (far more than any controller writes: one condition per type)`,
    );
  });
});
