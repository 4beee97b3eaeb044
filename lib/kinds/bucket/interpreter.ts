// Flux's Bucket interpreter (v1beta2 and v1): a condition-driven source on lib/families/flux/source.ts that also
// depends on the Secrets and ServiceAccount it names (see README.md for every decision).
import { defineInterpreter } from '../../interpreter/define';
import { credentialReferences } from '../../families/flux/source';
import { bucket } from './identity';
import { bucketShape as shape, readBucket, type Bucket } from './schema';

export const bucketInterpreter = defineInterpreter<Bucket>({
  ...bucket,
  decode: readBucket,
  operations: {
    ...shape.operations,
    // Every reference is a LocalObjectReference: source-controller reads it in the Bucket's namespace.
    InterpretDependency: (request) => ({ dependencies: credentialReferences(request).list() }),
  },
});
