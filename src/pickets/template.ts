/**
 * A shift template applied to a strike day: "06:30–09:30 and 14:00–16:00 at every school"
 * becomes one shift per template line per worksite, in UTC instants (local-time.ts). Pure: the
 * caller passes the day, the worksites and the shifts already there; shifts identical to one
 * already there (same worksite, duty, start and end) are skipped, so applying a template twice
 * changes nothing the second time.
 */
import type { Problem } from '../errors/problem.ts';
import { isTime, localToUtc } from './local-time.ts';
import { DUTIES, type Duty } from './types.ts';

export const TEMPLATE_LIMITS = { shifts: 10, capacity: 500 } as const;

export interface TemplateShift {
  /** Local "HH:MM", 24-hour. */
  start: string;
  end: string;
  capacity: number;
  minimum: number;
  duty?: Duty;
}

export interface Template {
  name: string;
  shifts: TemplateShift[];
}

export interface PlannedShift {
  worksiteId: number;
  duty: Duty;
  startsAt: string;
  endsAt: string;
  capacity: number;
  minimum: number;
}

export interface ExistingShift {
  worksiteId: number | null;
  duty: string;
  startsAt: string;
  endsAt: string;
}

const problem = (field: string, message: string, hint?: string): Problem => ({ code: 'picket.template-invalid', message, where: { field }, hint });

/** Every problem with the template's lines (field paths such as `shifts[1].end`); empty when it can be applied. */
export function templateProblems(t: Template, day: { date: string; timeZone: string }): Problem[] {
  const out: Problem[] = [];
  if (t.name.trim() === '') out.push(problem('name', 'name the template, such as "Mornings and afternoons"', '"name": "Mornings and afternoons"'));
  if (t.shifts.length === 0) out.push(problem('shifts', 'a template needs at least one shift', '"shifts": [{"start": "06:30", "end": "09:30", "capacity": 20, "minimum": 5}]'));
  if (t.shifts.length > TEMPLATE_LIMITS.shifts) out.push(problem('shifts', `a template has at most ${TEMPLATE_LIMITS.shifts} shifts; this one has ${t.shifts.length}`));
  t.shifts.forEach((s, i) => {
    const at = (f: string) => `shifts[${i}].${f}`;
    for (const f of ['start', 'end'] as const) {
      if (!isTime(s[f])) out.push(problem(at(f), `${f} must be a 24-hour time HH:MM, such as 06:30 or 14:00; got ${JSON.stringify(s[f])}`, '"06:30"'));
    }
    if (isTime(s.start) && isTime(s.end) && s.end <= s.start) out.push(problem(at('end'), `the shift must end after it starts (${s.start}–${s.end}); shifts past midnight are not supported`, '"start": "06:30", "end": "09:30"'));
    for (const [f, v] of [['capacity', s.capacity], ['minimum', s.minimum]] as const) {
      if (!Number.isInteger(v) || v < 0) out.push(problem(at(f), `${f} must be a whole number of people, 0 or more; got ${v}`, '5'));
    }
    if (Number.isInteger(s.capacity) && s.capacity > TEMPLATE_LIMITS.capacity) out.push(problem(at('capacity'), `capacity is at most ${TEMPLATE_LIMITS.capacity} people a shift; got ${s.capacity}`, '40'));
    if (Number.isInteger(s.capacity) && Number.isInteger(s.minimum) && s.capacity >= 0 && s.minimum > s.capacity) out.push(problem(at('minimum'), `the minimum (${s.minimum}) cannot be more than the capacity (${s.capacity})`, '"capacity": 20, "minimum": 5'));
    if (s.duty !== undefined && !DUTIES.includes(s.duty)) out.push(problem(at('duty'), `duty must be one of ${DUTIES.join(', ')}`, '"picket"'));
    for (const f of ['start', 'end'] as const) {
      if (isTime(s[f]) && !localToUtc(day.date, s[f], day.timeZone).ok) {
        out.push(problem(at(f), `${s[f]} does not exist on ${day.date} in ${day.timeZone}: the clocks skip it (daylight saving time begins)`, 'a time an hour later, such as "03:30"'));
      }
    }
  });
  return out;
}

const keyOf = (s: { worksiteId: number | null; duty: string; startsAt: string; endsAt: string }) => `${s.worksiteId}|${s.duty}|${s.startsAt}|${s.endsAt}`;

/**
 * The shifts the template makes over the worksites, skipping those already there (and lines
 * repeated in the template). Call templateProblems first: a template with problems throws.
 */
export function expandTemplate(t: Template, day: { date: string; timeZone: string }, worksiteIds: readonly number[], existing: readonly ExistingShift[]): { shifts: PlannedShift[]; skipped: number } {
  const lines = t.shifts.map((s) => {
    const start = localToUtc(day.date, s.start, day.timeZone);
    const end = localToUtc(day.date, s.end, day.timeZone);
    if (!start.ok || !end.ok) throw new Error(`template line ${s.start}–${s.end} has problems: check templateProblems first`);
    return { duty: s.duty ?? 'picket', startsAt: start.iso, endsAt: end.iso, capacity: s.capacity, minimum: s.minimum };
  });
  const seen = new Set(existing.map(keyOf));
  const shifts: PlannedShift[] = [];
  let skipped = 0;
  for (const worksiteId of worksiteIds) {
    for (const line of lines) {
      const shift = { worksiteId, ...line };
      const key = keyOf(shift);
      if (seen.has(key)) {
        skipped++;
        continue;
      }
      seen.add(key);
      shifts.push(shift);
    }
  }
  return { shifts, skipped };
}
