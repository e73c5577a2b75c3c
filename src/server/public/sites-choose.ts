/**
 * Which published day the public page shows (docs/sites.md, "Publishing"): the date asked for;
 * else today's date in Los Angeles; else the next day coming; else the latest day past. When two
 * districts publish the same date, the one published last is shown (the list names both).
 */
import { ApiError } from '../errors.ts';
import type { ShownDay } from './sites-read.ts';

export const PUBLIC_TIME_ZONE = 'America/Los_Angeles';

const localDate = new Intl.DateTimeFormat('en-CA', { timeZone: PUBLIC_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The last date formatted, and the UTC minute it is for. */
let lastMinute = NaN;
let lastDate = '';

/**
 * Today's date (YYYY-MM-DD) in Los Angeles at `now`. Formatted once per minute: Los Angeles is a
 * whole number of hours from UTC, so its midnight is always the start of a UTC minute and every
 * instant of one UTC minute has the same local date.
 */
export const todayIn = (now: Date): string => {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== lastMinute) {
    lastDate = localDate.format(now);
    lastMinute = minute;
  }
  return lastDate;
};

const latestPublished = (days: ShownDay[]) => [...days].sort((a, b) => b.day.publishedAt.localeCompare(a.day.publishedAt))[0];

/** `days`: newest date first. Null when nothing is published; a 404 when `date` has no published day. */
export function dayShown({ days, date, today }: { days: ShownDay[]; date?: string; today: string }): ShownDay | null {
  if (date !== undefined) {
    const on = days.filter((d) => d.day.date === date);
    if (on.length === 0) {
      throw new ApiError(404, {
        code: 'not-found', message: `query date: no strike day is published for ${date}`, where: { field: 'date' },
        hint: days.length ? `one of the published dates, such as ${days[0].day.date}; or no date for today's (or the next) day` : 'no strike day is published yet: ask again without a date',
      });
    }
    return latestPublished(on);
  }
  if (days.length === 0) return null;
  const on = days.filter((d) => d.day.date === today);
  if (on.length) return latestPublished(on);
  const coming = days.filter((d) => d.day.date > today);
  // Newest date first: the next day coming is the last of those after today.
  if (coming.length) return latestPublished(coming.filter((d) => d.day.date === coming[coming.length - 1].day.date));
  return latestPublished(days.filter((d) => d.day.date === days[0].day.date));
}
