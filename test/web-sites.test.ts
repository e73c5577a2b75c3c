/**
 * "Where can my child go today?" (/public/sites) in real Chromium against the real route
 * (GET /api/public/sites), on the demo server with a published LAUSD strike day planted three days
 * from now (Los Angeles date): five schools open for children and one with no coordinates, two meal
 * and partner sites, three closed. A parent types ZIP code 90012 and gets the sites nearest first
 * with their distance in miles and their live status in words; in Spanish; on a 375 px phone with
 * no sideways scrolling; axe-clean (WCAG 2 A and AA) in both languages; a clear message for an
 * address without a ZIP code; the strike banner on the public record page, linking here. Last, the
 * page on an emulated slow 3G phone: bytes transferred and time to the first result, printed. That
 * one is measured on a production build of the web app: the suite's build (test/setup/build-web.ts)
 * runs under vitest's NODE_ENV=test and carries React's development build (about 250 KB gzipped
 * instead of 172 KB), which is not what a parent downloads.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { build } from 'vite';
import { startServer } from '../src/server/serve.ts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PublishedDay, PublishedSite } from '../src/sites/public-types.ts';
import { dayDate, districtToday, miles } from '../web/src/pages/public/sites-list.ts';
import { browserSuite, launchBrowser, newPage, screenshot, webRoot, webServer, type WebServer } from './helpers/browser.ts';
import { seededIds } from './helpers/ids.ts';
import { plantSiteDay, type PlantSiteStatus } from './helpers/site-day.ts';

async function axeClean(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

// ZIP 90012 is located at the only published school in it, Castelar (34.0652, -118.24082). Every other site is due
// north or south of it (same longitude), so its distance is |Δlat| × 69.0934 miles (one degree of latitude:
// 2π × 6371.0088 km / 360 = 111.1951 km, / 1.609344 = 69.0934 miles).
const LAT = 34.0652;
const LON = -118.24082;
const SCHOOLS: PlantSiteStatus[] = [
  // 0 miles; 85 children of 100 (85 × 5 = 425 ≥ 100 × 4 = 400): filling.
  { schoolId: 'S1', name: 'Castelar Elementary', address: '840 Yale St, Los Angeles, CA 90012', latitude: LAT, longitude: LON, status: 'supervision', opens: '07:30', closes: '18:00', capacity: 100, childrenPresent: 85, offers: 'supervision, breakfast, lunch', languages: ['English', 'Spanish', 'Cantonese'] },
  // +0.03° = 2.073 miles → "2.1"; 50 of 50: full.
  { schoolId: 'S2', name: 'Belmont High', address: '1575 W 2nd St, Los Angeles, CA 90026', latitude: LAT + 0.03, longitude: LON, status: 'instruction', opens: '08:00', closes: '15:00', capacity: 50, childrenPresent: 50, offers: 'classes, lunch', languages: ['English', 'Spanish'] },
  // −0.05° = 3.455 miles → "3.5"; no capacity: open.
  { schoolId: 'S3', name: 'Roosevelt High', address: '456 S Mathews St, Los Angeles, CA 90033', latitude: LAT - 0.05, longitude: LON, status: 'meals', opens: '10:00', closes: '13:00', offers: 'lunch to take home', languages: ['English', 'Spanish'] },
  // No coordinates: last, "Distance not known".
  { schoolId: 'S4', name: 'Hillside Center', address: '100 Hill Dr, Los Angeles, CA 90065', status: 'supervision', opens: '08:00', closes: '17:00', offers: 'supervision', languages: ['English'] },
  ...['C1', 'C2', 'C3'].map((id) => ({ schoolId: id, name: `Closed school ${id}`, status: 'closed' as const })),
];
// Family sites: the library +0.01° = 0.691 miles → "0.7"; the meal site −0.02° = 1.382 miles → "1.4".
const LIBRARY = { id: 9001, kind: 'partner' as const, partnerKind: 'library' as const, name: 'Central Library', address: '630 W 5th St, Los Angeles, CA 90071', latitude: LAT + 0.01, longitude: LON, opens: '10:00', closes: '17:30', mealsPerChild: null, offers: 'reading room, homework help', languages: ['English', 'Spanish', 'Korean'] };
const MEALS = { id: 9002, kind: 'meal' as const, partnerKind: null, name: 'Grab-and-go at Pershing Square', address: '532 S Olive St, Los Angeles, CA 90013', latitude: LAT - 0.02, longitude: LON, opens: '09:00', closes: '12:00', mealsPerChild: 2, offers: 'breakfast and lunch to take', languages: ['English', 'Spanish'] };
// Nearest first from 90012: Castelar 0.0, library 0.7, meals 1.4, Belmont 2.1, Roosevelt 3.5, Hillside (not known).
const BY_DISTANCE = ['Castelar Elementary', 'Central Library', 'Grab-and-go at Pershing Square', 'Belmont High', 'Roosevelt High', 'Hillside Center'];
const MILES = [0, 0.01, 0.02, 0.03, 0.05].map((d) => d * 69.0934);

browserSuite('where can my child go today, in Chromium', () => {
  let web: WebServer;
  let browser: Browser;
  let date = '';
  /** Publishes a day of the same sites (the meal and partner sites only on `date`). */
  let publishOn: (on: string, label: string) => Promise<void>;

  beforeAll(async () => {
    [web, browser] = await Promise.all([webServer(), launchBrowser()]);
    const db = web.server.deps.db;
    const org = await db.selectFrom('organizations').select('id').where('name', '=', 'Los Angeles Unified School District').executeTakeFirstOrThrow();
    const admin = await db.selectFrom('people').select('id').where('email', '=', 'admin@lausd.demo').executeTakeFirstOrThrow();
    const dv = await db.selectFrom('dataset_versions as v').innerJoin('datasets as d', 'd.id', 'v.dataset_id').select('v.id').where('d.organization_id', '=', org.id).orderBy('v.id').executeTakeFirstOrThrow();
    // Three days from today in Los Angeles: the day the route shows next, and the banner names (never today, so no midnight edge).
    const today = new Date(`${districtToday(new Date())}T12:00:00Z`);
    date = new Date(today.getTime() + 3 * 86_400_000).toISOString().slice(0, 10);
    const ids = seededIds('web-sites');
    const at = new Date().toISOString();
    publishOn = async (on: string, label: string) => {
      const { dayId } = await plantSiteDay(db, ids, { organizationId: Number(org.id), datasetVersionId: Number(dv.id), personId: Number(admin.id), date: on, label, sites: SCHOOLS });
      const published: PublishedSite[] = SCHOOLS.filter((s) => s.status !== 'closed').map((s) => ({
        schoolId: s.schoolId, name: s.name, address: s.address ?? '', latitude: s.latitude ?? null, longitude: s.longitude ?? null, status: s.status as PublishedSite['status'],
        opens: s.opens ?? null, closes: s.closes ?? null, capacity: s.capacity ?? null, offers: s.offers ?? '', languages: s.languages ?? [],
      }));
      const snapshot: PublishedDay = { date: on, label, district: { name: 'Los Angeles Unified School District', cdsCode: '19647330000000' }, planVersion: 1, publishedAt: at, closedSites: 3, sites: published, familySites: on === date ? [LIBRARY, MEALS] : [] };
      await db.insertInto('site_publications').values({ id: ids.next(Number(org.id)), organization_id: Number(org.id), day_id: dayId, plan_version: 1, snapshot: JSON.stringify(snapshot), published_by: Number(admin.id), published_at: at }).execute();
      await db.updateTable('site_days').set({ published_version: 1 }).where('id', '=', dayId).execute();
    };
    await publishOn(date, 'UTLA strike, day 1');
    for (const f of [LIBRARY, MEALS]) {
      await db.insertInto('family_sites').values({
        id: f.id, organization_id: Number(org.id), kind: f.kind, partner_kind: f.partnerKind, name: f.name, address: f.address, latitude: f.latitude, longitude: f.longitude,
        opens: f.opens, closes: f.closes, dates: JSON.stringify([date]), meals_per_child: f.mealsPerChild, offers: f.offers, languages: JSON.stringify(f.languages), created_by: Number(admin.id), created_at: at, updated_at: at, removed_at: null,
      }).execute();
    }
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await web?.close();
  });

  const names = (page: Page) => page.locator('.fs-site h3').allTextContents();
  const search = async (page: Page, typed: string) => {
    await page.getByRole('textbox').fill(typed);
    await page.getByRole('textbox').press('Enter');
  };

  it('lists the open sites nearest first from a ZIP code, each with its distance in miles and its live status in words', async () => {
    const { page, context, outside } = await newPage(browser, { phone: true, base: web.url });
    await page.goto(`${web.url}/public/sites`);
    await page.getByRole('heading', { level: 1, name: 'Where can my child go today?' }).waitFor();
    await page.locator('.fs-site').first().waitFor();
    // Before a place: by name. 6 places (4 schools open for children, the library, the meal site).
    expect(await names(page)).toEqual([...BY_DISTANCE].sort((a, b) => a.localeCompare(b, 'en')));
    expect(await page.getByText('6 places are open.', { exact: false }).count()).toBe(1);
    await search(page, '90012');
    await page.getByText('Nearest first from ZIP code 90012.').waitFor();
    expect(await names(page)).toEqual(BY_DISTANCE);
    expect(await page.locator('.fs-away').allTextContents()).toEqual([...MILES.map((m) => `${miles(m, 'en')} miles away`), 'Distance not known']);
    expect(MILES.map((m) => miles(m, 'en'))).toEqual(['0.0', '0.7', '1.4', '2.1', '3.5']);
    // Live status in words (filling: 85 of 100; full: 50 of 50; the rest open).
    expect(await page.locator('.fs-status').allTextContents()).toEqual(['Filling up', 'Open', 'Open', 'Full', 'Open', 'Open']);
    const castelar = page.locator('.fs-site', { hasText: 'Castelar Elementary' });
    expect(await castelar.innerText()).toContain('School: children supervised (no classes)');
    expect(await castelar.innerText()).toContain('Hours: 7:30 AM to 6:00 PM');
    expect(await castelar.innerText()).toContain('Languages: English, Spanish, Cantonese');
    expect(await castelar.innerText()).toContain('840 Yale St, Los Angeles, CA 90012');
    expect(await page.locator('.fs-site', { hasText: 'Pershing Square' }).innerText()).toContain('Grab-and-go meal site · 2 meals per child');
    expect(await page.locator('.fs-site', { hasText: 'Central Library' }).locator('.fs-kind').textContent()).toBe('Library');
    // No tile server on this server: no map, no map code loaded; the list has every site.
    expect(await page.getByRole('button', { name: 'Show them on a map' }).count()).toBe(0);
    expect(await page.evaluate(() => performance.getEntriesByType('resource').some((r) => /\/Map-/.test(r.name)))).toBe(false);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    expect(await axeClean(page)).toEqual([]);
    await screenshot(page, 'sites-phone-en');
    // An address without a ZIP code: what to type instead, and no distance from the ZIP code
    // before (it would read as from the address): the list is by name again.
    await search(page, '500 Hill St');
    await page.getByText('We could not find a ZIP code in “500 Hill St”.', { exact: false }).waitFor();
    await page.getByText('In alphabetical order. Type your ZIP code above to see the nearest first.').waitFor();
    expect(await names(page)).toEqual([...BY_DISTANCE].sort((a, b) => a.localeCompare(b, 'en')));
    expect(await page.locator('.fs-away').allTextContents()).not.toContainEqual(expect.stringMatching(/miles away/));
    // The same for a ZIP code no open site is in, after one that was found.
    await search(page, '90012');
    await page.getByText('Nearest first from ZIP code 90012.').waitFor();
    expect(await page.locator('.fs-away').first().textContent()).toBe(`${miles(0, 'en')} miles away`);
    await search(page, '99999');
    await page.getByText('ZIP code 99999 is not among the ZIP codes of the public school directory', { exact: false }).waitFor();
    await page.getByText('In alphabetical order. Type your ZIP code above to see the nearest first.').waitFor();
    expect(await page.locator('.fs-away').allTextContents()).not.toContainEqual(expect.stringMatching(/miles away/));
    // An address with its ZIP code: located by the ZIP code.
    await search(page, '500 W Temple St, Los Angeles, CA 90012');
    await page.getByText('Nearest first from ZIP code 90012 (found in the address you typed', { exact: false }).waitFor();
    expect(outside).toEqual([]);
    await context.close();
  });

  it('reads in Spanish on a 375 px phone, without sideways scrolling, axe-clean', async () => {
    const { page, context } = await newPage(browser, { phone: true, base: web.url });
    await page.goto(`${web.url}/public/sites?lang=es`);
    await page.getByRole('heading', { level: 1, name: '¿Adónde puede ir mi hijo hoy?' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    await page.locator('.fs-site').first().waitFor();
    await search(page, '90012');
    await page.getByText('Primero los más cercanos al código postal 90012.').waitFor();
    expect(await names(page)).toEqual(BY_DISTANCE);
    expect(await page.locator('.fs-status').allTextContents()).toEqual(['Llenándose', 'Abierto', 'Abierto', 'Lleno', 'Abierto', 'Abierto']);
    expect(await page.locator('.fs-away').first().textContent()).toBe(`a ${miles(0, 'es')} millas`);
    // A search that fails leaves no distance from the ZIP code before.
    await search(page, 'asdf');
    await page.getByText('No encontramos un código postal en «asdf».', { exact: false }).waitFor();
    await page.getByText('En orden alfabético.', { exact: false }).waitFor();
    expect(await page.locator('.fs-away').allTextContents()).not.toContainEqual(expect.stringMatching(/millas/));
    await search(page, '90012');
    await page.getByText('Primero los más cercanos al código postal 90012.').waitFor();
    expect(await page.locator('.fs-site', { hasText: 'Castelar' }).innerText()).toContain('Escuela: niños supervisados (sin clases)');
    expect(await page.locator('.fs-day').textContent()).toBe(`Día de huelga: ${dayDate(date, 'es')}`);
    // The library's languages (written English, Spanish, Korean by the district) named in Spanish.
    expect(await page.locator('.fs-site', { hasText: LIBRARY.name }).innerText()).toContain('Idiomas: inglés, español, coreano');
    // Spanish times end with their own period ("5:00 p.m."): never a second one after it.
    expect(await page.locator('main').innerText()).toMatch(/a las \d{1,2}:\d{2}\s?[ap]\.\s?m\.(?!\.)/);
    expect(await page.locator('main').innerText()).not.toMatch(/m\.\./);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    expect(await axeClean(page)).toEqual([]);
    await screenshot(page, 'sites-phone-es');
    await context.close();
  });

  it('opens in Spanish on a phone set to Spanish, without ?lang; English, once chosen, stays on its links', async () => {
    const { page, context } = await newPage(browser, { phone: true, base: web.url, locale: 'es-US' });
    await page.goto(`${web.url}/public/sites`);
    await page.getByRole('heading', { level: 1, name: '¿Adónde puede ir mi hijo hoy?' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    // Its links say Spanish, so a link shared to an English phone opens in Spanish too.
    expect(new URL(await page.getByRole('link', { name: 'Registro público' }).getAttribute('href') ?? '', web.url).searchParams.get('lang')).toBe('es');
    await page.getByRole('link', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'Where can my child go today?' }).waitFor();
    expect(new URL(page.url()).searchParams.get('lang')).toBe('en');
    // The site's own links keep the language chosen, not the phone's.
    await page.getByRole('link', { name: 'Public record' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    expect(new URL(page.url()).searchParams.get('lang')).toBe('en');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await context.close();
  });

  it('shows the strike banner on the public record page, linking to the sites, in both languages', async () => {
    const { page, context } = await newPage(browser, { phone: true, base: web.url });
    await page.goto(`${web.url}/`);
    const banner = page.locator('.sb-banner');
    await banner.waitFor();
    // 3 closed schools (C1, C2, C3); the day is three days ahead, so "that day".
    expect(await banner.textContent()).toBe(`Strike day ${dayDate(date, 'en')}: 3 schools and offices closed. Where can my child go that day?`);
    expect(await axeClean(page)).toEqual([]);
    await page.goto(`${web.url}/?lang=es`);
    await page.locator('.sb-banner').waitFor();
    expect(await page.locator('.sb-banner').textContent()).toBe(`Día de huelga el ${dayDate(date, 'es')}: 3 escuelas y oficinas cerradas. ¿Adónde puede ir mi hijo ese día?`);
    await page.locator('.sb-banner a').click();
    await page.waitForURL(/\/public\/sites\?lang=es$/);
    await page.getByRole('heading', { level: 1, name: '¿Adónde puede ir mi hijo hoy?' }).waitFor();
    expect(await page.locator('.sb-banner a').count()).toBe(0);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('loads the map only when asked, on a server with a tile server; none on a server without (above)', async () => {
    // A second server on the same database, naming a tile server (never reached: the test's guard stops every outside request).
    const tiled = await startServer({ database: { file: join(web.dir!, 'settle.sqlite') }, port: 0, host: '127.0.0.1', demo: false, webRoot: webRoot(), log: () => undefined,
      tiles: { url: 'https://tiles.example.org/{z}/{x}/{y}.png', attribution: 'Example tiles' } });
    try {
      const { page, context } = await newPage(browser, { phone: true, base: tiled.url });
      await page.goto(`${tiled.url}/public/sites`);
      await search(page, '90012');
      await page.getByText('Nearest first from ZIP code 90012.').waitFor();
      const button = page.getByRole('button', { name: 'Show them on a map' });
      await button.waitFor();
      const mapCode = () => page.evaluate(() => performance.getEntriesByType('resource').some((r) => /\/Map-[^/]*\.js$/.test(r.name)));
      expect(await mapCode()).toBe(false);
      await button.click();
      // 5 sites with coordinates (Hillside has none) and the place searched: 6 points.
      await page.locator('.ws-map[data-points="6"]').waitFor();
      expect(await mapCode()).toBe(true);
      expect(await page.getByRole('region', { name: 'Map of 6 open sites' }).count()).toBe(1);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await context.close();
    } finally {
      await tiled.close();
    }
  });

  /** The web app built as `npm run build` builds it (NODE_ENV=production), served by a second server on the same database file. */
  async function productionServer(): Promise<{ url: string; close(): Promise<void> }> {
    const outDir = mkdtempSync(join(tmpdir(), 'settle-web-prod-'));
    const was = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({ configFile: fileURLToPath(new URL('../web/vite.config.ts', import.meta.url)), mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    } finally {
      process.env.NODE_ENV = was;
    }
    const server = await startServer({ database: { file: join(web.dir!, 'settle.sqlite') }, port: 0, host: '127.0.0.1', demo: false, webRoot: outDir, log: () => undefined });
    return { url: server.url, close: async () => { await server.close(); rmSync(outDir, { recursive: true, force: true }); } };
  }

  it('lists the district\'s other published days; a past one, chosen, says it was and shows no live status', async () => {
    const past = new Date(Date.parse(`${date}T12:00:00Z`) - 40 * 86_400_000).toISOString().slice(0, 10);
    await publishOn(past, 'An earlier strike day');
    // Past the server's next look at the publications (at most once a second).
    await new Promise((r) => setTimeout(r, 1200));
    const { page, context } = await newPage(browser, { phone: true, base: web.url });
    await page.goto(`${web.url}/public/sites`);
    await page.locator('.fs-site').first().waitFor();
    const link = page.getByRole('navigation', { name: 'Other strike days' }).getByRole('link', { name: dayDate(past, 'en') });
    await link.click();
    await page.getByRole('heading', { name: `This was the strike day of ${dayDate(past, 'en')}.` }).waitFor();
    await page.locator('.fs-site').first().waitFor();
    const statuses = await page.locator('.fs-status').allTextContents();
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['Day over']));
    // Nothing on it speaks of a status now: no "as of", no button to update it, the sites "were" open.
    await page.getByRole('heading', { name: 'Sites that were open' }).waitFor();
    expect(await page.locator('.fs-published').textContent()).toMatch(/^Published by [^.]+\.$/);
    expect(await page.getByRole('button', { name: 'Update the status' }).count()).toBe(0);
    expect(await page.getByText(/places? (is|are) open\./).count()).toBe(0);
    expect(await axeClean(page)).toEqual([]);
    await screenshot(page, 'sites-past-day');
    // A date with no published day says so, and links to the day published now (trying again would not help).
    await page.goto(`${web.url}/public/sites?date=2099-01-01`);
    await page.getByText('No strike day is published for 2099-01-01.').waitFor();
    await page.getByRole('link', { name: 'See the strike day published now' }).click();
    await page.locator('.fs-site').first().waitFor();
    await context.close();
  });

  it('measures the page on a slow 3G phone (400 kbit/s, 400 ms, CPU 4× slower): bytes and time to the first result (printed)', async () => {
    const prod = await productionServer();
    const base = prod.url;
    // A plain phone context: newPage's request guard intercepts every request, which changes what the network layer reports.
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const outside: string[] = [];
    page.on('request', (r) => void (r.url().startsWith(base) || outside.push(r.url())));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    // Chrome DevTools "Slow 3G": 400 kbit/s down and up (50,000 bytes/s), 400 ms latency; CPU 4× slower.
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const bytes = new Map<string, number>();
    const urls = new Map<string, string>();
    cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
    cdp.on('Network.loadingFinished', (e) => bytes.set(e.requestId, e.encodedDataLength));
    const start = Date.now();
    await page.goto(`${base}/public/sites`, { waitUntil: 'commit', timeout: 120_000 });
    await page.locator('.fs-site').first().waitFor({ timeout: 120_000 });
    const listShown = Date.now() - start;
    await search(page, '90012');
    await page.getByText('Nearest first from ZIP code 90012.').waitFor({ timeout: 120_000 });
    const firstResult = Date.now() - start;
    expect((await names(page))[0]).toBe('Castelar Elementary');
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    const total = [...bytes.values()].reduce((a, b) => a + b, 0);
    const rows = [...bytes].map(([id, n]) => `  ${String(n).padStart(8)} B  ${new URL(urls.get(id) ?? '?', base).pathname}`).sort();
    console.log([
      `slow 3G (400 kbit/s, 400 ms, CPU 4x), production build: ${bytes.size} requests, ${total} bytes transferred (${(total / 1024).toFixed(1)} KiB)`,
      ...rows,
      `  navigation → list shown: ${listShown} ms; → first result after typing ZIP 90012: ${firstResult} ms`,
    ].join('\n'));
    expect(total).toBeGreaterThan(0);
    expect(outside).toEqual([]);
    await context.close();
    await prod.close();
  }, 240_000);
});
