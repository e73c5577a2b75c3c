import { notCostedHeading } from '../costing/outside-term.ts';
import type { CostLine, CostResult } from '../costing/result.ts';
import { formatDollars, formatNumber } from '../money/cents.ts';
import { EXTRAPOLATED_NOTE, certificationSentence, laterShortSentence, otherYearSentence, yearHeading } from './certification-text.ts';
import { renderTable, type Row } from './table.ts';

const KIND_LABEL = { salary: 'salary', statutory: 'statutory benefits', health: 'health and welfare', other: 'other' } as const;

/** The row a line belongs to under its term: category, unit, added positions, retroactive year. */
function rowLabel(l: CostLine): string {
  const parts: string[] = [KIND_LABEL[l.kind]];
  if (l.population === 'added' && !['class-size', 'staffing', 'hire'].includes(l.termKind)) parts.push('on added positions');
  if (l.earnedFy) parts.push(`retro ${l.earnedFy}`);
  return `    ${parts.join(', ')}${l.unit !== '' ? ` (${l.unit})` : ''}`;
}

const money = (c: number) => formatDollars(c);
const pct = (x: number) => `${x.toFixed(2)}%`;

/** The human-readable report of one costed proposal: cost by term and year, then the projection. */
export function costTable(r: CostResult): string {
  const fys = r.years.map((y) => y.fy);
  const p = r.proposal;
  const head = [
    `${p.title} [${p.id}]`,
    `${p.party}, unit ${p.unit}, dated ${p.date}; contract term ${p.term.start} to ${p.term.end}`,
    `Costed on ${r.district.name}, base year ${r.district.baseFiscalYear}. Amounts are the proposal's added cost over the status quo.`,
    ...[otherYearSentence(r)].filter((x) => x !== null),
    '',
  ].join('\n');

  const rows: Row[] = [];
  const terms = [...new Set(r.years.flatMap((y) => y.lines.map((l) => l.term)))];
  for (const term of terms) {
    const lines = r.years.flatMap((y) => y.lines.filter((l) => l.term === term));
    rows.push({ heading: `  ${lines[0].termTitle}` });
    const labels = [...new Set(lines.map(rowLabel))];
    for (const label of labels) {
      rows.push([label, ...r.years.map((y) => {
        const c = y.lines.filter((l) => l.term === term && rowLabel(l) === label).reduce((s, l) => s + l.cents, 0);
        return c === 0 ? '-' : money(c);
      })]);
    }
  }
  if (terms.length === 0) rows.push(['  (no costed terms)', ...fys.map(() => '-')]);
  rows.push('rule');
  rows.push(['Total cost', ...r.years.map((y) => money(y.totalCents))]);
  rows.push(['  of which one-time', ...r.years.map((y) => money(y.oneTimeCents))]);
  rows.push(['  of which ongoing', ...r.years.map((y) => money(y.ongoingCents))]);
  rows.push(['FTE added (year end)', ...r.years.map((y) => formatNumber(y.fteAdded))]);
  rows.push(['Status quo compensation (step and column)', ...r.baseline.map((b) => money(b.totalCents))]);
  // Attrition: pay saved by replacing leavers at the new-hire placement, already in the line above.
  if (r.baseline.some((b) => b.turnoverSavingsCents !== 0)) rows.push(['  in it, salary saved by replacing leavers (turnover, before benefits)', ...r.baseline.map((b) => money(b.turnoverSavingsCents))]);

  const proj: Row[] = [
    ['Revenues', ...r.projection.map((y) => money(y.revenueCents))],
    ['Expenditures without the proposal', ...r.projection.map((y) => money(y.baselineExpenditureCents))],
    ['Expenditures with the proposal', ...r.projection.map((y) => money(y.expenditureCents))],
    ['Ending fund balance', ...r.projection.map((y) => money(y.endingBalanceCents))],
    ['Not available as reserve', ...r.projection.map((y) => money(y.committedCents))],
    [`Reserve (required ${r.district.requiredReservePct}%)`, ...r.projection.map((y) => pct(y.reservePct))],
    ['Meets the reserve', ...r.projection.map((y) => (y.meetsReserve ? 'yes' : 'NO'))],
  ];
  const extrapolated = r.projection.some((y) => y.extrapolated);
  const later = laterShortSentence(r);
  const foot = [
    `Total, ${r.total.from} to ${r.total.to} (every year costed): ${money(r.total.cents)}`,
    `Total over the contract, ${r.contractTotal.from} to ${r.contractTotal.to}: ${money(r.contractTotal.cents)}`,
    'Rows show whole dollars; each total is the exact sum of the lines in cents (settle cost --json), so rounded rows may differ from it by a few dollars.',
    ...(extrapolated ? [EXTRAPOLATED_NOTE] : []),
    '',
    `First year below the required reserve: ${r.firstShortYear ?? 'none'}`,
    certificationSentence(r),
    ...(later ? [later] : []),
    ...(r.nonCostTerms.length ? ['', 'Terms listed but not costed:', ...r.nonCostTerms.map((t) => `  - ${t.title}`)] : []),
    ...(r.notCosted.length ? ['', notCostedHeading(r.total.to), ...r.notCosted.map((n) => `  - ${n.message}`)] : []),
  ].join('\n');
  const starred = (fy: string) => yearHeading(fy, r.projection.find((y) => y.fy === fy)?.extrapolated ?? false);
  return `${head}${renderTable(['Cost', ...fys.map(starred)], rows)}\n${renderTable(['Projection', ...r.projection.map((y) => yearHeading(y.fy, y.extrapolated))], proj)}${foot}\n`;
}

/** Every line with the formula and inputs that made it (`settle cost --trace`). */
export function traceText(r: CostResult): string {
  const out: string[] = ['', 'How each figure was made', '========================'];
  for (const y of r.years) {
    out.push('', `${y.fy}: total ${formatDollars(y.totalCents, { exact: true })} = sum of the ${y.lines.length} lines below`);
    for (const l of y.lines) {
      out.push(`  ${formatDollars(l.cents, { exact: true })}  ${l.label}${l.fte ? ` (${l.fte} FTE)` : ''}`);
      out.push(`      = ${l.trace.formula}`);
      for (const i of l.trace.inputs) out.push(`        ${i.name}: ${showInput(i.value, i.unit)}`);
    }
  }
  return out.join('\n') + '\n';
}

function showInput(v: string | number, unit?: string): string {
  if (typeof v === 'string') return v;
  if (unit === 'cents') return formatDollars(v, { exact: true });
  if (unit === 'usd') return `$${formatNumber(v, 2)}`;
  if (unit === 'percent') return `${v}%`;
  return formatNumber(v, 4);
}
