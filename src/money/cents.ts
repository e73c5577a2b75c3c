/**
 * Money is carried as integer cents (`Cents`). Rates and intermediate products are plain
 * float64 numbers; they become cents only through `toCents`, at the rounding points the
 * costing method names (docs/costing.md). After that every sum is an exact integer sum.
 */
import { InvalidInput } from '../errors/problem.ts';

export type Cents = number;

/**
 * Rounds a dollar amount to whole cents, half away from zero, the way a spreadsheet's
 * ROUND(x, 2) does. The product is first read at 15 significant digits so that binary
 * noise (1.005 stored as 1.00499999…) does not flip the half-cent.
 *
 * @example toCents(1.005) === 101; toCents(-2.675) === -268
 */
export function toCents(dollars: number): Cents {
  if (!Number.isFinite(dollars)) throw new RangeError(`toCents: not a finite amount: ${dollars}`);
  const x = dollars * 100;
  const abs = Math.abs(x);
  const frac = abs - Math.floor(abs);
  // Far from a half cent, rounding is unambiguous; only near one is the product read at
  // 15 significant digits (the slow path) so that binary noise cannot decide it.
  const near = Math.abs(frac - 0.5) < 1e-6 + abs * 1e-13;
  const scaled = near ? Math.abs(Number(x.toPrecision(15))) : abs;
  const rounded = Math.sign(x) * Math.round(scaled);
  return assertSafe(rounded === 0 ? 0 : rounded);
}

/**
 * A number as a person writes it, its commas only thousands separators ("1,800,000,000.00",
 * "-2,500"), without them; a text with no comma as it is (trimmed). Null when its commas are not
 * thousands separators: "46587,00" (a decimal comma, as a spreadsheet set to a European language
 * saves it) would otherwise be read as 4,658,700, a hundred times the figure.
 */
export function ungroup(text: string): string | null {
  const t = text.trim();
  if (!t.includes(',')) return t;
  return /^[-+]?\$?\d{1,3}(,\d{3})+(\.\d*)?$/.test(t) ? t.replace(/,/g, '') : null;
}

/**
 * When `raw` is a number written with a decimal comma ("46587,00", "1.228.900.000,50", "0,9"),
 * the words that say so, with the figure as settle reads it; else null.
 */
export function decimalComma(raw: string): string | null {
  const t = raw.trim();
  // "1,000" is a thousand (commas between thousands), not one.
  if (ungroup(t) !== null || !/^[-+]?\$?(\d{1,3}(\.\d{3})+|\d+),\d+$/.test(t)) return null;
  return `${JSON.stringify(raw)} has a comma as its decimal mark (as a spreadsheet set to a European language saves it); settle reads a point, with commas only between thousands: ${t.replace(/\./g, '').replace(',', '.')}`;
}

/**
 * When a whole number is written with points between thousands ("2.000", "31.482", as a
 * spreadsheet in a European language writes two thousand), the words that say it cannot be read
 * either way; else null. For cells that must be whole numbers (counts, students, days), where
 * "2.000" read as 2 would be a thousand times too small.
 */
export function pointGrouped(raw: string): string | null {
  const t = raw.trim();
  if (!/^\d{1,3}(\.\d{3})+$/.test(t)) return null;
  return `${JSON.stringify(raw)} has points between thousands or three decimals: write ${t.replace(/\./g, '')} for ${Number(t.replace(/\./g, '')).toLocaleString('en-US')}, or ${Number(t)} without the zeros`;
}

/**
 * Why a number cell cannot be read without guessing, or null: a decimal comma (`decimal-comma`),
 * or, for a whole number, points between thousands (`point-grouped`). Every reader of numbers
 * people type into a spreadsheet asks this first.
 */
export function ambiguousNumber(raw: string, o: { whole: boolean }): { code: 'decimal-comma' | 'point-grouped'; words: string } | null {
  const comma = decimalComma(raw);
  if (comma) return { code: 'decimal-comma', words: comma };
  const points = o.whole ? pointGrouped(raw) : null;
  return points ? { code: 'point-grouped', words: points } : null;
}

/** Parses a dollar figure written by a person ("1,800,000,000.00", "$25.5") into cents. */
export function parseDollars(text: string): Cents | null {
  const clean = ungroup(text.trim().replace(/^\$/, ''));
  if (clean === null || !/^-?\d+(\.\d{1,2})?$/.test(clean)) return null;
  return toCents(Number(clean));
}

/** The largest amount settle adds to the cent: 2^51 cents, about $22 trillion, leaves room for the products and sums made of cents. */
export const MAX_CENTS = 2 ** 51;

export function assertSafe(c: number): Cents {
  if (Math.abs(c) > MAX_CENTS) {
    // Input far beyond any school district's (a salary of $10 trillion, a billion positions): the
    // person gets a refusal that says so, not a failure of the server.
    throw new InvalidInput([{
      code: 'money.too-large',
      message: `a figure came to ${Math.abs(c) === Infinity ? 'more than any amount' : `about $${(Math.abs(c) / 100 / 1e12).toPrecision(3)} trillion`}, more than settle adds to the cent (about $22 trillion), so nothing was costed`,
      hint: 'check the dataset\'s salaries, counts and enrollment, and the proposal\'s amounts: a district\'s whole budget is in the billions',
    }]);
  }
  if (!Number.isInteger(c)) throw new RangeError(`cents not whole: ${c}`);
  return c;
}

export function sumCents(values: Iterable<Cents>): Cents {
  let total = 0;
  for (const v of values) total += v;
  return assertSafe(total);
}

/**
 * A number as `toLocaleString('en-US', { maximumFractionDigits })` writes it ("1,234.5"), without
 * Intl: costing formats thousands of figures for its traces, and loading Intl's number formats
 * alone takes about 30 ms of a command's start. Same rounding: Intl rounds the shortest decimal
 * that reads back as the number (what `String` writes), half away from zero; so does this
 * (money/cents.test.ts checks them against each other).
 */
export function formatNumber(v: number, maximumFractionDigits = 3): string {
  const plain = String(Math.abs(v));
  if (!Number.isFinite(v) || plain.includes('e')) return v.toLocaleString('en-US', { maximumFractionDigits });
  const [int, frac = ''] = plain.split('.');
  let digits = int + frac.slice(0, maximumFractionDigits).padEnd(maximumFractionDigits, '0');
  if (frac.length > maximumFractionDigits && frac[maximumFractionDigits] >= '5') {
    // Add one in the last kept place, carrying.
    const d = digits.split('');
    let k = d.length - 1;
    while (k >= 0 && d[k] === '9') d[k--] = '0';
    if (k >= 0) d[k] = String(Number(d[k]) + 1);
    else d.unshift('1');
    digits = d.join('');
  }
  const whole = digits.slice(0, digits.length - maximumFractionDigits);
  const kept = digits.slice(digits.length - maximumFractionDigits).replace(/0+$/, '');
  let grouped = '';
  for (let i = 0; i < whole.length; i++) grouped += (i > 0 && (whole.length - i) % 3 === 0 ? ',' : '') + whole[i];
  return `${v < 0 || Object.is(v, -0) ? '-' : ''}${grouped}${kept ? `.${kept}` : ''}`;
}

/** "$1,234,567" (whole dollars, for tables) or "$1,234,567.89" with `exact`. */
/**
 * Cents to whole dollars, halves away from zero: -$1,000.50 is -$1,001 as $1,000.50 is $1,001
 * (Math.round alone gives -$1,000), and a cut of under 50 cents is $0, not -$0. Every surface that
 * shows whole dollars rounds with this, so the command line, the PDF and the web pages show one figure.
 */
export const wholeDollars = (c: number): number => (c < 0 ? -Math.round(-c / 100) || 0 : Math.round(c / 100));

export function formatDollars(c: Cents, opts: { exact?: boolean } = {}): string {
  const abs = Math.abs(c);
  const dollars = opts.exact ? Math.trunc(abs / 100) : Math.abs(wholeDollars(c));
  // A cut that rounds to no dollars is $0, as on every other surface (exact, it keeps its cents and sign).
  const negative = c < 0 && (opts.exact || dollars !== 0);
  const whole = formatNumber(dollars, 0);
  const frac = opts.exact ? '.' + String(abs % 100).padStart(2, '0') : '';
  return `${negative ? '-' : ''}$${whole}${frac}`;
}

/** "$1.23B", "$456.7M", "$12.3K" for compact tables. */
export function formatCompact(c: Cents): string {
  const d = c / 100;
  const abs = Math.abs(d);
  const sign = d < 0 ? '-' : '';
  if (abs >= 1e9) return `${sign}$${(abs / 1e9).toFixed(2)}B`;
  if (abs >= 1e6) return `${sign}$${(abs / 1e6).toFixed(1)}M`;
  if (abs >= 1e3) return `${sign}$${(abs / 1e3).toFixed(1)}K`;
  return `${sign}$${abs.toFixed(0)}`;
}
