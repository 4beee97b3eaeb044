// A case judged against a CRD (`interpret --check --crd`): which of its results are checked and how, what is the
// output's fault and what the input's, and what Karmada itself decodes (quantities, component names).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { judgedByCrd, missingCrd, readCrdFile, type CrdFile } from '../../lib/kit/crd-check';
import { crdsOf } from '../../lib/kit/crd-schema';
import { KitError } from '../../lib/kit/cases';
import type { JsonObject, JsonValue } from '../../lib/review/json';

const schema = {
  type: 'object',
  properties: {
    apiVersion: { type: 'string' },
    kind: { type: 'string' },
    metadata: { type: 'object' },
    spec: { type: 'object', required: ['template'], properties: { replicas: { type: 'integer', minimum: 0 }, template: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } },
    status: {
      type: 'object',
      required: ['phase'],
      properties: {
        phase: { type: 'string' },
        conditions: { type: 'array', 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['type'], items: { type: 'object', properties: { type: { type: 'string' } } } },
      },
    },
  },
};
const crdDocument = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  spec: {
    group: 'example.io',
    names: { kind: 'Thing' },
    versions: [
      { name: 'v1', served: true, schema: { openAPIV3Schema: schema } },
      { name: 'v0', served: false, schema: { openAPIV3Schema: schema } },
    ],
  },
};
const file: CrdFile = { name: '--crd thing.yaml', crds: crdsOf([crdDocument]) };
const thing = (extra: JsonObject = {}): JsonObject => ({ apiVersion: 'example.io/v1', kind: 'Thing', metadata: { name: 't' }, spec: { template: {} }, ...extra });
const results = (entries: Record<string, JsonValue>) => new Map(Object.entries(entries));

describe('judgedByCrd: the results the service writes', () => {
  it("fails AggregateStatus's status as the status subresource would refuse it: a required field missing, a list-map key repeated", () => {
    // Prepare: the template's own status lacks phase too, but the aggregate replaces it: that excuses nothing.
    const aggregated = thing({ status: { conditions: [{ type: 'Ready' }, { type: 'Ready' }] } });

    // Act
    const judgement = judgedByCrd({ operation: 'AggregateStatus', desiredObj: thing({ status: {} }) }, results({ aggregatedStatus: aggregated }), file);

    // Assess
    expect(judgement).toEqual({
      problems: [
        'output refused by the CRD (aggregatedStatus): status.conditions[1]: duplicate entry for key type="Ready" (x-kubernetes-list-type: map, keys: type)',
        'output refused by the CRD (aggregatedStatus): status.phase: Required value',
      ],
      notes: [],
      inputNotes: ['input refused by the CRD (desiredObj): status.phase: Required value'],
    });
  });

  it('fails a revised or retained object whole, and notes what the API server would prune of it', () => {
    // Act
    const judgement = judgedByCrd({ operation: 'ReviseReplica', desiredObj: thing() }, results({ revised: thing({ spec: { template: {}, replicas: -1, extra: true } }) }), file);

    // Assess
    expect(judgement).toEqual({
      problems: ['output refused by the CRD (revised): spec.replicas: Invalid value: -1: should be greater than or equal to 0'],
      notes: ['would be pruned (revised): spec.extra'],
      inputNotes: [],
    });
  });

  it("judges InterpretStatus's status as a part of a status: what it has, not what it lacks nor what it adds", () => {
    // Act
    const partial = judgedByCrd({ operation: 'InterpretStatus', observedObj: thing() }, results({ status: { generation: 3 } }), file);
    const wrong = judgedByCrd({ operation: 'InterpretStatus', observedObj: thing() }, results({ status: { phase: 1 } }), file);

    // Assess
    expect(partial).toEqual({ problems: [], notes: [], inputNotes: [] });
    expect(wrong.problems).toEqual(['output refused by the CRD (status): status.phase: Invalid value: 1: must be of type string, got integer']);
  });

  it("notes the case's own objects and members' statuses, and leaves an output refusal the input already has to the input", () => {
    // Prepare: the desired object lacks spec.template, and so does the revised object that carries it on.
    const desired = { ...thing(), spec: { replicas: 1 } };

    // Act
    const revised = judgedByCrd({ operation: 'ReviseReplica', desiredObj: desired }, results({ revised: { ...desired, spec: { replicas: 2 } } }), file);
    const aggregated = judgedByCrd(
      { operation: 'AggregateStatus', desiredObj: thing(), statusItems: [{ clusterName: 'm1', status: { phase: 7 } }] },
      results({ aggregatedStatus: thing({ status: { phase: 7 } }) }),
      file,
    );

    // Assess
    expect(revised).toEqual({ problems: [], notes: [], inputNotes: ['input refused by the CRD (desiredObj): spec.template: Required value'] });
    expect(aggregated).toEqual({ problems: [], notes: [], inputNotes: ['input refused by the CRD (statusItems[0]): status.phase: Invalid value: 7: must be of type string, got integer'] });
  });

  it('does not check a version the CRD does not serve, and says so once', () => {
    // Prepare
    const old = { ...thing(), apiVersion: 'example.io/v0' };

    // Act
    const judgement = judgedByCrd({ operation: 'Retain', desiredObj: old, observedObj: old }, results({ retained: { ...old, spec: 'broken' } }), file);

    // Assess
    expect(judgement).toEqual({ problems: [], notes: ['v0 is not served by the CRD; it serves v1: not schema-checked'], inputNotes: [] });
  });
});

describe('judgedByCrd: what Karmada decodes itself', () => {
  it('fails a requirement that is not a quantity, and component names Karmada refuses; notes a name that is not a DNS-1123 label', () => {
    // Act
    const replica = judgedByCrd({ operation: 'InterpretReplica', desiredObj: thing() }, results({ replica: 1, requires: { resourceRequest: { cpu: '1.5.5', memory: '1Gi', gpu: 2 } } }), file);
    const components = judgedByCrd(
      { operation: 'InterpretComponent', desiredObj: thing() },
      results({
        components: [
          { name: 'Worker', replicas: 1, replicaRequirements: { resourceRequest: { cpu: 'lots' } } },
          { name: 'Worker', replicas: 1 },
          { name: 'x'.repeat(33), replicas: 1 },
          { name: '', replicas: 1 },
        ],
      }),
      file,
    );

    // Assess
    expect(replica.problems).toEqual([
      "output refused by Karmada (its webhook client decodes quantities): requires.resourceRequest[cpu]: invalid quantity \"1.5.5\": quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'",
    ]);
    expect(components.problems).toEqual([
      "output refused by Karmada (its webhook client decodes quantities): components[0].replicaRequirements.resourceRequest[cpu]: invalid quantity \"lots\": quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'",
      'output refused by Karmada\'s ResourceBinding: components[1].name: Invalid value: "Worker": component names must be unique',
      "output refused by Karmada's ResourceBinding: components[2].name: Too long: may not be more than 32 characters (it has 33)",
      'output refused by Karmada\'s ResourceBinding: components[3].name: Invalid value: "": component names must be non-empty',
    ]);
    expect(components.notes.map((note) => note.split(' is ')[0])).toEqual(['components[0].name "Worker"', 'components[1].name "Worker"']);
    expect(components.notes[0]).toMatch(/^components\[0\]\.name "Worker" is not a DNS-1123 label \(a lowercase RFC 1123 label must consist of .*\); Karmada admits it/);
  });
});

describe('the --crd file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'crd-check-'));
  const write = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };

  it('reads every CRD of a multi-document file and names the kinds it holds when one is missing', () => {
    // Prepare
    const other = { ...crdDocument, spec: { ...crdDocument.spec, names: { kind: 'Other' } } };
    const path = write('two.yaml', `${stringify(crdDocument)}---\n${stringify(other)}`);

    // Act
    const read = readCrdFile(path);
    const missing = missingCrd(read, [thing(), { apiVersion: 'else.io/v1', kind: 'Gadget' }]);

    // Assess
    expect(read.crds.map((crd) => `${crd.group}/${crd.kind}`)).toEqual(['example.io/Thing', 'example.io/Other']);
    expect(missing).toBe(`--crd ${path} holds no CRD for else.io/Gadget (it holds example.io/Thing, example.io/Other); give --crd the CRD of else.io/Gadget`);
    expect(missingCrd(read, [thing(), undefined])).toBeUndefined();
  });

  it('refuses a file without a CRD in one line', () => {
    // Prepare
    const path = write('configmap.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n');

    // Act
    const read = () => readCrdFile(path);

    // Assess
    expect(read).toThrow(KitError);
    expect(read).toThrow(`--crd ${path} holds no CustomResourceDefinition; give the kind's CRD manifest (its project's published CRD, or lib/kinds/<kind>/crd.yaml)`);
  });
});
