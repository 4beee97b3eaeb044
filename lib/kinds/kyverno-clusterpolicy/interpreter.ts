// Kyverno's ClusterPolicy interpreter (v1 and v2beta1): the policy semantics it shares with Policy
// (lib/families/kyverno/policy.ts); see README.md for every decision.
import { defineInterpreter } from '../../interpreter/define';
import { kyvernoPolicyOperations, readKyvernoPolicy, type KyvernoPolicy } from '../../families/kyverno/policy';
import { kyvernoClusterPolicy } from './identity';

export const kyvernoClusterPolicyInterpreter = defineInterpreter<KyvernoPolicy>({
  ...kyvernoClusterPolicy,
  decode: readKyvernoPolicy,
  operations: kyvernoPolicyOperations,
});
