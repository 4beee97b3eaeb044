// The README's table of kinds: one row a kind, from its identity and its interpreter's operations, between markers.
import { describe, expect, it } from 'vitest';
import { catalogueEnd, catalogueStart, catalogueTable, withCatalogue } from '../../lib/kit/kind-catalogue';

const project = { group: 'apps.kruise.io', kind: 'CloneSet', plural: 'clonesets', versions: ['v1alpha1', 'v1beta1'], storageVersion: 'v1beta1', home: 'lib/kinds/cloneset', ownCrd: false };
const ours = { group: 'workload.example.io', kind: 'Workload', plural: 'workloads', versions: ['v1alpha1'], storageVersion: 'v1alpha1', home: 'lib/kinds/workload', ownCrd: true };

describe('the table of kinds', () => {
  it("lists each kind's versions and operations in Karmada's order, and what else this service does for it", () => {
    // Act
    const table = catalogueTable([
      { identity: project, operations: ['InterpretHealth', 'InterpretReplica', 'InterpretComponent'], exports: {} },
      { identity: ours, operations: ['Retain'], exports: { conversions: 'workloadConversion' } },
      { exports: {} },
    ]);

    // Assess
    expect(table.split('\n').slice(2)).toEqual([
      "| [`CloneSet`](lib/kinds/cloneset/README.md) `apps.kruise.io` | `v1alpha1`, `v1beta1` | replica, component (opt-in), health | project's CRD |",
      '| [`Workload`](lib/kinds/workload/README.md) `workload.example.io` | `v1alpha1` | retain | CRD here, conversion |',
    ]);
  });

  it('replaces only what lies between the markers, and finds none in a README without them', () => {
    // Prepare
    const readme = `# Title\n\n${catalogueStart}\nold table\n${catalogueEnd}\n\nmore\n`;

    // Act
    const replaced = withCatalogue(readme, '| new |');

    // Assess
    expect(replaced).toBe(`# Title\n\n${catalogueStart}\n| new |\n${catalogueEnd}\n\nmore\n`);
    expect(withCatalogue('# Title\n', '| new |')).toBeUndefined();
  });
});
