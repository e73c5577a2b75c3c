import { formatDollars } from '../money/cents.ts';
import type { ReportedPackage, ZoneResult } from './zone.ts';

/**
 * The zone as text for people. Every figure of a package shown here comes from the full
 * costing of that package (the same as `settle cost` would print for it). In blind mode
 * nothing is shown that depends on either side's limits except through the overlap.
 */

const money = (c: number) => formatDollars(c);
const pct = (x: number) => (Number.isFinite(x) ? `${x.toFixed(2)}%` : '-');
const count = (n: number) => n.toLocaleString('en-US');
/** "33.3%", or two significant digits below 1% ("0.028%"). */
const share = (n: number, of: number) => {
  const x = (n / of) * 100;
  return `${x >= 1 || x === 0 ? x.toFixed(1) : Number(x.toPrecision(2))}%`;
};
const level = (x: number, unit: string) => (unit === '%' ? `${Number(x.toFixed(4))}%` : `${Number(x.toFixed(4)).toLocaleString('en-US')} ${unit}`);

/** Columns: left-aligned where `left[i]`, right-aligned otherwise; the last column may be long. */
function columns(header: string[], rows: string[][], left: boolean[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (i === header.length - 1 ? 0 : r[i].length))));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : left[i] ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ').trimEnd();
  return [line(header), ...rows.map(line)].map((l) => `  ${l}`).join('\n') + '\n';
}

export function zoneTable(r: ZoneResult): string {
  const out: string[] = [];
  const span = `${r.years[0]} to ${r.years[r.years.length - 1]}`;
  out.push(`Settlement zone${r.blind ? ' (blind: only the overlap of both sides\' limits is shown)' : ''}`);
  out.push(`Costed on ${r.district}; every package is ${r.base.title} [${r.base.id}] with the dimensions below; costs are added costs, ${span}.`);
  const tested = r.reserve.tested.length ? `${r.reserve.tested[0]} to ${r.reserve.tested[r.reserve.tested.length - 1]}` : 'no year';
  out.push(`Reserve test: at least ${r.reserve.requiredPct}%${r.reserve.marginPct ? ` + ${r.reserve.marginPct}` : ''} of expenditures, ${tested}.`);
  out.push('');
  out.push('Dimensions');
  for (const d of r.dimensions) {
    out.push(`  ${d.id} (${d.kind}): ${d.axes.map((a) => `${a.id === d.id ? '' : `${a.id} `}${axisText(a.values)}`).join('; ')}`);
  }
  out.push('');
  const pk = r.packages;
  out.push('Packages');
  out.push(`  in the grid   ${count(pk.inGrid)}`);
  out.push(`  examined      ${count(pk.examined)}${pk.complete ? '' : '  (stopped early: the figures below cover the packages examined)'}`);
  out.push(`  feasible      ${count(pk.feasible)}${pk.examined ? ` (${share(pk.feasible, pk.examined)})` : ''}`);
  out.push(`  infeasible    ${count(pk.infeasible)}`);
  out.push('');
  if (r.reasons) {
    out.push('Why packages fail (packages failing each check; a package can fail several)');
    if (r.reasons.length === 0) out.push('  (none fails)');
    else out.push(columns(['source', 'check', 'packages'], r.reasons.map((x) => [x.source, x.check, count(x.packages)]), [true, true, false]).trimEnd());
    out.push('');
  }
  if (pk.feasible === 0) {
    out.push('No package in the grid meets every limit.');
    out.push(exactness(r));
    return out.join('\n') + '\n';
  }
  const row = (p: ReportedPackage, lead: string[]) => [...lead, money(p.costCents), pct(p.lowestReservePct), p.summary];
  // The reserve column names the years it tests, as the cost column does: a package's reserve
  // can fall further in a later year that the space leaves untested.
  const tail = [`cost ${span}`, `lowest reserve ${tested}`, 'package'];
  const pri = r.priorities.filter((f) => f.cheapest);
  if (pri.length) {
    out.push('Cheapest feasible package reaching the most of each priority');
    out.push(columns(['priority', 'level', ...tail], pri.map((f) => row((f.cheapest as NonNullable<typeof f.cheapest>).package, [f.label, level((f.cheapest as NonNullable<typeof f.cheapest>).level, f.unit)])), [true, false, false, false, true]).trimEnd());
    out.push('');
  }
  for (const f of r.priorities) {
    if (f.points.length === 0) continue;
    out.push(`Frontier: cost against ${f.label} (${f.pointsFound} point${f.pointsFound === 1 ? '' : 's'}${f.points.length < f.pointsFound ? `, ${f.points.length} shown` : ''}: each the cheapest feasible package at its level, dearer than the one before)`);
    out.push(columns(['level', ...tail], f.points.map((x) => row(x.package, [level(x.level, f.unit)])), [false, false, false, true]).trimEnd());
    out.push('');
  }
  if (r.nearest.length) {
    out.push('Feasible package nearest to each side\'s latest proposal');
    for (const n of r.nearest) {
      out.push(`  ${n.party}: ${n.proposal.title} [${n.proposal.id}] costs ${money(n.proposal.costCents)} over ${span}`);
      if (n.package) out.push(`    nearest (distance ${n.distance}): ${n.package.summary} — ${money(n.package.costCents)}, lowest reserve ${pct(n.package.lowestReservePct)} (${tested})`);
    }
    out.push('');
  }
  out.push('Range of the zone');
  if (r.cheapest) out.push(`  cheapest feasible package: ${money(r.cheapest.costCents)} — ${r.cheapest.summary}`);
  if (r.dearest) out.push(`  dearest feasible package:  ${money(r.dearest.costCents)} — ${r.dearest.summary}`);
  out.push('');
  if (r.samples.length) {
    out.push(`Sample of feasible packages (${r.samples.length}, chosen at random with a fixed seed)`);
    out.push(columns(tail, r.samples.map((p) => row(p, [])), [false, false, true]).trimEnd());
    out.push('');
  }
  out.push(exactness(r));
  return out.join('\n') + '\n';
}

function exactness(r: ZoneResult): string {
  const e = r.exactness;
  const lines = [`Exactness: the fast evaluator is ${e.evaluator === 'exact' ? 'exact to the cent' : 'within a cent per line'}; the ${e.reportedPackages} packages shown were costed in full with the engine, and the fast figures of ${e.reportedMatching} of them equal the full costing to the cent.`];
  for (const n of e.notes) lines.push(`  Note: ${n}.`);
  if (e.nearLimit && e.nearLimit.checked > 0) lines.push(`  The ${e.nearLimit.checked} packages nearest a cost or reserve limit were re-checked with the full engine: ${e.nearLimit.agree} of ${e.nearLimit.checked} decisions agree.`);
  return lines.join('\n') + '\n';
}

function axisText(values: (number | string)[]): string {
  if (values.length > 6 && values.every((v) => typeof v === 'number')) {
    const nums = values as number[];
    const step = nums[1] - nums[0];
    const even = nums.every((v, i) => i === 0 || Math.abs(v - nums[i - 1] - step) < 1e-9);
    if (even) return `${nums[0]} to ${nums[nums.length - 1]} step ${Number(step.toFixed(9))} (${nums.length} values)`;
  }
  return values.join(', ');
}
