// Percona Operator for MongoDB's PerconaServerMongoDB (psmdb.percona.com): who it is and which version is served.
// Percona owns the CRD (one served version, v1, also the storage version, in v1.23.0): interpreted only.
import type { KindIdentity } from '../../review/kind';

export const perconaServerMongoDB = {
  group: 'psmdb.percona.com',
  kind: 'PerconaServerMongoDB',
  plural: 'perconaservermongodbs',
  versions: ['v1'],
  storageVersion: 'v1',
  home: 'lib/kinds/perconaservermongodb',
  ownCrd: false,
  // The newest release the Go module proxy serves here whole (v1.23.1's module zip is refused; README.md).
  publishedCrd: {
    source: 'go:github.com/percona/percona-server-mongodb-operator@v1.23.0',
    file: 'config/crd/bases/psmdb.percona.com_perconaservermongodbs.yaml',
  },
} as const satisfies KindIdentity;

/** pkg/apis/psmdb/v1/psmdb_defaults.go: `ConfigReplSetName`, the only name of the config server replica set. */
export const configReplSetName = 'cfg';
/** pkg/naming: `ComponentMongos`, the name of the mongos StatefulSet's component. */
export const mongosName = 'mongos';
/** psmdb_defaults.go: a replica set without a name is called `rs<index>` (`defaultReplsetName + strconv.Itoa(i)`). */
export const defaultReplsetName = (index: number) => `rs${index}`;
/** psmdb_defaults.go: `defaultMongodSize`, the size of the replica set the operator makes when the spec lists none. */
export const defaultReplsetSize = 3;
/**
 * pkg/naming's suffixes of a replica set's other StatefulSets (`<cluster>-<rs>-arbiter`, `-nv`, `-hidden`), used for
 * their components.
 */
export const memberSets = [
  ['arbiter', 'arbiter'],
  ['nonvoting', 'nv'],
  ['hidden', 'hidden'],
] as const;

/** `spec.upgradeOptions.apply` values under which the operator never changes the images (version.go `versionUpgradeEnabled`; "" defaults to disabled). */
export const upgradesOff = new Set(['', 'disabled', 'never']);

/** cert-manager's API version, for the Issuer or ClusterIssuer `spec.tls.issuerConf` names. */
export const certManagerApiVersion = 'cert-manager.io/v1';
