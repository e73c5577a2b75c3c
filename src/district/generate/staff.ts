import type { School, StaffRow } from '../types.ts';
import { apportion, makeRng, picker, randInt, shuffled } from './random.ts';
import type { GenerateSpec, ScheduleSpec, StaffSpec } from './spec.ts';

/** A position's FTE is its hours a day ÷ 8 (at most 1); salaried roles without hours are 1. */
export const FULL_TIME_HOURS = 8;

export function fteOf(hoursPerDay: number): number {
  return hoursPerDay > 0 ? Math.round(Math.min(1, hoursPerDay / FULL_TIME_HOURS) * 1e4) / 1e4 : 1;
}

/** A line's hours a day, each with its share of the positions. */
export function hoursOptions(h: StaffSpec['hoursPerDay']): { hours: number; share: number }[] {
  if (h === undefined || typeof h === 'number') return [{ hours: h ?? 0, share: 1 }];
  return Object.entries(h).map(([hours, share]) => ({ hours: Number(hours), share }));
}

/** The lanes a line may be placed in (its `lanes`, or all of the schedule's), with their placement shares. */
export function lanesOf(line: StaffSpec, schedule: ScheduleSpec): { id: string; factor: number; share: number }[] {
  const lanes = schedule.lanes.filter((l) => !line.lanes || line.lanes.includes(l.id));
  const shares = lanes.map((l) => l.placement ?? 1);
  const none = shares.every((s) => s <= 0);
  return lanes.map((l, i) => ({ id: l.id, factor: l.factor, share: none ? 1 : shares[i] }));
}

interface Allocation {
  line: StaffSpec;
  index: number;
  spec: GenerateSpec;
  schools: School[];
  studentsAt: Map<string, number>;
  /** Multiplies `count` (the spec's scale, or given ÷ specified students with schoolsFrom). */
  countScale: number;
}

/**
 * Positions per site for one staff line. `central` puts them all at the central office.
 * Otherwise a random `share` of the schools of the given types is chosen and the positions
 * are split over them by enrollment or equally (`perSchool` gives each chosen school that
 * many; `studentsPerPosition` sets the total from the chosen schools' enrollment).
 */
export function allocate({ line, index, spec, schools, studentsAt, countScale }: Allocation): [string, number][] {
  const rng = makeRng(spec.seed, `sites/${index}`);
  const allStudents = [...studentsAt.values()].reduce((s, n) => s + n, 0);
  if (line.at === 'central') {
    const n = line.count !== undefined ? Math.round(line.count * countScale)
      : line.perSchool !== undefined ? line.perSchool : Math.round(allStudents / (line.studentsPerPosition ?? 1));
    return n > 0 ? [['central', n]] : [];
  }
  const types = new Set(line.at.types);
  const candidates = shuffled(rng, schools.filter((s) => types.has(s.type)));
  const share = line.at.share ?? 1;
  const chosen = candidates.slice(0, share > 0 ? Math.max(1, Math.round(share * candidates.length)) : 0);
  const students = chosen.map((s) => studentsAt.get(s.id) ?? 0);
  const equal = line.perSchool !== undefined || line.at.weight === 'equal';
  const total = line.count !== undefined ? Math.round(line.count * countScale)
    : line.perSchool !== undefined ? line.perSchool * chosen.length
    : Math.round(students.reduce((s, n) => s + n, 0) / (line.studentsPerPosition ?? 1));
  const counts = apportion(total, equal ? chosen.map(() => 1) : students);
  return chosen.map((s, i): [string, number] => [s.id, counts[i]]).filter(([, n]) => n > 0);
}

interface Placing {
  line: StaffSpec;
  index: number;
  spec: GenerateSpec;
  schedule: ScheduleSpec;
  sites: [string, number][];
  /** Rows so far; positions at a site with the same placement are counted on one row. */
  rows: StaffRow[];
}

/**
 * Places each position: a lane by the lanes' shares, a step by the schedule's step shares,
 * hours by the line's shares. Hire dates follow the step: step s was hired on August 15, s
 * years before the base year; the top step up to `topStepExtraYears` more; `newHireShare` of
 * positions were hired on August 15 of the base year itself, at step 1.
 */
export function placeStaff({ line, index, spec, schedule, sites, rows }: Placing): void {
  const rng = makeRng(spec.seed, `staff/${index}`);
  const lanes = lanesOf(line, schedule);
  const pickLane = picker(lanes.map((l) => l.share));
  const pickStep = picker(schedule.stepPlacement);
  const options = hoursOptions(line.hoursPerDay);
  const pickHours = picker(options.map((h) => h.share));
  const top = schedule.stepPlacement.length;
  const S = top + 1, H = options.length, Y = top + spec.hiring.topStepExtraYears + 1; // radices of the tally key
  const base = spec.district.baseFiscalYear;
  for (const [site, n] of sites) {
    // Positions at one site are tallied by a small numeric key, then written as one row per placement.
    const tally = new Map<number, number>();
    for (let k = 0; k < n; k++) {
      const lane = pickLane(rng);
      const isNew = rng.next() < spec.hiring.newHireShare;
      const step = isNew ? 1 : pickStep(rng) + 1;
      const yearsBack = isNew ? 0 : step + (step === top ? randInt(rng, 0, spec.hiring.topStepExtraYears) : 0);
      const h = pickHours(rng);
      const key = ((lane * S + step) * H + h) * Y + yearsBack;
      tally.set(key, (tally.get(key) ?? 0) + 1);
    }
    for (const [key, count] of tally) {
      const yearsBack = key % Y, h = Math.floor(key / Y) % H, step = Math.floor(key / (Y * H)) % S, lane = lanes[Math.floor(key / (Y * H * S))].id;
      const hours = options[h].hours;
      rows.push({
        site, unit: line.unit, role: line.role, schedule: line.schedule, lane, step, fte: fteOf(hours),
        hoursPerDay: hours, daysPerYear: line.daysPerYear, count, hired: `${base - yearsBack}-08-15`,
      });
    }
  }
}
