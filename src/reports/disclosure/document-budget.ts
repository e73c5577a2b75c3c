import type { ProjectionYear } from '../../projection/project.ts';
import type { ChartSvgs } from '../charts.ts';
import { SOURCES, type Block } from './blocks.ts';
import type { DeficitYear } from './budget.ts';
import { longDate } from './dates.ts';
import { money, pct, yesNo } from './format.ts';
import type { DisclosureModel } from './model.ts';

/** Government Code 3547.5(b), word for word. */
export const GC_3547_5_B = 'The superintendent of the school district and chief business official shall certify in writing that the costs incurred by the school district under the agreement can be met by the district during the term of the agreement. This certification shall be prepared in a format similar to that of the reports required pursuant to Sections 42130 and 42131 of the Education Code and shall itemize any budget revision necessary to meet the costs of the agreement in each year of its term.';

export const CERTIFICATION_RULE = [
  'The certification covers the fiscal year in which the agreement is made (its date) and the two that follow, on the district\'s own multi-year budget; years past that budget (marked *) are never used to certify.',
  'negative: the ending balance, less the part not available as reserve, is below zero in the first of those years or the next (the district cannot meet its obligations);',
  'qualified: otherwise, the reserve falls below the required minimum in any of the three years (it may not meet them);',
  'positive: otherwise;',
  'not certified: the district\'s budget does not reach all three years.',
];

/** "a", "a and b", "a, b and c". */
export const andList = (ys: string[]) => (ys.length <= 1 ? ys.join('') : `${ys.slice(0, -1).join(', ')} and ${ys[ys.length - 1]}`);

const EFFECT: Record<DeficitYear['effect'], string> = {
  none: '—', creates: 'creates a deficit', increases: 'increases the deficit', reduces: 'reduces the deficit', ends: 'ends the deficit',
};

function deficitAnswer(d: DeficitYear[]): string {
  const creates = d.filter((y) => y.effect === 'creates').map((y) => y.fy);
  const increases = d.filter((y) => y.effect === 'increases').map((y) => y.fy);
  if (creates.length + increases.length === 0) return 'No: in no projected year does the agreement bring expenditures above revenues or add to spending above revenues.';
  const parts = [
    ...(creates.length ? [`creates deficit spending in ${andList(creates)} (expenditures would exceed revenues only with the agreement)`] : []),
    ...(increases.length ? [`increases it in ${andList(increases)} (years already in deficit without the agreement)`] : []),
  ];
  return `Yes: the agreement ${parts.join(', and ')}.`;
}

function projectionTable(years: ProjectionYear[], source: string): Block {
  return {
    kind: 'table',
    head: ['Fiscal year', 'Revenues', 'Expenditures', 'Ending fund balance', 'Not available as reserve', 'Reserve', 'Required', 'Meets the reserve'],
    numeric: [false, true, true, true, true, true, true, false],
    widths: ['10%', '15%', '15%', '15%', '14%', '9%', '9%', '13%'],
    rows: years.map((y) => ({
      cells: [`${y.fy}${y.extrapolated ? ' *' : ''}`, money(y.revenueCents), money(y.expenditureCents), money(y.endingBalanceCents), money(y.committedCents),
        pct(y.reservePct), pct(y.requiredReservePct), yesNo(y.meetsReserve)],
    })),
    source,
  };
}

/** A fiscal year as a row label: years past the district's own budget carry the star the notes explain. */
const marked = (m: DisclosureModel, fy: string) => (m.withAgreement.find((y) => y.fy === fy)?.extrapolated ? `${fy} *` : fy);

/** C./E. (programs and deficit financing) and I. (the multi-year projection with and without the agreement). */
export function budgetBlocks(m: DisclosureModel, charts: ChartSvgs | null): Block[] {
  const extrapolated = m.withAgreement.filter((y) => y.extrapolated).map((y) => y.fy);
  const short = (fy: string | null) => (fy ? `${fy} (first year below the required ${m.district.requiredReservePct}% reserve)` : 'none: the reserve is met in every projected year');
  return [
    { kind: 'heading', text: 'C. and E. Impact on programs and deficit financing' },
    { kind: 'paragraph', text: 'C. Instructional and support programs reduced or eliminated to pay for the agreement: the district\'s data does not say; the district lists any such program in its board item.' },
    { kind: 'paragraph', text: 'E. Does the agreement create or increase deficit financing (expenditures above revenues) in the current or subsequent years?' },
    { kind: 'paragraph', text: deficitAnswer(m.deficit), style: 'callout' },
    {
      kind: 'table',
      head: ['Fiscal year', 'Revenues', 'Expenditures without the agreement', 'Expenditures with the agreement', 'Revenues less expenditures, without', 'Revenues less expenditures, with', 'Effect of the agreement'],
      numeric: [false, true, true, true, true, true, false],
      widths: ['9%', '14%', '14%', '14%', '14%', '14%', '21%'],
      rows: m.deficit.map((d) => ({
        cells: [marked(m, d.fy), money(d.revenueCents), money(d.expenditureWithoutCents), money(d.expenditureWithCents), money(d.netWithoutCents), money(d.netWithCents),
          EFFECT[d.effect]],
      })),
      source: SOURCES.projection,
    },
    { kind: 'heading', text: 'I. Multi-year projection with and without the agreement' },
    { kind: 'subheading', text: 'Without the agreement' },
    projectionTable(m.withoutAgreement, SOURCES.without),
    { kind: 'subheading', text: 'With the agreement' },
    projectionTable(m.withAgreement, SOURCES.projection),
    {
      kind: 'list',
      items: [
        'Ending fund balance = beginning balance + revenues − expenditures; the next year begins with it. Reserve = (ending balance − the part not available as reserve, the committed column of budget.csv) ÷ expenditures; it is shown to two decimals and tested exactly.',
        ...(extrapolated.length ? [`${andList(extrapolated)} (marked *): extrapolated, past the last year of the district's budget; revenues and expenditures grow by the COLA. Never used to certify.`] : []),
        `The certification covers ${andList(m.certificationYears)}: the year the agreement is made and the two after it.`,
      ],
    },
    { kind: 'chart', title: 'Reserve by fiscal year, with and without the agreement', svg: charts?.reserve ?? null },
    {
      kind: 'facts',
      rows: [
        ['First year short, with the agreement', short(m.firstShortYear)],
        ['First year short, without the agreement', short(m.without.firstShortYear)],
        ['Years the certification covers', andList(m.certificationYears)],
        ['Certification that results, with the agreement', certLabel(m.certification)],
        ['Certification without the agreement', certLabel(m.without.certification)],
        ['Later contract years short, with the agreement', m.laterShortYears.length ? andList(laterMarked(m)) : 'none'],
      ],
      source: `${SOURCES.projection} The certification is the county office's kind of rating (Education Code 42131) of the year the agreement is made and the two after it, by the rule below.`,
    },
    { kind: 'list', items: CERTIFICATION_RULE },
    { kind: 'paragraph', text: 'The rule is a transparent stand-in for the county office\'s judgement, which also weighs cash, deficit spending and long-term liabilities (docs/costing.md, "Certification").', style: 'note' },
  ];
}

const certLabel = (c: DisclosureModel['certification']) => (c === 'not-certified' ? 'not certified (the budget does not reach every year it covers)' : c);
const laterMarked = (m: DisclosureModel) => m.laterShortYears.map((fy) => (m.withAgreement.find((y) => y.fy === fy)?.extrapolated ? `${fy} * (extrapolated)` : fy));

/** What the projection finds for the certification years, in one paragraph. */
function finding(m: DisclosureModel): string {
  const years = andList(m.certificationYears);
  if (m.certification === 'not-certified') return `Not certified: the certification covers ${years}, and the district's budget does not reach ${andList(m.missingYears)}. ${m.missingHint ?? ''}`.trim();
  const shortIn = m.withAgreement.find((y) => y.certified && !y.meetsReserve)?.fy;
  if (m.certification === 'positive') return `With the agreement the projection meets the required ${m.district.requiredReservePct}% reserve in ${years}, the year the agreement is made and the two after it: a positive certification by the rule above.`;
  return `With the agreement the projection gives a ${m.certification.toUpperCase()} certification of ${years} by the rule above; ${shortIn ? `the reserve falls below the required ${m.district.requiredReservePct}% in ${shortIn}` : 'the available balance falls below zero'}. Without it, the certification would be ${certLabel(m.without.certification)}.`;
}

/** The certification page (its own page in print): GC 3547.5(b), budget revisions, signatures. */
export function certificationBlocks(m: DisclosureModel): Block[] {
  const later = m.laterShortYears.length
    ? `The contract runs past the certified years: with the agreement the reserve falls below the required ${m.district.requiredReservePct}% in ${andList(laterMarked(m))}.`
    : null;
  const other = m.otherYear
    ? `Costed on data of another year: the agreement was made in ${m.otherYear.proposalYear}, the district's data is of ${m.otherYear.datasetYear}. The figures are a what-if, not the district's costs.`
    : null;
  return [
    { kind: 'pagebreak' },
    { kind: 'heading', text: 'Certification' },
    { kind: 'quote', text: [GC_3547_5_B], cite: 'Government Code 3547.5(b)' },
    ...(other ? [{ kind: 'paragraph', text: other, style: 'callout' } as Block] : []),
    { kind: 'paragraph', text: finding(m), style: m.certification === 'positive' ? undefined : 'callout' },
    ...(later ? [{ kind: 'paragraph', text: later, style: 'callout' } as Block] : []),
    { kind: 'subheading', text: `Budget revisions needed to meet the costs of the agreement (to be adopted by ${longDate(m.budgetRevisionDue)})` },
    {
      kind: 'table',
      head: ['Fiscal year', 'Expenditures: change', 'Revenues: change', 'Ending fund balance without the agreement', 'Ending fund balance with the agreement'],
      numeric: [false, true, true, true, true],
      widths: ['12%', '20%', '16%', '26%', '26%'],
      rows: m.revisions.map((r) => ({ cells: [marked(m, r.fy), money(r.expenditureIncreaseCents), money(r.revenueChangeCents), money(r.endingBalanceWithoutCents), money(r.endingBalanceWithCents)] })),
      source: `${SOURCES.projection} Each year of the term from the current year (at least three years); settle assumes no new revenue pays for the agreement.`,
    },
    { kind: 'paragraph', text: 'In accordance with Government Code 3547.5(b), we (check one):' },
    {
      kind: 'checkboxes',
      items: [
        'certify that the costs incurred by the district under this agreement can be met by the district during the term of the agreement, with the budget revisions itemized above;',
        'cannot certify that the costs can be met during the term of the agreement; the reasons and the district\'s plan are attached.',
      ],
    },
    { kind: 'signatures', roles: ['District Superintendent (or designee)', 'Chief Business Official', 'President (or Clerk) of the Governing Board, for the board\'s action on the agreement'] },
  ];
}
