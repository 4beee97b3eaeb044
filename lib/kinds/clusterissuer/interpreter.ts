// cert-manager's ClusterIssuer interpreter: as the Issuer, except where its Secrets live (cert-manager's cluster
// resource namespace, known here only from an annotation) and its solver pods (each Certificate's namespace).
import { defineInterpreter } from '../../interpreter/define';
import { clusterResourceNamespaceOf, issuerDependencies, issuerOperations, readIssuer, type Issuer } from '../../families/cert-manager/cert-manager';
import { clusterIssuer } from './identity';

export const clusterIssuerInterpreter = defineInterpreter<Issuer>({
  ...clusterIssuer,
  decode: readIssuer,
  operations: issuerOperations(({ object }) => issuerDependencies(object, clusterResourceNamespaceOf(object.metadata), undefined)),
});
