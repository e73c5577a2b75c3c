/**
 * Numbers as people type them in the editor, read by the page's language (pure: no DOM).
 *
 * Both languages write numbers as the pages show them: English (en-US) and the Spanish of the
 * United States (es-US, the Spanish of Los Angeles and of Mexico) both write 1,500.50 (comma
 * between thousands, point before decimals), so a figure copied from any Spanish page reads back
 * as the same number.
 *
 * The rule: the thousands mark is accepted only between groups of three digits (1,500); anywhere
 * else it is refused, never guessed ("1,50", and a comma after the point), with a message saying
 * how to write it. In Spanish the marks of Spain and much of South America (1.500,50) are refused
 * too where they could be read wrong: "1.500" with exactly three digits after each point is not
 * read as $1.50 when fifteen hundred may be meant. A point alone is a decimal ("2.5"); "$" and "%"
 * around the number are left out.
 */
import type { Lang } from './i18n.ts';

export type NumberReading =
  | { kind: 'empty' }
  | { kind: 'number'; value: number }
  /** The language's thousands mark where it cannot be one: refused, with `message` saying how to write it. */
  | { kind: 'refused'; message: string }
  /** Not a number at all ("two"): kept as typed; the server says what the field takes. */
  | { kind: 'text' };

const MARKS: Record<Lang, { group: string; decimal: string }> = { en: { group: ',', decimal: '.' }, es: { group: ',', decimal: '.' } };
/** Spain's thousands (1.500, 12.345.678, 1.500,50): in Spanish, refused rather than read as decimals. */
const SPAIN_THOUSANDS = /^-?\d{1,3}(?:\.\d{3})+(?:,\d+)?$/;

const esc = (c: string) => (c === '.' ? '\\.' : c);

function refusal(text: string, lang: Lang): string {
  const shown = text.trim();
  return lang === 'es'
    ? `«${shown}» no se lee con seguridad: aquí, como en las cifras de estas páginas, la coma separa los miles (1,500 es mil quinientos) y el punto los decimales (1.50 es uno con cincuenta). Escriba 1,500 o 1500 para mil quinientos, y 1.5 para uno y medio.`
    : `"${shown}" cannot be read safely: in English a comma separates thousands (1,500 is one thousand five hundred) and a point marks decimals (1.50 is one and a half). Write 1,500 or 1500 for one thousand five hundred, and 1.5 for one and a half.`;
}

export function parseNumberInput(text: string, lang: Lang): NumberReading {
  const t = text.trim().replace(/^\$\s*/, '').replace(/\s*(%|\$)$/, '').replace(/^-\s*\$\s*/, '-');
  if (t === '') return { kind: 'empty' };
  const s = t.replace(/[\s\u00a0\u202f_]/g, '');
  if (lang === 'es' && SPAIN_THOUSANDS.test(s)) return { kind: 'refused', message: refusal(text, lang) };
  const { group, decimal } = MARKS[lang];
  const g = esc(group);
  const d = esc(decimal);
  // Plain digits, or digits in groups of three, then optionally the decimal mark and digits.
  const well = new RegExp(`^(-?)(\\d+|\\d{1,3}(?:${g}\\d{3})+)(?:${d}(\\d+))?$`).exec(s);
  if (well) {
    const n = Number(`${well[1]}${well[2].split(group).join('')}${well[3] !== undefined ? `.${well[3]}` : ''}`);
    return Number.isFinite(n) ? { kind: 'number', value: n } : { kind: 'text' };
  }
  // A decimal mark with nothing before it: ",5" in Spanish, ".5" in English.
  const bare = new RegExp(`^(-?)${d}(\\d+)$`).exec(s);
  if (bare) return { kind: 'number', value: Number(`${bare[1]}0.${bare[2]}`) };
  // Digits and the two marks only, but not as the language writes them: refuse rather than guess.
  if (/^-?[\d.,]+$/.test(s) && s.includes(group)) return { kind: 'refused', message: refusal(text, lang) };
  return { kind: 'text' };
}

/** The text a number field shows for a stored value: both languages write 2.5 (es-US, as the pages). */
export function numberInLang(v: number, _lang: Lang): string {
  return String(v);
}
