import { fiscalYearOf, fyLabel } from '../../calendar/fiscal-year.ts';
import { notCostedHeading } from '../../costing/outside-term.ts';
import type { CostKind } from '../../costing/result.ts';
import type { ChartSvgs } from '../charts.ts';
import { SOURCES, type Block, type TableRow } from './blocks.ts';
import { pctOf, type Amounts } from './compensation.ts';
import { longDate } from './dates.ts';
import { budgetBlocks, certificationBlocks, andList } from './document-budget.ts';
import { fte, labelled, money, pct } from './format.ts';
import type { DisclosureModel } from './model.ts';

/**
 * The public disclosure (Government Code 3547.5) as blocks: header, major provisions, A, B,
 * C/E, I, and the certification page. Every figure is read from the model, which holds the
 * engine's own cents; they are rounded here for display only. Charts are drawn for HTML and
 * PDF; Markdown names them only (`charts` null).
 */
export function disclosureBlocks(m: DisclosureModel, charts: ChartSvgs | null): Block[] {
  return [
    ...header(m),
    ...provisions(m, charts),
    ...sectionA(m),
    ...sectionB(m),
    ...budgetBlocks(m, charts),
    ...certificationBlocks(m),
  ];
}

export function disclosureTitle(m: DisclosureModel): string {
  return `${m.district.name}: public disclosure of the proposed agreement with ${m.unit.union}`;
}

function header(m: DisclosureModel): Block[] {
  const kind = m.unit.kind === 'certificated' ? 'Certificated' : 'Classified';
  return [
    { kind: 'title', text: 'Public disclosure of a proposed collective bargaining agreement', subtitle: `${m.district.name} and ${m.unit.union} — Government Code 3547.5` },
    {
      kind: 'facts',
      rows: [
        ['Public school employer', `${m.district.name} (CDS code ${m.district.cdsCode})`],
        ['Bargaining unit', `${m.unit.name} (${m.unit.id}), represented by ${m.unit.union}`],
        ['Certificated or classified', kind],
        ['Type of agreement', m.agreement === 'new' ? 'New agreement' : 'Reopener of an existing agreement'],
        ['Period of the agreement', `${m.term.years}-year agreement covering the period beginning ${longDate(m.term.start)} and ending ${longDate(m.term.end)}`],
        ['Agreement disclosed', `${m.proposal.title} (${m.proposal.id}; ${m.proposal.party}), dated ${longDate(m.proposal.date)}`],
        ['Board meeting date', `${longDate(m.boardDate)}${m.boardDateGiven ? '' : ' (the date of the agreement; no meeting date was given)'}`],
        ['Budget revisions due', `${longDate(m.budgetRevisionDue)} (board meeting date + 45 days, Education Code 42142)`],
        ['Current year', `${m.district.baseFiscalYear} (the base year of the district's data)`],
        ['Years certified', `${andList(m.certificationYears)} (the year the agreement is made and the two after it)`],
        ['FTE represented', `${fte(m.unit.fte)} (${SOURCES.staff})`],
      ],
    },
    ...(m.otherYear ? [{
      kind: 'paragraph',
      text: `Costed on data of another year: the agreement was made in ${m.otherYear.proposalYear}, but the district's data is of ${m.otherYear.datasetYear}. Every figure below is a what-if on that data, not the district's cost.`,
      style: 'callout',
    } as Block] : []),
    {
      kind: 'paragraph',
      text: 'Every figure in this disclosure is the costing engine\'s (settle cost; the method is in docs/costing.md), shown in whole dollars. '
        + 'Each figure is rounded on its own from the exact cents, and each total is the exact sum rounded, so a row or column may differ from its total by a few dollars. '
        + 'Costs are what the agreement adds to the status quo. The exact cents, and the formula and inputs behind every line, are printed by `settle cost --json --trace`.',
      style: 'note',
    },
    ...(m.proposal.summary ? [{ kind: 'paragraph', text: `Summary: ${m.proposal.summary}` } as Block] : []),
    { kind: 'subheading', text: 'Status of the other bargaining units' },
    {
      kind: 'table',
      head: ['Unit', 'Represented by', 'Kind', 'FTE represented', 'Status'],
      numeric: [false, false, false, true, false],
      rows: m.otherUnits.length
        ? m.otherUnits.map((u) => ({ cells: [`${u.name} (${u.id})`, u.union, u.kind, fte(u.fte), u.status.replace(/-/g, ' ')] }))
        : [{ cells: ['(the district has no other bargaining unit)', '', '', '', ''] }],
      source: SOURCES.units,
    },
  ];
}

function provisions(m: DisclosureModel, charts: ChartSvgs | null): Block[] {
  const other = (unit: string) => (unit !== '' && unit !== m.unit.id ? ` (unit ${unit})` : '');
  const notes = m.provisions.filter((p) => p.note).map((p) => labelled(p.title, p.note));
  // Every total names its years; the row total is over exactly the year columns beside it.
  const span = `${m.total.from} to ${m.total.to}`;
  const sum = (cents: number[]) => cents.reduce((s, c) => s + c, 0);
  const heads = m.costYears.map((fy, i) => (m.costYearsExtrapolated[i] ? `${fy} *` : fy));
  const extrapolated = m.costYears.filter((_, i) => m.costYearsExtrapolated[i]);
  return [
    { kind: 'heading', text: 'Major provisions and their cost' },
    {
      kind: 'table',
      head: ['Term of the agreement', ...heads, `Total, ${span}`],
      numeric: [false, ...m.costYears.map(() => true), true],
      rows: [
        ...m.provisions.map((p) => ({ cells: [`${p.title}${other(p.unit)}`, ...p.cents.map(money), money(sum(p.cents))] })),
        { cells: ['Total cost of the agreement', ...m.costTotals.map(money), money(m.total.cents)], style: 'total' as const },
      ],
      source: `${SOURCES.cost} Each year is the agreement's added cost over the status quo, salaries with their statutory benefits and health and welfare; the last column adds the years ${span}, in exact cents before rounding (so rounded rows may differ from it by a few dollars).`
        + (extrapolated.length ? ` ${andList(extrapolated)} (marked *): extrapolated, past the last year of the district's budget.` : ''),
    },
    {
      kind: 'facts',
      rows: [
        [`Total cost of the agreement, ${span} (every year costed)`, money(m.total.cents)],
        [`Total cost over the contract, ${m.contractTotal.from} to ${m.contractTotal.to} (${contractYearsNote(m)})`, money(m.contractTotal.cents)],
      ],
    },
    // A step dated past the years costed is in no column and no total: said beside the totals.
    ...(m.notCosted.length ? [
      { kind: 'paragraph', text: notCostedHeading(m.total.to), style: 'callout' } as Block,
      { kind: 'list', items: m.notCosted.map((n) => n.message) } as Block,
    ] : []),
    ...(notes.length ? [{ kind: 'list', items: notes } as Block] : []),
    { kind: 'chart', title: `Added cost by term and fiscal year, ${span}`, svg: charts?.cost ?? null },
    ...(m.proposal.sources.length ? [{ kind: 'paragraph', text: `Sources of the agreement's terms: ${m.proposal.sources.join('; ')}.`, style: 'note' } as Block] : []),
  ];
}

const CATEGORY: Record<CostKind, string> = {
  salary: '1. Salary schedule change',
  statutory: '3. Statutory benefits',
  health: '4. Health and welfare',
  other: '5. Other costs (programs)',
};

/** A category's line and, unless it is nothing in every year, its ongoing and one-time lines. */
function amountRows(label: string, prior: number | null, years: Amounts[], priorCents: number, style: 'group' | 'total'): TableRow[] {
  const cells = (pick: (a: Amounts) => number) => years.flatMap((a) => [money(pick(a)), pct(pctOf(pick(a), priorCents))]);
  const main: TableRow = { cells: [label, prior === null ? '' : money(prior), ...cells((a) => a.total)], style };
  if (years.every((a) => a.oneTime === 0 && a.ongoing === 0)) return [main];
  return [
    main,
    { cells: ['of which ongoing', '', ...cells((a) => a.ongoing)], style: 'sub' },
    { cells: ['of which one-time', '', ...cells((a) => a.oneTime)], style: 'sub' },
  ];
}

function sectionA(m: DisclosureModel): Block[] {
  const c = m.compensation;
  const [first] = c.years;
  const units = andList(c.units);
  const rows: TableRow[] = [];
  for (const cat of c.categories) {
    // Programs have no cost before the agreement: their cell is left empty, their percentages are of total compensation (the note says so).
    rows.push(...amountRows(CATEGORY[cat.kind], cat.kind === 'other' ? null : cat.priorCents, cat.years, cat.priorCents, 'group'));
    if (cat.kind === 'salary') {
      rows.push({
        cells: ['2. Step and column (status quo growth; not a cost of the agreement)', '',
          ...c.stepAndColumn.flatMap((s) => (s === null ? ['—', '—'] : [money(s), pct(pctOf(s, c.prior.salaryCents))]))],
        style: 'group',
      });
    }
  }
  rows.push(...amountRows('6. Total compensation (1 + 3 + 4)', c.prior.totalCents, c.totalCompensation, c.prior.totalCents, 'total'));
  rows.push(...amountRows('7. Total cost of the agreement (1 + 3 + 4 + 5)', null, c.total, c.prior.totalCents, 'total'));
  const otherUnits = c.otherUnitsCents.some((x) => x !== 0)
    ? [`Of the totals, ${c.years.map((fy, i) => `${money(c.otherUnitsCents[i])} in ${fy}`).join(', ')} fall on unit${c.otherUnits.length > 1 ? 's' : ''} ${andList(c.otherUnits)}, through terms of this agreement that name ${c.otherUnits.length > 1 ? 'them' : 'it'} (me-too clauses included).`]
    : [];
  return [
    { kind: 'heading', text: `A. Cost of the proposed agreement: the current year (${first}) and the two following years` },
    {
      kind: 'table',
      head: ['Category', `Cost prior to the agreement, ${first}`, ...c.years.flatMap((fy) => [fy, '%'])],
      numeric: [false, true, ...c.years.flatMap(() => [true, true])],
      widths: ['26%', '14%', ...c.years.flatMap(() => ['13.5%', '6.5%'])],
      keep: true,
      rows,
      source: `Costs: ${SOURCES.cost} Cost prior to the agreement: ${SOURCES.baseline}`,
    },
    {
      kind: 'list',
      items: [
        'Salary schedule change: every salary line of the agreement, including retroactive pay (booked, one-time, in the year it is paid), bonuses (one-time) and the pay of the positions the agreement adds.',
        `Step and column: the status quo's own growth (current staff moving one step a year, and column drift), this year's status-quo salary less last year's. It is shown for context, as the form asks; it is not a cost of the agreement and is not in the totals. ${first} has no figure because the district's data starts in it.`,
        `Percentages are of the cost prior to the agreement: the ${first} status quo of unit${c.units.length > 1 ? 's' : ''} ${units} (salaries ${money(c.prior.salaryCents)}, statutory benefits ${money(c.prior.statutoryCents)}, health and welfare ${money(c.prior.healthCents)}); other costs and the totals are compared with total compensation, ${money(c.prior.totalCents)}.`,
        'Row 7 equals the "Total cost" of settle cost for each year; rows 1, 3, 4 and 5 add up to it exactly.',
        ...otherUnits,
      ],
    },
    {
      kind: 'facts',
      rows: [
        ['FTE represented', `${fte(m.unit.fte)} (${SOURCES.staff})`],
        ['FTE added by the agreement (at year end)', c.years.map((fy, i) => `${fy}: ${fte(c.fteAdded[i])}`).join('; ')],
      ],
      source: `FTE added: ${SOURCES.positions}`,
    },
  ];
}

function sectionB(m: DisclosureModel): Block[] {
  const items = m.nonCost.map((t) => (t.title && t.title !== t.text ? `${t.title}: ${t.text}` : t.text));
  return [
    { kind: 'heading', text: 'B. Proposed changes other than compensation' },
    items.length
      ? { kind: 'list', items }
      : { kind: 'paragraph', text: 'The agreement has no terms other than compensation and staffing.' },
    { kind: 'paragraph', text: 'These terms are listed as the agreement states them; settle does not cost them.', style: 'note' },
  ];
}

/**
 * What the contract total's years are: the agreement's own fiscal years, or, when its term began
 * before the data's first year (the 2023 agreement's term runs from 2020-21 on 2022-23 data), the
 * ones costed, with where the earlier years' pay is counted, so the label never claims years it
 * does not hold.
 */
function contractYearsNote(m: DisclosureModel): string {
  const first = fyLabel(fiscalYearOf(m.term.start));
  if (first >= m.contractTotal.from) return 'the agreement\'s own fiscal years';
  return `the agreement's fiscal years costed: its term runs from ${first}, before the data's first year, and pay for those earlier years is counted in the year it is paid`;
}
