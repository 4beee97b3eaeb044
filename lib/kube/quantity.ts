// Kubernetes resource quantities (k8s.io/apimachinery resource.Quantity): exact parsing, integer conversion and canonical strings.

export type QuantityFormat = 'DecimalSI' | 'BinarySI' | 'DecimalExponent';

/** value = unscaled * 10^scale */
export interface Quantity {
  readonly unscaled: bigint;
  readonly scale: number;
  readonly format: QuantityFormat;
}

export class QuantityError extends Error {
  override name = 'QuantityError';
}

export const MAX_INT64 = (1n << 63n) - 1n;

// Go's error texts, so messages read the same as the API server's.
const ERR_FORMAT = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
const ERR_SUFFIX = "unable to parse quantity's suffix";
const ERR_NUMERIC = 'unable to parse numeric part of quantity';

const NANO = -9;
// Converting to an integer refuses values of 10^MAX_DIGITS or more instead of building huge BigInts
// (Go's int64 results are meaningless far below that).
const MAX_DIGITS = 1000;

const GRAMMAR = /^([+-]?)([0-9]*)(?:\.([0-9]*))?([eEinumkKMGTP]*[+-]?[0-9]*)$/;
const EXPONENT_SUFFIX = /^[eE]([+-]?[0-9]+)$/;

const DECIMAL_SUFFIXES = new Map<string, number>([
  ['n', -9], ['u', -6], ['m', -3], ['', 0], ['k', 3], ['M', 6], ['G', 9], ['T', 12], ['P', 15], ['E', 18],
]);
const BINARY_SUFFIXES = new Map<string, number>([
  ['Ki', 10], ['Mi', 20], ['Gi', 30], ['Ti', 40], ['Pi', 50], ['Ei', 60],
]);
const DECIMAL_BY_EXPONENT = new Map([...DECIMAL_SUFFIXES].map(([suffix, exp]) => [exp, suffix]));
const BINARY_BY_EXPONENT = new Map([...BINARY_SUFFIXES].map(([suffix, exp]) => [exp, suffix]));

interface Suffix {
  readonly binary: boolean;
  readonly exponent: number;
  readonly format: QuantityFormat;
}

function interpretSuffix(suffix: string): Suffix | undefined {
  const decimal = DECIMAL_SUFFIXES.get(suffix);
  if (decimal !== undefined) return { binary: false, exponent: decimal, format: 'DecimalSI' };
  const binary = BINARY_SUFFIXES.get(suffix);
  if (binary !== undefined) return { binary: true, exponent: binary, format: 'BinarySI' };
  const match = EXPONENT_SUFFIX.exec(suffix);
  if (!match) return undefined;
  const exponent = BigInt(match[1]!);
  if (exponent > MAX_INT64 || exponent < -MAX_INT64 - 1n) return undefined;
  // Go parses an int64 and then truncates it to int32.
  return { binary: false, exponent: Number(BigInt.asIntN(32, exponent)), format: 'DecimalExponent' };
}

const abs = (n: bigint): bigint => (n < 0n ? -n : n);
const digitCount = (n: bigint): number => abs(n).toString().length;

/** n / 10^shift, rounded away from zero like Go's inf.RoundUp; a negative shift multiplies. */
function shiftDown(n: bigint, shift: number): bigint {
  if (n === 0n || shift <= 0) return n * 10n ** BigInt(Math.max(0, -shift));
  const away = n < 0n ? -1n : 1n;
  if (shift >= digitCount(n)) return away;
  const divisor = 10n ** BigInt(shift);
  const quotient = n / divisor;
  return quotient * divisor === n ? quotient : quotient + away;
}

function numberText(input: number): string {
  if (!Number.isFinite(input)) throw new QuantityError(`invalid quantity ${String(input)}: not a finite number`);
  // Same text Go's unstructured converter produces: encoding/json writes float64 like ECMAScript does.
  return String(input);
}

export function parseQuantity(input: string | number): Quantity {
  const text = typeof input === 'number' ? numberText(input) : input;
  const fail = (why: string): never => {
    throw new QuantityError(`invalid quantity ${JSON.stringify(text)}: ${why}`);
  };
  if (typeof text !== 'string') return fail('expected a string or a number');
  const match = text === '' ? null : GRAMMAR.exec(text);
  if (!match) return fail(ERR_FORMAT);
  const [, sign, whole = '', fraction = '', suffixText = ''] = match;
  const suffix = interpretSuffix(suffixText) ?? fail(ERR_SUFFIX);

  const digits = whole + fraction;
  // Go accepts a number without digits (".", "-", "k") as zero, but only on its int64 fast path.
  if (digits === '' && (suffix.binary ? suffix.exponent > 40 : suffix.exponent < NANO)) fail(ERR_NUMERIC);

  let unscaled = BigInt(digits || '0') * (sign === '-' ? -1n : 1n);
  let scale = -fraction.length;
  if (suffix.binary) unscaled <<= BigInt(suffix.exponent);
  else scale += suffix.exponent;

  // Non-zero values are rounded up (away from zero) to nano precision.
  if (unscaled !== 0n && scale < NANO) {
    unscaled = shiftDown(unscaled, NANO - scale);
    scale = NANO;
  }
  let format = suffix.format;
  if (suffix.binary) {
    // Go caps BinarySI (only) at the int64 range.
    const one = 10n ** BigInt(-scale);
    if (abs(unscaled) > MAX_INT64 * one) {
      unscaled = unscaled < 0n ? -MAX_INT64 : MAX_INT64;
      scale = 0;
    } else if (unscaled !== 0n && abs(unscaled) < one) {
      format = 'DecimalSI';
    }
  }
  return { unscaled, scale, format };
}

export function isNegative(q: Quantity): boolean {
  return q.unscaled < 0n;
}

/** value * 10^-targetScale, rounded away from zero (Go rounds "up" in magnitude on its int64 path). */
function scaledValue(q: Quantity, targetScale: number): bigint {
  if (q.unscaled !== 0n && digitCount(q.unscaled) + q.scale > MAX_DIGITS) {
    throw new QuantityError(`quantity ${q.unscaled}e${q.scale} is too large to convert to an integer`);
  }
  return shiftDown(q.unscaled, targetScale - q.scale);
}

/** Like Go's q.MilliValue(), but exact: no int64 overflow. */
export function milliValueOf(q: Quantity): bigint {
  return scaledValue(q, -3);
}

/** Like Go's q.Value(), but exact: no int64 overflow. */
export function valueOf(q: Quantity): bigint {
  return scaledValue(q, 0);
}

function formatDecimal(unscaled: bigint, scale: number, format: QuantityFormat): string {
  let mantissa = unscaled;
  let exponent = scale;
  while (mantissa % 10n === 0n) {
    mantissa /= 10n;
    exponent++;
  }
  while (exponent % 3 !== 0) {
    mantissa *= 10n;
    exponent--;
  }
  if (format === 'DecimalExponent') return exponent === 0 ? `${mantissa}` : `${mantissa}e${exponent}`;
  // Go emits no suffix at all when the exponent has none (e.g. "1000E" prints as "1").
  return `${mantissa}${DECIMAL_BY_EXPONENT.get(exponent) ?? ''}`;
}

/** The exact integer value, or undefined if q has a fractional part. */
function integerValue(q: Quantity): bigint | undefined {
  if (q.scale >= 0) return scaledValue(q, 0);
  if (-q.scale > digitCount(q.unscaled)) return undefined;
  const divisor = 10n ** BigInt(-q.scale);
  return q.unscaled % divisor === 0n ? q.unscaled / divisor : undefined;
}

/** Go's canonical String() (what it prints once the parsed-text cache is gone; see the tests). */
export function formatQuantity(q: Quantity): string {
  if (q.unscaled === 0n) return '0';
  if (q.format !== 'BinarySI') return formatDecimal(q.unscaled, q.scale, q.format);
  const value = integerValue(q);
  if (value === undefined || abs(value) < 1024n) return formatDecimal(q.unscaled, q.scale, 'DecimalSI');
  let mantissa = value;
  let exponent = 0;
  while (mantissa % 1024n === 0n) {
    mantissa /= 1024n;
    exponent += 10;
  }
  return `${mantissa}${BINARY_BY_EXPONENT.get(exponent) ?? ''}`;
}

/** resource.NewMilliQuantity(milli, DecimalSI).String() */
export function formatMilli(milli: bigint): string {
  return formatQuantity({ unscaled: milli, scale: -3, format: 'DecimalSI' });
}

/** resource.NewQuantity(value, format).String() */
export function formatInteger(value: bigint, format: 'DecimalSI' | 'BinarySI'): string {
  return formatQuantity({ unscaled: value, scale: 0, format });
}
