import type { Problem } from '../../errors/problem.ts';
import type { Dataset, ScheduleCell, StaffRow } from '../types.ts';
import type { ScheduleSpec } from './spec.ts';

/** A cell's pay before scaling: the lane's factor, compounded once per step above 1. */
export function shape(schedule: ScheduleSpec, laneFactor: number, step: number): number {
  let u = laneFactor;
  for (let s = 1; s < step; s++) u *= 1 + schedule.stepIncreasePct / 100;
  return u;
}

/** What one position earns in a year at `rate`: salary × FTE, or hourly rate × hours a day × days a year. */
export function annualPay(row: Pick<StaffRow, 'fte' | 'hoursPerDay' | 'daysPerYear'>, basis: 'annual' | 'hourly', rate: number): number {
  return basis === 'annual' ? rate * row.fte : rate * row.hoursPerDay * row.daysPerYear;
}

const money = (basis: 'annual' | 'hourly', x: number) => (basis === 'annual' ? Math.round(x) : Math.round(x * 100) / 100);

/**
 * The cells of each schedule (lanes × steps, in spec order), scaled so that the average annual
 * pay of the positions placed on it equals `pay.average` (or, with `pay.maximum`, so that the
 * highest cell is the maximum: k = (maximum − minimum) ÷ (highest shape − lowest shape)):
 *   rate = minimum + k·(shape − lowest shape)   when `pay.minimum` is given (the lowest cell is the minimum),
 *   rate = k·shape                              otherwise,
 * with k solving  average = Σ count·a·rate ÷ Σ count,  a = FTE (annual) or hours × days (hourly).
 * Annual salaries are rounded to whole dollars and hourly rates to cents after scaling.
 */
export function calibrate({ schedules, staff }: { schedules: ScheduleSpec[]; staff: StaffRow[] }): { cells: ScheduleCell[]; problems: Problem[] } {
  const cells: ScheduleCell[] = [];
  const problems: Problem[] = [];
  schedules.forEach((sch, i) => {
    const steps = sch.stepPlacement.length;
    const lowest = Math.min(...sch.lanes.map((l) => l.factor));
    // shape − lowest (or shape), by lane and step (index 0 unused)
    const above = new Map(sch.lanes.map((l) => [l.id, Array.from({ length: steps + 1 }, (_, s) => shape(sch, l.factor, s) - (sch.pay.minimum !== undefined ? lowest : 0))]));
    let n = 0, sumA = 0, sumAU = 0;
    for (const r of staff) {
      if (r.unit !== sch.unit || r.schedule !== sch.id) continue;
      const a = annualPay(r, sch.basis, 1);
      n += r.count;
      sumA += r.count * a;
      sumAU += r.count * a * (above.get(r.lane)?.[r.step] ?? 0);
    }
    const min = sch.pay.minimum ?? 0;
    // A published range pins both ends: k spreads min … max over the shapes; the average follows.
    const highest = Math.max(...sch.lanes.map((l) => shape(sch, l.factor, steps)));
    const k = sch.pay.maximum !== undefined
      ? (highest > lowest ? (sch.pay.maximum - min) / (highest - lowest) : 1)
      : ((sch.pay.average ?? 0) * n - min * sumA) / sumAU;
    const where = { field: `schedules[${i}].pay` };
    if (n === 0) {
      problems.push({ code: 'generate.empty-schedule', where, message: `no staff are placed on schedule ${sch.id}, so its pay cannot be calibrated`, hint: 'add a staff line with schedule: ' + sch.id });
      return;
    }
    if (!Number.isFinite(k) || (sch.pay.maximum === undefined ? !(k > 0) : k < 0)) {
      const floor = Math.round((min * sumA) / n);
      problems.push({ code: 'generate.pay-unreachable', where, message: `an average of $${(sch.pay.average ?? 0).toLocaleString('en-US')} a year is not reachable on schedule ${sch.id}: paying everyone the minimum already gives $${floor.toLocaleString('en-US')}`, hint: 'raise pay.average, lower pay.minimum, or give the lanes or steps different pay' });
      return;
    }
    for (const lane of sch.lanes) {
      for (let step = 1; step <= steps; step++) {
        const u = shape(sch, lane.factor, step);
        const rate = sch.pay.minimum !== undefined ? min + k * (u - lowest) : k * u;
        cells.push({ unit: sch.unit, schedule: sch.id, lane: lane.id, step, basis: sch.basis, rate: money(sch.basis, rate) });
      }
    }
  });
  return { cells, problems };
}

/** Positions and average annual pay, grouped by `key` (e.g. unit or role), from a dataset's cells. */
export function payBy(ds: Pick<Dataset, 'schedules' | 'staff'>, key: (r: StaffRow) => string): Map<string, { positions: number; averagePay: number }> {
  const cells = new Map<string, ScheduleCell[]>(); // by unit|schedule|lane, indexed by step
  for (const c of ds.schedules) {
    const key = `${c.unit}|${c.schedule}|${c.lane}`;
    const list = cells.get(key) ?? [];
    list[c.step] = c;
    cells.set(key, list);
  }
  const sums = new Map<string, { positions: number; pay: number }>();
  let prev: StaffRow | undefined, last: ScheduleCell[] | undefined;
  for (const r of ds.staff) {
    if (!prev || r.lane !== prev.lane || r.schedule !== prev.schedule || r.unit !== prev.unit) last = cells.get(`${r.unit}|${r.schedule}|${r.lane}`);
    prev = r;
    const c = last?.[r.step];
    const s = sums.get(key(r)) ?? { positions: 0, pay: 0 };
    s.positions += r.count;
    s.pay += c ? r.count * annualPay(r, c.basis, c.rate) : 0;
    sums.set(key(r), s);
  }
  return new Map([...sums].map(([k, s]) => [k, { positions: s.positions, averagePay: s.positions > 0 ? s.pay / s.positions : 0 }]));
}
