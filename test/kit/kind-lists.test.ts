// The kind folder contract (lib/kit/kind-contract.ts) held against the repository's folders, and each way of breaking
// it named in one line: a folder not listed, a listed kind with no folder, an identity that disagrees with its folder,
// its testdata or its CRD, another project's CRD kept in a folder.
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { kindLists, writeKindLists } from '../../lib/kit/kind-lists';
import { repositoryRoot } from '../../lib/kit/kinds';

describe('the repository', () => {
  it('keeps the folder contract, and its lists are as generated from the folders', async () => {
    // Act
    const { stale, problems } = await kindLists(repositoryRoot);

    // Assess
    expect([...stale, ...problems]).toEqual([]);
  });
});

describe('a broken contract is one line naming what to fix', () => {
  const scratches: string[] = [];
  afterAll(() => {
    for (const dir of scratches) rmSync(dir, { recursive: true, force: true });
  });

  /** lib/ and the package manifest in a scratch folder, node_modules linked: enough to import every kind. */
  function scratch(): string {
    const dir = mkdtempSync(join(tmpdir(), 'kind-lists-'));
    scratches.push(dir);
    cpSync(join(repositoryRoot, 'lib'), join(dir, 'lib'), { recursive: true });
    cpSync(join(repositoryRoot, 'package.json'), join(dir, 'package.json'));
    symlinkSync(join(repositoryRoot, 'node_modules'), join(dir, 'node_modules'));
    return dir;
  }
  const edit = (file: string, from: string, to: string) => writeFileSync(file, readFileSync(file, 'utf8').replace(from, to));

  it('a folder the lists do not name, and a listed kind whose folder is gone', async () => {
    // Prepare
    const root = scratch();
    renameSync(join(root, 'lib/kinds/rollout'), join(root, 'lib/kinds/argo-rollout'));
    edit(join(root, 'lib/kinds/argo-rollout/identity.ts'), "home: 'lib/kinds/rollout'", "home: 'lib/kinds/argo-rollout'");

    // Act
    const { stale, problems } = await kindLists(root);

    // Assess
    expect(problems).toEqual([]);
    expect(stale).toEqual([
      'lib/kinds/interpreters.ts does not list rolloutInterpreter (argo-rollout): run npm run kinds',
      'lib/kinds/interpreters.ts lists rolloutInterpreter (rollout), which no folder declares: run npm run kinds',
    ]);
    // npm run kinds mends it.
    expect((await writeKindLists(root)).changed).toEqual(['lib/kinds/interpreters.ts']);
    expect((await kindLists(root)).stale).toEqual([]);
  });

  it('an identity whose home, CRD or testdata disagree with its folder', async () => {
    // Prepare
    const root = scratch();
    edit(join(root, 'lib/kinds/workload/identity.ts'), "home: 'lib/kinds/workload'", "home: 'lib/kinds/workloads'");
    edit(join(root, 'lib/kinds/workload/identity.ts'), "plural: 'workloads'", "plural: 'workload'");
    cpSync(join(root, 'lib/kinds/workload/testdata/v1alpha1'), join(root, 'lib/kinds/workload/testdata/v1beta1'), { recursive: true });
    cpSync(join(root, 'lib/kinds/workload/testdata/v1alpha1/retain-test.yaml'), join(root, 'lib/kinds/workload/testdata/v1alpha2/retain-v1alpha1-test.yaml'));

    // Act
    const { problems } = await kindLists(root);

    // Assess
    expect(problems).toEqual([
      'lib/kinds/workload/identity.ts: home is "lib/kinds/workloads", the folder is lib/kinds/workload',
      'lib/kinds/workload/crd.yaml: names Workload.workload.example.io (plural workloads), identity.ts says Workload.workload.example.io (plural workload)',
      'lib/kinds/workload/testdata/v1alpha2/retain-v1alpha1-test.yaml: holds a Workload of workload.example.io/v1alpha1, the folder is for Workload of workload.example.io/v1alpha2',
      'lib/kinds/workload/testdata/v1beta1: not a version Workload serves (v1alpha1, v1alpha2); cases go under testdata/<version>/',
    ]);
  });

  it("another project's kind keeps no CRD, conversion or admission of ours", async () => {
    // Prepare
    const root = scratch();
    cpSync(join(root, 'lib/kinds/workload/crd.yaml'), join(root, 'lib/kinds/rollout/crd.yaml'));

    // Act
    const { problems } = await kindLists(root);

    // Assess
    expect(problems).toEqual([
      "lib/kinds/rollout/crd.yaml: Rollout's CRD belongs to its project (ownCrd: false), so the folder holds no crd.yaml",
    ]);
  });

  it('a folder without identity.ts or README.md', async () => {
    // Prepare
    const root = scratch();
    rmSync(join(root, 'lib/kinds/rollout/README.md'));
    cpSync(join(root, 'lib/kinds/rollout/testdata'), join(root, 'lib/kinds/stray/testdata'), { recursive: true });

    // Act
    const { problems } = await kindLists(root);

    // Assess
    expect(problems).toEqual([
      "lib/kinds/rollout: no README.md (where the kind's semantics come from, and every departure from Karmada's built-in)",
      'lib/kinds/stray: no identity.ts (every kind folder declares its group, kind, plural, versions and home there)',
    ]);
  });
});
