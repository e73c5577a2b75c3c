import { fyLabel, parseFiscalYear, type FiscalYear } from '../../calendar/fiscal-year.ts';
import { lineId, type LineLayout } from '../../costing/layout.ts';
import type { CostLine } from '../../costing/result.ts';
import type { Context, InputsMap, TermsMap } from './context.ts';
import { HEALTH_GROUP, type HealthMap, type PayMap } from './pay.ts';
import { MONEY, Sheet, YEAR, dollars } from './sheet.ts';

export interface LinesMap {
  sheet: Sheet;
  first: number;
  last: number;
  col: { proposal: number; fy: number; category: number; nature: number; amount: number };
}

export const KIND_LABEL = { salary: 'salary', statutory: 'statutory benefits', health: 'health and welfare', other: 'other' } as const;
const POSITION_KINDS = new Set(['class-size', 'staffing', 'hire']);

/** Numbers every line of every proposal (line no. n is on row n + 1 of Lines). */
export function numberLines(ctx: Context): { no: (proposal: number, id: string) => number; all: { proposal: number; line: LineLayout }[] } {
  const all: { proposal: number; line: LineLayout }[] = [];
  const nos = new Map<string, number>();
  ctx.layouts.forEach((layout, i) => {
    for (const line of layout.lines) {
      all.push({ proposal: i, line });
      nos.set(`${i}#${line.id}`, all.length);
    }
  });
  return { no: (i, id) => nos.get(`${i}#${id}`) as number, all };
}

/** The engine's lines of a result, by ledger key. */
function engineLines(ctx: Context, i: number): Map<string, CostLine> {
  const out = new Map<string, CostLine>();
  for (const y of ctx.results[i].years) {
    const booked = parseFiscalYear(y.fy) as FiscalYear;
    for (const l of y.lines) {
      const earned = l.earnedFy === null ? null : parseFiscalYear(l.earnedFy);
      out.set(lineId({ bookedFy: booked, term: l.term, via: l.via ?? null, kind: l.kind, nature: l.nature, unit: l.unit, population: l.population, earnedFy: earned }), l);
    }
  }
  return out;
}

/**
 * Lines: one row per cost line of each proposal (every line the engine shows, and the lines a
 * term could have that cost nothing now, at $0), each a formula over Pay, Health, Terms and
 * Inputs, rounded where the method rounds.
 */
export function linesSheet(ctx: Context, numbering: ReturnType<typeof numberLines>, pays: PayMap[], health: HealthMap): LinesMap {
  const inputs = ctx.inputs as InputsMap;
  const terms = ctx.terms as TermsMap;
  const s = new Sheet(ctx.wb, 'Lines', [7, 9, 9, 9, 18, 14, 30, 18, 10, 8, 10, 10, 60, 16, 16, 70]);
  s.header(1, ['Line no.', 'Proposal no.', 'Fiscal year', 'Year', 'Term', 'Passed on (me-too)', 'Term title', 'Category', 'Nature', 'Unit', 'Population', 'Earned in', 'Line', 'Amount', 'As costed by settle', 'How it is computed']);
  s.freeze(1, 1);
  const engine = ctx.layouts.map((_, i) => engineLines(ctx, i));
  const rowOf = (i: number, id: string) => numbering.no(i, id) + 1;
  const missing: string[] = [];

  numbering.all.forEach(({ proposal: i, line }, n) => {
    const r = n + 2;
    const layout = ctx.layouts[i];
    const key = line.key;
    const pay = pays[i];
    const eng = engine[i].get(line.id);
    const title = layout.terms.title(key.term);
    const termKind = layout.terms.kindOf(key.term);
    [n + 1, i + 1, key.bookedFy, fyLabel(key.bookedFy), key.term, key.via, title, KIND_LABEL[key.kind], key.nature, key.unit, key.population, key.earnedFy === null ? null : fyLabel(key.earnedFy)]
      .forEach((v, c) => s.set(r, c + 1, v, c === 2 ? YEAR : undefined));
    const parts = [key.via ? `${title} (${key.via})` : title, KIND_LABEL[key.kind], key.unit];
    if (key.population === 'added' && !POSITION_KINDS.has(termKind)) parts.push('on added positions');
    if (key.earnedFy !== null) parts.push(`retroactive for ${fyLabel(key.earnedFy)}`);
    s.set(r, 13, eng?.label ?? parts.join(' — '));

    const formulas: string[] = [];
    const how: string[] = [];
    const P = pay.sheet;
    const range = (col: number) => P.range(col, pay.first, pay.last);
    for (const c of line.contributions) {
      switch (c.type) {
        case 'pay': {
          formulas.push(`SUMIFS(${range(pay.col.cost(c.k))},${range(pay.col.fy)},${c.fy},${range(pay.col.population)},"${key.population}",${range(pay.col.booked(c.k))},${key.bookedFy})`);
          how.push(`Σ ${P.name} cost of term ${c.k} for ${fyLabel(c.fy)} (${key.population} staff)`);
          break;
        }
        case 'added-salary':
          formulas.push(`SUMIFS(${range(pay.col.pay(0))},${range(pay.col.fy)},${key.bookedFy},${range(pay.col.addedBy)},${layout.terms.indexOf(key.term) + 1})`);
          how.push(`Σ ${P.name} status-quo pay of the positions term ${layout.terms.indexOf(key.term) + 1} adds, ${fyLabel(key.bookedFy)}`);
          break;
        case 'bonus':
          formulas.push(`SUMIFS(${range(pay.col.bonus(c.bonus))},${range(pay.col.fy)},${key.bookedFy},${range(pay.col.population)},"${key.population}")`);
          how.push(`Σ ${P.name} bonus column ${layout.bonuses[c.bonus].term.id} (each rounded)`);
          break;
        case 'statutory': {
          const kind = layout.prepared.units.get(key.unit)?.kind ?? 'certificated';
          const st = inputs.statutory[kind];
          const col = inputs.col(key.bookedFy);
          formulas.push(`ROUND(${s.local(rowOf(i, c.salary), 14)}*SUM(${inputs.sheet.ref(st.first, col)}:${inputs.sheet.ref(st.last, col).split('!')[1]})/100,2)`);
          how.push(`round(salary line ${numbering.no(i, c.salary)} × Σ ${kind} statutory rates ${fyLabel(key.bookedFy)} ÷ 100)`);
          break;
        }
        case 'health':
          formulas.push(`ROUND(SUMIFS(${health.sheet.range(health.col.amount, health.first, health.last)},${health.sheet.range(health.col.line, health.first, health.last)},${numbering.no(i, line.id)},${health.sheet.range(health.col.group, health.first, health.last)},"${HEALTH_GROUP[c.group]}"),2)`);
          how.push(`round(Σ Health employee-years × rate, ${HEALTH_GROUP[c.group]})`);
          break;
        case 'program': {
          const part = layout.programs[c.part];
          const tr = terms.row(i, part.term);
          const count = terms.sheet.ref(tr, terms.col.count);
          const amount = terms.sheet.ref(tr, terms.col.amount);
          formulas.push(part.term.oneTime ? `ROUND(${count}*${amount},2)` : `ROUND(${count}*${amount}*((12-${part.monthsBefore})/12),2)`);
          how.push(part.term.oneTime ? 'round(count × amount), once' : `round(count × amount × share of the year from the effective date, (12 − ${round6(part.monthsBefore)}) ÷ 12)`);
          break;
        }
      }
    }
    if (formulas.length === 0) missing.push(line.id);
    s.formula(r, 14, formulas.length ? formulas.join('+') : '0', dollars(eng?.cents ?? 0), MONEY);
    s.set(r, 15, dollars(eng?.cents ?? 0), MONEY);
    s.set(r, 16, how.join(' + '));
  });
  // Every line the engine shows must have been rebuilt from its parts.
  const rebuilt = new Set(numbering.all.map(({ proposal, line }) => `${proposal}#${line.id}`));
  engine.forEach((m, i) => {
    for (const id of m.keys()) if (!rebuilt.has(`${i}#${id}`)) missing.push(id);
  });
  if (missing.length > 0) throw new Error(`the spreadsheet cannot rebuild these cost lines: ${missing.join(', ')}`);
  const last = Math.max(2, numbering.all.length + 1);
  return { sheet: s, first: 2, last, col: { proposal: 2, fy: 3, category: 8, nature: 9, amount: 14 } };
}

function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
