/**
 * The proposal editor and the version page in real Chromium, on the LAUSD demo (63,600
 * employees, 1,300 schools): the UTLA bargaining team drafts a raise by form, watches its cost
 * per year follow the percent (checked against POST /api/costings for the same proposal), sees
 * a problem next to its field, exports and imports the YAML, saves, opens a figure's trace,
 * passes the version across the table and publishes it. The time from an edit to the updated
 * figure is measured in the page and printed (never asserted). Screenshots: test-output/screens/editor-*.png.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { parse } from 'yaml';
import { DEMO_PASSWORD } from '../src/server/demo.ts';
import { browserSuite, launchBrowser, newPage, screenshot, signIn, webServer, type WebServer } from './helpers/browser.ts';
import { newProposal, numberText, readNumber, setIn, TERM_KINDS } from '../web/src/proposal-form.ts';
import { parseNumberInput } from '../web/src/number-input.ts';
import { fromYaml, toYaml } from '../web/src/proposal-yaml.ts';

/** The id the editor gives the field at a path (components/editor/Fields.tsx `fieldId`). */
const fieldId = (path: string) => `#ed-${path.replace(/[^A-Za-z0-9_-]/g, '_')}`;
const whole = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 }).format(Math.round(cents / 100));

interface Costing { years: { fy: string; totalCents: number; ongoingCents: number; oneTimeCents: number; lines: { term: string; cents: number; trace: { formula: string } }[] }[] }

/** The figures the cost panel shows: each year's total, in cents (`data-cents`) and as text. */
async function shownYears(page: Page): Promise<{ fy: string; cents: number; text: string }[]> {
  return page.locator('#ed-years tbody tr').evaluateAll((rows) => rows.map((r) => {
    const b = r.querySelector('.ed-year-total') as HTMLElement;
    return { fy: r.getAttribute('data-fy') ?? '', cents: Number(b.dataset.cents), text: b.textContent ?? '' };
  }));
}

/** Waits until the cost panel shows an answer newer than `seq` in the given state. */
async function nextAnswer(page: Page, seq: string | null, state: 'ok' | 'problems') {
  await page.waitForFunction(([s, st]) => {
    const a = document.querySelector('aside.ed-aside');
    return a?.getAttribute('data-seq') !== s && a?.getAttribute('data-state') === st;
  }, [seq, state] as const, { timeout: 20_000 });
}

/**
 * Types a value into a field and measures, in the page, from the input event to the DOM
 * update of the 2023-24 total (a MutationObserver on the cost panel). Returns that time, the
 * editor's own measurement (data-edit-to-cost-ms) and the answer's figures.
 */
async function editAndMeasure(page: Page, selector: string, value: string): Promise<{ observed: number; app: number }> {
  const seq = await page.locator('aside.ed-aside').getAttribute('data-seq');
  await page.evaluate(() => {
    const w = window as unknown as { edT: { start?: number; end?: number } };
    w.edT = {};
    document.addEventListener('input', () => { w.edT.start ??= performance.now(); }, { capture: true, once: true });
    const figure = () => document.querySelector('#ed-years tr[data-fy="2023-24"] .ed-year-total')?.textContent;
    const before = figure();
    const obs = new MutationObserver(() => {
      if (w.edT.end === undefined && figure() !== before) {
        w.edT.end = performance.now();
        obs.disconnect();
      }
    });
    obs.observe(document.querySelector('aside.ed-aside') as Node, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  await page.locator(selector).fill(value);
  await nextAnswer(page, seq, 'ok');
  await page.waitForFunction(() => (window as unknown as { edT: { end?: number } }).edT.end !== undefined);
  const observed = await page.evaluate(() => { const w = window as unknown as { edT: { start: number; end: number } }; return w.edT.end - w.edT.start; });
  const app = Number(await page.locator('aside.ed-aside').getAttribute('data-edit-to-cost-ms'));
  return { observed, app };
}

/** POST /api/costings from inside the page, with the session's cookie and CSRF token, as the editor does. */
async function costInPage(page: Page, yaml: string): Promise<Costing> {
  return page.evaluate(async (text) => {
    const s = await (await fetch('/api/session')).json() as { csrfToken: string };
    const res = await fetch('/api/costings', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': s.csrfToken }, body: JSON.stringify({ yaml: text }) });
    if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
    return res.json();
  }, yaml);
}

async function downloadYaml(page: Page): Promise<string> {
  const [d] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download YAML' }).click()]);
  return readFileSync(await d.path(), 'utf8');
}

async function axeSerious(page: Page): Promise<string[]> {
  const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(r.passes.length).toBeGreaterThan(10); // axe really ran over the page
  return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

describe('the editor\'s proposal ↔ form conversion (web/src/proposal-form.ts)', () => {
  const examples = ['examples/lausd-2019', 'examples/lausd-2023'].flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.yaml')).map((f) => `${d}/${f}`));

  it('round-trips every example proposal: import → export → import gives the same proposal', () => {
    const kinds = new Set<string>();
    expect(examples.length).toBeGreaterThanOrEqual(9);
    for (const file of examples) {
      const text = readFileSync(file, 'utf8');
      const a = fromYaml(text);
      if (!a.ok) throw new Error(`${file}: ${JSON.stringify(a.problems)}`);
      a.draft.terms.forEach((t) => kinds.add(t.kind));
      const exported = toYaml(a.draft);
      const b = fromYaml(exported);
      if (!b.ok) throw new Error(`${file} exported: ${JSON.stringify(b.problems)}`);
      expect(b.draft, file).toEqual(a.draft);
      expect(parse(exported), file).toEqual(parse(text));
      expect(toYaml(b.draft), file).toBe(exported);
    }
    // The examples use every kind the form knows but me-too; that one round-trips here.
    expect(TERM_KINDS.filter((k) => !kinds.has(k))).toEqual(['me-too']);
    const meToo = `id: x\ntitle: X\nparty: union\nunit: SEIU99\ndate: 2023-03-01\nterm: { start: 2023-07-01, end: 2026-06-30 }\nterms:\n  - { id: r, kind: raise, pct: 5, effective: 2023-07-01 }\n  - { kind: me-too, unit: UTLA, terms: [r] }\n`;
    const m = fromYaml(meToo);
    if (!m.ok) throw new Error('me-too');
    expect(parse(toYaml(m.draft))).toEqual(parse(meToo));
  });

  it('reports a file that is not YAML with its line, and one that is not a proposal', () => {
    const bad = fromYaml('title: x\nterms: [\n');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.problems[0].line).toBeGreaterThan(1);
    expect(fromYaml('- just\n- a list\n')).toEqual({ ok: false, problems: [{ message: 'not-mapping' }] });
    expect(fromYaml('terms: 3\n')).toEqual({ ok: false, problems: [{ message: 'terms-not-list' }] });
  });

  it('reads numbers as people type them, and keeps what is not a number as typed', () => {
    expect(readNumber('3')).toBe(3);
    expect(readNumber('2.5')).toBe(2.5);
    expect(readNumber('2.5', 'es')).toBe(2.5);
    expect(readNumber('1,000')).toBe(1000);
    expect(readNumber('$20,000')).toBe(20000);
    expect(readNumber('3%')).toBe(3);
    expect(readNumber('-1')).toBe(-1);
    expect(readNumber('')).toBeUndefined();
    expect(readNumber('two')).toBe('two');
    expect(readNumber('1.2.3')).toBe('1.2.3');
  });

  it('reads money in Spanish as the Spanish pages write it (es-US: 1,500.50), and refuses Spain\'s 1.500 rather than read $1.50', () => {
    // English: comma between thousands, point before cents.
    expect(readNumber('1,500.50', 'en')).toBe(1500.5);
    expect(readNumber('$1,500', 'en')).toBe(1500);
    expect(readNumber('1.500', 'en')).toBe(1.5);
    expect(readNumber('12,345,678', 'en')).toBe(12_345_678);
    // Spanish of the United States (es-US), as every Spanish page shows figures ("22.52 dólares por
    // hora", "400,000 dólares"): the same marks. A figure copied from a page reads back the same.
    const shown = new Intl.NumberFormat('es-US').format(1500.5);
    expect(shown).toBe('1,500.5');
    expect(readNumber(shown, 'es')).toBe(1500.5);
    expect(readNumber('1,500.50', 'es')).toBe(1500.5);
    expect(readNumber('22.52', 'es')).toBe(22.52);
    expect(readNumber('12,345,678', 'es')).toBe(12_345_678);
    expect(readNumber('$ 20,000', 'es')).toBe(20_000);
    expect(readNumber('1500', 'es')).toBe(1500);
    expect(readNumber('-2.5', 'es')).toBe(-2.5);
    expect(readNumber('.5', 'es')).toBe(0.5);
    // Spain's marks (1.500 for fifteen hundred, 2,5 for two and a half), and anything that could
    // be read two ways, are refused: neither $1.50 nor $1,500 is guessed; the text stays as typed
    // and the field says how to write each.
    for (const [text, lang] of [['1.500', 'es'], ['12.345.678', 'es'], ['1.500,50', 'es'], ['2,5', 'es'], ['1,50', 'es'], ['1,50', 'en'], ['1.500,50', 'en'], ['1,5000', 'en']] as const) {
      expect(readNumber(text, lang), `${text} (${lang})`).toBe(text);
      const r = parseNumberInput(text, lang);
      expect(r.kind, `${text} (${lang})`).toBe('refused');
    }
    const es = parseNumberInput('1.500', 'es');
    expect(es.kind === 'refused' && es.message).toContain('1,500 es mil quinientos');
    expect(es.kind === 'refused' && es.message).toContain('1.5 para uno y medio');
    const en = parseNumberInput('1,50', 'en');
    expect(en.kind === 'refused' && en.message).toContain('1,500 is one thousand five hundred');
    expect(parseNumberInput('two', 'es')).toEqual({ kind: 'text' });
    expect(parseNumberInput('  ', 'es')).toEqual({ kind: 'empty' });
    // A stored figure is shown as the pages write it, and reads back as the same number.
    expect(numberText(2.5, 'es')).toBe('2.5');
    expect(numberText(1500.5, 'es')).toBe('1500.5');
    expect(readNumber(numberText(1500.5, 'es'), 'es')).toBe(1500.5);
    expect(numberText(2.5, 'en')).toBe('2.5');
  });

  it('sets and removes fields by path without touching the original', () => {
    const d = { terms: [{ kind: 'raise', pct: 3, roles: ['nurse'] }] };
    const e = setIn(d, ['terms', 0, 'pct'], 2);
    expect(e.terms[0].pct).toBe(2);
    expect(d.terms[0].pct).toBe(3);
    expect(setIn(d, ['terms', 0, 'roles'], undefined).terms[0]).toEqual({ kind: 'raise', pct: 3 });
  });

  it('dates a new proposal in the dataset\'s years when the data are older than today', () => {
    const p = newProposal({ party: 'union', unit: 'UTLA', unitLabel: 'UTLA', today: '2026-11-30', baseFiscalYear: '2018-19' }, (d) => `UTLA ${d}`);
    expect([p.date, p.term, p.terms]).toEqual(['2019-03-01', { start: '2019-07-01', end: '2022-06-30' }, [{ kind: 'raise', pct: 3, effective: '2019-07-01' }]]);
    const q = newProposal({ party: 'district', unit: 'SEIU99', unitLabel: 'SEIU99', today: '2026-03-10', baseFiscalYear: '2025-26' }, (d) => d);
    expect([q.date, q.term, q.party, q.unit]).toEqual(['2026-03-10', { start: '2026-07-01', end: '2029-06-30' }, 'district', 'SEIU99']);
  });
});

browserSuite('the proposal editor and version page in Chromium (LAUSD demo)', () => {
  let web: WebServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let outside: string[];
  let versionId = 0;
  let proposalId = 0;
  let yamlAt2 = '';
  const timings: { observed: number; app: number }[] = [];

  beforeAll(async () => {
    [web, browser] = await Promise.all([webServer(), launchBrowser()]);
    ({ context, page, outside } = await newPage(browser, { base: web.url }));
    await signIn(page, web.url, 'bargaining@utla.demo', DEMO_PASSWORD);
  }, 180_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await web?.close();
  });

  // The editor drafts on the table's newest dataset, the demo's LAUSD 2022-23: the template is
  // dated 2023-03-01 with a contract from 2023-07-01, so its first contract year is 2023-24.
  it('starts a new proposal from the union template (a raise) and shows its cost per year', async () => {
    await page.goto(`${web.url}/workspace/proposals/new`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('New proposal');
    await page.waitForSelector('aside.ed-aside[data-state="ok"]', { timeout: 30_000 });
    await expect(page.locator(fieldId('party')).inputValue()).resolves.toBe('union');
    await expect(page.locator(fieldId('unit')).inputValue()).resolves.toBe('UTLA');
    await expect(page.locator(fieldId('terms[0].kind')).inputValue()).resolves.toBe('raise');
    await expect(page.getByLabel('% raise').inputValue()).resolves.toBe('3');
    const years = await shownYears(page);
    expect(years.length).toBeGreaterThanOrEqual(3);
    expect(years.find((y) => y.fy === '2023-24')?.cents).toBeGreaterThan(0);
    // The roles of the unit come from the dataset (read off the page's thread): UTLA's nurses are there.
    await page.getByRole('checkbox', { name: 'nurse' }).waitFor();
    await screenshot(page, 'editor-new');
  });

  it('follows the percent: 1% then 2%, each figure what the API gives for the same proposal', async () => {
    const t1 = await editAndMeasure(page, fieldId('terms[0].pct'), '1');
    const at1 = await shownYears(page);
    const api1 = await costInPage(page, await downloadYaml(page));
    const t2 = await editAndMeasure(page, fieldId('terms[0].pct'), '2');
    const at2 = await shownYears(page);
    yamlAt2 = await downloadYaml(page);
    expect(parse(yamlAt2).terms[0].pct).toBe(2);
    const api2 = await costInPage(page, yamlAt2);
    timings.push(t1, t2);

    for (const [shown, api] of [[at1, api1], [at2, api2]] as const) {
      expect(shown.map((y) => y.fy)).toEqual(api.years.map((y) => y.fy));
      shown.forEach((y, k) => {
        expect(y.cents).toBe(api.years[k].totalCents);
        expect(y.text).toBe(whole(api.years[k].totalCents));
      });
    }
    // Why 2% costs twice 1%: a single raise of p% adds p/100 × pay to every affected pay group
    // (pay with the term − pay without it), and statutory benefits are that salary × fixed
    // employer rates; the raise is not retroactive (effective on the contract's first day, after
    // the proposal's date), compounds on nothing else and crosses no wage floor. So every line is
    // linear in p, and 2% / 1% = 2 up to rounding to the cent per pay group (886 of them).
    const y1 = at1.find((y) => y.fy === '2023-24')!.cents;
    const y2 = at2.find((y) => y.fy === '2023-24')!.cents;
    expect(y1).toBeGreaterThan(0);
    expect(y2 / y1).toBeCloseTo(2, 5);
    await screenshot(page, 'editor-raise-2pct');
  });

  it('shows a problem next to the field it names, and in the summary that leads to it', async () => {
    const seq = await page.locator('aside.ed-aside').getAttribute('data-seq');
    await page.locator(fieldId('terms[0].pct')).fill('150');
    await nextAnswer(page, seq, 'problems');
    const next = page.locator(`${fieldId('terms[0].pct')}-problems`);
    await expect(next.textContent()).resolves.toContain('must be at most 100, got 150');
    await expect(page.locator(fieldId('terms[0].pct')).getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.locator('aside.ed-aside [role="status"]').first().textContent()).resolves.toContain('Not costed: 1 problem');
    // The form is not blocked: the last good figures stay, marked as not current.
    expect((await shownYears(page)).length).toBeGreaterThan(0);
    await screenshot(page, 'editor-problem');
    await page.locator('.ed-summary button', { hasText: 'Term 1 · pct' }).click();
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('ed-terms_0__pct');
    // A text that is not a number stays as typed and the server says why.
    const seq2 = await page.locator('aside.ed-aside').getAttribute('data-seq');
    await page.locator(fieldId('terms[0].pct')).fill('two');
    await nextAnswer(page, seq2, 'problems');
    await expect(next.textContent()).resolves.toMatch(/number/);
    await expect(page.locator(fieldId('terms[0].pct')).inputValue()).resolves.toBe('two');
    const seq3 = await page.locator('aside.ed-aside').getAttribute('data-seq');
    await page.locator(fieldId('terms[0].pct')).fill('2');
    await nextAnswer(page, seq3, 'ok');
    await expect(page.locator(`${fieldId('terms[0].pct')}-problems`).count()).resolves.toBe(0);
  });

  it('exports the YAML and imports it back to the same proposal (pasted, and as a file)', async () => {
    const exported = await downloadYaml(page);
    expect(exported).toBe(yamlAt2);
    // Change the form, then import the file: the form is the file's proposal again.
    await page.locator(fieldId('terms[0].pct')).fill('4');
    await page.getByLabel('Kind of term to add').selectOption('non-cost');
    await page.getByRole('button', { name: 'Add term' }).click();
    await expect(page.locator('.ed-term').count()).resolves.toBe(2);
    await page.getByLabel('Paste a proposal file').fill(exported);
    await page.getByRole('button', { name: 'Load into the form' }).click();
    await expect.poll(() => page.locator('.ed-term').count()).toBe(1);
    await expect.poll(() => page.locator(fieldId('terms[0].pct')).inputValue()).toBe('2');
    expect(await downloadYaml(page)).toBe(exported);
    // A real example file, with comments, sources and seven term kinds, round-trips too.
    const demands = readFileSync('examples/lausd-2019/utla-demands.yaml', 'utf8');
    await page.locator('.ed-file input[type=file]').setInputFiles({ name: 'utla-demands.yaml', mimeType: 'application/yaml', buffer: Buffer.from(demands) });
    await expect.poll(() => page.locator('.ed-term').count()).toBe(parse(demands).terms.length);
    const again = await downloadYaml(page);
    expect(parse(again)).toEqual(parse(demands));
    // A file that is not YAML: the problem and its line are shown, the form is left as it was.
    await page.getByLabel('Paste a proposal file').fill('title: x\nterms: [\n');
    await page.getByRole('button', { name: 'Load into the form' }).click();
    await page.locator('#ed-yaml-problems').waitFor();
    await expect(page.locator('#ed-yaml-problems').textContent()).resolves.toMatch(/line \d+, column \d+/);
    expect(await downloadYaml(page)).toBe(again);
    // Back to the 2% raise for saving.
    await page.getByLabel('Paste a proposal file').fill(exported);
    await page.getByRole('button', { name: 'Load into the form' }).click();
    await expect.poll(() => page.locator('.ed-term').count()).toBe(1);
    await page.waitForSelector('aside.ed-aside[data-state="ok"]');
    expect(await downloadYaml(page)).toBe(exported);
  });

  it('saves as a new version and opens the version page: cost by term, every figure with its trace', async () => {
    await page.getByRole('button', { name: 'Save as new version' }).click();
    await page.waitForURL(/\/workspace\/versions\/\d+$/);
    versionId = Number(/versions\/(\d+)$/.exec(page.url())![1]);
    const stored = await page.evaluate(async (id) => (await fetch(`/api/proposal-versions/${id}`)).json(), versionId) as { proposalId: number; yaml: string; result: Costing; passed: unknown };
    proposalId = stored.proposalId;
    expect(parse(stored.yaml)).toEqual(parse(yamlAt2));
    await page.waitForSelector('.ed-by-term');
    await expect(page.locator('[data-status]').getAttribute('data-status')).resolves.toBe('draft');
    await expect(page.locator('.ed-v-terms li').first().textContent()).resolves.toContain('A 2% raise');
    // The raise's 2023-24 figure is the sum of its lines in the stored result.
    const fy = stored.result.years.findIndex((y) => y.fy === '2023-24');
    const lines = stored.result.years[fy].lines.filter((l) => l.term === 'raise-1');
    const cell = page.locator('.ed-by-term tbody tr[data-term="raise-1"] td').nth(fy).locator('button');
    await expect(cell.getAttribute('data-cents')).resolves.toBe(String(lines.reduce((s, l) => s + l.cents, 0)));
    await cell.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading').first().textContent()).resolves.toContain('2023-24');
    await expect(dialog.textContent()).resolves.toContain(`the sum of these ${lines.length} lines`);
    for (const l of lines) await expect(dialog.textContent()).resolves.toContain(l.trace.formula);
    await screenshot(page, 'editor-version-trace');
    await page.keyboard.press('Escape');
    await expect(dialog.isVisible()).resolves.toBe(false);
    // A year's total shows the lines it sums.
    await page.locator('.ed-by-term tfoot .ed-foot-total td').nth(fy).locator('button').click();
    await expect(dialog.textContent()).resolves.toContain(`the sum of these ${stored.result.years[fy].lines.length} lines`);
    await dialog.getByRole('button', { name: 'Close' }).click();
    // Links: the disclosure downloads and the comparison needs a previous version (there is none yet).
    await expect(page.getByRole('link', { name: 'Disclosure report (PDF)' }).getAttribute('href')).resolves.toBe(`/api/proposal-versions/${versionId}/disclosure.pdf`);
    await expect(page.getByRole('link', { name: 'Spreadsheet with formulas (XLSX)' }).getAttribute('href')).resolves.toBe(`/api/proposal-versions/${versionId}/disclosure.xlsx`);
    await expect(page.getByRole('link', { name: /Compare with version/ }).count()).resolves.toBe(0);
    // The spreadsheet link leads to the file (the route is the reports' own; checked here only as a link that works).
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByRole('link', { name: 'Spreadsheet with formulas (XLSX)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    expect(readFileSync(await download.path()).subarray(0, 2).toString()).toBe('PK');
  });

  it('opens the proposal again with its latest version in the form; a second version links to the comparison', async () => {
    await page.goto(`${web.url}/workspace/proposals/${proposalId}`);
    await page.waitForSelector('aside.ed-aside[data-state="ok"]', { timeout: 30_000 });
    await expect(page.locator(fieldId('terms[0].pct')).inputValue()).resolves.toBe('2');
    await page.locator(fieldId('terms[0].pct')).fill('2.5');
    await page.getByRole('button', { name: 'Save as new version' }).click();
    await page.waitForURL((u) => /\/workspace\/versions\/\d+$/.test(u.pathname) && !u.pathname.endsWith(`/${versionId}`));
    const second = Number(/versions\/(\d+)$/.exec(page.url())![1]);
    await expect(page.getByRole('link', { name: 'Compare with version 1' }).getAttribute('href')).resolves.toBe(`/workspace/compare?versions=${versionId},${second}`);
    await page.goto(`${web.url}/workspace/versions/${versionId}`);
    await page.waitForSelector('.ed-by-term');
  });

  it('passes the version across the table, publishes it, and shows it read-only', async () => {
    await page.getByRole('button', { name: 'Pass across the table to Los Angeles Unified School District' }).click();
    await page.getByRole('button', { name: 'Yes, pass it' }).click();
    await page.waitForSelector('[data-status="passed"]');
    await expect(page.locator('.ed-readonly').textContent()).resolves.toMatch(/^Passed to Los Angeles Unified School District on .+ by UTLA bargaining team\. It is read-only/);
    await expect(page.getByRole('button', { name: /Pass across the table/ }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('button', { name: 'Yes, publish it' }).click();
    await page.waitForSelector('[data-status="published"]');
    await page.reload();
    await page.waitForSelector('[data-status="published"]');
    await expect(page.locator('[data-status]').getAttribute('data-readonly')).resolves.toBe('true');
    await expect(page.getByRole('button', { name: /Pass across|Publish/ }).count()).resolves.toBe(0);
    await expect(page.getByRole('link', { name: 'Start a new version from this one' }).count()).resolves.toBe(1);
    type Span = { from: string; to: string; cents: number };
    const stored = await page.evaluate(async (id) => (await fetch(`/api/proposal-versions/${id}`)).json(), versionId) as { passed: { to: { name: string } } | null; published: unknown; result: { total: Span; contractTotal: Span; certificationYears: string[]; years: { totalCents: number }[] } };
    expect(stored.passed?.to.name).toBe('Los Angeles Unified School District');
    expect(stored.published).not.toBeNull();
    // The page names the years of each total, and they are the API's figures: the total is the sum of every year shown.
    const { total, contractTotal, certificationYears } = stored.result;
    expect(total.cents).toBe(stored.result.years.reduce((n, y) => n + y.totalCents, 0));
    const usd = (cents: number) => `$${Math.round(cents / 100).toLocaleString('en-US')}`;
    await expect(page.locator('.ed-span-totals [data-total="total"]').innerText()).resolves.toBe(`Total, ${total.from} to ${total.to}\n${usd(total.cents)}`);
    await expect(page.locator('.ed-span-totals [data-total="contract"]').innerText()).resolves.toBe(`Over the contract, ${contractTotal.from} to ${contractTotal.to}\n${usd(contractTotal.cents)}`);
    await expect(page.locator('.ed-cert').innerText()).resolves.toMatch(new RegExp(`^Certification for ${certificationYears[0]} to ${certificationYears[2]}: `));
    await screenshot(page, 'editor-version-published');
  });

  it('shows what was just published on the public page, in Spanish on a phone', async () => {
    // Nobody signed in, a 375-pixel phone, Spanish: the proposal drafted by form above is there,
    // with its terms in the Spanish the public record gives for it.
    const phone = await newPage(browser, { phone: true, base: web.url });
    const record = await (await fetch(`${web.url}/api/public/proposals`)).json() as { proposals: { id: number; title: string; terms: { es: string }[] }[] };
    const mine = record.proposals.find((p) => p.id === versionId);
    expect(mine).toBeDefined();
    await phone.page.goto(`${web.url}/?lang=es`);
    await phone.page.getByText(mine!.terms[0].es).first().waitFor({ timeout: 30_000 });
    // A 2% raise from the contract's start, as saved above.
    expect(mine!.terms[0].es).toMatch(/^Un aumento del 2 % desde el 1 de julio de \d{4}\.$/);
    await expect(phone.page.getByText(mine!.title).count()).resolves.toBeGreaterThan(0);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(phone.page, 'editor-published-public-phone-es');
    expect(phone.outside).toEqual([]);
    await phone.context.close();
  });

  it('shows the district the version it received, read-only, without pass or publish', async () => {
    const other = await newPage(browser, { base: web.url });
    await signIn(other.page, web.url, 'negotiator@lausd.demo', DEMO_PASSWORD);
    await other.page.goto(`${web.url}/workspace/versions/${versionId}`);
    await other.page.waitForSelector('.ed-by-term');
    await expect(other.page.locator('.ed-readonly').textContent()).resolves.toMatch(/^Passed to you by United Teachers Los Angeles on /);
    await expect(other.page.getByRole('button', { name: /Pass across|Publish/ }).count()).resolves.toBe(0);
    await expect(other.page.getByRole('link', { name: /new version|Edit/ }).count()).resolves.toBe(0);
    expect(other.outside).toEqual([]);
    await other.context.close();
  });

  it('is usable from the keyboard: a figure opens its trace with Enter, Escape returns to it', async () => {
    const fig = page.locator('.ed-by-term tfoot .ed-foot-total button').nth(1);
    await fig.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog').isVisible()).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await expect(fig.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    // In the editor, adding a term by keyboard moves focus to it.
    await page.goto(`${web.url}/workspace/proposals/new`);
    await page.waitForSelector('aside.ed-aside[data-state="ok"]', { timeout: 30_000 });
    await page.locator('#ed-add-kind').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('ed-term-1-title');
  });

  it('has no serious or critical accessibility problems (axe, WCAG 2 A and AA), in English and Spanish', async () => {
    for (const lang of ['', '?lang=es']) {
      await page.goto(`${web.url}/workspace/proposals/new${lang}`);
      await page.waitForSelector('aside.ed-aside[data-state="ok"]', { timeout: 30_000 });
      await page.locator('#ed-add-kind').selectOption('class-size');
      await page.locator('#ed-add-kind + button').click();
      await page.locator('#ed-add-kind').selectOption('staffing');
      await page.locator('#ed-add-kind + button').click();
      await page.locator(fieldId('terms[0].pct')).fill('150');
      await page.waitForSelector('aside.ed-aside[data-state="problems"]');
      expect(await axeSerious(page)).toEqual([]);
      if (lang) {
        await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Nueva propuesta');
        await expect(page.getByLabel('% de aumento').count()).resolves.toBe(1);
        await screenshot(page, 'editor-es');
      }
      await page.goto(`${web.url}/workspace/versions/${versionId}${lang}`);
      await page.waitForSelector('.ed-by-term');
      expect(await axeSerious(page)).toEqual([]);
      await page.locator('.ed-by-term tbody button').first().click();
      expect(await axeSerious(page)).toEqual([]);
      await page.keyboard.press('Escape');
    }
  });

  it('fits a phone screen', async () => {
    const phone = await newPage(browser, { base: web.url, phone: true });
    await signIn(phone.page, web.url, 'bargaining@utla.demo', DEMO_PASSWORD);
    await phone.page.goto(`${web.url}/workspace/proposals/new`);
    await phone.page.waitForSelector('aside.ed-aside[data-state="ok"]', { timeout: 30_000 });
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(phone.page, 'editor-phone');
    await phone.page.goto(`${web.url}/workspace/versions/${versionId}`);
    await phone.page.waitForSelector('.ed-by-term');
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await screenshot(phone.page, 'editor-version-phone');
    await phone.context.close();
  });

  it('measures the time from an edit to the updated cost at LAUSD scale (printed, not asserted)', async () => {
    await page.goto(`${web.url}/workspace/proposals/new`);
    await page.waitForSelector('aside.ed-aside[data-state="ok"]', { timeout: 30_000 });
    for (const v of ['1.5', '2.5', '3.5', '4.5', '1.25']) {
      await page.waitForTimeout(200); // a person reads the figure before the next change
      timings.push(await editAndMeasure(page, fieldId('terms[0].pct'), v));
    }
    const obs = timings.map((x) => x.observed).sort((a, b) => a - b);
    const app = timings.map((x) => x.app).sort((a, b) => a - b);
    const med = (xs: number[]) => xs[Math.floor(xs.length / 2)];
    console.log(`[editor] edit → updated cost, LAUSD demo, ${obs.length} edits: median ${med(obs).toFixed(1)} ms, max ${obs.at(-1)!.toFixed(1)} ms (MutationObserver in the page); editor's own measure: median ${med(app).toFixed(1)} ms`);
    expect(obs.every((x) => x > 0)).toBe(true);
    expect(outside).toEqual([]);
  });

  it('says under the cost which step falls after the last year costed, in the engine\'s words (the 2023 UTLA agreement)', async () => {
    // Costed on the 2022-23 data, 2022-23 to 2024-25; its third class-size step starts 2025-07-01 (outsideTerm: true).
    const agreement = readFileSync('examples/lausd-2023/utla-settlement-2023-04-18.yaml', 'utf8');
    await page.goto(`${web.url}/workspace/proposals/new`);
    await page.waitForSelector('aside.ed-aside[data-state="ok"]', { timeout: 30_000 });
    await page.getByLabel('Paste a proposal file').fill(agreement);
    await page.getByRole('button', { name: 'Load into the form' }).click();
    await expect.poll(() => page.locator('.ed-term').count()).toBe(parse(agreement).terms.length);
    await page.waitForSelector('aside.ed-aside[data-state="ok"] [data-not-costed]', { timeout: 60_000 });
    const k = (parse(agreement).terms as { id: string }[]).findIndex((t) => t.id === 'class-size');
    const note = page.locator('aside.ed-aside [data-not-costed]');
    expect(await note.locator('p').textContent()).toBe('Dated after the last year costed (2024-25), so in no year and no total above:');
    expect(await note.locator('li').allTextContents()).toEqual([
      `caps[2] of term "class-size" (class-size) takes effect 2025-07-01, after the last year costed (2024-25): what it sets from then is not costed and is in no year and no total (terms[${k}].caps[2].from)`,
    ]);
    // Saved, its version page says the same under its totals, from the stored result; in Spanish, built from the same facts.
    await page.getByRole('button', { name: 'Save as new version' }).click();
    await page.waitForURL(/\/workspace\/versions\/\d+$/);
    const saved = page.url();
    await page.waitForSelector('.ed-by-term');
    expect(await page.locator('[data-not-costed] li').allTextContents()).toEqual([expect.stringContaining('caps[2] of term "class-size" (class-size) takes effect 2025-07-01')]);
    await page.goto(`${saved}?lang=es`);
    await page.waitForSelector('.ed-by-term');
    expect(await page.locator('[data-not-costed] p').textContent()).toBe('Con fecha posterior al último año calculado (2024-25), así que no está en ningún año ni total de arriba:');
    expect(await page.locator('[data-not-costed] li').allTextContents()).toEqual([`terms[${k}].caps[2].from de la cláusula «class-size» entra en vigor el 2025-07-01, después de 2024-25: sin costo calculado`]);
    expect(outside).toEqual([]);
  });
});
