// cert-manager's Issuer interpreter: health from Ready, the ACME account, and the Secrets and ServiceAccounts its
// configuration names, all in its own namespace (see README.md for every decision).
import { defineInterpreter } from '../../interpreter/define';
import { issuerDependencies, issuerOperations, readIssuer, type Issuer } from '../../families/cert-manager/cert-manager';
import { issuer } from './identity';

export const issuerInterpreter = defineInterpreter<Issuer>({
  ...issuer,
  decode: readIssuer,
  // An Issuer's Secrets are read in its own namespace, and its HTTP01 solver pods run there (its Certificates' namespace).
  operations: issuerOperations(({ object, namespace }) => {
    const own = object.metadata.namespace || namespace;
    return issuerDependencies(object, own, own);
  }),
});
