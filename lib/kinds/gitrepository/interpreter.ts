// Flux's GitRepository interpreter (v1): a condition-driven source on lib/families/flux/source.ts that also depends on
// the Secrets, ServiceAccount and included GitRepositories it names (see README.md for every decision).
import { defineInterpreter } from '../../interpreter/define';
import { credentialReferences } from '../../families/flux/source';
import { gitRepository } from './identity';
import { gitRepositoryShape as shape, readGitRepository, type GitRepository } from './schema';

export const gitRepositoryInterpreter = defineInterpreter<GitRepository>({
  ...gitRepository,
  decode: readGitRepository,
  operations: {
    ...shape.operations,
    // `include[].repository` is a LocalObjectReference too: another GitRepository in this one's namespace.
    InterpretDependency: (request) => ({
      dependencies: credentialReferences(request).addAll(`${gitRepository.group}/v1`, 'GitRepository', request.object.includedRepositories).list(),
    }),
  },
});
