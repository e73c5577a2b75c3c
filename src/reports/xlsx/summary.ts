import { fyLabel, fyStart, range, type FiscalYear } from '../../calendar/fiscal-year.ts';
import { baselineYears } from '../../costing/baseline.ts';
import { notCostedHeading } from '../../costing/outside-term.ts';
import { valueAt } from '../../district/parameters.ts';
import { toCents } from '../../money/cents.ts';
import type { CostResult } from '../../costing/result.ts';
import { compensation } from '../disclosure/compensation.ts';
import type { Context, GroupsMap, InputsMap } from './context.ts';
import { KIND_LABEL, type LinesMap } from './lines.ts';
import { COUNT, MONEY, PCT, Sheet, YEAR, colName, dollars } from './sheet.ts';

/** Rows of one proposal's block on the Summary sheet. */
export interface Block {
  proposal: number;
  rows: Record<'salary' | 'statutory' | 'health' | 'other' | 'total' | 'oneTime' | 'ongoing' | 'contract' | 'fte' | 'revenues' | 'baseExp' | 'cost' | 'expenditures' | 'beginning' | 'ending' | 'committed' | 'available' | 'reservePct' | 'required' | 'meets' | 'source' | 'certification' | 'firstShort', number>;
}

export interface SummaryMap {
  sheet: Sheet;
  col: (fy: FiscalYear) => number;
  blocks: Block[];
  /** The status quo of every unit together (all units: context, not a disclosure's base). */
  statusQuoTotal: number;
  /** Each unit's status-quo rows (salary, statutory benefits, health and welfare): a unit's total compensation adds them. */
  statusQuoUnits: Map<string, number[]>;
}

interface ProjectionCache {
  revenues: number;
  baseExp: number;
  cost: number;
  expenditures: number;
  beginning: number;
  ending: number;
  committed: number;
  reservePct: number;
  meets: boolean;
  extrapolated: boolean;
}

/**
 * The projection as the engine makes it (projection/project.ts), from the budget's first year,
 * for the cached values of years the result does not list (before the base year).
 */
function projectionCache(ctx: Context, i: number, last: FiscalYear): Map<FiscalYear, ProjectionCache> {
  const { budget, district } = ctx.dataset;
  const result = ctx.results[i];
  const costOf = new Map(result.years.map((y, k) => [ctx.layouts[i].years[k], y.totalCents]));
  const out = new Map<FiscalYear, ProjectionCache>();
  let balance = budget[0].beginningBalance ?? 0;
  let lastRow = budget[0];
  let revenue = 0;
  let expenditure = 0;
  for (let fy = budget[0].fy; fy <= last; fy++) {
    const row = budget.find((b) => b.fy === fy);
    if (row) {
      revenue = row.revenues;
      expenditure = row.expenditures;
      lastRow = row;
    } else {
      const cola = valueAt(district.parameters.cola, fyStart(fy)) / 100;
      revenue = toCents((revenue * (1 + cola)) / 100);
      expenditure = toCents((expenditure * (1 + cola)) / 100);
    }
    const cost = costOf.get(fy) ?? 0;
    const total = expenditure + cost;
    const beginning = balance;
    balance = beginning + revenue - total;
    const committed = lastRow.committed;
    out.set(fy, {
      revenues: revenue, baseExp: expenditure, cost, expenditures: total, beginning, ending: balance, committed,
      reservePct: total === 0 ? 0 : Math.round(((balance - committed) / total) * 10000) / 100,
      meets: (balance - committed) * 100 >= district.requiredReservePct * total, extrapolated: !row,
    });
  }
  // The engine's own figures where it gives them.
  for (const y of result.projection) {
    const fy = Number(y.fy.slice(0, 4));
    out.set(fy, {
      revenues: y.revenueCents, baseExp: y.baselineExpenditureCents, cost: y.proposalCostCents, expenditures: y.expenditureCents,
      beginning: y.beginningBalanceCents, ending: y.endingBalanceCents, committed: y.committedCents, reservePct: y.reservePct,
      meets: y.meetsReserve, extrapolated: y.extrapolated,
    });
  }
  return out;
}

/**
 * Summary: the status quo by unit; for each proposal its cost by category and year (SUMIFS
 * over Lines), and the multi-year projection with the reserve test, all as formulas.
 */
export function summarySheet(ctx: Context, lines: LinesMap): SummaryMap {
  const inputs = ctx.inputs as InputsMap;
  const groups = ctx.groups as GroupsMap;
  const budget = ctx.dataset.budget;
  const first = Math.min(ctx.base, budget[0].fy);
  const years = range(first, ctx.last);
  const s = new Sheet(ctx.wb, 'Summary', [52, ...years.map(() => 18), 26]);
  const col = (fy: FiscalYear) => 2 + (fy - first);
  // One column of totals after the years: each is a SUM over exactly the year columns its
  // header names (the years every proposal is costed over; a compare costs all over the same).
  const totalCol = col(ctx.last) + 1;
  const costFrom = Math.min(...ctx.layouts.map((l) => l.years[0]));
  const totalHead = `Total, ${fyLabel(costFrom)} to ${fyLabel(ctx.last)}`;
  const sumYears = (row: number, from: FiscalYear, to: FiscalYear) => `SUM(${s.local(row, col(from))}:${s.local(row, col(to))})`;
  s.header(1, ['Fiscal year', ...years.map(fyLabel), totalHead]);
  s.set(2, 1, 'Fiscal year starting July 1 of');
  years.forEach((fy) => s.set(2, col(fy), fy, YEAR));
  s.freeze(2, 1);
  const fyCell = (fy: FiscalYear) => `${colName(col(fy))}$2`;
  const L = lines.sheet;
  const lr = (c: number) => L.range(c, lines.first, lines.last);
  let r = 4;
  const label = (text: string, bold = false) => {
    s.set(r, 1, text);
    if (bold) s.bold(r, 1);
  };

  // Comparison (compare): total cost of each proposal by year, pointing at each block's total.
  const compareAt = ctx.kind === 'compare' ? r : 0;
  if (ctx.kind === 'compare') r += ctx.layouts.length + 3;

  // Status quo, by unit.
  const statusYears = range(ctx.base, ctx.last);
  const baseline = baselineYears(ctx.prepared, statusYears);
  label('Status quo: current staff with step and column, before any proposal (for context)', true);
  r++;
  const totalRows: number[] = [];
  const statusQuoUnits = new Map<string, number[]>();
  for (const u of ctx.dataset.units) {
    const rows = groups.unitRows.get(u.id);
    const st = inputs.statutory[u.kind];
    const salaryRow = r;
    label(`Salary — ${u.id}`);
    statusYears.forEach((fy, k) => {
      const b = baseline[k].byUnit.find((x) => x.unit === u.id);
      const c = groups.statusQuoCol(fy);
      s.formula(r, col(fy), rows ? `SUM(${groups.sheet.range(c, rows.first, rows.last)})` : '0', dollars(b?.salaryCents ?? 0), MONEY);
    });
    r++;
    if (inputs.attrition.has(u.id)) {
      // Already out of the salary above: shown so a reader sees what turnover is worth.
      label(`  of which saved by replacing leavers at the new-hire placement — ${u.id} (settle's figure: pay if nobody left − salary above)`);
      statusYears.forEach((fy, k) => s.set(r, col(fy), dollars(baseline[k].byUnit.find((x) => x.unit === u.id)?.turnoverSavingsCents ?? 0), MONEY));
      r++;
    }
    const statRow = r;
    label(`Statutory benefits — ${u.id}`);
    statusYears.forEach((fy, k) => {
      const b = baseline[k].byUnit.find((x) => x.unit === u.id);
      const ic = inputs.col(fy);
      s.formula(r, col(fy), `ROUND(${s.local(salaryRow, col(fy))}*SUM(${inputs.sheet.ref(st.first, ic)}:${inputs.sheet.ref(st.last, ic).split('!')[1]})/100,2)`, dollars(b?.statutoryCents ?? 0), MONEY);
    });
    r++;
    label(`Health and welfare — ${u.id}`);
    statusYears.forEach((fy, k) => {
      const b = baseline[k].byUnit.find((x) => x.unit === u.id);
      const people = rows ? `SUMIFS(${groups.sheet.range(groups.peopleCol(fy), rows.first, rows.last)},${groups.sheet.range(groups.col.eligible, rows.first, rows.last)},"yes")` : '0';
      s.formula(r, col(fy), `ROUND(${people}*${inputs.sheet.ref(inputs.health, inputs.col(fy))},2)`, dollars(b?.healthCents ?? 0), MONEY);
    });
    totalRows.push(salaryRow, statRow, r);
    statusQuoUnits.set(u.id, [salaryRow, statRow, r]);
    r++;
  }
  const statusQuoTotal = r;
  label('Total status quo compensation', true);
  statusYears.forEach((fy, k) => {
    s.formula(r, col(fy), totalRows.length ? totalRows.map((x) => s.local(x, col(fy))).join('+') : '0', dollars(baseline[k].totalCents), MONEY);
  });
  r += 2;

  const blocks: Block[] = [];
  ctx.layouts.forEach((layout, i) => {
    const result = ctx.results[i];
    const p = result.proposal;
    label(`Proposal ${i + 1}: ${p.title} [${p.id}] — ${p.party}, unit ${p.unit}, dated ${p.date}; contract ${p.term.start} to ${p.term.end}`, true);
    r++;
    const rows = {} as Block['rows'];
    // The row's sum over the years costed, in the totals column (its cached value the engine's exact sum).
    const yearsTotal = (row: number, pick: (y: CostResult['years'][number]) => number) => {
      s.formula(row, totalCol, sumYears(row, layout.years[0], layout.years[layout.years.length - 1]), dollars(result.years.reduce((n, y) => n + pick(y), 0)), MONEY);
    };
    const cost = (key: 'salary' | 'statutory' | 'health' | 'other', text: string) => {
      rows[key] = r;
      label(text);
      layout.years.forEach((fy, k) => {
        s.formula(r, col(fy), `SUMIFS(${lr(lines.col.amount)},${lr(lines.col.proposal)},${i + 1},${lr(lines.col.fy)},${fyCell(fy)},${lr(lines.col.category)},"${KIND_LABEL[key]}")`, dollars(result.years[k].byKind[key]), MONEY);
      });
      yearsTotal(r, (y) => y.byKind[key]);
      r++;
    };
    cost('salary', 'Salary');
    cost('statutory', 'Statutory benefits');
    cost('health', 'Health and welfare');
    cost('other', 'Other (programs)');
    rows.total = r;
    label('Total cost of the proposal', true);
    layout.years.forEach((fy, k) => s.formula(r, col(fy), `SUM(${s.local(rows.salary, col(fy))}:${s.local(rows.other, col(fy))})`, dollars(result.years[k].totalCents), MONEY));
    yearsTotal(r, (y) => y.totalCents);
    r++;
    rows.oneTime = r;
    label('  of which one-time');
    layout.years.forEach((fy, k) => s.formula(r, col(fy), `SUMIFS(${lr(lines.col.amount)},${lr(lines.col.proposal)},${i + 1},${lr(lines.col.fy)},${fyCell(fy)},${lr(lines.col.nature)},"one-time")`, dollars(result.years[k].oneTimeCents), MONEY));
    yearsTotal(r, (y) => y.oneTimeCents);
    r++;
    rows.ongoing = r;
    label('  of which ongoing');
    layout.years.forEach((fy, k) => s.formula(r, col(fy), `${s.local(rows.total, col(fy))}-${s.local(rows.oneTime, col(fy))}`, dollars(result.years[k].ongoingCents), MONEY));
    yearsTotal(r, (y) => y.ongoingCents);
    r++;
    // The contract's own years, labelled with them: a SUM over exactly those year columns of the total row.
    rows.contract = r;
    const ct = result.contractTotal;
    const inTerm = layout.years.filter((fy) => fyLabel(fy) >= ct.from && fyLabel(fy) <= ct.to);
    label(`Total over the contract, ${ct.from} to ${ct.to} (in the totals column)`);
    s.formula(r, totalCol, inTerm.length ? sumYears(rows.total, inTerm[0], inTerm[inTerm.length - 1]) : '0', dollars(ct.cents), MONEY);
    r++;
    rows.fte = r;
    label('FTE added, in force at year end (fixed in this export)');
    s.note(r, 1, 'Positions added by class-size, staffing and hiring terms are worked out by settle from enrollment, caps and counts; their number is fixed here, their pay follows the schedule.');
    layout.years.forEach((fy, k) => s.set(r, col(fy), result.years[k].fteAdded, COUNT));
    r++;
    // A step dated past the years costed is in no column and no total: said under the totals.
    if (result.notCosted.length > 0) {
      s.set(r++, 1, notCostedHeading(result.total.to));
      for (const n of result.notCosted) s.set(r++, 1, `  ${n.message}`);
    }
    r++;

    // Projection from the budget's first year to the last year costed.
    const last = layout.years[layout.years.length - 1];
    const projYears = range(budget[0].fy, last);
    const cache = projectionCache(ctx, i, last);
    const names = ['revenues', 'baseExp', 'cost', 'expenditures', 'beginning', 'ending', 'committed', 'available', 'reservePct', 'required', 'meets', 'source'] as const;
    const labels = ['Revenues', 'Expenditures without the proposal', 'Cost of the proposal', 'Expenditures with the proposal', 'Beginning fund balance', 'Ending fund balance', 'Not available as reserve', 'Available as reserve (ending balance − not available)', 'Reserve (% of expenditures with the proposal)', 'Required reserve (%)', 'Meets the reserve', 'Revenues and expenditures from'];
    names.forEach((n, k) => {
      rows[n] = r + k;
      s.set(r + k, 1, labels[k]);
    });
    r += names.length;
    let lastBudget = budget[0].fy;
    for (const fy of projYears) {
      const c = col(fy);
      const ic = inputs.col(fy);
      const v = cache.get(fy) as ProjectionCache;
      const at = (n: (typeof names)[number]) => s.local(rows[n], c);
      const prev = (n: (typeof names)[number]) => s.local(rows[n], c - 1);
      const inBudget = budget.some((b) => b.fy === fy);
      if (inBudget) lastBudget = fy;
      if (inBudget) {
        s.formula(rows.revenues, c, inputs.sheet.ref(inputs.revenues, ic), dollars(v.revenues), MONEY);
        s.formula(rows.baseExp, c, inputs.sheet.ref(inputs.expenditures, ic), dollars(v.baseExp), MONEY);
      } else {
        const cola = inputs.sheet.ref(inputs.cola, ic);
        s.formula(rows.revenues, c, `ROUND(${prev('revenues')}*(1+${cola}/100),2)`, dollars(v.revenues), MONEY);
        s.formula(rows.baseExp, c, `ROUND(${prev('baseExp')}*(1+${cola}/100),2)`, dollars(v.baseExp), MONEY);
      }
      if (layout.years.includes(fy)) s.formula(rows.cost, c, s.local(rows.total, c), dollars(v.cost), MONEY);
      else s.set(rows.cost, c, 0, MONEY);
      s.formula(rows.expenditures, c, `${at('baseExp')}+${at('cost')}`, dollars(v.expenditures), MONEY);
      if (fy === budget[0].fy) s.formula(rows.beginning, c, inputs.sheet.ref(inputs.beginning, ic), dollars(v.beginning), MONEY);
      else s.formula(rows.beginning, c, prev('ending'), dollars(v.beginning), MONEY);
      s.formula(rows.ending, c, `${at('beginning')}+${at('revenues')}-${at('expenditures')}`, dollars(v.ending), MONEY);
      s.formula(rows.committed, c, inputs.sheet.ref(inputs.committed, inputs.col(lastBudget)), dollars(v.committed), MONEY);
      s.formula(rows.available, c, `${at('ending')}-${at('committed')}`, dollars(v.ending - v.committed), MONEY);
      s.formula(rows.reservePct, c, `IF(${at('expenditures')}=0,0,ROUND(${at('available')}/${at('expenditures')}*100,2))`, v.reservePct, PCT);
      s.formula(rows.required, c, inputs.required, ctx.dataset.district.requiredReservePct, PCT);
      s.formula(rows.meets, c, `IF(${at('available')}*100>=${at('required')}*${at('expenditures')},"yes","NO")`, v.meets ? 'yes' : 'NO', undefined);
      s.set(rows.source, c, v.extrapolated ? 'extrapolated (grown by COLA)' : 'budget');
    }
    // Certification of the year the agreement is made and the two after it (Education Code 42131),
    // on the district's own budget years only (projection/project.ts): none when the budget lacks one.
    const rated = projYears.filter((fy) => fy >= layout.years[0]);
    rows.certification = r;
    label('Certification (the agreement\'s year and the two after it)', true);
    if (result.missingYears.length > 0) {
      s.set(r, 2, result.certification);
    } else {
      const three = result.certificationYears.map((fy) => col(rated.find((y) => fyLabel(y) === fy) ?? rated[0]));
      const avail = three.slice(0, 2).map((c) => `${s.local(rows.available, c)}<0`).join(',');
      const meets = three.map((c) => `${s.local(rows.meets, c)}="yes"`).join(',');
      s.formula(r, 2, `IF(OR(${avail}),"negative",IF(AND(${meets}),"positive","qualified"))`, result.certification);
    }
    r++;
    rows.firstShort = r;
    label('First year short of the reserve', true);
    const c0 = col(rated[0]);
    const c1 = col(last);
    s.formula(r, 2, `IFERROR(INDEX(${colName(c0)}$1:${colName(c1)}$1,MATCH("NO",${colName(c0)}${rows.meets}:${colName(c1)}${rows.meets},0)),"none")`, result.firstShortYear ?? 'none');
    r += 3;
    blocks.push({ proposal: i, rows });
  });

  if (compareAt) {
    let rr = compareAt;
    s.set(rr, 1, `Total cost by proposal, each over ${fyLabel(costFrom)} to ${fyLabel(ctx.last)}`);
    s.bold(rr, 1);
    rr++;
    blocks.forEach((b) => {
      const layout = ctx.layouts[b.proposal];
      const p = ctx.results[b.proposal].proposal;
      s.set(rr, 1, `Total cost, proposal ${b.proposal + 1}: ${p.title} [${p.id}]`);
      layout.years.forEach((fy, k) => s.formula(rr, col(fy), s.local(b.rows.total, col(fy)), dollars(ctx.results[b.proposal].years[k].totalCents), MONEY));
      s.formula(rr, totalCol, sumYears(rr, layout.years[0], layout.years[layout.years.length - 1]), dollars(ctx.results[b.proposal].total.cents), MONEY);
      rr++;
    });
  }
  return { sheet: s, col, blocks, statusQuoTotal, statusQuoUnits };
}

/**
 * Disclosure: for each proposal, the current (base) year and the two following years by
 * category, with the status quo and the reserve, as in a public disclosure of a tentative
 * agreement. Every figure points at the Summary sheet.
 */
export function disclosureSheet(ctx: Context, summary: SummaryMap): void {
  const S = summary.sheet;
  const years = [ctx.base, ctx.base + 1, ctx.base + 2];
  const s = new Sheet(ctx.wb, 'Disclosure', [58, 18, 18, 18]);
  s.header(1, ['Cost of the proposed agreement', ...years.map((fy, k) => `${fyLabel(fy)}${k === 0 ? ' (current year)' : ''}`)]);
  s.freeze(1, 1);
  // A Summary cell's cached value (a formula's result, or the constant).
  const cachedAt = (row: number, c: number): number | string => {
    const src = S.cell(row, c).value as { result?: number | string } | number | string | null;
    return src !== null && typeof src === 'object' ? (src.result ?? 0) : (src ?? 0);
  };
  let r = 3;
  for (const b of summary.blocks) {
    const result = ctx.results[b.proposal];
    const p = result.proposal;
    s.set(r, 1, `Proposal ${b.proposal + 1}: ${p.title} [${p.id}]`);
    s.bold(r, 1);
    r++;
    const items: [string, number, 'money' | 'count' | 'pct' | 'text'][] = [
      ['Salary', b.rows.salary, 'money'],
      ['Statutory benefits', b.rows.statutory, 'money'],
      ['Health and welfare', b.rows.health, 'money'],
      ['Other', b.rows.other, 'money'],
      ['Total cost of the proposal', b.rows.total, 'money'],
      ['  of which one-time', b.rows.oneTime, 'money'],
      ['  of which ongoing', b.rows.ongoing, 'money'],
      ['FTE added (year end)', b.rows.fte, 'count'],
    ];
    const put = (list: typeof items) => {
      for (const [text, row, kind] of list) {
        s.set(r, 1, text);
        years.forEach((fy, k) => s.formula(r, 2 + k, S.ref(row, summary.col(fy)), cachedAt(row, summary.col(fy)), kind === 'money' ? MONEY : kind === 'pct' ? PCT : kind === 'count' ? COUNT : undefined));
        r++;
      }
    };
    put(items);
    // The cost prior to the agreement as the PDF disclosure gives it (disclosure/compensation.ts): the
    // current year's total compensation of the unit and of any unit a term reaches, the base of its percentages.
    const { units } = compensation(result);
    const unitRows = units.flatMap((u) => summary.statusQuoUnits.get(u) ?? []);
    const c0 = summary.col(ctx.base);
    const prior = unitRows.reduce((t, x) => t + Number(cachedAt(x, c0)), 0);
    const priorCell = s.local(r, 2);
    s.set(r, 1, `Cost prior to the agreement, ${fyLabel(ctx.base)}: total compensation of unit${units.length > 1 ? 's' : ''} ${units.join(', ')} (the base of the disclosure's percentages)`);
    s.formula(r, 2, unitRows.length ? unitRows.map((x) => S.ref(x, c0)).join('+') : '0', prior, MONEY);
    r++;
    s.set(r, 1, 'Total cost of the proposal, % of the cost prior to the agreement');
    years.forEach((fy, k) => {
      const total = S.ref(b.rows.total, summary.col(fy));
      s.formula(r, 2 + k, `IF(${priorCell}=0,0,${total}/${priorCell}*100)`, prior === 0 ? 0 : (Number(cachedAt(b.rows.total, summary.col(fy))) / prior) * 100, PCT);
    });
    r++;
    put([
      ['Status quo compensation of all units (context only; not the cost prior to the agreement)', summary.statusQuoTotal, 'money'],
      ['Ending fund balance with the proposal', b.rows.ending, 'money'],
      ['Reserve (% of expenditures)', b.rows.reservePct, 'pct'],
      ['Meets the reserve', b.rows.meets, 'text'],
    ]);
    s.set(r, 1, 'Certification (the agreement\'s year and the two after it)');
    s.formula(r, 2, S.ref(b.rows.certification, 2), result.certification);
    r += 3;
  }
}
