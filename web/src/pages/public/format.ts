/**
 * Numbers and dates on the public page, as people read them in English or Spanish. Pure
 * functions (no browser), so the browser tests format an API figure exactly as the page does.
 */
export type Lang = 'en' | 'es';

const locale = (lang: Lang) => (lang === 'es' ? 'es-US' : 'en-US');

/**
 * Money in words people read: "$582.6 million", "$1.17 billion", "$48,000" (English);
 * "582.6 millones de dólares", "1.17 mil millones de dólares", "48,000 dólares" (Spanish).
 */
export function money(cents: number, lang: Lang): string {
  const dollars = cents / 100;
  const abs = Math.abs(dollars);
  const sign = dollars < 0 ? '-' : '';
  const n = (x: number, digits: number) => new Intl.NumberFormat(locale(lang), { maximumFractionDigits: digits, minimumFractionDigits: 0 }).format(x);
  if (abs >= 1e9) return lang === 'es' ? `${sign}${n(abs / 1e9, 2)} mil millones de dólares` : `${sign}$${n(abs / 1e9, 2)} billion`;
  if (abs >= 1e6) {
    const m = n(abs / 1e6, abs >= 1e8 ? 0 : 1);
    return lang === 'es' ? `${sign}${m} millones de dólares` : `${sign}$${m} million`;
  }
  return lang === 'es' ? `${sign}${n(abs, 0)} dólares` : `${sign}$${n(abs, 0)}`;
}

/** A change in money, with its sign: "+$43.8 million", "-$5 million", "no change" is the caller's. */
export function moneyChange(cents: number, lang: Lang): string {
  return cents > 0 ? `+${money(cents, lang)}` : money(cents, lang);
}

/** Short money for chart axes: "$500M", "$1.2B" / "500 M$"-style as the language writes it. */
export function moneyShort(dollars: number, lang: Lang): string {
  return new Intl.NumberFormat(locale(lang), { notation: 'compact', style: 'currency', currency: 'USD', maximumFractionDigits: 1, minimumFractionDigits: 0 }).format(dollars);
}

/** A percentage as given (16.46 → "16.46%" / "16,46 %" as the language writes it). */
export function percent(pct: number, lang: Lang): string {
  return new Intl.NumberFormat(locale(lang), { style: 'percent', maximumFractionDigits: 2 }).format(pct / 100);
}

/** A date written out: "January 22, 2019" / "22 de enero de 2019" (ISO date or timestamp; the calendar day in UTC). */
export function longDate(iso: string, lang: Lang): string {
  const d = new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(locale(lang), { dateStyle: 'long', timeZone: 'UTC' }).format(d);
}

/** "2019-20": the school (fiscal) year that starts on July 1 of its first year. */
export const fyStartYear = (fy: string) => Number(fy.slice(0, 4));
