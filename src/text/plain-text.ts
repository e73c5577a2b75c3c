/**
 * Text a person wrote must be text: no control characters (other than tab and line breaks)
 * and no unpaired UTF-16 surrogates. PostgreSQL cannot store U+0000 at all, and an unpaired
 * surrogate has no UTF-8 form, so it would come back changed; both are refused, with where.
 */

const ODD = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The first character that is not plain text, with its index, or null. */
export function oddCharacter(text: string): { index: number; name: string } | null {
  const m = ODD.exec(text);
  if (!m) return null;
  const code = m[0].charCodeAt(0);
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return { index: m.index, name: code >= 0xd800 ? `an unpaired surrogate (${hex})` : `the control character ${hex}` };
}

/** Line and column (from 1) of an index in a text. */
export function lineCol(text: string, index: number): { line: number; col: number } {
  const before = text.slice(0, index).split('\n');
  return { line: before.length, col: before[before.length - 1].length + 1 };
}

export const PLAIN_TEXT = 'must be plain text: no control characters (such as U+0000) and no unpaired surrogates';
