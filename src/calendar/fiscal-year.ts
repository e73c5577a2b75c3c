/**
 * California school fiscal years run July 1 – June 30 and are written "2019-20".
 * Internally a fiscal year is the calendar year in which it starts (2019 for "2019-20").
 * Dates are ISO strings (YYYY-MM-DD); no clock is ever read here.
 */
export type FiscalYear = number;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const FY = /^(\d{4})-(\d{2})$/;

export function isIsoDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function parts(date: string): [number, number, number] {
  const m = DATE.exec(date);
  if (!m) throw new RangeError(`not a date (YYYY-MM-DD): ${date}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** The fiscal year containing a date: 2019-01-22 is in 2018-19 (2018). */
export function fiscalYearOf(date: string): FiscalYear {
  const [y, m] = parts(date);
  return m >= 7 ? y : y - 1;
}

export function fyLabel(fy: FiscalYear): string {
  return `${fy}-${String((fy + 1) % 100).padStart(2, '0')}`;
}

/** Parses "2019-20" (the second part must follow the first). Returns null when malformed. */
export function parseFiscalYear(text: string): FiscalYear | null {
  const m = FY.exec(text.trim());
  if (!m) return null;
  const start = Number(m[1]);
  return (start + 1) % 100 === Number(m[2]) ? start : null;
}

export function fyStart(fy: FiscalYear): string {
  return `${fy}-07-01`;
}

export function fyEnd(fy: FiscalYear): string {
  return `${fy + 1}-06-30`;
}

/**
 * Months of fiscal year `fy` elapsed before `date`, from 0 to 12. Whole months count 1;
 * a date inside a month counts the days before it in that month as a fraction of it.
 * Dates before the year give 0; dates after it give 12.
 * @example monthsBefore('2019-01-01', 2018) === 6
 */
export function monthsBefore(date: string, fy: FiscalYear): number {
  const [y, m, d] = parts(date);
  const monthIndex = (y - fy) * 12 + (m - 7); // 0 = July of the fiscal year
  if (monthIndex < 0) return 0;
  if (monthIndex >= 12) return 12;
  return monthIndex + (d - 1) / daysInMonth(y, m);
}

/** Share of fiscal year `fy` on or after `date` (0–1). A July 1 date gives 1; January 1 gives 0.5. */
export function shareFrom(date: string, fy: FiscalYear): number {
  return (12 - monthsBefore(date, fy)) / 12;
}

export function range(from: FiscalYear, to: FiscalYear): FiscalYear[] {
  const out: FiscalYear[] = [];
  for (let fy = from; fy <= to; fy++) out.push(fy);
  return out;
}

/**
 * The last day an agreement's pay may fall on without saying `outsideTerm`, and its board may
 * disclose it: the end of its contract, or, for an agreement reached after its contract ended
 * (settled late, paid back to its start), a year after the agreement (29 February: the 28th).
 */
export function agreementPayUntil(proposal: { date: string; term: { end: string } }): string {
  if (proposal.date <= proposal.term.end) return proposal.term.end;
  return `${Number(proposal.date.slice(0, 4)) + 1}${proposal.date.slice(4)}`.replace(/-02-29$/, '-02-28');
}
