// The admission oracle's verdicts: what each kind's CRD admitted and refused, per operation, and the failures (an
// answer of ours refused or pruned, an input refused that is neither a hostile case nor listed in the kind's README).
import type { AdmissionFigures } from '../../lib/kit/admission-figures';
import type { OracleCase } from './cases';
import type { CaseResult, Verdict } from './checks';
import type { ExemptKind, KindCrd } from './crds';
import { inputListingFor, inputListingsOf, type InputListing } from './listing';

export interface KindFigures {
  home: string;
  kind: string;
  source: string;
  cases: number;
  skipped: number;
  inputsAdmitted: number;
  inputsRefused: number;
  /**
   * Of the refused inputs: hostile cases (the case expects our refusal, or a variation of the differential run, which
   * no cluster could send) and inputs the README lists.
   */
  hostileRefused: number;
  listedRefused: number;
  outputsAdmitted: number;
  outputsRefused: number;
  outputsPruned: number;
  /** Outputs of cases whose inputs the CRD refused: no cluster sends such an input, so the answer is not judged. */
  outputsNotJudged: number;
  /** Outputs checked per operation. */
  byOperation: Map<string, { admitted: number; refused: number }>;
  skips: Set<string>;
  /** The README's column (lib/kinds/admission.json): own and Karmada's cases put to the CRD, and those with an input refused. */
  casesChecked: number;
  casesRefused: number;
  uncheckedVersions: Set<string>;
}

export interface Judged {
  figures: KindFigures[];
  exempt: ExemptKind[];
  failures: string[];
  /** Listings that match no refused input: stale. */
  stale: string[];
}

function describe(item: OracleCase, verdict: Verdict): string {
  const where = `${item.home} ${item.origin === 'karmada' ? "Karmada's" : item.origin} ${item.file} "${item.case.name}" ${item.case.operation}`;
  if (verdict.refusals.length > 0) return `${where}: ${verdict.what} refused: ${verdict.refusals.map((r) => (r.field === '' ? r.message : `${r.field}: ${r.message}`)).join('; ')}`;
  return `${where}: ${verdict.what}: the API server pruned ${verdict.pruned.join(', ')}`;
}

export function judge(results: readonly { item: OracleCase; result: CaseResult }[], crds: readonly KindCrd[], exempt: ExemptKind[]): Judged {
  // A family folder's kinds (one CRD each) are counted together, under the folder.
  const perHome = new Map<string, number>();
  for (const crd of crds) perHome.set(crd.identity.home, (perHome.get(crd.identity.home) ?? 0) + 1);
  const labelOf = (crd: KindCrd) => (perHome.get(crd.identity.home)! > 1 ? `${crd.identity.family ?? crd.identity.home} family (${perHome.get(crd.identity.home)} kinds)` : `${crd.identity.kind}.${crd.identity.group}`);
  const figures = new Map<string, KindFigures>(crds.map((crd) => [crd.identity.home, {
    home: crd.identity.home, kind: labelOf(crd), source: perHome.get(crd.identity.home)! > 1 ? `their projects' CRDs (${crd.identity.home}/identity.ts)` : crd.source, cases: 0, skipped: 0,
    inputsAdmitted: 0, inputsRefused: 0, hostileRefused: 0, listedRefused: 0, outputsAdmitted: 0, outputsRefused: 0, outputsPruned: 0, outputsNotJudged: 0,
    byOperation: new Map(), skips: new Set(), casesChecked: 0, casesRefused: 0, uncheckedVersions: new Set(),
  }]));
  const listings = new Map<string, InputListing[]>();
  const used = new Set<InputListing>();
  const failures: string[] = [];
  for (const { item, result } of results) {
    const f = figures.get(item.home)!;
    f.cases += 1;
    if (result.skipped !== undefined) {
      f.skipped += 1;
      f.skips.add(result.skipped);
      if (result.unservedVersion !== undefined) f.uncheckedVersions.add(result.unservedVersion);
      continue;
    }
    if (item.origin !== 'differential') {
      f.casesChecked += 1;
      if (result.inputs.some((verdict) => verdict.refusals.length > 0)) f.casesRefused += 1;
    }
    if (!listings.has(item.home)) listings.set(item.home, inputListingsOf(item.home));
    for (const verdict of result.inputs) {
      if (verdict.refusals.length === 0) {
        f.inputsAdmitted += 1;
        continue;
      }
      f.inputsRefused += 1;
      // A variation the CRD refuses is one no cluster can send: counted, never a failure.
      if (item.case.error !== undefined || item.origin === 'differential') {
        f.hostileRefused += 1;
        continue;
      }
      const listing = inputListingFor(listings.get(item.home)!, item);
      if (listing !== undefined) {
        f.listedRefused += 1;
        used.add(listing);
        continue;
      }
      failures.push(`${describe(item, verdict)} (an input its CRD refuses: fix the case, make it a hostile case, or list it in the README's "Inputs its CRD refuses")`);
    }
    if (result.inputs.some((verdict) => verdict.refusals.length > 0)) {
      f.outputsNotJudged += result.outputs.length;
      continue;
    }
    const operation = f.byOperation.get(item.case.operation) ?? { admitted: 0, refused: 0 };
    f.byOperation.set(item.case.operation, operation);
    for (const verdict of result.outputs) {
      if (verdict.refusals.length > 0) {
        f.outputsRefused += 1;
        operation.refused += 1;
        failures.push(describe(item, verdict));
      } else if (verdict.pruned.length > 0) {
        f.outputsPruned += 1;
        operation.refused += 1;
        failures.push(describe(item, verdict));
      } else {
        f.outputsAdmitted += 1;
        operation.admitted += 1;
      }
    }
  }
  const stale = [...listings.values()].flat().filter((listing) => !used.has(listing)).map((listing) => `${listing.readme}:${listing.line}: lists an input its CRD refuses, but none of that case was refused: remove the listing`);
  return { figures: [...figures.values()], exempt, failures, stale };
}

export function printReport(judged: Judged, run: { seconds: number; catalogue: string | undefined }): void {
  for (const failure of [...judged.failures, ...judged.stale]) console.log(`REFUSED ${failure}`);
  console.log('');
  console.log('| kind | CRD | cases | inputs admitted / refused (hostile, listed) | outputs admitted / refused or pruned (not judged) | not checked |');
  console.log('|---|---|---|---|---|---|');
  for (const f of judged.figures) {
    const skips = f.skipped === 0 ? '' : `${f.skipped}: ${[...f.skips].join('; ')}`;
    console.log(`| ${f.kind} | ${f.source} | ${f.cases} | ${f.inputsAdmitted} / ${f.inputsRefused} (${f.hostileRefused}, ${f.listedRefused}) | ${f.outputsAdmitted} / ${f.outputsRefused + f.outputsPruned} (${f.outputsNotJudged}) | ${skips} |`);
  }
  for (const e of judged.exempt) console.log(`| ${e.identity.kind}.${e.identity.group} | exempt: ${e.why.slice(0, 160)} | | | | |`);
  const total = (key: keyof KindFigures) => judged.figures.reduce((sum, f) => sum + (f[key] as number), 0);
  const byOperation = new Map<string, { admitted: number; refused: number }>();
  for (const f of judged.figures) {
    for (const [operation, counts] of f.byOperation) {
      const sum = byOperation.get(operation) ?? { admitted: 0, refused: 0 };
      sum.admitted += counts.admitted;
      sum.refused += counts.refused;
      byOperation.set(operation, sum);
    }
  }
  console.log('');
  console.log(`outputs per operation: ${[...byOperation].map(([operation, c]) => `${operation} ${c.admitted}/${c.admitted + c.refused}`).join(', ')}`);
  console.log(`admission: ${judged.figures.length} kinds (${judged.exempt.length} exempt), ${total('cases')} cases (${total('skipped')} not checked); inputs ${total('inputsAdmitted')} admitted, ${total('inputsRefused')} refused (${total('hostileRefused')} hostile cases, ${total('listedRefused')} listed); outputs ${total('outputsAdmitted')} admitted, ${total('outputsRefused')} refused, ${total('outputsPruned')} pruned, ${total('outputsNotJudged')} not judged (inputs refused); ${judged.failures.length + judged.stale.length} failures in ${Math.round(run.seconds)} s${run.catalogue === undefined ? " (Karmada's catalogue not in the Go module cache: its cases not checked)" : ''}`);
}

/** The figures lib/kinds/admission.json records (the README's column), from a run over every kind. */
export function admissionFiguresOf(judged: Judged): AdmissionFigures {
  const figures: AdmissionFigures = {};
  for (const f of judged.figures) {
    figures[f.home] = { checked: f.casesChecked, refused: f.casesRefused, ...(f.uncheckedVersions.size === 0 ? {} : { unchecked: [...f.uncheckedVersions].sort() }) };
  }
  for (const e of judged.exempt) figures[e.identity.home] = { checked: 0, refused: 0, exempt: true };
  return figures;
}
