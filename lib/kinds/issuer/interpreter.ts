// cert-manager's Issuer interpreter: health from Ready, the ACME account, and the Secrets and ServiceAccounts its
// configuration names, all in its own namespace (see README.md for every decision).
import { defineInterpreter } from '../../interpreter/define';
import { aggregateIssuer, issuerDependencies, issuerHealthy, readIssuer, reflectIssuer, retainNothing, type Issuer } from '../../shapes/cert-manager';
import { issuer } from './identity';

export const issuerInterpreter = defineInterpreter<Issuer>({
  ...issuer,
  decode: readIssuer,
  operations: {
    InterpretHealth: ({ object }) => ({ healthy: issuerHealthy(object.status) }),
    InterpretStatus: reflectIssuer,
    AggregateStatus: aggregateIssuer,
    // An Issuer reads its Secrets in its own namespace, and its HTTP01 solver pods run there (its Certificates' namespace).
    InterpretDependency: ({ object, namespace }) => {
      const own = object.metadata.namespace || namespace;
      return issuerDependencies(object, own, own);
    },
    Retain: retainNothing,
  },
});
