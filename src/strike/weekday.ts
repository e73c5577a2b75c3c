/** Names of the days of the week, Monday first (ISO 8601 order). */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/**
 * Day of the week of an ISO date (YYYY-MM-DD), 0 = Monday … 6 = Sunday. Counted from the
 * calendar alone (days since 1970-01-01, a Thursday), so no clock or time zone is involved.
 */
export function weekdayIndex(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * ((m + 9) % 12) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  const days = era * 146097 + doe - 719468;
  return (((days + 3) % 7) + 7) % 7;
}

export function weekdayName(date: string): string {
  return WEEKDAYS[weekdayIndex(date)];
}

/** The weekday a cell names: its first three letters or more ("Mon", "tues", "THURSDAY"), else null. */
export function parseWeekday(text: string): number | null {
  const t = text.trim().toLowerCase();
  if (t.length < 3) return null;
  const i = WEEKDAYS.findIndex((w) => w.toLowerCase().startsWith(t));
  return i < 0 ? null : i;
}
