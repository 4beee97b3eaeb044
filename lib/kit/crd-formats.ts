// The string formats kube-apiserver checks in a CRD's schema (apiextensions-apiserver's supported formats, checked
// by kube-openapi's format registry): written here from what each format accepts, each in time linear in the string.
// A format kube does not know is not checked (kube strips it from the schema), nor is a format on a number.
import { isIPv6 } from 'node:net';
import { isDns1123Subdomain } from '../karmada/webhook-configuration';
import { dns1123LabelErrors } from '../kube/names';

const daysInMonth = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** `YYYY-MM-DD`, a day that exists (Go's time.Parse with RFC 3339's full-date). */
function isDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : daysInMonth[month - 1]!);
}

/**
 * kube's date-time: a full date, `T` (either case), then `hh:mm:ss`, an optional fraction and a zone (`Z` or
 * `±hh:mm`). Hours up to 23, minutes and seconds up to 59.
 */
function isDateTime(value: string): boolean {
  const lower = value.toLowerCase();
  const t = lower.indexOf('t');
  if (t < 0 || !isDate(lower.slice(0, t))) return false;
  const time = /^(\d{2}):(\d{2}):(\d{2})(\.\d+)?(z|[+-]\d{2}:\d{2})$/.exec(lower.slice(t + 1));
  return time !== null && time[1]! <= '23' && time[2]! <= '59' && time[3]! <= '59';
}

const goDurationUnits = new Set(['ns', 'us', 'µs', 'μs', 'ms', 's', 'm', 'h']);

/** Go's time.ParseDuration: `[-+]` then one or more `<decimal><unit>`, or "0". */
function isGoDuration(value: string): boolean {
  const body = value.replace(/^[-+]/, '');
  if (body === '0') return true;
  if (body === '') return false;
  const part = /(\d*(?:\.\d*)?)([^\d.]+)/g;
  let consumed = 0;
  for (const match of body.matchAll(part)) {
    if (match.index !== consumed || match[1] === '' || match[1] === '.' || !goDurationUnits.has(match[2]!)) return false;
    consumed += match[0].length;
  }
  return consumed === body.length;
}

/** Unit words of the lenient duration form (Scala-like: `3 days`), by family; the last of each may start a longer word. */
const durationUnitFamilies = [['ns', 'nano'], ['us', 'µs', 'micro'], ['ms', 'milli'], ['s', 'sec'], ['m', 'min'], ['h', 'hr', 'hour'], ['d', 'day'], ['w', 'wk', 'week']];

/** kube's duration: Go's syntax, or any `<digits> <unit word>` in the string (`3 days`, `10 minutes`). */
function isDuration(value: string): boolean {
  if (isGoDuration(value)) return true;
  for (const match of value.matchAll(/\d+\s*([A-Za-zµ]+)/g)) {
    const unit = match[1]!.toLowerCase();
    if (durationUnitFamilies.some((family) => family.some((variant, index) => variant === unit || (index === family.length - 1 && unit.startsWith(variant))))) return true;
  }
  return false;
}

/** An IPv4 address in dotted decimal, leading zeros tolerated (as kube tolerates them). */
function isIPv4(value: string): boolean {
  const parts = value.split('.');
  return parts.length === 4 && parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255);
}

function isCidr(value: string): boolean {
  const slash = value.indexOf('/');
  if (slash < 0) return false;
  const [address, prefix] = [value.slice(0, slash), value.slice(slash + 1)];
  if (!/^(0|[1-9]\d{0,2})$/.test(prefix)) return false;
  if (isIPv4(address)) return Number(prefix) <= 32;
  return isIPv6(address) && !address.includes('%') && Number(prefix) <= 128;
}

/** Go's net.ParseMAC: 6, 8 or 20 octets as `xx:` or `xx-` pairs, or as dotted groups of four hex digits. */
function isMac(value: string): boolean {
  const pairs = value.split(/[:-]/);
  if (pairs.length > 1 && [6, 8, 20].includes(pairs.length)) {
    const separator = value[2];
    return pairs.every((pair) => /^[0-9a-fA-F]{2}$/.test(pair)) && value.split(separator!).length === pairs.length;
  }
  const groups = value.split('.');
  return [3, 4, 10].includes(groups.length) && groups.every((group) => /^[0-9a-fA-F]{4}$/.test(group));
}

/**
 * A host name as kube reads one: with dots, labels of letters, digits and symbols with inner hyphens, ≤ 63 each, and
 * an alphabetic last label of 2-63; without dots, one such character, at most one hyphen, then no more hyphens
 * (kube refuses "my-host-name" without a dot).
 */
function isHostname(value: string): boolean {
  if (value.length === 0 || value.length > 255) return false;
  const labels = value.split('.');
  if (labels.some((part) => part.length > 63)) return false;
  if (labels.length === 1) return /^[\p{L}\p{S}0-9](-?[\p{L}\p{S}0-9]{0,62})?$/u.test(value);
  const label = /^[\p{L}\p{S}0-9]([\p{L}\p{S}0-9-]*[\p{L}\p{S}0-9])?$/u;
  return labels.slice(0, -1).every((part) => label.test(part)) && /^\p{L}{2,63}$/u.test(labels.at(-1)!);
}

/** Go's url.ParseRequestURI: an absolute URI (`scheme:…`) or an absolute path, no spaces or control characters. */
function isRequestUri(value: string): boolean {
  if (/[\s\u0000-\u001f\u007f]/.test(value)) return false;
  return /^[A-Za-z][A-Za-z0-9+.-]*:/.test(value) || value.startsWith('/');
}

/** An address as Go's net/mail reads one: `local@domain`, optionally as `Name <local@domain>`. */
function isEmail(value: string): boolean {
  const address = /<([^<>]*)>\s*$/.exec(value)?.[1] ?? value;
  return /^[^\s@<>()",;:]+@[^\s@<>()",;:]+$/.test(address);
}

function isIsbn10(value: string): boolean {
  const digits = value.replace(/[\s-]/g, '');
  if (!/^\d{9}[\dX]$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += (i + 1) * (digits[i] === 'X' ? 10 : Number(digits[i]));
  return sum % 11 === 0;
}

function isIsbn13(value: string): boolean {
  const digits = value.replace(/[\s-]/g, '');
  if (!/^\d{13}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(digits[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10 === Number(digits[12]);
}

/** A card number: its digits (anything else ignored) of a known issuer's length and prefix, with a valid Luhn sum. */
function isCreditCard(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  const issuer = /^(4\d{12}(\d{3})?|5[1-5]\d{14}|6(011|5\d\d)\d{12}|3[47]\d{13}|3(0[0-5]|[68]\d)\d{11}|(2131|1800|35\d{3})\d{11})$/;
  if (!issuer.test(digits)) return false;
  let sum = 0;
  for (let i = digits.length - 1, double = false; i >= 0; i--, double = !double) {
    let digit = Number(digits[i]);
    if (double) digit = digit * 2 >= 10 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

const octet = '(0|[1-9]\\d?|1\\d\\d|2[0-4]\\d|25[0-5])';
const rgb = new RegExp(`^rgb\\(\\s*${octet}\\s*,\\s*${octet}\\s*,\\s*${octet}\\s*\\)$`);
/** A UUID, hyphens optional, either case: of a version (its 13th digit) and variant (its 17th) when given. */
const uuid = (version = '[0-9a-f]', variant = '[0-9a-f]') => new RegExp(`^[0-9a-f]{8}-?[0-9a-f]{4}-?${version}[0-9a-f]{3}-?${variant}[0-9a-f]{3}-?[0-9a-f]{12}$`, 'i');
const uuids = { any: uuid(), v3: uuid('3'), v4: uuid('4', '[89ab]'), v5: uuid('5', '[89ab]') };

/** Each format kube-apiserver checks, by its name without '-' (kube's own normalization: date-time is datetime). */
const formats: Readonly<Record<string, (value: string) => boolean>> = {
  bsonobjectid: (value) => /^[0-9a-fA-F]{24}$/.test(value),
  uri: isRequestUri,
  email: isEmail,
  hostname: isHostname,
  ipv4: isIPv4,
  ipv6: (value) => value.includes(':') && !value.includes('%') && isIPv6(value),
  cidr: isCidr,
  mac: isMac,
  uuid: (value) => uuids.any.test(value),
  uuid3: (value) => uuids.v3.test(value),
  uuid4: (value) => uuids.v4.test(value),
  uuid5: (value) => uuids.v5.test(value),
  isbn: (value) => isIsbn10(value) || isIsbn13(value),
  isbn10: isIsbn10,
  isbn13: isIsbn13,
  creditcard: isCreditCard,
  ssn: (value) => value.length === 11 && /^\d{3}[- ]?\d{2}[- ]?\d{4}$/.test(value),
  hexcolor: (value) => /^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(value),
  rgbcolor: (value) => rgb.test(value),
  byte: (value) => value.length > 0 && value.length % 4 === 0 && /^[A-Za-z0-9+/]*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$/.test(value),
  password: () => true,
  date: isDate,
  duration: isDuration,
  datetime: isDateTime,
  k8sshortname: (value) => dns1123LabelErrors(value).length === 0,
  k8slongname: isDns1123Subdomain,
};

/** The check of a format kube-apiserver checks on strings (`date-time` and `datetime` alike); undefined for any other. */
export function formatCheck(format: string): ((value: string) => boolean) | undefined {
  const name = format.replaceAll('-', '');
  return Object.hasOwn(formats, name) ? formats[name] : undefined;
}
