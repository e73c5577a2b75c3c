/**
 * The payout file for one period (docs/pickets.md "Strike pay"): one row per member with an
 * amount above zero, then a total row. RFC 4180 (CRLF line ends, fields with a comma, quote or
 * line break quoted, quotes doubled); a cell that a spreadsheet would read as a formula (starting
 * with = + - @, a tab or a carriage return) is prefixed with ' so it stays text.
 */
import { periodLedger, type PayFacts, type PeriodLedger } from './pay-ledger.ts';
import type { PayRules } from './pay-rules.ts';
import { byEnglish, decimalHours } from './pay-words.ts';

/**
 * The last column says how much of the Amount is the first week's pay carried into this week
 * (firstWeek: with-next): the days and hours are this week's, so without it a row of 1 day and 3
 * hours for $600 did not explain itself.
 */
export const PAYOUT_COLUMNS = ['Member ID', 'Name', 'Period start', 'Period end', 'Eligible days', 'Hours', 'Amount', 'Of which carried from the first week'] as const;

/** Text a spreadsheet will not run: a leading = + - @ tab or CR gets a ' in front. */
export function safeCell(text: string): string {
  return /^(?:\s*[=+\-@]|[\t\r])/.test(text) ? `'${text}` : text;
}

export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Cents as dollars with two decimals and no symbol: 12345 → "123.45". */
export const dollars = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** One member's row of a payout file. */
export interface PayoutLine { memberRowId: number; amountCents: number; eligibleDays: number; minutes: number }

/** A payout file: its text, the members it pays and its total, and each member's line (what the file paid them). */
export interface PayoutFile { csv: string; members: number; totalCents: number; lines: PayoutLine[] }

export function payoutCsv(ledger: PeriodLedger): PayoutFile {
  const rows = ledger.rows.filter((r) => r.amountCents > 0).sort((a, b) => byEnglish(a.memberId, b.memberId) || a.memberRowId - b.memberRowId);
  const { start, end } = ledger.period;
  const line = (cells: string[]) => cells.map((c) => csvField(safeCell(c))).join(',');
  const lines = [line([...PAYOUT_COLUMNS])];
  let total = 0;
  let days = 0;
  // The Hours total is the sum of the rows' Hours as printed (in hundredths, whole numbers), so the
  // column adds up: three rows of 181 min print 3.02 each and total 9.06, not 543 min's 9.05.
  let hundredths = 0;
  let carried = 0;
  for (const r of rows) {
    total += r.amountCents;
    days += r.eligibleDays;
    carried += r.carriedCents;
    const hours = decimalHours(r.minutes);
    hundredths += Math.round(hours * 100);
    lines.push(line([r.memberId, r.name, start, end, String(r.eligibleDays), hours.toFixed(2), dollars(r.amountCents), dollars(r.carriedCents)]));
  }
  lines.push(line(['Total', `${rows.length} members`, start, end, String(days), dollars(hundredths), dollars(total), dollars(carried)]));
  return { csv: `${lines.join('\r\n')}\r\n`, members: rows.length, totalCents: total, lines: rows.map((r) => ({ memberRowId: r.memberRowId, amountCents: r.amountCents, eligibleDays: r.eligibleDays, minutes: r.minutes })) };
}

export interface PayoutFileInput { rules: PayRules; facts: PayFacts; periodStart: string; now: string }

/**
 * A week's payout file from its facts. POST /api/pickets/pay/payouts works it out on a costing
 * thread (a big union's week is about a second of work), then stores it in a short transaction.
 */
export function payoutFile(input: PayoutFileInput): PayoutFile {
  return payoutCsv(periodLedger(input));
}
