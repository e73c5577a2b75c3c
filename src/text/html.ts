/**
 * Text into HTML, as text: the one escape function for every HTML the server writes (the
 * disclosure page, the PDF's page and footer, chart labels). It escapes the five characters
 * that can end a text node or a quoted attribute (& < > " '), so the result is safe in element
 * content and in an attribute value in double or single quotes; never put it in a script, a
 * style, an unquoted attribute or a URL. `htmlText` also removes the invisible characters that
 * reorder or hide text (./invisible.ts), for titles and names shown to people.
 */
import { withoutInvisible } from './invisible.ts';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

/** Escaped, and without bidi controls or zero-width characters: what a reader sees is what is there. */
export function htmlText(text: string): string {
  return escapeHtml(withoutInvisible(text));
}
