// cert-manager's Certificate interpreter: health from Ready and Issuing, the soonest expiry across members, and the
// issuer and password Secrets it names (see README.md for every decision).
import { defineInterpreter } from '../../interpreter/define';
import {
  aggregateCertificate,
  certificateDependencies,
  certificateHealth,
  readCertificate,
  reflectCertificate,
  retainNothing,
  type Certificate,
} from '../../families/cert-manager/cert-manager';
import { certificate } from './identity';

export const certificateInterpreter = defineInterpreter<Certificate>({
  ...certificate,
  decode: readCertificate,
  operations: {
    InterpretHealth: ({ object }) => certificateHealth(object.status),
    InterpretStatus: reflectCertificate,
    AggregateStatus: aggregateCertificate,
    InterpretDependency: certificateDependencies,
    Retain: retainNothing,
  },
});
