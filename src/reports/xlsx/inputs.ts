import { fyLabel, fyStart, type FiscalYear } from '../../calendar/fiscal-year.ts';
import { baseRate, healthEligible, statusQuoCents, stepIn } from '../../costing/layout.ts';
import { driftFactor } from '../../costing/prepare.ts';
import { replacementEarners, survival } from '../../costing/earners.ts';
import { valueAt, type DatedParameter } from '../../district/parameters.ts';
import type { UnitKind } from '../../district/types.ts';
import { describeTerm } from '../../proposals/describe.ts';
import type { Context, GroupsMap, InputsMap, TermsMap } from './context.ts';
import { COUNT, FACTOR, MONEY, PCT, RATE, Sheet, YEAR, dollars } from './sheet.ts';

const KINDS: UnitKind[] = ['certificated', 'classified'];

/**
 * Inputs: the district's dated parameters by fiscal year (statutory rates, health and welfare,
 * column drift, COLA) and the budget. Each value is the one in force on July 1 of the year.
 */
export function inputsSheet(ctx: Context): InputsMap {
  const params = ctx.dataset.district.parameters;
  const s = new Sheet(ctx.wb, 'Inputs', [46, 16, 16, ...ctx.years.map(() => 15)]);
  const first = ctx.years[0];
  const col = (fy: FiscalYear) => 4 + (fy - first);
  s.header(1, ['Parameter', 'Applies to', 'Measured in', ...ctx.years.map(fyLabel)]);
  s.set(2, 1, 'Fiscal year starting July 1 of');
  ctx.years.forEach((fy) => s.set(2, col(fy), fy, YEAR));
  s.freeze(2, 3);
  let r = 3;
  const heading = (text: string) => {
    s.set(r, 1, text);
    s.bold(r, 1);
    r++;
  };
  const dated = (label: string, appliesTo: string, unit: string, p: DatedParameter, fmt: string): number => {
    s.set(r, 1, label);
    s.set(r, 2, appliesTo);
    s.set(r, 3, unit);
    for (const fy of ctx.years) s.set(r, col(fy), valueAt(p, fyStart(fy)), fmt);
    return r++;
  };

  heading('Employer statutory benefits (percent of pay; the rates in force on July 1 of the year the pay is booked)');
  const statutory = {} as InputsMap['statutory'];
  for (const kind of KINDS) {
    const from = r;
    for (const p of Object.values(params.statutory[kind])) dated(p.label, kind, '% of pay', p, PCT);
    statutory[kind] = { first: from, last: r - 1 };
  }
  heading('Health and welfare');
  const health = dated(params.healthPerEmployee.label, 'every unit', '$ per employee a year', params.healthPerEmployee, MONEY);
  heading('Column drift (pay growth of current staff beyond one step a year)');
  const drift = {} as Record<UnitKind, number>;
  for (const kind of KINDS) drift[kind] = dated(params.columnDrift[kind].label, kind, '% a year', params.columnDrift[kind], PCT);
  const driftFactorRow = {} as Record<UnitKind, number>;
  for (const kind of KINDS) {
    s.set(r, 1, 'Column drift factor (compounded from the base year)');
    s.set(r, 2, kind);
    s.set(r, 3, 'factor');
    for (const fy of ctx.years) {
      const c = col(fy);
      const value = driftFactor(ctx.prepared, kind, fy);
      if (fy === ctx.base) s.set(r, c, 1, FACTOR);
      else if (fy > ctx.base) s.formula(r, c, `${s.local(r, c - 1)}*(1+${s.local(drift[kind], c)}/100)`, value, FACTOR);
      else s.formula(r, c, `${s.local(r, c + 1)}/(1+${s.local(drift[kind], c + 1)}/100)`, value, FACTOR);
    }
    driftFactorRow[kind] = r++;
  }
  // Attrition (earners.ts): a unit's share still in post t years after the base year is
  // (1 − attrition ÷ 100)^t, compounded year by year as the engine does.
  const attrition = new Map<string, { pct: string; survival: number }>();
  const withAttrition = ctx.dataset.units.filter((u) => (params.attrition[u.id]?.pct ?? 0) > 0);
  if (withAttrition.length) heading('Attrition (staff who leave each year, each replaced at the new-hire placement for the role)');
  for (const u of withAttrition) {
    const a = params.attrition[u.id];
    s.set(r, 1, 'Attrition');
    s.set(r, 2, u.id);
    s.set(r, 3, '% a year');
    s.set(r, col(ctx.base), a.pct, PCT);
    s.note(r, col(ctx.base), `Editable. Source: ${a.reference.map((x) => x.title).join('; ')}`);
    const pct = s.ref(r, col(ctx.base));
    r++;
    s.set(r, 1, 'Share of the base year\'s staff still in post');
    s.set(r, 2, u.id);
    s.set(r, 3, 'factor');
    for (const fy of ctx.years) {
      const c = col(fy);
      if (fy <= ctx.base) s.set(r, c, 1, FACTOR);
      else s.formula(r, c, `${s.local(r, c - 1)}*(1-${pct.split('!')[1]}/100)`, survival(a.pct / 100, fy - ctx.base), FACTOR);
    }
    attrition.set(u.id, { pct, survival: r++ });
  }
  heading('Budget');
  const cola = dated(params.cola.label, 'revenues and expenditures past the budget', '%', params.cola, PCT);
  const budget = ctx.dataset.budget;
  const row = (label: string, unit: string, pick: (b: (typeof budget)[number]) => number | null) => {
    s.set(r, 1, label);
    s.set(r, 2, 'district');
    s.set(r, 3, unit);
    for (const b of budget) {
      const v = pick(b);
      if (v !== null && b.fy >= first && b.fy <= ctx.years[ctx.years.length - 1]) s.set(r, col(b.fy), dollars(v), MONEY);
    }
    return r++;
  };
  const revenues = row('Revenues (budget)', '$', (b) => b.revenues);
  const expenditures = row('Expenditures without the proposal (budget)', '$', (b) => b.expenditures);
  const committed = row('Not available as reserve', '$', (b) => b.committed);
  const beginning = row('Beginning fund balance (first budget year)', '$', (b) => (b === budget[0] ? (b.beginningBalance ?? 0) : null));
  s.set(r, 1, 'Required reserve (percent of expenditures, all years)');
  s.set(r, 2, 'district');
  s.set(r, 3, '%');
  s.set(r, 4, ctx.dataset.district.requiredReservePct, PCT);
  const required = s.ref(r, 4);
  r++;
  heading('Fixed in this export (changing these needs a new export from settle)');
  for (const kind of KINDS) {
    s.set(r, 1, 'Health and welfare eligibility: hourly staff from hours a day');
    s.set(r, 2, kind);
    s.set(r, 3, 'hours a day');
    s.set(r, 4, params.healthEligibleMinHours[kind], COUNT);
    r++;
  }
  s.set(r, 1, `Base year (the current year of a disclosure): ${fyLabel(ctx.base)}`);
  return {
    sheet: s, col, statutory, health, driftFactor: driftFactorRow, attrition, cola, revenues, expenditures, committed, beginning, required,
  };
}

/** Terms: one row per term of each proposal, with its numeric parameters (what a formula reads). */
export function termsSheet(ctx: Context): TermsMap {
  const s = new Sheet(ctx.wb, 'Terms', [10, 8, 22, 14, 40, 9, 22, 12, 12, 10, 14, 12, 12, 10, 14, 60, 44]);
  s.header(1, ['Proposal no.', 'Term no.', 'Term id', 'Kind', 'Title', 'Unit', 'Roles', 'Effective', 'Paid', 'Percent', 'Amount ($)', 'Hourly floor ($)', 'Added hours a day', 'Count', 'Health per employee ($ a year)', 'What it does', 'Live in this workbook']);
  s.freeze(1, 3);
  const col = { pct: 10, amount: 11, floor: 12, hours: 13, count: 14, perEmployee: 15 };
  const rows = new Map<string, number>();
  let r = 2;
  ctx.layouts.forEach((layout, i) => {
    layout.proposal.terms.forEach((t, j) => {
      rows.set(`${i}|${j}`, r);
      s.set(r, 1, i + 1);
      s.set(r, 2, j + 1);
      s.set(r, 3, t.id);
      s.set(r, 4, t.kind);
      s.set(r, 5, t.title);
      s.set(r, 6, t.unit);
      if ('roles' in t && t.roles) s.set(r, 7, t.roles.join(', '));
      if ('effective' in t) s.set(r, 8, t.effective);
      if ('paid' in t && t.paid) s.set(r, 9, t.paid);
      let live = 'nothing (not costed)';
      switch (t.kind) {
        case 'raise':
          s.set(r, col.pct, t.pct, RATE);
          live = 'Percent';
          break;
        case 'hourly-raise':
        case 'flat-amount':
          s.set(r, col.amount, t.amount, MONEY);
          live = 'Amount';
          break;
        case 'wage-floor':
          s.set(r, col.floor, t.hourly, MONEY);
          live = 'Hourly floor';
          break;
        case 'added-hours':
          s.set(r, col.hours, t.hoursPerDay, COUNT);
          live = 'Added hours a day';
          break;
        case 'bonus':
          if (t.pct !== undefined) s.set(r, col.pct, t.pct, RATE);
          if (t.amount !== undefined) s.set(r, col.amount, t.amount, MONEY);
          live = t.pct !== undefined ? 'Percent (of pay after the pay terms)' : 'Amount (per eligible employee)';
          break;
        case 'health':
          if (t.perEmployee !== undefined) s.set(r, col.perEmployee, t.perEmployee, MONEY);
          live = t.perEmployee !== undefined ? 'Health per employee' : 'the district health rate on Inputs (who becomes eligible is fixed)';
          break;
        case 'program':
          s.set(r, col.count, t.count, COUNT);
          s.set(r, col.amount, t.amount, MONEY);
          live = 'Count and Amount';
          break;
        case 'class-size':
        case 'staffing':
        case 'hire':
          live = 'salary schedule cells of the new-hire placement; the FTE added is fixed (see Pay)';
          break;
        case 'me-too':
          live = 'the parameters of the terms it names (their rows)';
          break;
        case 'non-cost':
          break;
      }
      s.set(r, 16, describeTerm(t));
      s.set(r, 17, live);
      r++;
    });
  });
  return {
    sheet: s, col,
    row: (i, t) => {
      const layout = ctx.layouts[i];
      const j = layout.proposal.terms.indexOf(layout.origin(t));
      return rows.get(`${i}|${j}`) as number;
    },
  };
}

/** Schedule: every salary schedule cell of the dataset. Returns the row of each (lane key, step). */
export function scheduleSheet(ctx: Context): Map<string, number> {
  const s = new Sheet(ctx.wb, 'Schedule', [10, 22, 22, 8, 10, 14]);
  s.header(1, ['Unit', 'Schedule', 'Column or class', 'Step', 'Basis', 'Rate ($ a year or an hour)']);
  s.freeze(1);
  const rows = new Map<string, number>();
  ctx.dataset.schedules.forEach((c, i) => {
    const r = i + 2;
    s.set(r, 1, c.unit);
    s.set(r, 2, c.schedule);
    s.set(r, 3, c.lane);
    s.set(r, 4, c.step);
    s.set(r, 5, c.basis);
    s.set(r, 6, c.rate, MONEY);
    rows.set(`${c.unit}|${c.schedule}|${c.lane}|${c.step}`, r);
  });
  return rows;
}

/**
 * Groups: one row per pay group of current staff (staff who share a placement) and per cohort
 * of positions a proposal adds, with the base rate each fiscal year (the schedule cell at the
 * step held that year × column drift) and, for current staff, status-quo pay.
 */
export function groupsSheet(ctx: Context, schedule: Map<string, number>): GroupsMap {
  const inputs = ctx.inputs as InputsMap;
  const p = ctx.prepared;
  const statusYears = ctx.years.filter((fy) => fy >= ctx.base);
  const fixed = ['Row id', 'Population', 'Proposal no.', 'Added by term', 'Unit', 'Unit kind', 'Role', 'Schedule', 'Column or class', 'Basis', 'Step', 'Step held in', 'FTE', 'Headcount', 'Hours a day', 'Days a year', 'Hired in', 'Health eligible'];
  const nf = fixed.length;
  const s = new Sheet(ctx.wb, 'Groups', [9, 10, 9, 14, 8, 12, 22, 16, 16, 8, 6, 10, 9, 10, 8, 8, 9, 8, ...ctx.years.map(() => 13), ...statusYears.map(() => 15), ...statusYears.map(() => 11), ...statusYears.map(() => 11)]);
  const baseRateCol = (fy: FiscalYear) => nf + 1 + (fy - ctx.years[0]);
  const statusQuoCol = (fy: FiscalYear) => nf + ctx.years.length + 1 + (fy - ctx.base);
  const fteCol = (fy: FiscalYear) => nf + ctx.years.length + statusYears.length + 1 + (fy - ctx.base);
  const peopleCol = (fy: FiscalYear) => nf + ctx.years.length + 2 * statusYears.length + 1 + (fy - ctx.base);
  s.header(1, [
    ...fixed, ...ctx.years.map((fy) => `Base rate ${fyLabel(fy)}`), ...statusYears.map((fy) => `Status quo pay ${fyLabel(fy)}`),
    ...statusYears.map((fy) => `FTE ${fyLabel(fy)}`), ...statusYears.map((fy) => `People ${fyLabel(fy)}`),
  ]);
  s.freeze(1, 1);
  const col = { population: 2, unit: 5, fte: 13, headcount: 14, hours: 15, days: 16, eligible: 18 };
  s.note(1, col.fte, 'Editable for current staff: salaried pay is rate × FTE; hourly pay is rate × hours a day × days a year × headcount; health and welfare and flat bonuses count the headcount. Added positions have their FTE by year on Pay (fixed in this export).');
  s.note(1, fteCol(ctx.base), 'FTE and people in post each year. Current staff: FTE (or Headcount) × the share of the base year\'s staff still in post (Inputs, attrition), rounded to a millionth. People hired in place of leavers (population "replacement"): FTE (or Headcount) of the staff they replace × attrition ÷ 100 × the share still in post for the years since they were hired.');
  s.note(1, baseRateCol(ctx.years[0]), 'Base rate = the salary schedule cell (Schedule) at the step held that year × the column drift factor for the unit kind (Inputs; current staff only). Staff move one step a year within their lane, and back one step a year for retroactive years; which cell each year uses is fixed in this export, its rate is live.');

  const rowOf = new Map<string, number>();
  const idOf = new Map<string, string>();
  const unitRows = new Map<string, { first: number; last: number }>();
  let r = 2;
  const baseRates = (e: (typeof ctx.layouts)[number]['earners'][number]['earner'], fys: FiscalYear[], drift: boolean) => {
    for (const fy of fys) {
      const cell = schedule.get(`${e.lane.key}|${stepIn(e, fy)}`) as number;
      const ref = `Schedule!$F$${cell}`;
      s.formula(r, baseRateCol(fy), drift ? `${ref}*${inputs.sheet.ref(inputs.driftFactor[e.unit.kind], inputs.col(fy))}` : ref, baseRate(e, fy), RATE);
    }
  };
  // Status quo pay from the year's FTE or people.
  const statusQuo = (e: (typeof ctx.layouts)[number]['earners'][number]['earner'], fys: FiscalYear[]) => {
    for (const fy of fys) {
      const rate = s.local(r, baseRateCol(fy));
      const f = e.lane.basis === 'annual'
        ? `ROUND(${rate}*${s.local(r, fteCol(fy))},2)`
        : `ROUND(${rate}*${s.local(r, col.hours)}*${s.local(r, col.days)}*${s.local(r, peopleCol(fy))},2)`;
      s.formula(r, statusQuoCol(fy), f, dollars(statusQuoCents(e, fy)), MONEY);
    }
  };
  const replacementRow = new Map<object, { row: number; id: string }>();
  // Current staff, unit by unit (so a unit's groups are one block), in the dataset's order within a unit.
  const current = ctx.layouts[0].earners.filter((el) => el.group !== undefined);
  for (const u of ctx.dataset.units) {
    const from = r;
    for (const el of current) {
      const e = el.earner;
      if (e.unit.id !== u.id) continue;
      const g = p.groups[el.group as number];
      const id = `G${r - 1}`;
      ctx.layouts.forEach((_, i) => {
        rowOf.set(`${i}|${el.group}`, r);
        idOf.set(`${i}|${el.group}`, id);
      });
      const [, schedName, laneName] = e.lane.key.split('|');
      [id, 'existing', null, null, e.unit.id, e.unit.kind, e.role, schedName, laneName, e.lane.basis, e.step, fyLabel(e.stepYear)].forEach((v, k) => s.set(r, k + 1, v));
      s.set(r, col.fte, g.fte, COUNT);
      s.set(r, col.headcount, g.headcount, COUNT);
      s.set(r, col.hours, e.hoursPerDay, COUNT);
      s.set(r, col.days, e.daysPerYear, COUNT);
      s.set(r, 17, e.hiredFy === null ? 'unknown' : fyLabel(e.hiredFy));
      s.set(r, col.eligible, healthEligible(p, e) ? 'yes' : 'no');
      baseRates(e, ctx.years, true);
      const left = inputs.attrition.get(u.id);
      for (const fy of statusYears) {
        const seg = e.segments(fy)[0];
        const share = (c: number) => (left && fy > ctx.base ? `ROUND(${s.local(r, c)}*${inputs.sheet.ref(left.survival, inputs.col(fy))},6)` : s.local(r, c));
        s.formula(r, fteCol(fy), share(col.fte), seg.fte, COUNT);
        s.formula(r, peopleCol(fy), share(col.headcount), seg.headcount, COUNT);
      }
      statusQuo(e, statusYears);
      r++;
    }
    // People hired in place of leavers, by year hired (earners.ts replacementEarners): part of the unit's current staff.
    const left = inputs.attrition.get(u.id);
    if (left) {
      const att = left.pct;
      let n = 0;
      for (const e of replacementEarners(p, ctx.last)) {
        if (e.unit.id !== u.id) continue;
        const k = e.replacement!;
        const hired = e.hiredFy as FiscalYear;
        const id = `R${++n}`;
        replacementRow.set(e, { row: r, id });
        const [, schedName, laneName] = e.lane.key.split('|');
        [id, 'replacement', null, null, e.unit.id, e.unit.kind, e.role, schedName, laneName, e.lane.basis, e.step, fyLabel(e.stepYear)].forEach((v, c) => s.set(r, c + 1, v));
        s.set(r, col.fte, k.fte, COUNT);
        s.set(r, col.headcount, k.headcount, COUNT);
        s.note(r, col.fte, 'FTE and headcount of every current pay group of this unit, role, hours and days together: the staff these people replace.');
        s.set(r, col.hours, e.hoursPerDay, COUNT);
        s.set(r, col.days, e.daysPerYear, COUNT);
        s.set(r, 17, fyLabel(hired));
        s.set(r, col.eligible, healthEligible(p, e) ? 'yes' : 'no');
        baseRates(e, ctx.years.filter((fy) => fy >= hired), false);
        for (const fy of statusYears) {
          const seg = e.segments(fy)[0];
          const share = (c: number) => (fy < hired ? '0' : `ROUND(${s.local(r, c)}*(${att}/100*${inputs.sheet.ref(left.survival, inputs.col(ctx.base + fy - hired))}),6)`);
          s.formula(r, fteCol(fy), share(col.fte), seg?.fte ?? 0, COUNT);
          s.formula(r, peopleCol(fy), share(col.headcount), seg?.headcount ?? 0, COUNT);
        }
        statusQuo(e, statusYears.filter((fy) => fy >= hired));
        for (const fy of statusYears) if (fy < hired) s.set(r, statusQuoCol(fy), 0, MONEY);
        r++;
      }
    }
    if (r > from) unitRows.set(u.id, { first: from, last: r - 1 });
  }
  // Positions each proposal adds: one cohort per term, role and first year.
  ctx.layouts.forEach((layout, i) => {
    let n = 0;
    layout.earners.forEach((el, k) => {
      if (!el.cohort) return;
      const e = el.earner;
      const id = `P${i + 1}-A${++n}`;
      rowOf.set(`${i}|${k}`, r);
      idOf.set(`${i}|${k}`, id);
      const [, schedName, laneName] = e.lane.key.split('|');
      [id, 'added', i + 1, e.addedBy as string, e.unit.id, e.unit.kind, e.role, schedName, laneName, e.lane.basis, e.step, fyLabel(e.stepYear)].forEach((v, c) => s.set(r, c + 1, v));
      s.set(r, col.fte, 'see Pay');
      s.set(r, col.headcount, 'see Pay');
      s.set(r, col.hours, e.hoursPerDay, COUNT);
      s.set(r, col.days, e.daysPerYear, COUNT);
      s.set(r, 17, fyLabel(el.cohort.fy));
      s.set(r, col.eligible, healthEligible(p, e) ? 'yes' : 'no');
      baseRates(e, layout.years.filter((fy) => fy >= el.cohort!.fy), false);
      r++;
    });
  });
  // Each proposal's layout holds the same replacement earners (the same objects) for the years it costs.
  ctx.layouts.forEach((layout, i) => layout.earners.forEach((el, k) => {
    const at = el.earner.replacement ? replacementRow.get(el.earner) : undefined;
    if (!at) return;
    rowOf.set(`${i}|${k}`, at.row);
    idOf.set(`${i}|${k}`, at.id);
  }));
  return {
    sheet: s,
    row: (i, k) => {
      const el = ctx.layouts[i].earners[k];
      return rowOf.get(`${i}|${el.group ?? k}`) as number;
    },
    id: (i, k) => {
      const el = ctx.layouts[i].earners[k];
      return idOf.get(`${i}|${el.group ?? k}`) as string;
    },
    baseRateCol, statusQuoCol, fteCol, peopleCol, col, unitRows,
  };
}
