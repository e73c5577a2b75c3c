import { htmlText } from '../../text/html.ts';
import type { Block, TableRow } from './blocks.ts';

export type Paper = 'letter' | 'a4';

/** Every text in the document (titles, names, notes from the proposal and the dataset) goes in as text. */
const esc = htmlText;

/** Print and screen styles; one file, no fonts or images fetched. */
function css(paper: Paper): string {
  return `
@page { size: ${paper === 'a4' ? 'A4' : 'Letter'}; margin: 14mm 13mm 16mm 13mm; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { font-family: 'Liberation Sans', 'DejaVu Sans', Arial, Helvetica, sans-serif; font-size: 9.5pt; line-height: 1.35; color: #111; margin: 0; }
@media screen { body { max-width: 190mm; margin: 2em auto; padding: 0 1em; } }
h1 { font-size: 17pt; margin: 0 0 2pt; }
.subtitle { font-size: 10.5pt; color: #333; margin: 0 0 10pt; }
h2 { font-size: 12.5pt; margin: 16pt 0 5pt; padding-bottom: 2pt; border-bottom: 1.2pt solid #1f5a96; color: #123b66; break-after: avoid; page-break-after: avoid; }
h3 { font-size: 10.5pt; margin: 10pt 0 4pt; break-after: avoid; page-break-after: avoid; }
p { margin: 4pt 0; }
p.note { font-size: 8.5pt; color: #333; }
p.callout { font-weight: bold; border-left: 3pt solid #1f5a96; padding: 3pt 6pt; background: #eef3f8; }
table { border-collapse: collapse; width: 100%; margin: 4pt 0 1pt; font-size: 8.5pt; }
table.fixed { table-layout: fixed; }
table.keep { break-inside: avoid; page-break-inside: avoid; }
td { overflow-wrap: anywhere; }
thead { display: table-header-group; }
tr { break-inside: avoid; page-break-inside: avoid; }
th { background: #e4ebf2; font-weight: bold; text-align: left; vertical-align: bottom; }
th, td { border: 0.5pt solid #b8c0c8; padding: 2.5pt 4pt; }
th.num, td.num { text-align: right; font-variant-numeric: tabular-nums; }
td.num { white-space: nowrap; }
tr.group td { font-weight: bold; background: #f4f6f8; }
tr.sub td:first-child { padding-left: 14pt; color: #333; }
tr.total td { font-weight: bold; border-top: 1.2pt solid #333; }
table.facts td:first-child { width: 32%; font-weight: bold; background: #f4f6f8; }
.source { font-size: 7.5pt; color: #555; margin: 1pt 0 8pt; break-before: avoid; page-break-before: avoid; }
.source::before { content: 'Source: '; font-weight: bold; }
ul { margin: 3pt 0; padding-left: 16pt; }
li { margin: 1.5pt 0; }
figure { margin: 8pt 0; break-inside: avoid; page-break-inside: avoid; }
figure svg { display: block; width: 100%; max-width: 172mm; height: auto; margin: 0 auto; }
figcaption { font-size: 7.5pt; color: #555; }
blockquote { margin: 6pt 0; padding: 4pt 10pt; border-left: 3pt solid #999; background: #f6f6f6; font-size: 9pt; }
blockquote cite { display: block; margin-top: 4pt; font-size: 8pt; font-style: normal; color: #444; }
ul.checkboxes { list-style: none; padding-left: 0; }
ul.checkboxes li::before { content: '\\2610'; font-size: 12pt; margin-right: 6pt; }
.page-break { break-before: page; page-break-before: always; height: 0; }
.signature { display: grid; grid-template-columns: 3fr 3fr 1.4fr; column-gap: 10pt; margin-top: 26pt; break-inside: avoid; page-break-inside: avoid; }
.signature div { border-top: 0.8pt solid #000; padding-top: 2pt; font-size: 8pt; color: #333; }
.signature .role { grid-column: 1 / -1; border: 0; font-size: 9.5pt; font-weight: bold; color: #111; padding: 0 0 16pt; }
`;
}

function table(head: string[], rows: TableRow[], numeric: boolean[], widths?: string[], keep?: boolean): string {
  const cls = (i: number) => (numeric[i] ? ' class="num"' : '');
  const cols = widths ? `<colgroup>${widths.map((w) => `<col style="width:${w}">`).join('')}</colgroup>` : '';
  const thead = `<thead><tr>${head.map((h, i) => `<th${cls(i)}>${esc(h)}</th>`).join('')}</tr></thead>`;
  const body = rows.map((r) => `<tr${r.style ? ` class="${r.style}"` : ''}>${r.cells.map((c, i) => `<td${cls(i)}>${esc(c)}</td>`).join('')}</tr>`).join('\n');
  const classes = [widths ? 'fixed' : '', keep ? 'keep' : ''].filter((c) => c !== '').join(' ');
  return `<table${classes ? ` class="${classes}"` : ''}>${cols}${thead}<tbody>\n${body}\n</tbody></table>`;
}

function block(b: Block): string {
  switch (b.kind) {
    case 'title': return `<h1>${esc(b.text)}</h1><p class="subtitle">${esc(b.subtitle)}</p>`;
    case 'heading': return `<h2>${esc(b.text)}</h2>`;
    case 'subheading': return `<h3>${esc(b.text)}</h3>`;
    case 'paragraph': return `<p${b.style ? ` class="${b.style}"` : ''}>${esc(b.text)}</p>`;
    case 'facts': return `<table class="facts"><tbody>${b.rows.map(([k, v]) => `<tr><td>${esc(k)}</td><td>${esc(v)}</td></tr>`).join('')}</tbody></table>${b.source ? `<p class="source">${esc(b.source)}</p>` : ''}`;
    case 'table': return `${table(b.head, b.rows, b.numeric, b.widths, b.keep)}<p class="source">${esc(b.source)}</p>`;
    case 'list': return `<ul>${b.items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>`;
    case 'quote': return `<blockquote>${b.text.map((t) => `<p>${esc(t)}</p>`).join('')}<cite>${esc(b.cite)}</cite></blockquote>`;
    case 'chart': return b.svg ? `<figure>${b.svg}</figure>` : '';
    case 'checkboxes': return `<ul class="checkboxes">${b.items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>`;
    case 'signatures':
      return b.roles.map((r) => `<div class="signature"><div class="role">${esc(r)}</div><div>Name</div><div>Signature</div><div>Date</div></div>`).join('\n');
    case 'pagebreak': return '<div class="page-break"></div>';
  }
}

/** The document's own policy: its inline styles and SVG, data: images, nothing else. */
export const DOCUMENT_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

/** The disclosure as one self-contained HTML page (inline CSS and SVG), ready to print on Letter or A4. */
export function renderHtml(blocks: Block[], opts: { title: string; paper?: Paper }): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    // Opened from a file or printed, the page may run no script and fetch nothing: it needs neither.
    `<meta http-equiv="Content-Security-Policy" content="${DOCUMENT_POLICY}">`,
    `<title>${esc(opts.title)}</title>`,
    `<style>${css(opts.paper ?? 'letter')}</style>`,
    '</head><body>',
    ...blocks.map(block),
    '</body></html>',
    '',
  ].join('\n');
}
