// Kyverno's Policy interpreter (v1 and v2beta1): the policy semantics it shares with ClusterPolicy
// (lib/families/kyverno/policy.ts); see README.md for every decision.
import { defineInterpreter } from '../../interpreter/define';
import { kyvernoPolicyOperations, readKyvernoPolicy, type KyvernoPolicy } from '../../families/kyverno/policy';
import { kyvernoPolicy } from './identity';

export const kyvernoPolicyInterpreter = defineInterpreter<KyvernoPolicy>({
  ...kyvernoPolicy,
  decode: readKyvernoPolicy,
  operations: kyvernoPolicyOperations,
});
