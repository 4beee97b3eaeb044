// A Spark pod's memory request as Karmada's catalogue computes it: Spark's memory notation (`512m`, `1g`, `1.5g`),
// the container's memory plus its overhead (given, or a factor of the memory with Spark's 384 MiB floor), summed in
// the smaller of the two units, and answered as an exact Kubernetes quantity.
import { FieldFailure } from '../../review/core';
import { describeJson } from '../../review/json';
import { formatQuantity, parseQuantity } from '../../kube/quantity';

/** Kubernetes' binary suffixes Spark's units map to, with their order (a smaller index is a smaller unit). */
const unitOrder = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi'] as const;
type Unit = (typeof unitOrder)[number];

/** Spark's JavaUtils byte suffixes (powers of 1024), lowercased. */
const sparkUnits = new Map<string, Unit>([
  ['b', ''], ['k', 'Ki'], ['kb', 'Ki'], ['m', 'Mi'], ['mb', 'Mi'], ['g', 'Gi'], ['gb', 'Gi'], ['t', 'Ti'], ['tb', 'Ti'], ['p', 'Pi'], ['pb', 'Pi'],
]);

const scale = (unit: Unit) => 1024 ** unitOrder.indexOf(unit);
const smaller = (a: Unit, b: Unit): Unit => (unitOrder.indexOf(a) < unitOrder.indexOf(b) ? a : b);

/** A memory amount in Spark's notation: a value and its unit. */
export interface SparkMemory {
  value: number;
  unit: Unit;
}

/** Spark's floor on a computed overhead (`MEMORY_OVERHEAD_MIN_MIB`, the operator's `common.MinMemoryOverhead`). */
const minimumOverhead: SparkMemory = { value: 384, unit: 'Mi' };

/**
 * `text` in Spark's notation: digits with an optional fraction, then a unit. No unit means MiB, as Spark reads
 * `spark.driver.memory` and `spark.executor.memory` (a MiB-based config). Anything else is a FieldFailure.
 */
export function sparkMemoryOf(text: string, path: string): SparkMemory {
  const match = text.length <= 64 ? /^([0-9]+\.?[0-9]*)([a-z]*)$/.exec(text.toLowerCase()) : null;
  const unit = match === null ? undefined : match[2] === '' ? 'Mi' : sparkUnits.get(match[2]!);
  if (match === null || unit === undefined) {
    throw new FieldFailure(path, `must be a memory size in Spark's notation such as "512m", "1g" or "1.5g", got ${describeJson(text.length > 64 ? `${text.slice(0, 64)}…` : text)}`);
  }
  return { value: Number(match[1]), unit };
}

const inUnit = ({ value, unit }: SparkMemory, to: Unit) => (unit === to ? value : value * (scale(unit) / scale(to)));

/** The largest request Karmada can hold: a quantity's value is an int64 of bytes. */
const maxBytes = 2 ** 63 - 1;

/**
 * What one pod asks for: memory plus overhead (`overhead`, or `max(memory × factor, 384 MiB)`), in the smaller unit,
 * with six decimals (Karmada's catalogue computes it so and its cases fix the answer, `1433.6Mi` for 1 GiB at 0.4).
 * Past an int64 of bytes is a FieldFailure naming `path`.
 */
export function podMemoryRequest(memory: SparkMemory, overhead: SparkMemory | undefined, factor: number, path: string): string {
  let extra = overhead;
  if (extra === undefined) {
    const unit = smaller(memory.unit, minimumOverhead.unit);
    extra = { value: Math.max(inUnit({ value: memory.value * factor, unit: memory.unit }, unit), inUnit(minimumOverhead, unit)), unit };
  }
  const unit = smaller(memory.unit, extra.unit);
  const total = inUnit(memory, unit) + inUnit(extra, unit);
  if (!Number.isFinite(total) || total * scale(unit) > maxBytes) {
    throw new FieldFailure(path, `with its overhead asks for more memory than Karmada can count (an int64 of bytes)`);
  }
  return formatQuantity(parseQuantity(`${total.toFixed(6)}${unit}`));
}
