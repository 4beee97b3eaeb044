// Kubernetes resource quantities (k8s.io/apimachinery resource.Quantity): parsing, integer conversion and canonical
// strings, in work linear in the text's length whatever value it spells ("0e300000000" costs what "0" costs).

export type QuantityFormat = 'DecimalSI' | 'BinarySI' | 'DecimalExponent';

/**
 * value = ±digits × 10^exponent. `digits` has neither leading nor trailing zeros ('' is zero), so a value has exactly
 * one representation and huge or tiny values cost their digits, never their magnitude.
 */
export interface Quantity {
  readonly negative: boolean;
  readonly digits: string;
  readonly exponent: number;
  readonly format: QuantityFormat;
  /** Set when Go's ParseQuantity capped a binary value at the int64 range: the value stored is less than the text says. */
  readonly capped?: true;
}

export class QuantityError extends Error {
  override name = 'QuantityError';
}

export const MAX_INT64 = (1n << 63n) - 1n;
const MAX_INT64_TEXT = MAX_INT64.toString();
const MAX_INT64_DIGITS = MAX_INT64_TEXT.length;

// Go's error texts, so messages read the same as the API server's.
const ERR_FORMAT = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
const ERR_SUFFIX = "unable to parse quantity's suffix";
const ERR_NUMERIC = 'unable to parse numeric part of quantity';

const NANO = -9;
// Go keeps a quantity in an int64 (instead of an inf.Dec) while it has at most this many digits.
const MAX_INT64_FACTORS = 18;

const GRAMMAR = /^([+-]?)([0-9]*)(?:\.([0-9]*))?([eEinumkKMGTP]*[+-]?[0-9]*)$/;
const EXPONENT_SUFFIX = /^[eE]([+-]?)(0*)([0-9]*)$/;

const DECIMAL_SUFFIXES = new Map<string, number>([
  ['n', -9], ['u', -6], ['m', -3], ['', 0], ['k', 3], ['M', 6], ['G', 9], ['T', 12], ['P', 15], ['E', 18],
]);
const BINARY_SUFFIXES = new Map<string, number>([
  ['Ki', 10], ['Mi', 20], ['Gi', 30], ['Ti', 40], ['Pi', 50], ['Ei', 60],
]);
const DECIMAL_BY_EXPONENT = new Map([...DECIMAL_SUFFIXES].map(([suffix, exp]) => [exp, suffix]));
const BINARY_BY_EXPONENT = new Map([...BINARY_SUFFIXES].map(([suffix, exp]) => [exp, suffix]));

const ZERO: Quantity = { negative: false, digits: '', exponent: 0, format: 'DecimalSI' };

interface Suffix {
  readonly binary: boolean;
  readonly exponent: number;
  readonly format: QuantityFormat;
}

/** Go's int32(x) for an integer x held exactly in a double (|x| < 2^53). */
function int32Of(x: number): number {
  const wrapped = x % 2 ** 32;
  const unsigned = wrapped < 0 ? wrapped + 2 ** 32 : wrapped;
  return unsigned >= 2 ** 31 ? unsigned - 2 ** 32 : unsigned;
}

function interpretSuffix(suffix: string): Suffix | undefined {
  const decimal = DECIMAL_SUFFIXES.get(suffix);
  if (decimal !== undefined) return { binary: false, exponent: decimal, format: 'DecimalSI' };
  const binary = BINARY_SUFFIXES.get(suffix);
  if (binary !== undefined) return { binary: true, exponent: binary, format: 'BinarySI' };
  const match = EXPONENT_SUFFIX.exec(suffix);
  if (!match) return undefined;
  const [, sign, zeros = '', digits = ''] = match;
  // Go parses an int64 (refusing anything outside it, or nothing) and then truncates it to int32.
  if (zeros === '' && digits === '') return undefined;
  if (digits.length > MAX_INT64_DIGITS) return undefined;
  const exponent = BigInt(`${sign}${digits || '0'}`);
  if (exponent > MAX_INT64 || exponent < -MAX_INT64 - 1n) return undefined;
  return { binary: false, exponent: Number(BigInt.asIntN(32, exponent)), format: 'DecimalExponent' };
}

function stripLeadingZeros(digits: string): string {
  let start = 0;
  while (start < digits.length && digits.charCodeAt(start) === 48) start++;
  return digits.slice(start);
}

/** digits × 10^exponent with the zeros moved out of digits. */
function normalized(negative: boolean, rawDigits: string, exponent: number, format: QuantityFormat): Quantity {
  const leading = stripLeadingZeros(rawDigits);
  let end = leading.length;
  while (end > 0 && leading.charCodeAt(end - 1) === 48) end--;
  if (end === 0) return { negative: false, digits: '', exponent: 0, format };
  return { negative, digits: leading.slice(0, end), exponent: exponent + leading.length - end, format };
}

/** A decimal digit string plus one. */
function increment(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits[i] === '9') i--;
  if (i < 0) return `1${'0'.repeat(digits.length)}`;
  return `${digits.slice(0, i)}${String.fromCharCode(digits.charCodeAt(i) + 1)}${'0'.repeat(digits.length - i - 1)}`;
}

/** A decimal digit string times 2^power, in passes over 7-digit chunks (each product stays exact in a double). */
function timesPowerOfTwo(digits: string, power: number): string {
  let chunks: number[] = [];
  for (let end = digits.length; end > 0; end -= 7) chunks.push(Number(digits.slice(Math.max(0, end - 7), end)));
  for (let left = power; left > 0; left -= 20) {
    const factor = 2 ** Math.min(20, left);
    let carry = 0;
    const next: number[] = [];
    for (const chunk of chunks) {
      const product = chunk * factor + carry;
      next.push(product % 1e7);
      carry = Math.floor(product / 1e7);
    }
    while (carry > 0) {
      next.push(carry % 1e7);
      carry = Math.floor(carry / 1e7);
    }
    chunks = next;
  }
  return chunks.reverse().map((chunk, i) => (i === 0 ? String(chunk) : String(chunk).padStart(7, '0'))).join('');
}

/** |q| compared with an integer given as text: -1, 0 or 1, without building q's magnitude. */
function compareMagnitude(q: Quantity, integer: string): number {
  if (q.digits === '') return integer === '0' ? 0 : -1;
  const integerDigits = q.digits.length + q.exponent;
  if (integerDigits !== integer.length) return integerDigits < integer.length ? -1 : 1;
  // Same number of integer digits: compare digit by digit; digits past the integer's end are a non-zero fraction.
  const width = Math.max(q.digits.length, integer.length);
  const left = q.digits.padEnd(width, '0');
  const right = integer.padEnd(width, '0');
  return left === right ? 0 : left < right ? -1 : 1;
}

/** Rounds a non-zero value up (away from zero) to whole multiples of 10^scale, like Go's inf.RoundUp. */
function roundedUpTo(q: Quantity, scale: number): Quantity {
  if (q.digits === '' || q.exponent >= scale) return q;
  const kept = q.digits.length + q.exponent - scale;
  // The dropped digits end in a non-zero digit (normalized), so something is always rounded up.
  const head = kept > 0 ? increment(q.digits.slice(0, kept)) : '1';
  return normalized(q.negative, head, scale, q.format);
}

function numberText(input: number): string {
  if (!Number.isFinite(input)) throw new QuantityError(`invalid quantity ${String(input)}: not a finite number`);
  // Same text Go's unstructured converter produces: encoding/json writes float64 like ECMAScript does.
  return String(input);
}

/** What k8s.io/apimachinery's ParseQuantity makes of a text (or of a JSON number, via the text Go would see). */
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
  const negative = sign === '-';
  const integerDigits = stripLeadingZeros(whole);

  if (suffix.binary) {
    // Go's int64 fast path takes digitless texts ("Ki") as zero up to Ti; past it, its decimal parser refuses them.
    if (whole === '' && fraction === '' && suffix.exponent > 40) fail(ERR_NUMERIC);
    // Go caps BinarySI (only) at the int64 range: 10^19 units or more are always past it.
    const capped: Quantity = { ...normalized(negative, MAX_INT64_TEXT, 0, 'BinarySI'), capped: true };
    if (integerDigits.length > MAX_INT64_DIGITS) return capped;
    const value = normalized(negative, timesPowerOfTwo(integerDigits + fraction, suffix.exponent), -fraction.length, 'BinarySI');
    const rounded = roundedUpTo(value, NANO);
    if (compareMagnitude(rounded, MAX_INT64_TEXT) > 0) return capped;
    // Go shows binary values below one in decimal, to avoid confusion.
    return rounded.digits !== '' && rounded.digits.length + rounded.exponent <= 0 ? { ...rounded, format: 'DecimalSI' } : rounded;
  }

  // Go computes scales in int32 and lets them wrap ("1e-2147483648" is 10^2147483648 to Kubernetes); its int64 fast
  // path and its inf.Dec path wrap differently at -2^31.
  const fastScale = int32Of(suffix.exponent - fraction.length);
  const fastPath = Math.max(integerDigits.length, 1) + fraction.length <= MAX_INT64_FACTORS && fastScale >= NANO;
  const exponent = fastPath ? fastScale : -int32Of(fraction.length - suffix.exponent);
  // Go's int64 fast path takes digitless texts (".", "-", "k") as zero; its decimal parser refuses them.
  if (whole === '' && fraction === '' && !fastPath) fail(ERR_NUMERIC);
  if (text === '0') return ZERO;
  return roundedUpTo(normalized(negative, integerDigits + fraction, exponent, suffix.format), NANO);
}

export function isNegative(q: Quantity): boolean {
  return q.negative && q.digits !== '';
}

/** ±ceil(|q| × 10^shift), or a QuantityError when that does not fit in an int64. */
function scaledInteger(q: Quantity, shift: number, unit: string): bigint {
  const rounded = roundedUpTo({ ...q, exponent: q.exponent + shift }, 0);
  if (compareMagnitude(rounded, MAX_INT64_TEXT) > 0) {
    throw new QuantityError(`more than ${MAX_INT64} ${unit}, the most a 64-bit integer holds`);
  }
  if (rounded.digits === '') return 0n;
  const magnitude = BigInt(rounded.digits + '0'.repeat(rounded.exponent));
  return rounded.negative ? -magnitude : magnitude;
}

/** Like Go's q.MilliValue() where that is exact; where Go's int64 would overflow, a QuantityError instead. */
export function milliValueOf(q: Quantity): bigint {
  return scaledInteger(q, 3, 'thousandths');
}

/** Like Go's q.Value() where that is exact; where Go's int64 would overflow, a QuantityError instead. */
export function valueOf(q: Quantity): bigint {
  return scaledInteger(q, 0, 'units');
}

function formatDecimal(q: Quantity, format: QuantityFormat): string {
  let mantissa = q.digits;
  let exponent = q.exponent;
  while (exponent % 3 !== 0) {
    mantissa += '0';
    exponent--;
  }
  const sign = q.negative ? '-' : '';
  if (format === 'DecimalExponent') return exponent === 0 ? `${sign}${mantissa}` : `${sign}${mantissa}e${exponent}`;
  // Go emits no suffix at all when the exponent has none (e.g. "1000E" prints as "1").
  return `${sign}${mantissa}${DECIMAL_BY_EXPONENT.get(exponent) ?? ''}`;
}

/** Go's canonical String() (what it prints once the parsed-text cache is gone; see the tests). */
export function formatQuantity(q: Quantity): string {
  if (q.digits === '') return '0';
  if (q.format !== 'BinarySI') return formatDecimal(q, q.format);
  // Binary values are integers at most MAX_INT64 (parseQuantity caps them), so their BigInt is small.
  if (q.exponent < 0 || compareMagnitude(q, '1024') < 0) return formatDecimal(q, 'DecimalSI');
  let mantissa = BigInt(q.digits + '0'.repeat(q.exponent));
  let exponent = 0;
  while (mantissa % 1024n === 0n) {
    mantissa /= 1024n;
    exponent += 10;
  }
  return `${q.negative ? '-' : ''}${mantissa}${BINARY_BY_EXPONENT.get(exponent) ?? ''}`;
}

function quantityOf(value: bigint, exponent: number, format: QuantityFormat): Quantity {
  const negative = value < 0n;
  return normalized(negative, (negative ? -value : value).toString(), exponent, format);
}

/** resource.NewMilliQuantity(milli, DecimalSI).String() */
export function formatMilli(milli: bigint): string {
  return formatQuantity(quantityOf(milli, -3, 'DecimalSI'));
}

/** resource.NewQuantity(value, format).String() */
export function formatInteger(value: bigint, format: 'DecimalSI' | 'BinarySI'): string {
  return formatQuantity(quantityOf(value, 0, format));
}

/**
 * Go's `q.Add(y)` then `String()`: the exact sum, in q's format, or y's when q is zero (as Go's Add does). The sum
 * works on the smaller exponent, so it costs the digits of the two values' span: a caller bounds its inputs.
 */
export function addQuantity(q: Quantity, y: Quantity): Quantity {
  const format = q.digits === '' ? y.format : q.format;
  const exponent = Math.min(q.exponent, y.exponent);
  const integer = (value: Quantity): bigint => {
    if (value.digits === '') return 0n;
    const magnitude = BigInt(value.digits + '0'.repeat(value.exponent - exponent));
    return value.negative ? -magnitude : magnitude;
  };
  return quantityOf(integer(q) + integer(y), exponent, format);
}
