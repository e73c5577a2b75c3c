import type { ScheduleCell } from '../district/types.ts';

/** One salary schedule lane (a column, or a classified job class): its rates by step. */
export interface Lane {
  key: string;
  basis: 'annual' | 'hourly';
  minStep: number;
  maxStep: number;
  rates: Map<number, number>;
}

export function laneKey(unit: string, schedule: string, lane: string): string {
  return `${unit}|${schedule}|${lane}`;
}

export function buildLanes(cells: ScheduleCell[]): Map<string, Lane> {
  const lanes = new Map<string, Lane>();
  for (const c of cells) {
    const key = laneKey(c.unit, c.schedule, c.lane);
    let lane = lanes.get(key);
    if (!lane) {
      lane = { key, basis: c.basis, minStep: c.step, maxStep: c.step, rates: new Map() };
      lanes.set(key, lane);
    }
    lane.rates.set(c.step, c.rate);
    lane.minStep = Math.min(lane.minStep, c.step);
    lane.maxStep = Math.max(lane.maxStep, c.step);
  }
  return lanes;
}

/**
 * The rate at a step, moving `years` steps from `step` (negative to look back), held within the
 * schedule's first and last step. A missing step in between takes the next lower one listed.
 */
export function rateAfter(lane: Lane, step: number, years: number): { step: number; rate: number } {
  let s = Math.min(lane.maxStep, Math.max(lane.minStep, step + years));
  while (!lane.rates.has(s) && s > lane.minStep) s--;
  return { step: s, rate: lane.rates.get(s) as number };
}
