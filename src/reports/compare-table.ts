import type { CostResult } from '../costing/result.ts';
import { formatDollars } from '../money/cents.ts';
import type { Provision } from './provisions.ts';
import { EXTRAPOLATED_NOTE, otherYearSentence, yearHeading } from './certification-text.ts';
import { renderTable, type Row } from './table.ts';

/** Several proposals side by side: cost and reserve by year, first short year, certification. */
export function compareTable(results: CostResult[], provisions: Provision[] = []): string {
  const fys = [...new Set(results.flatMap((r) => r.projection.map((y) => y.fy)))].sort();
  const cell = (r: CostResult, fy: string, f: (r: CostResult, fy: string) => string) => (r.projection.some((y) => y.fy === fy) ? f(r, fy) : '');
  const cost = (r: CostResult, fy: string) => formatDollars(r.years.find((y) => y.fy === fy)?.totalCents ?? 0);
  const reserve = (r: CostResult, fy: string) => {
    const y = r.projection.find((p) => p.fy === fy);
    return y ? `${y.reservePct.toFixed(2)}%${y.meetsReserve ? '' : ' !'}` : '';
  };
  const name = (r: CostResult) => `${r.proposal.id} (${r.proposal.party})`;
  const rows: Row[] = [
    { heading: 'Added cost by fiscal year' },
    ...results.map((r) => [`  ${name(r)}`, ...fys.map((fy) => cell(r, fy, cost))]),
    { heading: `Reserve by fiscal year (required ${results[0]?.district.requiredReservePct ?? 0}%; ! = below it)` },
    ...results.map((r) => [`  ${name(r)}`, ...fys.map((fy) => cell(r, fy, reserve))]),
    { heading: 'FTE added (year end)' },
    ...results.map((r) => [`  ${name(r)}`, ...fys.map((fy) => cell(r, fy, (x, f) => String(x.years.find((y) => y.fy === f)?.fteAdded ?? 0)))]),
  ];
  // One rule for years: a view of several proposals costs them over the same years and says
  // which; if it was handed results over different years, each total names its own.
  const same = results.every((r) => r.total.from === results[0].total.from && r.total.to === results[0].total.to);
  const years = (t: { from: string; to: string }) => `${t.from} to ${t.to}`;
  const summary: Row[] = results.map((r) => [
    `  ${name(r)}`,
    same ? formatDollars(r.total.cents) : `${formatDollars(r.total.cents)} (${years(r.total)})`,
    `${formatDollars(r.contractTotal.cents)} (${years(r.contractTotal)})`,
    r.firstShortYear ?? 'none',
    r.certification === 'not-certified' ? `not certified (no budget for ${r.missingYears.join(', ')})` : r.certification,
    `${r.certificationYears[0]} to ${r.certificationYears[r.certificationYears.length - 1]}`,
    r.laterShortYears.length ? r.laterShortYears.join(', ') : 'none',
  ]);
  const extrapolated = new Set(results.flatMap((r) => r.projection.filter((y) => y.extrapolated).map((y) => y.fy)));
  const notes = [
    ...(extrapolated.size ? [EXTRAPOLATED_NOTE] : []),
    ...results.filter((r) => r.otherYear).map((r) => `${r.proposal.id}: ${otherYearSentence(r)}`),
  ];
  const titles = results.map((r) => `  ${r.proposal.id}: ${r.proposal.title} (${r.proposal.date})`).join('\n');
  const span = same && results.length ? `Costed over ${years(results[0].total)}, the same years for every proposal; added cost over the status quo.` : 'Each proposal costed over its own years, named beside its total.';
  const totalHead = same && results.length ? `Total, ${years(results[0].total)}` : 'Total (its years)';
  return `${titles}\n${span}\n${provisionsText(results, provisions)}\n${renderTable(['', ...fys.map((fy) => yearHeading(fy, extrapolated.has(fy)))], rows)}\n`
    + `${renderTable(['', totalHead, 'Contract years total (years)', 'First year short', 'Certification', 'Certified years', 'Later years short'], summary)}${notes.length ? `${notes.join('\n')}\n` : ''}`;
}

/** Each provision with the current contract's value beside every proposal's. */
function provisionsText(results: CostResult[], provisions: Provision[]): string {
  if (provisions.length === 0) return '';
  const width = Math.max('current contract'.length, ...results.map((r) => r.proposal.id.length)) + 2;
  const out = ['', 'Terms, with the current contract beside each proposal', ''];
  for (const p of provisions) {
    out.push(`  ${p.label}`);
    if (p.baseline) out.push(`    ${'current contract'.padEnd(width)}${p.baseline}`);
    results.forEach((r, i) => out.push(`    ${r.proposal.id.padEnd(width)}${p.values[i] || '(not addressed)'}`));
  }
  return out.join('\n') + '\n';
}
