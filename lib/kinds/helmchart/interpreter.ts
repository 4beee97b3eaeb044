// Flux's HelmChart interpreter (v1beta2 and v1): a condition-driven source on lib/families/flux/source.ts that also
// depends on the source it builds from (see README.md for every decision).
import { defineInterpreter } from '../../interpreter/define';
import { namespaceOf, NamedReferences } from '../../shapes/dependencies';
import { helmChart } from './identity';
import { helmChartShape as shape, readHelmChart, type HelmChart } from './schema';

export const helmChartInterpreter = defineInterpreter<HelmChart>({
  ...helmChart,
  decode: readHelmChart,
  operations: {
    ...shape.operations,
    // The source is in the HelmChart's namespace: source-controller reads it there (LocalHelmChartSourceReference).
    InterpretDependency: ({ object, namespace }) => {
      const references = new NamedReferences(namespaceOf(object.metadata, namespace)).add('v1', 'Secret', object.verifySecretName);
      if (object.source !== undefined) references.add(object.source.apiVersion, object.source.kind, object.source.name);
      return { dependencies: references.list() };
    },
  },
});
