/**
 * Text written by people (titles, names, notes) and read from datasets (school names) is data,
 * never markup. React already writes `{text}` as text; these helpers cover the rest:
 *
 * - `displayText` removes the invisible characters that reorder or hide text (bidi overrides
 *   and isolates, directional marks, zero-width characters), so "‮gnp.exe" cannot pass for
 *   "exe.png" and two titles that look the same are the same. Where a title is shown, it is
 *   also isolated from the text around it (`<bdi>` or `dir="auto"`), so right-to-left text in
 *   it cannot reorder the words beside it.
 * - `textElement` makes a DOM element holding text (`textContent`) for the libraries that take
 *   a string as HTML (Leaflet's tooltips and popups).
 * - `webHref` keeps a link written by a person only when it is http or https (no `javascript:`
 *   or `data:` URL is ever put in an `href`).
 *
 * What people write is stored as written; the server refuses only a title or name that is
 * nothing but these characters (src/text/invisible.ts, the same list), so every place that
 * shows one removes them here.
 */

/**
 * Bidi embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069), the left-to-right,
 * right-to-left and Arabic letter marks (U+200E, U+200F, U+061C), zero-width space, non-joiner
 * and joiner (U+200B–U+200D), word joiner (U+2060) and the byte order mark / zero-width
 * no-break space (U+FEFF). The same list as src/text/invisible.ts.
 */
export const INVISIBLE = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B-\u200D\u2060\uFEFF]/g;

export function displayText(text: string): string {
  return text.replace(INVISIBLE, '');
}

/** An element with the text as its text (never parsed as HTML), isolated from the text around it. */
export function textElement(text: string, tag: 'span' | 'div' = 'span'): HTMLElement {
  const el = document.createElement(tag);
  el.dir = 'auto';
  el.textContent = displayText(text);
  return el;
}

/** The link if it is an http or https address, else undefined (the text is then shown without a link). */
export function webHref(href: string | undefined): string | undefined {
  if (!href) return undefined;
  try {
    const url = new URL(href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A message with its {placeholders} filled, in one pass: a value (a title, a school's name)
 * that itself holds "{date}" stays as written, and loses the invisible characters that
 * reorder or hide text (`displayText` above). A value that ends a sentence with its own
 * period (Spanish times: "5:00 p.m.") takes the place of the period that ends the message's
 * sentence: "a las 5:00 p.m.", not "p.m..".
 */
export function fill(message: string, vars: Record<string, string | number> | undefined): string {
  if (!vars) return message;
  return message.replace(/\{([A-Za-z0-9_]+)\}(\.(?=\s|$))?/g, (whole, k: string, stop: string | undefined) => {
    if (!Object.hasOwn(vars, k)) return whole;
    const value = displayText(String(vars[k]));
    return value + (stop && !value.endsWith('.') ? stop : '');
  });
}
