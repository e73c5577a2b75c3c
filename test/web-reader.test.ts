/**
 * What a reader sees, in real Chromium on the LAUSD demo, at 1280 px and at 375 px: on every
 * page (the public page and its comparison; the workspace home, a version, the comparison of
 * two versions, the dataset, the editor, the people), every column of every table is on the
 * screen or inside a box that scrolls sideways and says so (a visible "Scroll sideways" line
 * that the box's description reads to a screen reader); the page itself never scrolls sideways;
 * and no visible text is a term's internal id (`raise-2017`, `raise-1`): rows are named in plain
 * words. Screenshots of the phone pages: test-output/screens/after-375-*.png.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DEMO_PASSWORD } from '../src/server/demo.ts';
import { TERM_KINDS } from '../web/src/proposal-form.ts';
import { browserSuite, launchBrowser, newPage, screenshot, signIn, webServer, type WebServer } from './helpers/browser.ts';


interface Demo {
  /** The 2019 district offer to UTLA: its proposal and its two versions (the second published). */
  offer: number;
  first: number;
  second: number;
  /** Two published versions of the UTLA table, for the public comparison. */
  publicPair: [number, number];
  /**
   * The term ids of every version the district can read that cannot be ordinary words: with a
   * digit (raise-2017) or two hyphens or more (no-added-work). Two words joined by one hyphen
   * (class-size, dual-language) are left out: plain English writes them too ("class-size caps").
   */
  termIds: string[];
  /** The dataset versions at the table by the year of their data (2018-19, and 2022-23 the newest). */
  datasets: Record<string, number>;
  /** The offer's latest version as the API gives it: its YAML and its cost lines per year. */
  latest: { yaml: string; result: { years: { fy: string; lines: { term: string; cents: number }[] }[] } };
}

/** The demo's ids and term ids, read from the API as the district negotiator (ids are random). */
async function demo(url: string): Promise<Demo> {
  const login = await fetch(`${url}/api/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'negotiator@lausd.demo', password: DEMO_PASSWORD }) });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  const get = async (path: string) => (await fetch(`${url}${path}`, { headers: { cookie } })).json() as Promise<any>;
  const list = await get('/api/proposals');
  const offer = list.proposals.find((p: { title: string }) => p.title === 'LAUSD offer to UTLA 2019');
  const versionIds: number[] = list.received.map((r: { id: number }) => r.id);
  for (const p of list.proposals) versionIds.push(...(await get(`/api/proposals/${p.id}`)).versions.map((v: { id: number }) => v.id));
  const [first, second] = (await get(`/api/proposals/${offer.id}`)).versions.map((v: { id: number }) => v.id);
  const ids = new Set<string>();
  for (const id of versionIds) {
    const yaml = parse((await get(`/api/proposal-versions/${id}`)).yaml) as { terms: { id?: string }[] };
    for (const t of yaml.terms) if (typeof t.id === 'string' && (/\d/.test(t.id) || (t.id.match(/-/g) ?? []).length >= 2)) ids.add(t.id);
  }
  const record = (await (await fetch(`${url}/api/public/proposals`)).json()) as { proposals: { id: number; title: string }[] };
  const byTitle = (title: string) => record.proposals.find((p) => p.title === title)!.id;
  const datasets: Record<string, number> = {};
  for (const ds of (await get('/api/datasets')).datasets) for (const v of ds.versions) datasets[v.summary.baseFiscalYear] = v.id;
  const latest = await get(`/api/proposal-versions/${second}`);
  return { datasets, latest, offer: offer.id, first, second, publicPair: [byTitle('LAUSD offer of January 7, 2019'), byTitle('LAUSD offer of January 11, 2019')], termIds: [...ids] };
}

/**
 * Every header cell of every table on the page that is not fully on the screen, with why: a
 * cell is fine when it lies inside the screen and inside every box that clips it, or when the
 * box that cuts it scrolls sideways (scrollWidth > clientWidth) and shows the cue (TableScroll:
 * `data-overflow="true"`, a visible `.table-scroll-hint` that describes the box). Also: the page
 * must not scroll sideways. Closed <details> (a chart's numbers) are opened first.
 */
async function columnsOffScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    for (const d of document.querySelectorAll('details')) d.open = true;
    const vw = document.documentElement.clientWidth;
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > vw + 1) {
      // Name the outermost elements sticking out, to say what to fix.
      const inScroller = (e: HTMLElement) => { for (let a = e.parentElement; a; a = a.parentElement) if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(a).overflowX)) return true; return false; };
      const out = [...document.body.querySelectorAll<HTMLElement>('*')].filter((e) => e.getBoundingClientRect().right > vw + 1 && !(e.parentElement && e.parentElement.getBoundingClientRect().right > vw + 1) && !inScroller(e));
      const what = out.slice(0, 3).map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} (${Math.round(e.getBoundingClientRect().right)} px)`).join(', ');
      problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px wide on a ${vw} px screen; sticking out: ${what}`);
    }
    const name = (t: HTMLTableElement) => `table.${t.className || '(no class)'} "${(t.caption?.textContent ?? t.querySelector('th')?.textContent ?? '').trim().slice(0, 30)}"`;
    for (const table of document.querySelectorAll('table')) {
      if (table.closest('dialog:not([open])')) continue;
      for (const th of table.querySelectorAll('th')) {
        const r = th.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue; // not laid out (a header row a phone layout hides)
        let cutter: HTMLElement | null = null;
        for (let el = th.parentElement; el && el !== document.documentElement; el = el.parentElement) {
          if (getComputedStyle(el).overflowX === 'visible') continue;
          const b = el.getBoundingClientRect();
          if (r.left < b.left - 0.5 || r.right > b.right + 0.5) {
            cutter = el;
            break;
          }
        }
        const where = `${name(table)}: column "${(th.textContent ?? '').trim().slice(0, 30)}" at ${Math.round(r.left)}–${Math.round(r.right)} px`;
        if (!cutter) {
          if (r.left < -0.5 || r.right > vw + 0.5) problems.push(`${where} is cut off by the ${vw} px screen`);
          continue;
        }
        const scrolls = ['auto', 'scroll'].includes(getComputedStyle(cutter).overflowX) && cutter.scrollWidth > cutter.clientWidth;
        const wrap = cutter.closest('.table-scroll');
        const hint = wrap?.querySelector<HTMLElement>(':scope > .table-scroll-hint');
        const cue = wrap?.getAttribute('data-overflow') === 'true' && hint !== null && hint !== undefined && hint.getBoundingClientRect().width > 0
          && (cutter.getAttribute('aria-describedby') ?? '').split(' ').includes(hint.id);
        const box = cutter.getBoundingClientRect();
        if (!scrolls) problems.push(`${where} is cut off by a box that does not scroll`);
        else if (!cue) problems.push(`${where} is in a box that scrolls sideways but shows no scroll cue`);
        else if (box.left < -0.5 || box.right > vw + 0.5) problems.push(`${where}: its scrolling box (${Math.round(box.left)}–${Math.round(box.right)} px) is itself cut off by the screen`);
      }
    }
    return problems;
  });
}

/** Visible text that is a term's internal id: one of the demo's, or a default one such as `raise-1`. */
async function idsInText(page: Page, termIds: string[]): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  const found = new Set<string>();
  const token = (id: string) => new RegExp(`(?<![\\w-])${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`);
  for (const id of termIds) if (token(id).test(text)) found.add(id);
  for (const m of text.matchAll(new RegExp(`(?<![\\w-])(?:${TERM_KINDS.join('|')})-\\d+(?![\\w-])`, 'g'))) found.add(m[0]);
  return [...found];
}

browserSuite('what a reader sees, at 1280 px and at 375 px', () => {
  let web: WebServer;
  let browser: Browser;
  let d: Demo;
  beforeAll(async () => {
    [web, browser] = await Promise.all([webServer(), launchBrowser()]);
    d = await demo(web.url);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await web?.close();
  });

  /** The pages, each with what shows it has loaded (its data are fetched after the page opens). */
  const pages = () => [
    { name: 'public', path: '/', ready: '.pp-card' },
    { name: 'public-compare', path: `/public/compare?versions=${d.publicPair.join(',')}`, ready: '.pp-pair' },
    { name: 'home', path: '/workspace', ready: `tr[data-version="${d.second}"]` },
    { name: 'version', path: `/workspace/versions/${d.second}`, ready: 'table.ed-by-term tbody tr' },
    { name: 'compare', path: `/workspace/compare?versions=${d.first},${d.second}`, ready: 'table.ws-changes' },
    { name: 'dataset', path: '/workspace/dataset', ready: 'table.ws-staff' },
    { name: 'editor', path: `/workspace/proposals/${d.offer}`, ready: 'aside.ed-aside[data-state="ok"] #ed-years tbody tr' },
    { name: 'people', path: '/workspace/people', ready: 'table.ws-versions tbody tr' },
  ];

  /**
   * What each page shows at a width: its header cells off the screen without a cue, its visible
   * term ids, how many tables it has and how many scroll with the cue. Phone pages are also
   * photographed. Each page is visited once per width and its findings kept for the tests below.
   */
  const seen = new Map<string, { off: string[]; ids: string[]; tables: number; scrolling: number }>();
  async function visit(phone: boolean): Promise<void> {
    const { page, context, outside } = await newPage(browser, { phone, base: web.url });
    await signIn(page, web.url, 'admin@lausd.demo', DEMO_PASSWORD); // the admin also sees the people page
    for (const p of pages()) {
      await page.goto(`${web.url}${p.path}`);
      await page.locator(p.ready).first().waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      const off = await columnsOffScreen(page);
      const ids = await idsInText(page, d.termIds);
      const tables = await page.locator('table').count();
      const scrolling = await page.locator('.table-scroll[data-overflow="true"]').count();
      seen.set(`${p.name}@${phone ? 375 : 1280}`, { off, ids, tables, scrolling });
      // The page itself never scrolls sideways: only a table's own box does.
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      if (pageWidth > (phone ? 375 : 1280)) off.push(`the page is ${pageWidth} px wide`);
      if (phone) await screenshot(page, `after-375-${p.name}`);
    }
    expect(outside).toEqual([]);
    await context.close();
  }

  it('visits every page at 1280 px and at 375 px', async () => {
    expect(d.termIds.length).toBeGreaterThan(5); // the demo's terms have ids such as raise-2017: the checks below have something to find
    await visit(false);
    await visit(true);
    const all = [...seen.values()];
    console.log([...seen].map(([k, v]) => `${k}: ${v.tables} tables, ${v.scrolling} scrolling with the cue`).join('\n'));
    expect(all.reduce((n, v) => n + v.tables, 0)).toBeGreaterThan(30);
    // At 375 px the cost by term over five years is wider than the screen: it must scroll, with the cue.
    expect(seen.get('version@375')?.scrolling).toBeGreaterThan(0);
  }, 400_000);

  /** The findings of some pages at both widths: `{ "dataset@375": [...] }`, only where there is one. */
  const findings = (names: string[], what: 'off' | 'ids') => Object.fromEntries([...seen]
    .filter(([k, v]) => names.includes(k.split('@')[0]) && v[what].length > 0).map(([k, v]) => [k, v[what]]));

  // The editor, the version page and the workspace pages around them.
  const OWN = ['home', 'version', 'dataset', 'editor', 'people'];
  // The public page, its comparison and the workspace comparison.
  const ELSEWHERE = ['public', 'public-compare', 'compare'];

  it('costs the 2019 offer in the editor on the 2018-19 data though newer data exist, says which, and names each year in a term\'s trace', async () => {
    expect(Object.keys(d.datasets).sort()).toEqual(['2018-19', '2022-23']);
    const { page, context } = await newPage(browser, { base: web.url });
    await signIn(page, web.url, 'negotiator@lausd.demo', DEMO_PASSWORD);
    await page.goto(`${web.url}/workspace/proposals/${d.offer}`);
    await page.locator('aside.ed-aside[data-state="ok"] #ed-years tbody tr').first().waitFor({ timeout: 30_000 });
    // Dated January 11, 2019 (fiscal year 2018-19): the 2018-19 data, not the newest (2022-23).
    const hint = page.locator('#ed-dataset-hint');
    await expect(hint.textContent()).resolves.toMatch(/^Costed on LAUSD 2018-19 .*\(data of 2018-19\)\. The proposal is dated in 2018-19, the year of these data\.$/);
    await expect(page.locator('aside [data-dataset-version]').getAttribute('data-dataset-version')).resolves.toBe(String(d.datasets['2018-19']));

    // The first term (a 3% raise from 2017-07-01): its figure over every year opens a trace
    // that names each year with its own sum, as the API's lines of that term give them.
    const first = parse(d.latest.yaml).terms[0].id as string;
    const expected = d.latest.result.years.map((y) => {
      const cents = y.lines.filter((l) => l.term === first).reduce((a, l) => a + l.cents, 0);
      return `${y.fy}: ${new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(Math.round(cents / 100))}`;
    });
    expect(expected.length).toBeGreaterThan(2);
    await page.locator('.ed-term').first().locator('.ed-term-cost button.ed-figure').click();
    const years = page.locator('dialog.ed-trace .ed-trace-years > li > details > summary');
    await years.first().waitFor();
    expect((await years.allTextContents()).map((x) => x.replace(/\s+/g, ' ').trim())).toEqual(expected);
    await page.keyboard.press('Escape');

    // Dated in 2023 instead, it is costed on the 2022-23 data, and the panel says so.
    await page.locator('#ed-date').fill('2023-03-01');
    await page.waitForFunction((id) => document.querySelector('aside [data-dataset-version]')?.getAttribute('data-dataset-version') === id, String(d.datasets['2022-23']));
    await expect(hint.textContent()).resolves.toContain('(data of 2022-23). The proposal is dated in 2022-23');
    await context.close();
  }, 120_000);

  it('shows every column of every table on the editor, version and workspace pages, on the screen or in a box that scrolls and says so', () => {
    expect(seen.size).toBe(2 * pages().length);
    expect(findings(OWN, 'off')).toEqual({});
  });

  it('names rows on the editor, version and workspace pages in plain words, never by term id', () => {
    expect(findings(OWN, 'ids')).toEqual({});
  });

  it('shows every column and no term id on the public page, its comparison and the workspace comparison', () => {
    expect(seen.size).toBe(2 * pages().length);
    expect({ off: findings(ELSEWHERE, 'off'), ids: findings(ELSEWHERE, 'ids') }).toEqual({ off: {}, ids: {} });
  });
});
