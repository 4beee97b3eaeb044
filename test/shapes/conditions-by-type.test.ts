// conditionsOnePerType: members' conditions as one list map keyed by type. Where members agree their status stands,
// whatever a controller writes; where they differ the fleet's is one of Kubernetes' three, as the kind's rules say.
import { describe, expect, it } from 'vitest';
import type { Member } from '../../lib/shapes/aggregation';
import type { Condition } from '../../lib/shapes/conditions';
import { conditionsOnePerType, disagreeingReason, type ConditionMergeRules } from '../../lib/shapes/conditions-by-type';

const rules: ConditionMergeRules = { Ready: 'every', Failing: 'any' };

/** One member per status given (undefined: a condition without one), each reporting `type` with its own reason. */
function members(type: string, statuses: readonly (string | undefined)[]): Member<{ conditions: Condition[] }>[] {
  return statuses.map((status, index) => {
    const condition: Condition = { type, reason: `Reason${index + 1}`, message: `said ${status ?? 'nothing'}` };
    if (status !== undefined) condition.status = status;
    return { clusterName: `member${index + 1}`, status: { conditions: [condition] } };
  });
}

describe('conditionsOnePerType', () => {
  it.each([
    // Members that agree: what they wrote, whatever it is.
    ['Ready', ['True', 'True'], 'True', 'Reason1'],
    ['Ready', ['Unknown', 'Unknown'], 'Unknown', 'Reason1'],
    ['Ready', ['Degraded', 'Degraded'], 'Degraded', 'Reason1'],
    ['Ready', ['true', 'true'], 'true', 'Reason1'],
    // every: False if any member's is False; else Unknown.
    ['Ready', ['True', 'False'], 'False', 'Reason2'],
    ['Ready', ['True', 'Unknown'], 'Unknown', 'Reason2'],
    ['Ready', ['Degraded', 'False'], 'False', 'Reason2'],
    ['Ready', ['True', 'true'], 'Unknown', disagreeingReason],
    ['Ready', ['True', 'Degraded'], 'Unknown', disagreeingReason],
    ['Ready', ['True', undefined], 'Unknown', disagreeingReason],
    // any: True if any member's is True; else Unknown.
    ['Failing', ['False', 'True'], 'True', 'Reason2'],
    ['Failing', ['False', 'Flapping'], 'Unknown', disagreeingReason],
    ['Failing', ['Flapping', 'True'], 'True', 'Reason2'],
    // A type the kind does not list: Unknown wherever members differ.
    ['Other', ['True', 'False'], 'Unknown', disagreeingReason],
    ['Other', ['Unknown', 'Pending'], 'Unknown', 'Reason1'],
  ] as const)('%s from %j is %s (reason %s)', (type, statuses, status, reason) => {
    // Act
    const [merged, ...more] = conditionsOnePerType(members(type, statuses), rules);

    // Assess
    expect(more).toEqual([]);
    expect(merged).toMatchObject({ type, status, reason });
  });

  it('leaves a status out where no member wrote one, rather than write ""', () => {
    // Act
    const [merged] = conditionsOnePerType(members('Ready', [undefined, undefined]), rules);

    // Assess
    expect(merged).toEqual({ type: 'Ready', reason: 'Reason1', message: 'member1=said nothing, member2=said nothing' });
  });

  it('keeps one condition per type, in the order types first appear, each with every member\'s message', () => {
    // Prepare
    const reporting: Member<{ conditions: Condition[] }>[] = [
      { clusterName: 'a', status: { conditions: [{ type: 'Failing', status: 'False', message: '' }, { type: 'Ready', status: 'True', message: 'up' }] } },
      { clusterName: 'b', status: { conditions: [{ type: 'Ready', status: 'True', message: 'up too', lastTransitionTime: '2026-01-02T00:00:00Z' }] } },
    ];

    // Act
    const merged = conditionsOnePerType(reporting, rules);

    // Assess
    expect(merged).toEqual([
      { type: 'Failing', status: 'False', message: '' },
      { type: 'Ready', status: 'True', message: 'a=up, b=up too', lastTransitionTime: '2026-01-02T00:00:00Z' },
    ]);
  });
});
