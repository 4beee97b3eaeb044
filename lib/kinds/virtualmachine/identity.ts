// KubeVirt's VirtualMachine (kubevirt.io): who it is and which versions it serves. KubeVirt owns the CRD (its
// virt-operator generates and installs it; v1 stored, v1alpha3 still served, deprecated, in v1.9.0): interpreted only.
// No registry reachable here publishes the CRD as a file (see README.md), so publishedCrd says what was tried.
import type { KindIdentity } from '../../review/kind';

export const virtualMachine = {
  group: 'kubevirt.io',
  kind: 'VirtualMachine',
  plural: 'virtualmachines',
  versions: ['v1', 'v1alpha3'],
  storageVersion: 'v1',
  home: 'lib/kinds/virtualmachine',
  ownCrd: false,
  publishedCrd: {
    unavailable:
      'KubeVirt publishes no CRD file: virt-operator builds it in Go (pkg/virt-operator/resource/generate/components/' +
      'crds.go, NewVirtualMachineCrd) from the schema string CRDsValidation["virtualmachine"] of validations_generated.go ' +
      'and the versions of kubevirt.io/api core/v1/register.go (ApiSupportedVersions). The Go module proxy serves ' +
      'kubevirt.io/kubevirt@v1.9.0 and kubevirt.io/api@v1.9.0 (v1.9.1, v1.10.0 refused; the version list is refused); ' +
      'neither holds a CRD YAML. No npm, PyPI or Maven package listed here ships it (npm @kubevirt-ui/kubevirt-api has ' +
      'TypeScript models only). The versions were read from register.go of kubevirt.io/api@v1.9.0 (README.md)',
  },
} as const satisfies KindIdentity;

/** CDI's DataVolume, which a VirtualMachine's volumes and dataVolumeTemplates name. */
export const dataVolumeApiVersion = 'cdi.kubevirt.io/v1beta1';

/** KubeVirt's instancetype API (kubevirt.io/api instancetype/register.go: LatestVersion). */
export const instancetypeApiVersion = 'instancetype.kubevirt.io/v1beta1';

/**
 * Annotations the VM controller copies from the running VMI into `spec.template.metadata.annotations` so the PCI
 * layout survives reboots (pkg/virt-controller/watch/vm/vm.go, syncPCITopologyAnnotationsToVM; kubevirt.io/api
 * core/v1/types.go).
 */
export const controllerTemplateAnnotations = ['kubevirt.io/pci-topology-version', 'kubevirt.io/pci-interface-slot-count'] as const;
