// The Crossplane family: every kind of Crossplane's groups and of its providers' (managed resources, composite
// resources, claims, packages), served by one interpreter because they share one status convention (crossplane-runtime's
// `Ready` and `Synced` conditions, the packages' `Installed` and `Healthy`). Karmada matches a rule's group exactly or
// by `*`: webhook-config claims Crossplane's own groups by default and a provider's groups when named (README.md).
import type { FamilyIdentity } from '../../review/kind';

const home = 'lib/kinds/crossplane';
/** Crossplane v2.1.0 (cluster/crds/), the newest release of its v2 module the Go module proxy serves. */
const crossplaneCrds = 'go:github.com/crossplane/crossplane/v2@v2.1.0';
/**
 * provider-kubernetes v1.3.1 (package/crds/): a provider with both a legacy (cluster-scoped) and a v2 (namespaced) API;
 * v1.4.0 and v1.4.1 are served but need Go 1.27.1, which the module fetch here (Go 1.26) cannot build against.
 */
const providerKubernetesCrds = 'go:github.com/crossplane-contrib/provider-kubernetes@v1.3.1';

export const crossplane = {
  family: 'Crossplane',
  home,
  ownCrd: false,
  // Exact groups are claimed by default; `*.` patterns serve a provider's or a team's groups once named (Argo CD's
  // health checks cover the same two suffixes: resource_customizations/_.crossplane.io and _.upbound.io).
  groups: ['pkg.crossplane.io', 'apiextensions.crossplane.io', '*.crossplane.io', '*.upbound.io'],
  examples: [
    {
      group: 'kubernetes.crossplane.io',
      kind: 'Object',
      plural: 'objects',
      versions: ['v1alpha1', 'v1alpha2'],
      storageVersion: 'v1alpha2',
      home,
      ownCrd: false,
      family: 'Crossplane',
      publishedCrd: { source: providerKubernetesCrds, file: 'package/crds/kubernetes.crossplane.io_objects.yaml' },
    },
    {
      group: 'kubernetes.m.crossplane.io',
      kind: 'Object',
      plural: 'objects',
      versions: ['v1alpha1'],
      storageVersion: 'v1alpha1',
      home,
      ownCrd: false,
      family: 'Crossplane',
      publishedCrd: { source: providerKubernetesCrds, file: 'package/crds/kubernetes.m.crossplane.io_objects.yaml' },
    },
    {
      group: 'kubernetes.crossplane.io',
      kind: 'ProviderConfig',
      plural: 'providerconfigs',
      versions: ['v1alpha1'],
      storageVersion: 'v1alpha1',
      home,
      ownCrd: false,
      family: 'Crossplane',
      publishedCrd: { source: providerKubernetesCrds, file: 'package/crds/kubernetes.crossplane.io_providerconfigs.yaml' },
    },
    {
      group: 'pkg.crossplane.io',
      kind: 'Provider',
      plural: 'providers',
      versions: ['v1'],
      storageVersion: 'v1',
      home,
      ownCrd: false,
      family: 'Crossplane',
      publishedCrd: { source: crossplaneCrds, file: 'cluster/crds/pkg.crossplane.io_providers.yaml' },
    },
    {
      group: 'apiextensions.crossplane.io',
      kind: 'CompositeResourceDefinition',
      plural: 'compositeresourcedefinitions',
      versions: ['v1', 'v2'],
      storageVersion: 'v1',
      home,
      ownCrd: false,
      family: 'Crossplane',
      publishedCrd: { source: crossplaneCrds, file: 'cluster/crds/apiextensions.crossplane.io_compositeresourcedefinitions.yaml' },
    },
  ],
} as const satisfies FamilyIdentity;
