/**
 * Strike-pay periods: weeks from Monday to Sunday in the union's time zone. A period is named by
 * its Monday (YYYY-MM-DD); it closes at the next Monday's midnight there. Date arithmetic is on
 * calendar dates (no clock); the time zone only matters for when a week closes.
 */

const DAY_MS = 86_400_000;

export interface Period {
  /** Monday, YYYY-MM-DD. */
  start: string;
  /** Sunday, YYYY-MM-DD. */
  end: string;
  /** The UTC instant the week ends (the next Monday, 00:00 in the union's time zone). */
  closesAt: string;
}

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

export const addDays = (date: string, n: number) => dateOf(dayNumber(date) + n);

/** The Monday of the week a date is in. */
export function mondayOf(date: string): string {
  const n = dayNumber(date);
  // 1970-01-01 was a Thursday: (n + 3) mod 7 is 0 on Mondays.
  return dateOf(n - (((n + 3) % 7) + 7) % 7);
}

export const isMonday = (date: string) => /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(dayNumber(date)) && dateOf(dayNumber(date)) === date && mondayOf(date) === date;

/** Minutes the zone is ahead of UTC at an instant. */
function offsetMinutes(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(new Date(ms));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return (Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - Math.floor(ms / 1000) * 1000) / 60_000;
}

/** The UTC instant of 00:00 on a date in a time zone. */
export function localMidnight(date: string, timeZone: string): string {
  const guess = Date.parse(`${date}T00:00:00Z`);
  const first = guess - offsetMinutes(guess, timeZone) * 60_000;
  const second = guess - offsetMinutes(first, timeZone) * 60_000;
  return new Date(second).toISOString();
}

export function periodOf(date: string, timeZone: string): Period {
  const start = mondayOf(date);
  return { start, end: addDays(start, 6), closesAt: localMidnight(addDays(start, 7), timeZone) };
}
