// A FlinkDeployment role's `resource` (cpu, memory, ephemeralStorage) read as the quantities Karmada schedules by:
// exact, so "2048m" stays "2048m", with memory in Flink's own notation understood where Kubernetes' is not.
import { FieldFailure } from '../../review/core';
import { describeJson, type JsonObject } from '../../review/json';
import type { Cursor } from '../../kube/cursor';
import { QuantityError, formatInteger, formatQuantity, isNegative, milliValueOf, parseQuantity, MAX_INT64, type Quantity } from '../../kube/quantity';

/** One resource amount: the text Karmada gets and a value to compare amounts by. */
export interface Amount {
  /** The canonical quantity (`formatQuantity`), what the answer carries. */
  text: string;
  /** Thousandths of a unit (millicores, millibytes): comparable, exact to Kubernetes' milli precision. */
  milli: bigint;
}

/** The resources of one role (`spec.jobManager.resource`, `spec.taskManager.resource`), each when given. */
export interface RoleResources {
  cpu?: Amount;
  memory?: Amount;
  ephemeralStorage?: Amount;
}

function amountOf(quantity: Quantity, path: string, shown: string): Amount {
  if (isNegative(quantity)) throw new FieldFailure(path, `must not be negative, got ${shown}`);
  if (quantity.capped === true) throw new FieldFailure(path, `is more than Karmada can count (a 64-bit number of units), got ${shown}`);
  try {
    return { text: formatQuantity(quantity), milli: milliValueOf(quantity) };
  } catch (error) {
    if (error instanceof QuantityError) throw new FieldFailure(path, `is more than Karmada can count (a 64-bit number of thousandths), got ${shown}`);
    throw error;
  }
}

function kubernetesQuantity(text: string | number): Quantity | undefined {
  try {
    return parseQuantity(text);
  } catch (error) {
    if (error instanceof QuantityError) return undefined;
    throw error;
  }
}

/** Flink's MemorySize units (org.apache.flink.configuration.MemorySize.MemoryUnit), all powers of 1024. */
const flinkUnits = new Map<string, bigint>([
  ['', 1n], ['b', 1n], ['bytes', 1n],
  ['k', 1n << 10n], ['kb', 1n << 10n], ['kibibytes', 1n << 10n],
  ['m', 1n << 20n], ['mb', 1n << 20n], ['mebibytes', 1n << 20n],
  ['g', 1n << 30n], ['gb', 1n << 30n], ['gibibytes', 1n << 30n],
  ['t', 1n << 40n], ['tb', 1n << 40n], ['tebibytes', 1n << 40n],
]);

/** `MemorySize.parse`: digits, optional blanks, a unit (any case); bytes, or undefined when Flink refuses the text. */
function flinkMemoryBytes(text: string): bigint | undefined {
  const match = /^([0-9]{1,30})\s*([a-zA-Z]*)$/.exec(text.trim());
  if (match === null) return undefined;
  const unit = flinkUnits.get(match[2]!.toLowerCase());
  if (unit === undefined) return undefined;
  const bytes = BigInt(match[1]!) * unit;
  // Flink keeps the size in a long: a larger one is refused there too.
  return bytes > MAX_INT64 ? undefined : bytes;
}

/**
 * The operator's fallback for a memory text Flink refuses (FlinkConfigBuilder.formatMemoryStringForK8sSpec): blanks
 * removed, upper-cased, a trailing "B" dropped and a trailing "I" made "i", then read as a Kubernetes quantity.
 */
function operatorQuantityText(text: string): string {
  let normalized = text.trim().replace(/\s/g, '').toUpperCase();
  if (normalized.endsWith('B')) normalized = normalized.slice(0, -1);
  if (normalized.endsWith('I')) normalized = `${normalized.slice(0, -1)}i`;
  return normalized;
}

/**
 * `resource.memory`. A Kubernetes quantity is read as one ("2048m" is 2.048 bytes), as Karmada's catalogue reads it
 * and its cases require. A text Kubernetes refuses is read as the operator reads it (FlinkConfigBuilder
 * .parseResourceMemoryString: Flink's MemorySize, "2g" or "1024 mb", else the normalized quantity, "512 mib"), where
 * Karmada's Lua fails. Bounded: the texts are cut at 64 characters before any parsing.
 */
function memoryAmount(value: string, path: string): Amount {
  const shown = describeJson(value.length > 64 ? `${value.slice(0, 64)}…` : value);
  if (value.length > 64) throw new FieldFailure(path, `must be a memory size such as "2048m", "2g" or "2Gi", got ${shown}`);
  const quantity = kubernetesQuantity(value);
  if (quantity !== undefined) return amountOf(quantity, path, shown);
  const bytes = flinkMemoryBytes(value);
  if (bytes !== undefined) return { text: formatInteger(bytes, 'BinarySI'), milli: bytes * 1000n };
  const normalized = kubernetesQuantity(operatorQuantityText(value));
  if (normalized !== undefined) return amountOf(normalized, path, shown);
  throw new FieldFailure(path, `must be a memory size such as "2048m", "2g" or "2Gi" (a Kubernetes quantity or Flink's MemorySize), got ${shown}`);
}

function quantityAmount(value: string | number, path: string, example: string): Amount {
  const shown = typeof value === 'number' ? String(value) : describeJson(value.length > 64 ? `${value.slice(0, 64)}…` : value);
  const quantity = typeof value === 'string' && value.length > 64 ? undefined : kubernetesQuantity(value);
  if (quantity === undefined) throw new FieldFailure(path, `must be a quantity such as ${example}, got ${shown}`);
  return amountOf(quantity, path, shown);
}

/** `spec.<role>.resource`, read where given; a wrong type or an unreadable amount is a FieldFailure naming the field. */
export function roleResourcesOf(role: Cursor): RoleResources {
  const resource = role.object('resource');
  const resources: RoleResources = {};
  const cpu = resource.raw('cpu');
  if (cpu !== undefined) {
    // The CRD's `cpu` is a number (a Java Double): cores, fractions allowed.
    if (typeof cpu !== 'number') return resource.fail('cpu', `must be a number of cores such as 1 or 0.5, got ${describeJson(cpu)}`);
    resources.cpu = quantityAmount(cpu, resource.pathOf('cpu'), '1 or 0.5');
  }
  const memory = resource.raw('memory');
  if (memory !== undefined) {
    if (typeof memory !== 'string') return resource.fail('memory', `must be a string such as "2048m", got ${describeJson(memory)}`);
    resources.memory = memoryAmount(memory, resource.pathOf('memory'));
  }
  const storage = resource.raw('ephemeralStorage');
  if (storage !== undefined) {
    if (typeof storage !== 'string') return resource.fail('ephemeralStorage', `must be a string such as "10Gi", got ${describeJson(storage)}`);
    resources.ephemeralStorage = quantityAmount(storage, resource.pathOf('ephemeralStorage'), '"10Gi"');
  }
  return resources;
}

/** The larger of two amounts (the first when equal), either possibly absent. */
export function largerAmount(a: Amount | undefined, b: Amount | undefined): Amount | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return b.milli > a.milli ? b : a;
}

/** Karmada's resource list of one replica: `cpu`, `memory`, `ephemeral-storage` where given. */
export function resourceListOf(resources: RoleResources): Record<string, string> {
  const list: Record<string, string> = {};
  if (resources.cpu !== undefined) list.cpu = resources.cpu.text;
  if (resources.memory !== undefined) list.memory = resources.memory.text;
  if (resources.ephemeralStorage !== undefined) list['ephemeral-storage'] = resources.ephemeralStorage.text;
  return list;
}
