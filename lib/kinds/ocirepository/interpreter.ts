// Flux's OCIRepository interpreter (v1beta2 and v1): a condition-driven source on lib/families/flux/source.ts (see
// README.md for every decision).
import { defineInterpreter } from '../../interpreter/define';
import { credentialReferences } from '../../families/flux/source';
import { ociRepository } from './identity';
import { ociRepositoryShape as shape, readOCIRepository, type OCIRepository } from './schema';

export const ociRepositoryInterpreter = defineInterpreter<OCIRepository>({
  ...ociRepository,
  decode: readOCIRepository,
  operations: {
    ...shape.operations,
    InterpretDependency: (request) => ({ dependencies: credentialReferences(request).list() }),
  },
});
