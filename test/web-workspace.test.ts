/**
 * The workspace pages in Chromium on the LAUSD demo, signed in as the district negotiator:
 * the home page lists the district's proposals with every version and the versions received
 * from UTLA and SEIU Local 99; the dataset at a glance draws all 1,300 schools on the map with
 * no request leaving the server (no tiles are configured); the two 2019 district offers side
 * by side show what changed and what the change costs; the disclosure PDF downloads from the
 * home page. axe (WCAG 2 A and AA) finds nothing serious or critical on any of these pages.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/server/demo.ts';
import { startServer } from '../src/server/serve.ts';
import { browserSuite, launchBrowser, newPage, screenshot, signIn, webRoot, webServer, type WebServer } from './helpers/browser.ts';

/** Serious and critical axe findings on the page, as `rule: nodes` lines (empty when there are none). */
async function axeProblems(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

/** A change as the compare table writes it in English, to the dollar so its rows add up: "+$1,292,028". */
function dollarsChange(cents: number): string {
  const d = Math.round(Math.abs(cents) / 100);
  return `${cents > 0 ? '+' : '−'}$${d.toLocaleString('en-US')}`;
}

/** The demo's ids, read from the API (they are random): the 2019 district offer's two versions, and the dataset version. */
async function demoIds(url: string): Promise<{ first: number; second: number; dataset: number; seiuOffer: number }> {
  const login = await fetch(`${url}/api/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'negotiator@lausd.demo', password: DEMO_PASSWORD }) });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  const get = async (path: string) => (await fetch(`${url}${path}`, { headers: { cookie } })).json() as Promise<any>;
  const offer = (await get('/api/proposals')).proposals.find((p: { title: string }) => p.title === 'LAUSD offer to UTLA 2019');
  const [first, second] = (await get(`/api/proposals/${offer.id}`)).versions.map((v: { id: number }) => v.id);
  const dataset = (await get('/api/datasets')).datasets[0].versions[0].id;
  const seiu = (await get('/api/proposals')).proposals.find((p: { title: string }) => p.title === 'LAUSD offer to SEIU 99 2023');
  const seiuOffer = (await get(`/api/proposals/${seiu.id}`)).versions[0].id;
  return { first, second, dataset, seiuOffer };
}

browserSuite('the workspace pages in Chromium', () => {
  let web: WebServer;
  let browser: Browser;
  const ids = { first: 0, second: 0, dataset: 0, seiuOffer: 0 };
  beforeAll(async () => {
    [web, browser] = await Promise.all([webServer(), launchBrowser()]);
    Object.assign(ids, await demoIds(web.url));
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await web?.close();
  });

  it('shows the district its proposals with every version, and what UTLA and SEIU 99 passed to it', async () => {
    const { page, context, outside } = await newPage(browser, { base: web.url });
    await signIn(page, web.url, 'negotiator@lausd.demo', DEMO_PASSWORD);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Los Angeles Unified School District');
    await page.locator(`tr[data-version="${ids.second}"]`).waitFor();
    // The demo: the district drafted five proposals, the 2019 offer in two versions.
    const mine = page.locator('section[aria-labelledby="ws-mine"] article h3');
    await expect(mine.allTextContents()).resolves.toEqual([
      'UTLA tentative agreement 2023', 'SEIU 99 tentative agreement 2023', 'LAUSD offer to SEIU 99 2023', 'UTLA tentative agreement 2019', 'LAUSD offer to UTLA 2019',
    ]);
    const offer = page.locator('article', { has: page.getByRole('heading', { name: 'LAUSD offer to UTLA 2019' }) });
    await expect(offer.locator('tbody tr').count()).resolves.toBe(2);
    await expect(offer.locator(`tr[data-version="${ids.second}"]`).textContent()).resolves.toContain('Published');
    // Received: the fact-finder's report and UTLA's demands from UTLA, SEIU 99's demands from SEIU 99.
    const received = page.locator('table.ws-received tbody tr');
    await expect(received.count()).resolves.toBe(3);
    const text = (await received.allTextContents()).join('\n');
    expect(text).toContain('United Teachers Los Angeles');
    expect(text).toContain('SEIU Local 99');
    await expect(page.getByRole('link', { name: 'New proposal' }).getAttribute('href')).resolves.toBe('/workspace/proposals/new');
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, 'workspace-home');
    expect(outside).toEqual([]);
    await context.close();
  });

  it('draws all 1,300 schools on the map with no tiles and no request leaving the server, with the figures beside it', async () => {
    const { page, context, outside } = await newPage(browser, { base: web.url });
    await signIn(page, web.url, 'negotiator@lausd.demo', DEMO_PASSWORD);
    await page.getByRole('link', { name: 'See the dataset at a glance' }).click();
    // The home page links the newest dataset: LAUSD 2022-23, uploaded after the 2018-19 one.
    await page.waitForURL(new RegExp(`/workspace/dataset\\?version=${ids.dataset}$`));
    const map = page.locator('.ws-map[data-points]');
    await map.waitFor({ timeout: 30_000 });
    await expect(map.getAttribute('data-points')).resolves.toBe('1300');
    // The points are drawn on a canvas (Leaflet draws on the next animation frame): wait until more
    // than 5,000 of its pixels are painted (1,300 dots of 3 to 10 pixels' radius).
    const painted = await page.waitForFunction(() => {
      let n = 0;
      for (const canvas of document.querySelectorAll<HTMLCanvasElement>('.ws-map canvas')) {
        const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
        for (let i = 3; i < data.length; i += 4) if (data[i] > 0) n++;
      }
      return n > 5000 ? n : false;
    }, undefined, { timeout: 10_000 });
    expect(await painted.jsonValue()).toBeGreaterThan(5000);
    // The same figures as the API, from the generated LAUSD 2022-23 dataset: 1,300 schools, 420,000
    // students, 59,328 employees (UTLA 27,528 + SEIU 99 30,000 + others 1,800).
    const cards = await page.locator('.ws-cards li').allTextContents();
    expect(cards.slice(0, 3)).toEqual(['1,300 schools', '420,000 students', '59,328 employees']);
    await expect(page.getByRole('heading', { name: 'Staff by unit and role' }).isVisible()).resolves.toBe(true);
    await page.locator('figure.chart svg').first().waitFor();
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, 'workspace-dataset');
    expect(outside).toEqual([]);
    await context.close();
  });

  it('compares the two 2019 district offers and shows what the nurse change costs', async () => {
    const { page, context, outside } = await newPage(browser, { base: web.url });
    await signIn(page, web.url, 'negotiator@lausd.demo', DEMO_PASSWORD);
    const offer = page.locator('article', { has: page.getByRole('heading', { name: 'LAUSD offer to UTLA 2019' }) });
    await offer.locator(`tr[data-version="${ids.second}"] input[type="checkbox"]`).check();
    await offer.locator(`tr[data-version="${ids.first}"] input[type="checkbox"]`).check();
    await page.getByRole('button', { name: 'Compare the selected versions' }).click();
    // Ordered by when they were drafted: January 7, then January 11.
    await page.waitForURL(new RegExp(`/workspace/compare\\?versions=${ids.first},${ids.second}$`));
    const pair = page.locator(`article[data-pair="${ids.first}-${ids.second}"]`);
    await pair.waitFor();
    const api = await (await context.request.get(`${web.url}/api/compare?versions=${ids.first},${ids.second}`)).json();
    const nurses = api.changes[0].changes.find((c: { term: string }) => c.term === 'nurses');
    // 0.4 → 1 FTE nurse per elementary school: the API's total over the years, as the page writes it.
    expect(nurses.totalCents).toBeGreaterThan(0);
    // The row is named by the term's title as written, never by its id.
    expect(nurses.title).not.toBe('nurses');
    const row = pair.locator('tbody tr', { has: page.locator('th', { hasText: nurses.title }) });
    await expect(row.locator('td.ws-effect').textContent()).resolves.toBe(dollarsChange(nurses.totalCents));
    await expect(row.textContent()).resolves.toContain('1 FTE per school');
    // Both offers over the same years, named in the heading, each total over exactly them; the check line under
    // what changed adds up over the same years, named.
    expect(api.span).toEqual({ from: '2018-19', to: '2022-23' });
    await expect(page.locator('#ws-cost').textContent()).resolves.toBe('Added cost, 2018-19 to 2022-23');
    const totals = page.locator('table.ws-table tfoot tr', { hasText: 'Total, 2018-19 to 2022-23' }).locator('td');
    for (const [i, v] of api.versions.entries()) {
      expect(v.total).toEqual({ from: '2018-19', to: '2022-23', cents: v.years.reduce((n: number, y: { totalCents: number }) => n + y.totalCents, 0) });
      await expect(totals.nth(i).getAttribute('data-cents')).resolves.toBe(String(v.total.cents));
    }
    // Its figures are written to the dollar and add up as written ("$1,117,528,838 … +$119,671,681 … $1,237,200,519").
    const check = (await pair.locator('.ws-check').textContent()) ?? '';
    expect(check).toMatch(/^Check, 2018-19 to 2022-23: /);
    const [from, change, to] = [...check.matchAll(/([+−]?)\$([\d,]+)/g)].map((m) => (m[1] === '−' ? -1 : 1) * Number(m[2].replaceAll(',', '')));
    expect(from + change).toBe(to);
    expect(to).toBe(Math.round(api.versions[1].total.cents / 100));
    expect(api.changes[0].fromCents.map((y: { cents: number }) => y.cents)).toEqual(api.versions[0].years.map((y: { totalCents: number }) => y.totalCents));
    // The terms table has the current contract beside each offer: grades 4-6 are capped at 36 now.
    await expect(page.locator('table.ws-provisions tr', { hasText: 'Class size, grades 4-6' }).textContent()).resolves.toContain('maximum 36');
    await page.locator('figure.chart svg').first().waitFor();
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, 'workspace-compare');
    expect(outside).toEqual([]);
    await context.close();
  });

  it('downloads the disclosure PDF from the home page', async () => {
    const { page, context } = await newPage(browser, { base: web.url });
    await signIn(page, web.url, 'negotiator@lausd.demo', DEMO_PASSWORD);
    const row = page.locator(`tr[data-version="${ids.second}"]`);
    await row.waitFor();
    const link = row.getByRole('link', { name: /as a PDF$/ });
    const downloaded = page.waitForEvent('download', { timeout: 60_000 });
    await link.click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe('lausd-offer-of-january-11-2019-v2-disclosure.pdf');
    expect(download.url()).toBe(`${web.url}/api/proposal-versions/${ids.second}/disclosure.pdf`);
    expect(readFileSync(await download.path()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // A download raises no response event in the page: ask for the link's address again, with the page's session.
    const response = await context.request.get(new URL((await link.getAttribute('href'))!, web.url).toString());
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(response.headers()['content-disposition']).toBe('attachment; filename="lausd-offer-of-january-11-2019-v2-disclosure.pdf"');
    await context.close();
  });

  it('speaks Spanish on every workspace page, and fits a phone', async () => {
    const { page, context, outside } = await newPage(browser, { base: web.url, phone: true });
    await signIn(page, web.url, 'negotiator@lausd.demo', DEMO_PASSWORD);
    await page.goto(`${web.url}/workspace?lang=es`);
    await page.locator(`tr[data-version="${ids.second}"]`).first().waitFor();
    await expect(page.getByRole('heading', { name: 'Sus propuestas' }).isVisible()).resolves.toBe(true);
    await screenshot(page, 'workspace-home-phone-es');
    await page.goto(`${web.url}/workspace/dataset?lang=es`);
    await page.locator('.ws-map[data-points]').waitFor({ timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Los datos de un vistazo');
    await page.goto(`${web.url}/workspace/compare?versions=${ids.first},${ids.second}&lang=es`);
    await page.locator(`article[data-pair="${ids.first}-${ids.second}"]`).waitFor();
    await expect(page.getByRole('heading', { name: 'Qué cambió' }).isVisible()).resolves.toBe(true);
    await screenshot(page, 'workspace-compare-phone-es');
    // Nothing wider than the screen but the tables, which scroll in their own box.
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(wide).toBeLessThanOrEqual(375);
    expect(outside).toEqual([]);
    await context.close();
  });
  it('draws each version\'s own required reserve when versions on different data require different minimums', async () => {
    const { page, context } = await newPage(browser, { base: web.url });
    await signIn(page, web.url, 'negotiator@lausd.demo', DEMO_PASSWORD);
    const api = await (await context.request.get(`${web.url}/api/compare?versions=${ids.first},${ids.seiuOffer}`)).json();
    const minimums = api.versions.map((v: { reserve: { requiredReservePct: number }[] }) => v.reserve[0].requiredReservePct);
    // The 2018-19 data's minimum and the 2022-23 data's differ (1% and 2% in the demo): the page names both, each with its version.
    expect(new Set(minimums).size).toBe(2);
    await page.goto(`${web.url}/workspace/compare?versions=${ids.first},${ids.seiuOffer}`);
    const note = page.locator('#ws-reserve ~ p').first();
    await note.waitFor();
    const text = (await note.textContent()) ?? '';
    expect(text).toContain('different required minimums');
    for (const pct of minimums) expect(text).toContain(`${pct.toFixed(2)}%`);
    await context.close();
  });

  it('names a term without cost once on the version page, apart from its name, in English and Spanish', async () => {
    const { page, context } = await newPage(browser, { base: web.url, phone: true });
    await signIn(page, web.url, 'negotiator@lausd.demo', DEMO_PASSWORD);
    const times = (text: string, words: string) => text.split(words).length - 1;
    // The January 11 offer has two terms without cost: the one-year funding and the charter working group.
    for (const [lang, kind, also] of [['en', 'Term without cost', 'not costed'], ['es', 'Cláusula sin costo', 'sin costo']] as const) {
      await page.goto(`${web.url}/workspace/versions/${ids.second}${lang === 'es' ? '?lang=es' : ''}`);
      const titles = page.locator('.ed-v-terms li:is([data-term="one-year-funding"], [data-term="charter-working-group"]) .ed-v-term-title');
      await titles.first().waitFor();
      const texts = await titles.allInnerTexts();
      expect(texts).toHaveLength(2);
      for (const text of texts) {
        // "<name> Term without cost": the kind once, after a space; no second tag saying the same.
        expect(text, text).toMatch(new RegExp(`\\S ${kind}$`));
        expect(times(text, kind), text).toBe(1);
        expect(times(text, also), text).toBe(times(kind, also));
      }
      await expect(titles.first().locator('.ed-tag').count()).resolves.toBe(1);
    }
    await context.close();
  });

  it('shows UTLA its own proposals and only what the district passed to it', async () => {
    const { page, context, outside } = await newPage(browser, { base: web.url });
    await signIn(page, web.url, 'bargaining@utla.demo', DEMO_PASSWORD);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('United Teachers Los Angeles');
    const received = page.locator('table.ws-received tbody tr');
    await received.first().waitFor();
    // The district passed UTLA its two 2019 offers and the 2019 and 2023 tentative agreements; SEIU 99's are not UTLA's.
    await expect(received.count()).resolves.toBe(4);
    const text = (await received.allTextContents()).join('\n');
    expect(text).not.toContain('SEIU');
    await expect(page.locator('section[aria-labelledby="ws-mine"] article h3').allTextContents()).resolves.toEqual(['UTLA proposal 2019', 'Fact-finding report 2018']);
    expect(outside).toEqual([]);
    await context.close();
  });

  it('shows UTLA its table round by round by the proposals\' dates, each version compared only within its round', async () => {
    const { page, context } = await newPage(browser, { base: web.url });
    await signIn(page, web.url, 'bargaining@utla.demo', DEMO_PASSWORD);
    const answer = await page.evaluate(async () => (await fetch('/api/proposals')).json()) as {
      tables: { id: string; rounds: { agreement: number | null; versions: { id: number; before: number | null }[] }[]; versions: { id: number; title: string; date: string }[] }[];
    };
    expect(answer.tables).toHaveLength(1);
    const [table] = answer.tables;
    const title = (id: number) => table.versions.find((v) => v.id === id)!.title;
    const section = page.locator(`article[data-table="${table.id}"]`);
    await section.waitFor();
    // Newest round by date first: the 2023 agreement's, on its own; the 2019 round holds the
    // fact-finder's report, the offers and the demands, closed by the 2019 agreement.
    expect(table.rounds.map((r) => (r.agreement === null ? null : title(r.agreement)))).toEqual(['UTLA tentative agreement of April 18, 2023', 'Tentative agreement of January 22, 2019']);
    await expect(section.locator('h4').allTextContents()).resolves.toEqual([expect.stringContaining('2023'), expect.stringContaining('2019')]);
    await expect(section.locator('.ws-table-status').textContent()).resolves.toContain('2023');
    const agreement2023 = table.rounds[0].agreement!;
    expect(table.rounds[0].versions).toEqual([{ id: agreement2023, before: null }]);
    await expect(section.locator(`li[data-version="${agreement2023}"]`).textContent()).resolves.toContain('First of its round');
    // Every "compare with the one before" opens two versions of one round, as the answer says.
    for (const [i, round] of table.rounds.entries()) {
      const items = section.locator('.ws-round').nth(i).locator('li');
      await expect(items.evaluateAll((lis) => lis.map((li) => Number(li.getAttribute('data-version'))))).resolves.toEqual(round.versions.map((v) => v.id));
      const dates = round.versions.map((v) => table.versions.find((x) => x.id === v.id)!.date);
      expect(dates).toEqual([...dates].sort());
      for (const v of round.versions.filter((x) => x.before !== null)) {
        expect(round.versions.map((x) => x.id)).toContain(v.before);
        await expect(section.locator(`li[data-version="${v.id}"]`).getByRole('link', { name: 'Compare with the one before' }).getAttribute('href')).resolves.toBe(`/workspace/compare?versions=${v.before},${v.id}`);
      }
    }
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, 'workspace-rounds');
    await context.close();
  });

  it('draws the configured map tiles under the schools, with the attribution', async () => {
    // A second server on the same database, with a tile server set (its tiles are answered here, empty).
    const tiled = await startServer({
      database: { file: join(web.dir ?? '', 'settle.sqlite') }, port: 0, host: '127.0.0.1', webRoot: webRoot(), log: () => undefined,
      tiles: { url: 'http://127.0.0.1:9/tiles/{z}/{x}/{y}.png', attribution: '© Test tiles contributors' },
    });
    try {
      const { page, context, outside } = await newPage(browser, { base: tiled.url });
      const tiles: string[] = [];
      await page.route('http://127.0.0.1:9/tiles/**', (route) => {
        tiles.push(route.request().url());
        return route.fulfill({ status: 204 });
      });
      await signIn(page, tiled.url, 'budget@lausd.demo', DEMO_PASSWORD);
      await page.goto(`${tiled.url}/workspace/dataset`);
      await expect(page.locator('.ws-map[data-points]').getAttribute('data-points', { timeout: 30_000 })).resolves.toBe('1300');
      await expect(page.locator('.leaflet-control-attribution').textContent()).resolves.toContain('© Test tiles contributors');
      expect(tiles.length).toBeGreaterThan(0);
      expect(tiles.every((u) => /\/tiles\/\d+\/\d+\/\d+\.png$/.test(u))).toBe(true);
      expect(await axeProblems(page)).toEqual([]);
      expect(outside).toEqual([]);
      await context.close();
    } finally {
      await tiled.close();
    }
  });

  // Last: it adds a version to the demo's table, which the tests above count.
  it('lets UTLA countersign a tentative agreement the district passed to it, after a confirmation, in Spanish too', async () => {
    // The district drafts a new tentative agreement for UTLA and passes it (through the API, as its
    // negotiator), dated 2023 like the table's newest dataset (LAUSD 2022-23) it is costed on.
    const api = async (cookie: string, csrf: string, method: string, path: string, body?: unknown) => {
      const res = await fetch(`${web.url}${path}`, { method, headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as Record<string, any> };
    };
    const login = await fetch(`${web.url}/api/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'negotiator@lausd.demo', password: DEMO_PASSWORD }) });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    const { csrfToken } = (await login.json()) as { csrfToken: string };
    const yaml = readFileSync(join(process.cwd(), 'examples/lausd-2023/utla-settlement-2023-04-18.yaml'), 'utf8').replace(/^title: .*$/m, 'title: Tentative agreement to countersign');
    const drafted = await api(cookie, csrfToken, 'POST', '/api/proposals', { title: 'TA to countersign', yaml });
    expect(drafted.status).toBe(201);
    expect((await api(cookie, csrfToken, 'POST', `/api/proposal-versions/${drafted.body.id}/pass`)).status).toBe(201);
    expect((await api(cookie, csrfToken, 'POST', `/api/proposal-versions/${drafted.body.id}/publish`)).status).toBe(201);
    const shown = async () => ((await (await fetch(`${web.url}/api/public/proposals`)).json()) as { proposals: { id: number; party: string }[] }).proposals.find((p) => p.id === drafted.body.id);
    expect((await shown())?.party).toBe('district');

    const { page, context, outside } = await newPage(browser, { base: web.url });
    await signIn(page, web.url, 'bargaining@utla.demo', DEMO_PASSWORD);
    await page.locator('table.ws-received tbody tr').first().waitFor();
    await expect(page.locator('table.ws-received .ws-awaiting').allTextContents()).resolves.toEqual(['Tentative agreement: awaiting your countersignature']);
    await page.goto(`${web.url}/workspace/versions/${drafted.body.id}?lang=es`);
    await page.locator('[data-agreement="awaiting"]').waitFor();
    await expect(page.locator('[data-agreement="awaiting"]').textContent()).resolves.toContain('acuerdo tentativo');
    await page.getByRole('button', { name: 'Refrendar este acuerdo' }).click();
    // Nothing happens before the confirmation.
    await expect(page.locator('#ed-confirm-text').textContent()).resolves.toContain('nunca se puede retirar');
    expect((await shown())?.party).toBe('district');
    await page.getByRole('button', { name: 'Sí, refrendarlo' }).click();
    await page.locator('[data-agreement="countersigned"]').waitFor();
    await expect(page.locator('[data-agreement="countersigned"]').textContent()).resolves.toContain('United Teachers Los Angeles');
    await expect(page.locator('.ed-notice').textContent()).resolves.toContain('Refrendado');
    await expect(page.getByRole('button', { name: 'Refrendar este acuerdo' }).count()).resolves.toBe(0);
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, 'workspace-countersigned-es');
    expect((await shown())?.party).toBe('joint');
    expect(outside).toEqual([]);
    await context.close();
  });
});
