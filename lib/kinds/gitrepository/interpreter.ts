// Flux's GitRepository interpreter (v1): a condition-driven source on lib/shapes/flux-source.ts that also depends on
// the Secrets, ServiceAccount and included GitRepositories it names (see README.md for every decision).
import { defineInterpreter } from '../../interpreter/define';
import { namespaceOf, NamedReferences } from '../../shapes/dependencies';
import { gitRepository } from './identity';
import { gitRepositoryShape as shape, readGitRepository, type GitRepository } from './schema';

export const gitRepositoryInterpreter = defineInterpreter<GitRepository>({
  ...gitRepository,
  decode: readGitRepository,
  operations: {
    ...shape.operations,
    // Every reference is a LocalObjectReference: source-controller reads it in the GitRepository's namespace.
    InterpretDependency: ({ object, namespace }) => ({
      dependencies: new NamedReferences(namespaceOf(object.metadata, namespace))
        .addAll('v1', 'Secret', object.secretNames)
        .add('v1', 'ServiceAccount', object.serviceAccountName)
        .addAll(`${gitRepository.group}/v1`, 'GitRepository', object.includedRepositories)
        .list(),
    }),
  },
});
