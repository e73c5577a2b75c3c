import { fyLabel } from '../../calendar/fiscal-year.ts';
import { baseRate, type PayRow } from '../../costing/layout.ts';
import type { Transform } from '../../costing/pay.ts';
import type { Context, GroupsMap, InputsMap, TermsMap } from './context.ts';
import { COUNT, MONEY, RATE, Sheet, YEAR, dollars } from './sheet.ts';

/** Where one proposal's Pay sheet keeps things, for the Lines sheet. */
export interface PayMap {
  sheet: Sheet;
  first: number;
  last: number;
  col: { fy: number; population: number; addedBy: number; pay: (k: number) => number; cost: (k: number) => number; booked: (k: number) => number; bonus: (b: number) => number };
}

/** An expression and whether it is a sum (so it needs brackets before being multiplied). */
interface Expr {
  text: string;
  sum: boolean;
}
const wrap = (e: Expr) => (e.sum ? `(${e.text})` : e.text);

/**
 * Pay: one row per pay group (or added cohort) and fiscal year. Each part of the year between
 * effective dates has its share as a constant; pay after the first k pay terms is
 * ROUND(Σ parts share × rate after those terms (applied in date order) × FTE, or × hours ×
 * days × people, 2); the cost of term k is the difference from pay after k − 1 terms.
 */
export function paySheet(ctx: Context, i: number, name: string): PayMap {
  const layout = ctx.layouts[i];
  const terms = ctx.terms as TermsMap;
  const groups = ctx.groups as GroupsMap;
  const K = layout.transforms.length;
  const P = Math.max(1, ...layout.payRows.map((r) => r.parts.length));
  const B = layout.bonuses.length;
  const fixed = ['Row id', 'Population', 'Added by (term no.)', 'Unit', 'Role', 'Basis', 'Fiscal year', 'Year', 'Costed', 'Base rate', 'Hours a day', 'Days a year'];
  const partCols = (p: number) => fixed.length + 1 + p * 4; // starts (months), share, FTE, people
  const payCol = (k: number) => fixed.length + 4 * P + 1 + k;
  const costCol = (k: number) => payCol(K) + k;
  const bookedCol = (k: number) => costCol(K) + k;
  const bonusCol = (b: number) => bookedCol(K) + 1 + b;
  const termLabel = (t: Transform, k: number) => `${t.term.id} (${t.term.kind}, ${t.term.unit}, from ${t.term.effective})`;
  const s = new Sheet(ctx.wb, name, [9, 10, 9, 8, 20, 8, 8, 9, 10, 12, 8, 8]);
  s.header(1, [
    ...fixed,
    ...Array.from({ length: P }, (_, p) => [`Part ${p + 1} starts (months after July 1)`, `Part ${p + 1} share of the year`, `Part ${p + 1} FTE`, `Part ${p + 1} people`]).flat(),
    'Pay, status quo',
    ...layout.transforms.map((t, k) => `Pay after term ${k + 1}: ${termLabel(t, k)}`),
    ...layout.transforms.map((t, k) => `Cost of term ${k + 1}: ${t.term.id}`),
    ...layout.transforms.map((t, k) => `Term ${k + 1} booked in`),
    ...layout.bonuses.map((b) => `Bonus: ${b.term.id} (${b.term.unit}), paid ${fyLabel(b.fy)}`),
  ]);
  for (let c = fixed.length + 1; c <= bonusCol(B - 1) || c <= bookedCol(K); c++) s.ws.getColumn(c).width = 14;
  s.freeze(1, 1);
  s.note(1, partCols(0), 'The parts of each year are laid out from the effective dates in the proposal (and, for added positions, the dates they start): changing a date needs a new export from settle.');
  s.note(1, payCol(0), 'Pay = ROUND(Σ parts share × rate × FTE, 2) for salaried lanes, or ROUND(Σ parts share × rate × hours a day × days a year × people, 2) for hourly lanes.');
  if (K > 0) {
    s.note(1, payCol(1), 'The rate after the first k pay terms: each term in force at the start of the part applied in date order (raise × (1 + percent ÷ 100); hourly raise + amount; flat amount + amount, ÷ (hours × days) on hourly lanes; wage floor MAX(rate, floor); added hours + hours a day). Parameters are on Terms.');
    s.note(1, bookedCol(1), 'The fiscal year the cost is paid in (the term\'s paid date, else the proposal\'s date, or the year earned if later). Pay earned in an earlier year is retroactive, one-time money on its own line. Fixed in this export.');
  }

  // Bonus recipients by row.
  const bonusAt = new Map<string, { b: number; cents: number; people: number }[]>();
  layout.bonuses.forEach((bl, b) => {
    for (const rc of bl.recipients) {
      const key = `${rc.earner}|${bl.fy}`;
      const list = bonusAt.get(key) ?? [];
      list.push({ b, cents: rc.cents, people: rc.people });
      bonusAt.set(key, list);
    }
  });

  let r = 2;
  for (const row of layout.payRows) {
    writeRow(r, row);
    r++;
  }
  const last = Math.max(2, r - 1);

  function writeRow(r: number, row: PayRow): void {
    const el = layout.earners[row.earner];
    const e = el.earner;
    const g = groups.row(i, row.earner);
    const G = groups.sheet;
    s.set(r, 1, groups.id(i, row.earner));
    s.set(r, 2, e.population);
    if (e.addedBy !== undefined) s.set(r, 3, layout.terms.indexOf(e.addedBy) + 1);
    s.set(r, 4, e.unit.id);
    s.set(r, 5, e.role);
    s.set(r, 6, e.lane.basis);
    s.set(r, 7, row.fy, YEAR);
    s.set(r, 8, fyLabel(row.fy));
    s.set(r, 9, row.costed ? 'yes' : 'for a bonus only');
    const rate = s.local(r, 10);
    const hours = s.local(r, 11);
    const days = s.local(r, 12);
    s.formula(r, 10, G.ref(g, groups.baseRateCol(row.fy)), baseRate(e, row.fy), RATE);
    s.formula(r, 11, G.ref(g, groups.col.hours), e.hoursPerDay, COUNT);
    s.formula(r, 12, G.ref(g, groups.col.days), e.daysPerYear, COUNT);
    row.parts.forEach((part, p) => {
      const c = partCols(p);
      s.set(r, c, part.m0, COUNT);
      s.set(r, c + 1, (part.m1 - part.m0) / 12, RATE);
      if (e.population === 'existing') {
        // From the base year on, the year's FTE and people (after attrition); before it, the group's own.
        const inYear = row.fy >= ctx.base;
        s.formula(r, c + 2, G.ref(g, inYear ? groups.fteCol(row.fy) : groups.col.fte), part.fte, COUNT);
        s.formula(r, c + 3, G.ref(g, inYear ? groups.peopleCol(row.fy) : groups.col.headcount), part.headcount, COUNT);
      } else {
        s.set(r, c + 2, part.fte, COUNT);
        s.set(r, c + 3, part.headcount, COUNT);
      }
    });
    for (let k = 0; k <= K; k++) {
      const applies = k === 0 || (row.costed && el.reach.applicable.includes(layout.transforms[k - 1]));
      const f = applies ? payFormula(r, row, k, rate, hours, days) : s.local(r, payCol(k - 1));
      s.formula(r, payCol(k), f, dollars(row.pays[k]), MONEY);
    }
    if (row.costed) {
      for (let k = 1; k <= K; k++) {
        s.formula(r, costCol(k), `${s.local(r, payCol(k))}-${s.local(r, payCol(k - 1))}`, dollars(row.pays[k] - row.pays[k - 1]), MONEY);
        s.set(r, bookedCol(k), row.booked[k - 1], YEAR);
      }
    }
    for (const { b, cents } of bonusAt.get(`${row.earner}|${row.fy}`) ?? []) {
      const { term: t, paidMonth } = layout.bonuses[b];
      const tr = terms.row(i, t);
      // People in post the day it is paid: the part of the year that day falls in.
      const part = Math.max(0, row.parts.findIndex((x) => x.m0 <= paidMonth && paidMonth < x.m1));
      const f = t.amount !== undefined
        ? `ROUND(${s.local(r, partCols(part) + 3)}*${terms.sheet.ref(tr, terms.col.amount)},2)`
        : `ROUND(${s.local(r, payCol(K))}*${terms.sheet.ref(tr, terms.col.pct)}/100,2)`;
      s.formula(r, bonusCol(b), f, dollars(cents), MONEY);
    }
  }

  /** ROUND(Σ parts share × rate after the first k terms in force then × FTE (or × hours × days × people), 2). */
  function payFormula(r: number, row: PayRow, k: number, rate: string, hours: string, days: string): string {
    const e = layout.earners[row.earner].earner;
    const pieces = row.parts.map((part, p) => {
      const c = partCols(p);
      let x: Expr = { text: rate, sum: false };
      let added = '';
      for (const t of part.inForce) {
        if (t >= k) continue;
        const term = layout.transforms[t].term;
        const tr = terms.row(i, term);
        const param = (col: number) => terms.sheet.ref(tr, col);
        switch (term.kind) {
          case 'raise':
            x = { text: `${wrap(x)}*(1+${param(terms.col.pct)}/100)`, sum: false };
            break;
          case 'hourly-raise':
            x = { text: `${x.text}+${param(terms.col.amount)}`, sum: true };
            break;
          case 'flat-amount':
            x = { text: e.lane.basis === 'hourly' ? `${x.text}+${param(terms.col.amount)}/(${hours}*${days})` : `${x.text}+${param(terms.col.amount)}`, sum: true };
            break;
          case 'wage-floor':
            x = { text: `MAX(${x.text},${param(terms.col.floor)})`, sum: false };
            break;
          case 'added-hours':
            added += `+${param(terms.col.hours)}`;
            break;
        }
      }
      const share = s.local(r, c + 1);
      return e.lane.basis === 'annual'
        ? `${share}*${wrap(x)}*${s.local(r, c + 2)}`
        : `${share}*${wrap(x)}*${added ? `(${hours}${added})` : hours}*${days}*${s.local(r, c + 3)}`;
    });
    return `ROUND(${pieces.length ? pieces.join('+') : '0'},2)`;
  }

  return {
    sheet: s, first: 2, last,
    col: { fy: 7, population: 2, addedBy: 3, pay: payCol, cost: costCol, booked: bookedCol, bonus: bonusCol },
  };
}

/** Where the Health sheet keeps things, for the Lines sheet. */
export interface HealthMap {
  sheet: Sheet;
  first: number;
  last: number;
  col: { line: number; group: number; amount: number };
}

export const HEALTH_GROUP = { positions: 'added positions', terms: 'health term' } as const;

/**
 * Health: one row per pay group (or cohort), year and health line: employee-years (people ×
 * share of the year from the effective date) × the rate; each line rounds its own sum.
 */
export function healthSheet(ctx: Context, lineNo: (proposal: number, line: string) => number): HealthMap {
  const inputs = ctx.inputs as InputsMap;
  const terms = ctx.terms as TermsMap;
  const groups = ctx.groups as GroupsMap;
  const s = new Sheet(ctx.wb, 'Health', [9, 8, 15, 16, 9, 8, 10, 9, 14, 10, 12, 14, 16]);
  s.header(1, ['Proposal no.', 'Line no.', 'Rounded with', 'Term', 'Row id', 'Unit', 'Fiscal year (earned)', 'Year', 'Effective from (months after July 1)', 'People', 'Employee-years', 'Rate ($ per employee a year)', 'Amount (not yet rounded)']);
  s.freeze(1);
  let r = 2;
  ctx.layouts.forEach((layout, i) => {
    for (const h of layout.health) {
      const e = layout.earners[h.earner].earner;
      const g = groups.row(i, h.earner);
      s.set(r, 1, i + 1);
      s.set(r, 2, lineNo(i, h.line));
      s.set(r, 3, HEALTH_GROUP[h.group]);
      s.set(r, 4, h.key.term);
      s.set(r, 5, groups.id(i, h.earner));
      s.set(r, 6, e.unit.id);
      s.set(r, 7, h.fy, YEAR);
      s.set(r, 8, fyLabel(h.fy));
      s.set(r, 9, h.from, COUNT);
      if (e.population === 'existing') {
        s.formula(r, 10, groups.sheet.ref(g, h.fy >= ctx.base ? groups.peopleCol(h.fy) : groups.col.headcount), e.segments(h.fy)[0].headcount, COUNT);
        s.formula(r, 11, `((12-${s.local(r, 9)})/12)*${s.local(r, 10)}`, h.peopleYears, COUNT);
      } else {
        s.set(r, 11, h.peopleYears, COUNT);
      }
      const rate = h.source === 'district'
        ? inputs.sheet.ref(inputs.health, inputs.col(h.fy))
        : terms.sheet.ref(terms.row(i, h.source), terms.col.perEmployee);
      s.formula(r, 12, rate, h.rate, MONEY);
      s.formula(r, 13, `${s.local(r, 11)}*${s.local(r, 12)}`, h.peopleYears * h.rate, MONEY);
      r++;
    }
  });
  return { sheet: s, first: 2, last: Math.max(2, r - 1), col: { line: 2, group: 3, amount: 13 } };
}
