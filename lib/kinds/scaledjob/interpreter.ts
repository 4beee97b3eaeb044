// KEDA's ScaledJob interpreter: the objects it names (its Jobs' pod template's ConfigMaps, Secrets, ServiceAccount and
// PVCs, and its triggers' authentications), its health from KEDA's conditions, and its status reflected and added up
// across members. Its Jobs are created by each member's KEDA from that member's triggers, so it has no replica count
// for Karmada to schedule or divide (see README.md for every decision).
import { defineInterpreter, type TypedRequest } from '../../interpreter/define';
import { mergedReferences, namespaceOf, NamedReferences, templateDependencies } from '../../shapes/dependencies';
import { addAuthentications, aggregateKedaStatus, kedaHealth, reflectKedaStatus } from '../../families/keda/keda';
import { scaledJob as scaledJobIdentity } from './identity';
import { readScaledJob, readStatus, type ScaledJob, type ScaledJobStatus } from './schema';

type Request = TypedRequest<ScaledJob>;

/** The status KEDA writes, every field. */
const reflectedFields = [
  'conditions',
  'lastActiveTime',
  'Paused',
  'triggersTypes',
  'authenticationsTypes',
  'externalMetricNames',
  'triggersActivity',
] as const satisfies readonly (keyof ScaledJobStatus)[];

function interpretStatus({ object }: Request) {
  return reflectKedaStatus(object.statusObject, reflectedFields);
}

function interpretHealth({ object }: Request) {
  return kedaHealth(object.status);
}

function aggregateStatus(request: Request) {
  return aggregateKedaStatus(request, readStatus, ['Paused']).patch.operations;
}

function interpretDependency({ object, namespace }: Request) {
  const where = namespaceOf(object.metadata, namespace);
  const { spec } = object;
  const fromTemplate = spec === undefined ? [] : templateDependencies(spec.template, spec.templatePath, where);
  const authentications = addAuthentications(new NamedReferences(where), spec?.triggers).list();
  return { dependencies: mergedReferences([fromTemplate, authentications]) };
}

export const scaledJobInterpreter = defineInterpreter<ScaledJob>({
  ...scaledJobIdentity,
  decode: readScaledJob,
  operations: {
    InterpretStatus: interpretStatus,
    AggregateStatus: aggregateStatus,
    InterpretHealth: interpretHealth,
    InterpretDependency: interpretDependency,
  },
});
