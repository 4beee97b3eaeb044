// Go's duration strings (metav1.Duration, as Volcano writes `status.runningDuration`): read as seconds, to compare.
// The grammar is time.ParseDuration's: an optional sign, then one or more decimal numbers each with a unit.

/** Seconds per unit, as time.ParseDuration knows them (both micro signs included). */
const unitSeconds: Readonly<Record<string, number>> = { ns: 1e-9, us: 1e-6, 'µs': 1e-6, 'μs': 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600 };

const component = /([0-9]*(?:\.[0-9]*)?)(ns|us|µs|μs|ms|s|m|h)/y;

/** Go's largest duration, in seconds (an int64 of nanoseconds): time.ParseDuration refuses more. */
const maxSeconds = 9_223_372_036.854775807;

/**
 * The duration `text` gives, in seconds, or undefined when time.ParseDuration would refuse it. Linear in the text:
 * one sticky match per component.
 */
export function durationSeconds(text: string): number | undefined {
  let at = 0;
  let sign = 1;
  if (text.startsWith('-') || text.startsWith('+')) {
    sign = text.startsWith('-') ? -1 : 1;
    at = 1;
  }
  if (text.slice(at) === '0') return 0;
  if (at === text.length) return undefined;
  let seconds = 0;
  while (at < text.length) {
    component.lastIndex = at;
    const match = component.exec(text);
    if (match === null) return undefined;
    const [whole, number, unit] = match as unknown as [string, string, string];
    // A number needs a digit on one side of its point ("." alone, or a unit alone, is refused).
    if (!/[0-9]/.test(number)) return undefined;
    seconds += Number.parseFloat(number.startsWith('.') ? `0${number}` : number) * unitSeconds[unit]!;
    at += whole.length;
  }
  return seconds > maxSeconds ? undefined : sign * seconds;
}
