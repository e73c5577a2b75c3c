/**
 * Shares as the vote pages print them. The server sends the figures that decide (turnout, the
 * pass option's share) already rounded to 0.001 as text; the page only writes them as a
 * percentage. A share the server does not send (another option's, a worksite's turnout) is
 * made here by the server's own rule (src/votes/share.ts): a / b rounded half up to 0.001, in
 * whole numbers, so the two never differ in the last digit.
 */

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

/** A threshold such as "0.6667" as a percentage at its own precision: "66.67%"; "0.5": "50%". */
export function thresholdPercent(threshold: string, lang: 'en' | 'es'): string {
  const frac = threshold.split('.')[1] ?? '';
  const digits = Math.max(0, frac.length - 2);
  // The threshold's digits moved two places: exact as text ("0.6667" → 66.67), whatever binary would make of it.
  const padded = frac.padEnd(2, '0');
  const value = Number(`${threshold.split('.')[0]}${padded.slice(0, 2)}.${padded.slice(2) || '0'}`);
  return `${new Intl.NumberFormat(lang === 'es' ? 'es-US' : 'en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value)}%`;
}

/**
 * The pass option's share of the answers beside the verdict, so that it never contradicts it: as
 * many decimals as the threshold has (at least one), rounded toward the verdict (up when it passed,
 * down when it did not). At one decimal, two votes in three (66.666…%) would read "66.7%" beside
 * "needs more than 66.67%" and "did not pass"; here it reads 66.66%. In whole numbers (BigInt).
 */
export function verdictPercent(a: number, b: number, threshold: string, passed: boolean, lang: 'en' | 'es'): string {
  const digits = Math.max(1, (threshold.split('.')[1] ?? '').length - 2);
  if (b === 0) return thresholdPercent('0.0', lang);
  const scale = 10n ** BigInt(digits + 2);
  const num = BigInt(a) * scale;
  const den = BigInt(b);
  const n = passed ? (num + den - 1n) / den : num / den;
  const text = `${n / 10n ** BigInt(digits)}.${(n % 10n ** BigInt(digits)).toString().padStart(digits, '0')}`;
  return `${new Intl.NumberFormat(lang === 'es' ? 'es-US' : 'en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(Number(text))}%`;
}
