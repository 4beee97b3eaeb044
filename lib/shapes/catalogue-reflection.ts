// InterpretStatus as Karmada's catalogue reflects a workload's status (its OpenKruise customizations): nothing for a
// member without a status, and a generation annotation that is no number at all ignored, as Lua's `tonumber` does.
import type { TypedRequest } from '../interpreter/define';
import type { OperationResults } from '../interpreter/registry';
import type { ObjectMetaView } from '../kube/objects';
import { templateGenerationAnnotation } from './generations';

type Reflect<T> = (request: TypedRequest<T>) => OperationResults['InterpretStatus'];

/** Whether Lua's `tonumber` would give nil for the annotation's text (it is no number in any notation). */
function notANumber(text: string): boolean {
  return text.trim() === '' || Number.isNaN(Number(text));
}

/**
 * `reflect` (a `workloadStatus(...).reflect`) with two of Karmada's catalogue choices: a member without a status
 * reports `{}` (without its `observedGeneration` AggregateStatus could not count it as observing anything anyway),
 * and a `resourcetemplate.karmada.io/generation` that is no number is left out, so the member counts as carrying no
 * known template. A number that is no generation (negative, fractional) is still a 400 naming the annotation.
 */
export function reflectAsCatalogue<T extends { metadata: ObjectMetaView; status?: object }>(reflect: Reflect<T>): Reflect<T> {
  return (request) => {
    const { object } = request;
    if (object.status === undefined) return { rawStatus: {} };
    const annotations = object.metadata.annotations;
    const text = annotations?.[templateGenerationAnnotation];
    if (annotations === undefined || text === undefined || !notANumber(text)) return reflect(request);
    const { [templateGenerationAnnotation]: _ignored, ...kept } = annotations;
    // The view with other metadata: its other parts are read (and kept) by the view itself, not copied.
    const withoutAnnotation = Object.create(object, { metadata: { value: { ...object.metadata, annotations: kept }, enumerable: true } }) as T;
    return reflect({ ...request, object: withoutAnnotation });
  };
}
