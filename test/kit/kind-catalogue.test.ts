// The README's table of kinds: one row a kind, from its identity and its interpreter's operations, between markers.
import { describe, expect, it } from 'vitest';
import { catalogueEnd, catalogueStart, catalogueTable, withCatalogue } from '../../lib/kit/kind-catalogue';

const project = { group: 'apps.kruise.io', kind: 'CloneSet', plural: 'clonesets', versions: ['v1alpha1', 'v1beta1'], storageVersion: 'v1beta1', home: 'lib/kinds/cloneset', ownCrd: false };
const ours = { group: 'workload.example.io', kind: 'Workload', plural: 'workloads', versions: ['v1alpha1'], storageVersion: 'v1alpha1', home: 'lib/kinds/workload', ownCrd: true };

const counts = { release: 'v1.18.2', cases: { 'apps.kruise.io/v1alpha1/CloneSet': 12, 'argoproj.io/v1alpha1/Workflow': 10 } };

describe('the table of kinds', () => {
  it("lists each kind's versions and operations in Karmada's order (InterpretComponent opt-in only beside ReviseReplica), and what else this service does for it", () => {
    // Act
    const table = catalogueTable([
      { identity: project, operations: ['InterpretHealth', 'InterpretReplica', 'ReviseReplica', 'InterpretComponent'], exports: {} },
      { identity: ours, operations: ['Retain', 'InterpretComponent'], exports: { conversions: 'workloadConversion' } },
      { exports: {} },
    ], counts, { 'lib/kinds/cloneset': { checked: 40, refused: 6, unchecked: ['v1beta1'] }, 'lib/kinds/workload': { checked: 80, refused: 14 } });

    // Assess
    expect(table.split('\n').slice(2, 4)).toEqual([
      "| [`CloneSet`](lib/kinds/cloneset/README.md) `apps.kruise.io` | `v1alpha1`, `v1beta1` | replica, component (opt-in), revise, health | project's CRD | 12 | 40 / 6; `v1beta1` not checked |",
      '| [`Workload`](lib/kinds/workload/README.md) `workload.example.io` | `v1alpha1` | component, retain | CRD here, conversion | — | 80 / 14 |',
    ]);
  });

  it("shows an exempt kind's reason and '?' where the admission oracle recorded nothing", () => {
    // Act
    const table = catalogueTable([{ identity: project, operations: ['InterpretHealth'], exports: {} }], counts, { 'lib/kinds/cloneset': { checked: 0, refused: 0, exempt: true } });
    const unrecorded = catalogueTable([{ identity: project, operations: ['InterpretHealth'], exports: {} }], counts);

    // Assess
    expect(table.split('\n')[2]).toMatch(/ \| 12 \| exempt \(no CRD published\) \|$/);
    expect(unrecorded.split('\n')[2]).toMatch(/ \| 12 \| \? \|$/);
  });

  it("counts Karmada's catalogue under the table: its kinds and cases, and how many of them are served", () => {
    // Act
    const table = catalogueTable([{ identity: project, operations: ['InterpretHealth'], exports: {} }], counts);
    const uncounted = catalogueTable([{ identity: project, operations: ['InterpretHealth'], exports: {} }]);

    // Assess
    expect(table.split('\n').at(-1)).toBe(
      "Karmada v1.18.2's third-party catalogue has 2 kinds and 22 cases; 1 of those kinds (12 cases) are served here, each case checked by `npm test`, `npm run -s catalogue` and the Go harness; a case a kind answers differently on purpose (a status its project's CRD refuses, a health its project's controller contradicts) is listed with the reason in the kind's README.",
    );
    expect(uncounted.split('\n')[2]).toMatch(/ \| \? \| \? \|$/);
    expect(uncounted.split('\n').at(-1)).toBe("Karmada's catalogue was not counted: run `npm run kinds` where Go has Karmada's module.");
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
