// cert-manager's ClusterIssuer interpreter: as the Issuer, except where its Secrets live (cert-manager's cluster
// resource namespace, known here only from an annotation) and its solver pods (each Certificate's namespace).
import { defineInterpreter } from '../../interpreter/define';
import {
  aggregateIssuer,
  clusterResourceNamespaceOf,
  issuerDependencies,
  issuerHealthy,
  readIssuer,
  reflectIssuer,
  retainNothing,
  type Issuer,
} from '../../shapes/cert-manager';
import { clusterIssuer } from './identity';

export const clusterIssuerInterpreter = defineInterpreter<Issuer>({
  ...clusterIssuer,
  decode: readIssuer,
  operations: {
    InterpretHealth: ({ object }) => ({ healthy: issuerHealthy(object.status) }),
    InterpretStatus: reflectIssuer,
    AggregateStatus: aggregateIssuer,
    InterpretDependency: ({ object }) => issuerDependencies(object, clusterResourceNamespaceOf(object.metadata), undefined),
    Retain: retainNothing,
  },
});
