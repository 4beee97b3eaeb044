// InterpretStatus as Karmada's catalogue reflects a workload: no status reports {}, a generation annotation that is
// no number is left out, one that is a number but no generation is still a 400.
import { describe, expect, it } from 'vitest';
import type { TypedRequest } from '../../lib/interpreter/define';
import type { ObjectMetaView } from '../../lib/kube/objects';
import { FieldFailure } from '../../lib/review/core';
import { reflectAsCatalogue } from '../../lib/shapes/catalogue-reflection';
import { workloadStatus } from '../../lib/shapes/workload-status';

interface Workload {
  metadata: ObjectMetaView;
  status?: { replicas?: number; observedGeneration?: number };
}

const status = workloadStatus({ counters: ['replicas'] });
const reflect = reflectAsCatalogue(status.reflect<Workload>);
const requestFor = (object: Workload) => ({ object }) as unknown as TypedRequest<Workload>;
const annotated = (value: string) => ({ 'resourcetemplate.karmada.io/generation': value });

describe('reflectAsCatalogue', () => {
  it('reports the status and both generations', () => {
    // Act
    const result = reflect(requestFor({ metadata: { generation: 3, annotations: annotated('2') }, status: { replicas: 4, observedGeneration: 3 } }));

    // Assess
    expect(result).toEqual({ rawStatus: { replicas: 4, observedGeneration: 3, generation: 3, resourceTemplateGeneration: 2 } });
  });

  it('reports nothing for a member without a status', () => {
    // Act
    const result = reflect(requestFor({ metadata: { generation: 3, annotations: annotated('2') } }));

    // Assess
    expect(result).toEqual({ rawStatus: {} });
  });

  it.each(['not-a-number', '', '  '])('leaves out an annotation that is no number (%j), as Lua\'s tonumber does', (value) => {
    // Act
    const result = reflect(requestFor({ metadata: { generation: 3, annotations: { ...annotated(value), team: 'a' } }, status: { replicas: 1 } }));

    // Assess
    expect(result).toEqual({ rawStatus: { replicas: 1, generation: 3 } });
  });

  it('refuses a number that is no generation, naming the annotation', () => {
    // Act + Assess
    expect(() => reflect(requestFor({ metadata: { annotations: annotated('-1') }, status: {} }))).toThrow(FieldFailure);
  });
});
