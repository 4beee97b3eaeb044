// Retain building blocks: the member's own value of a member-owned field, and the retain-replicas label.
import { describe, expect, it } from 'vitest';
import { keepMemberValue, retainsReplicas } from '../../lib/shapes/retention';
import { PatchBuilder } from '../../lib/review/patch';
import { answer } from '../support/kinds/answer';
import { widget, widgetRegistry } from '../support/kinds/widget/widget';

describe('keepMemberValue', () => {
  it("sets the member's value, and where it has none removes the template's or leaves it, as the kind chooses", () => {
    // Prepare
    const object = { spec: { paused: true } };

    // Act
    const kept = new PatchBuilder(object);
    keepMemberValue(kept, ['spec', 'paused'], false, 'remove');
    const removed = new PatchBuilder(object);
    keepMemberValue(removed, ['spec', 'paused'], undefined, 'remove');
    const left = new PatchBuilder(object);
    keepMemberValue(left, ['spec', 'paused'], undefined, 'template');

    // Assess
    expect(kept.operations).toEqual([{ op: 'add', path: '/spec/paused', value: false }]);
    expect(removed.operations).toEqual([{ op: 'remove', path: '/spec/paused' }]);
    expect(left.operations).toEqual([]);
  });

  it('is what the Widget answers on Retain', () => {
    // Act
    const { patched } = answer(widgetRegistry, { operation: 'Retain', object: widget({ size: 1 }), observedObject: widget({ size: 1, paused: true }) });

    // Assess
    expect(patched.spec).toEqual({ size: 1, paused: true });
  });
});

describe('retainsReplicas', () => {
  it('is true only for the label with the value "true"', () => {
    // Act + Assess
    expect(retainsReplicas({ labels: { 'resourcetemplate.karmada.io/retain-replicas': 'true' } })).toBe(true);
    expect(retainsReplicas({ labels: { 'resourcetemplate.karmada.io/retain-replicas': 'yes' } })).toBe(false);
    expect(retainsReplicas({})).toBe(false);
  });
});
