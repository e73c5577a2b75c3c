/**
 * Shares of counts (turnout, an option's share of a question's answers), exact: a share is a
 * ratio of two whole numbers, so it is computed with integers (BigInt) and never drifts as a
 * binary fraction would. One rounding point: a share shown is rounded once, half up, to a
 * thousandth (0.1%), which is what published results print ("98.0% yes"). Whether a question
 * passed is decided on the exact ratio, never on the rounded share.
 */

/** `a / b` rounded half up to three decimals, as text such as "0.980"; 0 when b is 0. */
export function shareText(a: number, b: number): string {
  if (b === 0) return '0.000';
  const n = (2n * 1000n * BigInt(a) + BigInt(b)) / (2n * BigInt(b)); // round half up of a*1000/b
  const whole = n / 1000n;
  const frac = (n % 1000n).toString().padStart(3, '0');
  return `${whole}.${frac}`;
}

/** A share as a percentage with one decimal, such as "98.0%". */
export function percentText(share: string): string {
  const [whole, frac = ''] = share.split('.');
  const thousandths = Number(whole) * 1000 + Number(frac.padEnd(3, '0').slice(0, 3));
  return `${Math.floor(thousandths / 10)}.${thousandths % 10}%`;
}

const DECIMAL = /^0\.[0-9]{1,6}$/;

/** A threshold such as "0.5" or "0.6667": a decimal strictly between 0 and 1, up to 6 places. */
export function isThreshold(text: string): boolean {
  return DECIMAL.test(text) && /[1-9]/.test(text);
}

/** Exactly: is a / b more than the threshold (decimal text)? False when b is 0. */
export function moreThan(a: number, b: number, threshold: string): boolean {
  if (b === 0) return false;
  const frac = threshold.split('.')[1] ?? '';
  const scale = 10n ** BigInt(frac.length);
  return BigInt(a) * scale > BigInt(frac || '0') * BigInt(b);
}

/** A threshold as a percentage number at its own precision, as text: "0.6667" → "66.67" (2 decimals), "0.5" → "50" (0). */
export function thresholdPercentDigits(threshold: string): { text: string; digits: number } {
  const [whole, frac = ''] = threshold.split('.');
  const digits = Math.max(0, frac.length - 2);
  const padded = frac.padEnd(2, '0');
  const int = String(Number(`${whole}${padded.slice(0, 2)}`));
  return { text: digits > 0 ? `${int}.${padded.slice(2)}` : int, digits };
}

/**
 * The pass option's share (a of b answers) as a percentage number beside the verdict, so that it
 * never reads against it: as many decimals as the threshold has (at least one), rounded toward
 * the verdict (up when it passed, down when not). Two votes in three against two thirds set as
 * 0.6667 read "66.7%" at one decimal beside "did not pass, needs more than 66.67%"; here "66.66".
 */
export function verdictPercentDigits(a: number, b: number, threshold: string, passed: boolean): { text: string; digits: number } {
  const digits = Math.max(1, (threshold.split('.')[1] ?? '').length - 2);
  const unit = 10n ** BigInt(digits);
  if (b === 0) return { text: `0.${'0'.repeat(digits)}`, digits };
  const num = BigInt(a) * unit * 100n;
  const den = BigInt(b);
  const n = passed ? (num + den - 1n) / den : num / den;
  return { text: `${n / unit}.${(n % unit).toString().padStart(digits, '0')}`, digits };
}
