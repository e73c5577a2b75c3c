/**
 * Text into HTML as text, and the invisible characters that reorder or hide it: the escape
 * every server-written HTML shares, and the rule that a title of invisible characters only
 * is empty (src/server/costing/work.ts refuses such a proposal title).
 */
import { expect, it } from 'vitest';
import { draftYaml } from '../server/costing/work.ts';
import { tiny } from '../../test/helpers/tiny.ts';
import { escapeHtml, htmlText } from './html.ts';
import { INVISIBLE as SHOWN_WITHOUT } from '../../web/src/text.ts';
import { INVISIBLE, looksEmpty, withoutInvisible } from './invisible.ts';

it('escapes the five characters that end a text node or a quoted attribute, and nothing else', () => {
  expect(escapeHtml(`<img src=x onerror="a('b')"> & café`)).toBe('&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt; &amp; café');
  // Escaping twice escapes the first pass's & again: the function is for raw text only.
  expect(escapeHtml('&lt;')).toBe('&amp;lt;');
});

it('removes every bidi control and zero-width character, and only those', () => {
  const invisible = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C', '\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF'];
  expect(withoutInvisible(`a${invisible.join('')}b`)).toBe('ab');
  // Right-to-left letters themselves stay: only the controls go.
  expect(withoutInvisible('\u202Eاتفاق مبدئي\u202C')).toBe('اتفاق مبدئي');
  expect(htmlText('\u202Egnp.exe <b>')).toBe('gnp.exe &lt;b&gt;');
  // The web app removes the same characters (web/src/text.ts keeps its own copy of the list).
  expect(SHOWN_WITHOUT.source).toBe(INVISIBLE.source);
});

it('calls a text of invisible characters and spaces empty, and one with a visible character not', () => {
  expect(looksEmpty('\u200B\u200B \u202E\uFEFF')).toBe(true);
  expect(looksEmpty('')).toBe(true);
  expect(looksEmpty('\u200Bx')).toBe(false);
});

it('refuses a proposal titled with zero-width characters only, saying where, and accepts the same title with a word in it', () => {
  const yaml = (title: string) => `id: t\ntitle: "${title}"\nparty: union\nunit: T\ndate: 2019-03-01\nterm: { start: 2019-07-01, end: 2021-06-30 }\nterms:\n  - { kind: raise, pct: 1, effective: 2019-07-01 }\n`;
  const refused = draftYaml(tiny(), yaml('\\u200B\\u200D\\u202E'));
  expect(refused.ok).toBe(false);
  if (refused.ok) return;
  expect(refused.problems).toEqual([expect.objectContaining({ code: 'proposal.title-empty', where: expect.objectContaining({ line: 2, field: 'title' }) })]);
  expect(draftYaml(tiny(), yaml('\\u200BOffer')).ok).toBe(true);
});

it('writes spreadsheet text without direction overrides or zero-width characters, as the PDF and the pages show it', async () => {
  const { default: ExcelJS } = await import('exceljs');
  const { Sheet } = await import('../reports/xlsx/sheet.ts');
  const wb = new ExcelJS.Workbook();
  const sheet = new Sheet(wb, 'Summary');
  // "‮gnp.exe" reads as "exe.png" where the override is kept.
  sheet.set(1, 1, '\u202Egnp.exe');
  sheet.header(2, ['Term\u200B title']);
  sheet.set(3, 1, 42);
  expect([sheet.cell(1, 1).value, sheet.cell(2, 1).value, sheet.cell(3, 1).value]).toEqual(['gnp.exe', 'Term title', 42]);
});
