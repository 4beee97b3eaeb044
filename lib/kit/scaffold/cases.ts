// The case files `npm run new-kind` writes, with expected outputs recorded from the freshly written skeleton: they
// pass at once, and say what the skeleton answers so that the author can correct them to what the kind must answer.
import type { Operation } from 'fast-json-patch';
import { stringify } from 'yaml';
import { createAdmissionRegistry, type AdmittedKind } from '../../admission/registry';
import { serveAdmission } from '../../admission/review';
import { convertTo, type ConvertibleKind } from '../../conversion/registry';
import { interpret } from '../../interpreter/interpret';
import { createInterpreterRegistry, type ResourceInterpreter } from '../../interpreter/registry';
import type { InterpreterOperation } from '../../interpreter/wire/operations';
import type { JsonObject, JsonValue } from '../../review/json';
import { apiVersionOf } from '../../review/core';
import { appliedStrictly, verifiedResponse } from '../answer';
import { interpreterContextFor, resultsOf, type InterpretInput } from '../request';
import type { CrdFacts } from './crd';
import { needsGenerations, type StatusField } from './status-fields';

const recorded = 'Expected outputs were recorded from the skeleton by `npm run new-kind`:\n# check each one and change it to what';
/** Objects written in full (a shared object would otherwise become a YAML anchor and alias). */
const yamlOptions = { lineWidth: 0, aliasDuplicateObjects: false } as const;

/** A small object of the kind at `version`, with the fields the schema made obvious. */
export function sampleObject(facts: CrdFacts, version: string, withStatus: boolean): JsonObject {
  const spec: JsonObject = {};
  if (facts.replicas) spec[facts.replicas.field] = 3;
  if (facts.podTemplate) {
    spec.template = {
      metadata: { labels: { app: 'example' } },
      spec: {
        containers: [{
          name: 'app',
          image: 'registry.example/app:1.0',
          resources: { requests: { cpu: '250m', memory: '256Mi' } },
          envFrom: [{ configMapRef: { name: 'example-config' } }],
        }],
      },
    };
  }
  const object: JsonObject = {
    apiVersion: apiVersionOf(facts.group, version),
    kind: facts.kind,
    metadata: { name: 'example', ...(facts.namespaced ? { namespace: 'default' } : {}), generation: 2 },
  };
  if (Object.keys(spec).length > 0) object.spec = spec;
  if (withStatus) object.status = statusOf(facts, 3);
  return object;
}

/** A member's status: `count` in each count, the sample's generation, and every field the CRD requires. */
function statusOf(facts: CrdFacts, count: number): JsonObject {
  const status: JsonObject = {};
  if (facts.observedGeneration) status.observedGeneration = 2;
  for (const field of facts.statusCounts) status[field] = count;
  Object.assign(status, sampleStatus(facts.statusFields, count));
  return status;
}

/** A value of each field as a member reports it: the counts `count`, the selector of the sample's pods, else the zero. */
function sampleStatus(fields: readonly StatusField[], count: number): JsonObject {
  const status: JsonObject = {};
  for (const field of fields) {
    if (field.type === 'object') status[field.name] = sampleStatus(field.fields!, count);
    else if (field.type === 'count') status[field.name] = typeof field.zero === 'number' ? Math.max(field.zero, count) : count;
    else if (field.type === 'generation') status[field.name] = 2;
    else if (field.selector === true) status[field.name] = 'app=example';
    else status[field.name] = field.zero;
  }
  return status;
}

interface CaseSpec {
  file: string;
  name: string;
  description: string;
  operation: InterpreterOperation;
  input: InterpretInput;
}

function caseSpecs(facts: CrdFacts, interpreter: ResourceInterpreter, version: string): CaseSpec[] {
  const desired = sampleObject(facts, version, false);
  const observed = sampleObject(facts, version, true);
  const implemented = (operation: InterpreterOperation) => interpreter.operations[operation] !== undefined;
  const specs: CaseSpec[] = [];
  const add = (operation: InterpreterOperation, name: string, description: string, input: Omit<InterpretInput, 'operation'>) => {
    if (implemented(operation)) specs.push({ file: `${operation.toLowerCase()}-test.yaml`, name: `${facts.kind}: ${name}`, description, operation, input: { operation, ...input } });
  };
  const replicas = `spec.${facts.replicas?.field ?? 'replicas'}`;
  add('InterpretReplica', 'replicas and what each needs', `${replicas}${facts.podTemplate ? ', and per-replica requirements from the pod template' : ''}`, { desired });
  add('ReviseReplica', 'five replicas for this cluster', 'Karmada divides the replicas and sets each cluster\'s share', { desired, replicas: 5 });
  add('Retain', 'what the member cluster owns stays', 'the member object\'s fields that the control plane must not overwrite', { desired, observed });
  add('InterpretStatus', 'the status a member reports', 'what Karmada collects from each member cluster', { observed });
  // What InterpretStatus returns for a member: its status, and its generations when AggregateStatus compares them.
  const generations: JsonObject = needsGenerations(facts.statusFields) ? { generation: 2, resourceTemplateGeneration: 2 } : {};
  const memberStatus = (count: number): JsonObject => ({ ...statusOf(facts, count), ...generations });
  add('AggregateStatus', 'two members', 'the members\' statuses added up into the resource template', {
    desired,
    statusItems: [
      { clusterName: 'member1', applied: true, health: 'Healthy', status: memberStatus(2) },
      { clusterName: 'member2', applied: true, health: 'Healthy', status: memberStatus(1) },
    ],
  });
  add('InterpretHealth', 'up to date', 'the member saw the latest spec and every replica is ready', { observed });
  add('InterpretDependency', 'what the pod template references', 'ConfigMaps, Secrets, PVCs and the ServiceAccount propagate with it', { desired });
  return specs;
}

/** `testdata/<version>/<operation>-test.yaml` files for every operation the skeleton implements. */
export function interpreterCaseFiles(facts: CrdFacts, interpreter: ResourceInterpreter): { path: string; text: string }[] {
  const registry = createInterpreterRegistry([interpreter]);
  const version = facts.storageVersion;
  return caseSpecs(facts, interpreter, version).map((spec) => {
    const { context, uid, object } = interpreterContextFor(spec.input);
    const response = verifiedResponse(JSON.parse(JSON.stringify(interpret(registry, JSON.parse(JSON.stringify(context))).context)), uid);
    if (!response.successful) throw new Error(`the skeleton's ${spec.operation} refused its own sample: ${response.status?.message ?? ''}`);
    const output: JsonObject = {};
    for (const { name, value } of resultsOf(spec.operation, response, object)) if (value !== null) output[name] = value;
    const document: JsonObject = {
      name: spec.name,
      description: spec.description,
      ...(spec.input.desired && spec.operation !== 'InterpretStatus' && spec.operation !== 'InterpretHealth' ? { desiredObj: spec.input.desired } : {}),
      ...(spec.input.observed && (spec.operation === 'Retain' || spec.operation === 'InterpretStatus' || spec.operation === 'InterpretHealth') ? { observedObj: spec.input.observed } : {}),
      ...(spec.input.statusItems ? { statusItems: spec.input.statusItems } : {}),
      ...(spec.input.replicas !== undefined ? { inputReplicas: spec.input.replicas } : {}),
      operation: spec.operation,
      output,
    };
    return { path: `testdata/${version}/${spec.file}`, text: `# ${recorded} ${facts.kind} must answer.\n${stringify(document, yamlOptions)}` };
  });
}

/** conversion-cases.yaml: every spoke version to the storage version and back. */
export function conversionCaseFile(facts: CrdFacts, conversion: ConvertibleKind): string {
  const hub = facts.storageVersion;
  const documents = facts.versions.filter((version) => version !== hub).flatMap((spoke) =>
    [[spoke, hub], [hub, spoke]].map(([from, to]) => {
      const object = sampleObject(facts, from!, true);
      return {
        name: `${from} to ${to}`,
        desiredAPIVersion: apiVersionOf(facts.group, to!),
        objects: [object],
        output: { convertedObjects: [convertTo(conversion, object, from!, to!)] },
      };
    }),
  );
  return `# ConversionReview cases for ${facts.kind}, run by test/kinds/conversion-cases.test.ts through /convert (each Success
# is also converted back and must give the input exactly).
# ${recorded} ${facts.kind}'s conversion
# must answer, and add a case for every field that differs between versions.
${documents.map((document) => stringify(document, yamlOptions)).join('---\n')}`;
}

/** admission-cases.yaml: defaulting, an allowed object and (with spec.replicas) a refused one. */
export function admissionCaseFile(facts: CrdFacts, admission: AdmittedKind): string {
  const registry = createAdmissionRegistry([admission]);
  const version = facts.storageVersion;
  const withoutReplicas = sampleObject(facts, version, false);
  const field = facts.replicas?.field ?? 'replicas';
  if (withoutReplicas.spec !== undefined) delete (withoutReplicas.spec as JsonObject)[field];
  const negative = sampleObject(facts, version, false);
  if (facts.replicas) (negative.spec as JsonObject)[field] = -1;
  const cases: { name: string; step: 'mutate' | 'validate'; object: JsonObject }[] = [
    { name: 'mutate: defaults what is missing', step: 'mutate', object: withoutReplicas },
    { name: 'validate: a good object is allowed', step: 'validate', object: sampleObject(facts, version, false) },
    ...(facts.replicas ? [{ name: 'validate: negative replicas are refused', step: 'validate' as const, object: negative }] : []),
  ];
  const documents = cases.map(({ name, step, object }) => {
    const metadata = object.metadata as JsonObject;
    const request: JsonObject = {
      uid: 'recorded', kind: { group: facts.group, version, kind: facts.kind }, operation: 'CREATE',
      name: metadata.name as string, namespace: (metadata.namespace as string | undefined) ?? '', object,
    };
    const { review } = serveAdmission(registry, step, { apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', request });
    const { allowed, patch, status, warnings } = review.response;
    const output: JsonObject = { allowed };
    if (patch !== undefined) {
      const operations = JSON.parse(Buffer.from(patch, 'base64').toString('utf8')) as Operation[];
      output.patched = appliedStrictly(object, operations);
    }
    if (warnings !== undefined) output.warnings = warnings;
    if (status !== undefined) output.status = { code: status.code, reason: status.reason ?? '', message: status.message };
    return { name, step, operation: 'CREATE', object, output };
  });
  return `# AdmissionReview cases for ${facts.kind}, run by test/kinds/admission-cases.test.ts through /mutate or /validate.
# ${recorded} ${facts.kind}'s admission must answer.
${documents.map((document) => stringify(document, yamlOptions)).join('---\n')}`;
}
