// KubeVirt's VirtualMachine (kubevirt.io): who it is and which versions it serves. KubeVirt owns the CRD (its
// virt-operator generates and installs it; v1 stored, v1alpha3 still served, deprecated, in v1.9.0): interpreted only.
import type { KindIdentity } from '../../review/kind';

export const virtualMachine = {
  group: 'kubevirt.io',
  kind: 'VirtualMachine',
  plural: 'virtualmachines',
  versions: ['v1', 'v1alpha3'],
  storageVersion: 'v1',
  home: 'lib/kinds/virtualmachine',
  ownCrd: false,
  // KubeVirt ships no CRD file: virt-operator builds it in Go. The schema is a string in validations_generated.go;
  // the rest is crds.go's NewVirtualMachineCrd (Namespaced, status subresource) and kubevirt.io/api's
  // core/v1/register.go ApiSupportedVersions (v1 stored, v1alpha3 served), written here as that code says.
  publishedCrd: {
    source: 'go:kubevirt.io/kubevirt@v1.9.0',
    file: 'pkg/virt-operator/resource/generate/components/validations_generated.go',
    goSchema: {
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
    },
  },
} as const satisfies KindIdentity;

/** CDI's DataVolume, which a VirtualMachine's volumes and dataVolumeTemplates name. */
export const dataVolumeApiVersion = 'cdi.kubevirt.io/v1beta1';

/** Multus' NetworkAttachmentDefinition, which `networks[].multus.networkName` names. */
export const networkAttachmentApiVersion = 'k8s.cni.cncf.io/v1';

/** KubeVirt's instancetype API (kubevirt.io/api instancetype/register.go: LatestVersion). */
export const instancetypeApiVersion = 'instancetype.kubevirt.io/v1beta1';

/**
 * Annotations the VM controller copies from the running VMI into `spec.template.metadata.annotations` so the PCI
 * layout survives reboots (pkg/virt-controller/watch/vm/vm.go, syncPCITopologyAnnotationsToVM; kubevirt.io/api
 * core/v1/types.go).
 */
export const controllerTemplateAnnotations = ['kubevirt.io/pci-topology-version', 'kubevirt.io/pci-interface-slot-count'] as const;
