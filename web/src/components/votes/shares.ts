/**
 * Shares as the vote pages print them. The server sends the figures that decide (turnout, the
 * pass option's share) already rounded to 0.001 as text; the page only writes them as a
 * percentage. A share the server does not send (another option's, a worksite's turnout) is
 * made here by the server's own rule (src/votes/share.ts): a / b rounded half up to 0.001, in
 * whole numbers, so the two never differ in the last digit.
 */
import { thresholdPercentDigits, verdictPercentDigits } from '../../../../src/votes/share.ts';

/** `a / b` rounded half up to 0.001 as decimal text ("0.667"); "0.000" when b is 0. */
export function shareOf(a: number, b: number): string {
  if (b === 0) return '0.000';
  const n = Math.floor((2 * 1000 * a + b) / (2 * b));
  return `${Math.floor(n / 1000)}.${String(n % 1000).padStart(3, '0')}`;
}

/** A share such as "0.980" as a percentage to one decimal place: "98.0%" (Spanish: "98.0%" too, es-US). */
export function percent(share: string, lang: 'en' | 'es'): string {
  const [whole, frac = ''] = share.split('.');
  const thousandths = Number(whole) * 1000 + Number(frac.padEnd(3, '0').slice(0, 3));
  const tenths = Math.round(thousandths / 10 * 10) / 10;
  return `${new Intl.NumberFormat(lang === 'es' ? 'es-US' : 'en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(tenths)}%`;
}

const asPercent = (x: { text: string; digits: number }, lang: 'en' | 'es') =>
  `${new Intl.NumberFormat(lang === 'es' ? 'es-US' : 'en-US', { minimumFractionDigits: x.digits, maximumFractionDigits: x.digits }).format(Number(x.text))}%`;

/** A threshold such as "0.6667" as a percentage at its own precision: "66.67%"; "0.5": "50%" (src/votes/share.ts). */
export const thresholdPercent = (threshold: string, lang: 'en' | 'es'): string => asPercent(thresholdPercentDigits(threshold), lang);

/** The pass option's share beside the verdict, never reading against it (src/votes/share.ts, verdictPercentDigits). */
export const verdictPercent = (a: number, b: number, threshold: string, passed: boolean, lang: 'en' | 'es'): string => asPercent(verdictPercentDigits(a, b, threshold, passed), lang);
