/** Numbers, dates and money as the workspace pages write them, in English or Spanish. */
import { formatDollars, type Lang } from '../../i18n.ts';
import { dollars } from '../editor/format.ts';

const locale = (lang: Lang) => (lang === 'es' ? 'es-US' : 'en-US');

/** Money in words: "$1.2 million", "$850,000". */
export const money = (cents: number, lang: Lang) => formatDollars(cents, lang);

/** Money to the dollar, for tables a reader adds up: "$4,213,600" (the editor's, one rounding for every page). */
export { dollars };

/** A change written with its sign by `write`: "+$1.2 million", "−$300,000", "$0". */
const signed = (cents: number, lang: Lang, write: (c: number, l: Lang) => string) => (cents > 0 ? `+${write(cents, lang)}` : cents < 0 ? `−${write(-cents, lang)}` : write(0, lang));

/** A signed change in money: "+$1.2 million", "−$300,000", "$0". */
export const moneyChange = (cents: number, lang: Lang) => signed(cents, lang, money);

/** A signed change to the dollar: "+$119,671,681". */
export const dollarsChange = (cents: number, lang: Lang) => signed(cents, lang, dollars);

export const count = (n: number, lang: Lang, digits = 0) => new Intl.NumberFormat(locale(lang), { maximumFractionDigits: digits }).format(n);

export const percent = (pct: number, lang: Lang) => new Intl.NumberFormat(locale(lang), { style: 'percent', maximumFractionDigits: 2, minimumFractionDigits: 2 }).format(pct / 100);

/** A date written out, from an ISO date or timestamp (the calendar day in UTC). */
export function longDate(iso: string, lang: Lang): string {
  const d = new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(locale(lang), { dateStyle: 'long', timeZone: 'UTC' }).format(d);
}

/** Short money for chart axes: "$500M". */
export const moneyShort = (dollarsAmount: number, lang: Lang) =>
  new Intl.NumberFormat(locale(lang), { notation: 'compact', style: 'currency', currency: 'USD', maximumFractionDigits: 1 }).format(dollarsAmount);
