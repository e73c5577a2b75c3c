/**
 * Local wall-clock time in an IANA time zone ↔ UTC instants, with Intl only (no library, no
 * clock). A strike day's shifts are planned in local "HH:MM" (6:30 at every school) and stored as
 * UTC instants, so the conversion must be right on the days clocks change:
 * - a local time that does not exist (02:30 on the spring-forward day) is refused, not moved;
 * - a local time that happens twice (01:30 on the fall-back day) means the first of the two.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether Intl knows the zone (America/Los_Angeles yes, Pacific/Nowhere no). */
export function isTimeZone(timeZone: string): boolean {
  if (timeZone.length === 0 || timeZone.length > 64) return false;
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

interface Wall { year: number; month: number; day: number; hour: number; minute: number; second: number }

function wallAt(ms: number, timeZone: string): Wall {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(ms))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute, second: parts.second };
}

/** The zone's offset from UTC at an instant, in milliseconds (Los Angeles in January: −8 h). */
function offsetAt(ms: number, timeZone: string): number {
  const w = wallAt(ms, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Whether a YYYY-MM-DD is a real calendar date (2019-02-29 is not). */
export function isDate(date: string): boolean {
  const m = DATE.exec(date);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** Whether "HH:MM" is a 24-hour time such as 06:30 or 14:00. */
export const isTime = (time: string): boolean => TIME.test(time);

export type LocalToUtc = { ok: true; iso: string } | { ok: false; reason: 'format' | 'nonexistent' };

/** A local date and "HH:MM" in the zone → the UTC instant (ISO), or why not. */
export function localToUtc(date: string, time: string, timeZone: string): LocalToUtc {
  const dm = DATE.exec(date);
  const tm = TIME.exec(time);
  if (!dm || !tm || !isDate(date)) return { ok: false, reason: 'format' };
  const want = { year: Number(dm[1]), month: Number(dm[2]), day: Number(dm[3]), hour: Number(tm[1]), minute: Number(tm[2]) };
  const guess = Date.UTC(want.year, want.month - 1, want.day, want.hour, want.minute);
  // The offsets in force around that day (a zone changes offset at most once in a day here).
  const offsets = new Set([offsetAt(guess - 86_400_000, timeZone), offsetAt(guess, timeZone), offsetAt(guess + 86_400_000, timeZone)]);
  const matches = [...offsets].map((o) => guess - o).filter((ms) => {
    const w = wallAt(ms, timeZone);
    return w.year === want.year && w.month === want.month && w.day === want.day && w.hour === want.hour && w.minute === want.minute;
  }).sort((a, b) => a - b);
  if (matches.length === 0) return { ok: false, reason: 'nonexistent' };
  return { ok: true, iso: new Date(matches[0]).toISOString() };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A UTC instant (ISO) → the local date (YYYY-MM-DD) and time (HH:MM) in the zone. */
export function utcToLocal(iso: string, timeZone: string): { date: string; time: string } {
  const w = wallAt(Date.parse(iso), timeZone);
  return { date: `${w.year}-${pad(w.month)}-${pad(w.day)}`, time: `${pad(w.hour)}:${pad(w.minute)}` };
}
