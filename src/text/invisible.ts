/**
 * Characters that change how text is ordered or hide what it says, without being seen: bidi
 * embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069), the left-to-right,
 * right-to-left and Arabic letter marks (U+200E, U+200F, U+061C), zero-width space,
 * non-joiner and joiner (U+200B–U+200D), word joiner (U+2060) and the zero-width no-break
 * space / byte order mark (U+FEFF). A title written as "‮4% raise" reads backwards; one of
 * zero-width spaces only looks empty; two titles differing only in them look the same.
 *
 * What people write is stored as they wrote it (the proposal's YAML is its record), but a
 * title or name that is nothing but these characters and spaces is refused as empty, and
 * every place that shows a title or name removes them (`withoutInvisible` here for the
 * server's HTML and PDF, web/src/text.ts `displayText` for the web app, the same list).
 */
export const INVISIBLE = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B-\u200D\u2060\uFEFF]/g;

/** The text without the invisible characters above. */
export function withoutInvisible(text: string): string {
  return text.replace(INVISIBLE, '');
}

/** True when nothing visible is left once the invisible characters and white space are removed. */
export function looksEmpty(text: string): boolean {
  return withoutInvisible(text).trim() === '';
}

export const LOOKS_EMPTY = 'must have visible text: it is empty once zero-width and direction-control characters (such as U+200B or U+202E) are removed';
