// A CRD its project generates in Go (publishedCrd.goSchema): the schema read from a raw string literal of a named Go
// file, and the manifest built around it, as KubeVirt's virt-operator builds its CRDs.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { goSchemaCrdManifest, goStringEntry, UpstreamUnavailable } from '../../lib/kit/upstream';
import type { GoSchemaCrd } from '../../lib/review/kind';

const goFile = [
  'package components',
  '',
  'var CRDsValidation map[string]string = map[string]string{',
  '\t"virtualmachineinstance": `openAPIV3Schema:',
  '  type: object',
  '`,',
  '\t"virtualmachine": `openAPIV3Schema:',
  '  description: "a VM: quoted, with a colon"',
  '  properties:',
  '    spec:',
  '      type: object',
  '  required:',
  '  - spec',
  '  type: object',
  '`,',
  '}',
  '',
].join('\n');

const shape: GoSchemaCrd = {
  key: 'virtualmachine',
  group: 'kubevirt.io',
  kind: 'VirtualMachine',
  plural: 'virtualmachines',
  scope: 'Namespaced',
  versions: [
    { name: 'v1', storage: true },
    { name: 'v1alpha3', storage: false },
  ],
  statusSubresource: true,
};

describe('publishedCrd.goSchema', () => {
  it('reads the raw string under its key only, not a key that ends the same', () => {
    const text = goStringEntry(goFile, 'virtualmachine', 'fixture.go');
    expect(text.startsWith('openAPIV3Schema:\n  description:')).toBe(true);
    expect(text.endsWith('  type: object\n')).toBe(true);
  });

  it('says which entry is missing', () => {
    expect(() => goStringEntry(goFile, 'datavolume', 'fixture.go')).toThrow(UpstreamUnavailable);
    expect(() => goStringEntry(goFile, 'datavolume', 'fixture.go')).toThrow('fixture.go has no raw string entry "datavolume"');
  });

  it('builds a CRD with the schema in every version, the status subresource and the names', () => {
    const crd = parse(goSchemaCrdManifest(goStringEntry(goFile, 'virtualmachine', 'fixture.go'), shape)) as Record<string, any>;
    expect(crd.kind).toBe('CustomResourceDefinition');
    expect(crd.metadata.name).toBe('virtualmachines.kubevirt.io');
    expect(crd.spec.names).toEqual({ kind: 'VirtualMachine', plural: 'virtualmachines', singular: 'virtualmachine' });
    expect(crd.spec.scope).toBe('Namespaced');
    expect(crd.spec.versions.map((version: any) => [version.name, version.served, version.storage])).toEqual([
      ['v1', true, true],
      ['v1alpha3', true, false],
    ]);
    for (const version of crd.spec.versions) {
      expect(version.subresources).toEqual({ status: {} });
      expect(version.schema.openAPIV3Schema).toEqual({ description: 'a VM: quoted, with a colon', properties: { spec: { type: 'object' } }, required: ['spec'], type: 'object' });
    }
  });

  it('refuses a string that is no schema document', () => {
    expect(() => goSchemaCrdManifest('- a list', shape)).toThrow('is not an openAPIV3Schema document');
  });
});
