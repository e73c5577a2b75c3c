/** Times on the strike-morning pages: in the strike day's time zone, in English or Spanish. */
import type { Lang } from '../../i18n.ts';

const locale = (lang: Lang) => (lang === 'es' ? 'es-US' : 'en-US');

/** "6:31 AM" / "6:31 a. m." in the day's zone. */
export const clock = (iso: string, lang: Lang, timeZone = 'America/Los_Angeles') =>
  new Intl.DateTimeFormat(locale(lang), { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso));

/** "6:31:05 AM": when an action was recorded on this device. */
export const clockSeconds = (iso: string, lang: Lang, timeZone = 'America/Los_Angeles') =>
  new Intl.DateTimeFormat(locale(lang), { hour: 'numeric', minute: '2-digit', second: '2-digit', timeZone }).format(new Date(iso));

/** "Monday, January 14, 2019" from a YYYY-MM-DD date. */
export const dayName = (date: string, lang: Lang) =>
  new Intl.DateTimeFormat(locale(lang), { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));

/** "Monday, January 21, 2019 at 4:30 AM" in the given zone. */
export const moment = (iso: string, lang: Lang, timeZone = 'America/Los_Angeles') =>
  new Intl.DateTimeFormat(locale(lang), { dateStyle: 'full', timeStyle: 'short', timeZone }).format(new Date(iso));

/** "$100.00". */
export const cents = (n: number, lang: Lang) => new Intl.NumberFormat(locale(lang), { style: 'currency', currency: 'USD' }).format(n / 100);
