// Flux's Bucket interpreter (v1beta2 and v1): a condition-driven source on lib/shapes/flux-source.ts that also
// depends on the Secrets and ServiceAccount it names (see README.md for every decision).
import { defineInterpreter } from '../../interpreter/define';
import { namespaceOf, NamedReferences } from '../../shapes/dependencies';
import { bucket } from './identity';
import { bucketShape as shape, readBucket, type Bucket } from './schema';

export const bucketInterpreter = defineInterpreter<Bucket>({
  ...bucket,
  decode: readBucket,
  operations: {
    ...shape.operations,
    // Every reference is a LocalObjectReference: source-controller reads it in the Bucket's namespace.
    InterpretDependency: ({ object, namespace }) => ({
      dependencies: new NamedReferences(namespaceOf(object.metadata, namespace))
        .addAll('v1', 'Secret', object.secretNames)
        .add('v1', 'ServiceAccount', object.serviceAccountName)
        .list(),
    }),
  },
});
