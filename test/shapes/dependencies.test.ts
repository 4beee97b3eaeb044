// Dependency building blocks: named references, merged template references and the namespace they live in.
import { describe, expect, it } from 'vitest';
import { mergedReferences, namespaceOf, NamedReferences } from '../../lib/shapes/dependencies';

describe('NamedReferences', () => {
  it('lists each named object once, grouped by kind in first-named order, names sorted, cluster-scoped ones without a namespace', () => {
    // Prepare
    const named = new NamedReferences('apps');

    // Act
    named.add('v1', 'Secret', 'b').add('v1', 'Secret', 'a').add('v1', 'Secret', 'b');
    named.add('v1', 'Service', '').add('v1', 'Service', undefined);
    named.addAll('rbac.authorization.k8s.io/v1', 'ClusterRole', ['view', undefined], { clusterScoped: true });
    named.add('v1', 'ConfigMap', 'c');

    // Assess
    expect(named.list()).toEqual([
      { apiVersion: 'v1', kind: 'Secret', namespace: 'apps', name: 'a' },
      { apiVersion: 'v1', kind: 'Secret', namespace: 'apps', name: 'b' },
      { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', name: 'view' },
      { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'apps', name: 'c' },
    ]);
  });

  it('leaves namespaced objects without a namespace when none is known', () => {
    // Act + Assess
    expect(new NamedReferences(undefined).add('v1', 'Secret', 's').list()).toEqual([{ apiVersion: 'v1', kind: 'Secret', name: 's' }]);
  });
});

describe('mergedReferences', () => {
  it('keeps the first of each object, in the order of the lists', () => {
    // Prepare
    const secret = { apiVersion: 'v1', kind: 'Secret', namespace: 'a', name: 's' };
    const map = { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'a', name: 'm' };

    // Act + Assess
    expect(mergedReferences([[secret, map], [{ ...map }, { ...secret, namespace: 'b' }]])).toEqual([secret, map, { ...secret, namespace: 'b' }]);
  });
});

describe('namespaceOf', () => {
  it("takes the object's namespace, else the request's", () => {
    // Act + Assess
    expect(namespaceOf({ namespace: 'own' }, 'request')).toBe('own');
    expect(namespaceOf({ namespace: '' }, 'request')).toBe('request');
    expect(namespaceOf({}, undefined)).toBeUndefined();
  });
});
