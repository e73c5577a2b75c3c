/**
 * The public page in real Chromium, on the LAUSD demo: read in Spanish on a 375-pixel phone
 * (the heading, a term in plain Spanish, a cost figure equal to the API's, no sideways
 * scrolling), the language switch keeping the page, no serious or critical accessibility
 * violations (axe-core, WCAG 2 A and AA) in English and Spanish on a desktop and a phone, the
 * history by round and date (each linked within its round), and the comparison page with each change's cost effect.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dollars, dollarsChange, money } from '../web/src/pages/public/format.ts';
import { browserSuite, launchBrowser, newPage, screenshot, webServer, type WebServer } from './helpers/browser.ts';

type Total = { from: string; to: string; cents: number };
interface Version {
  id: number; party: string; title: string; date: string; publishedAt: string; unit: string;
  term: { start: string; end: string }; years: { fy: string; totalCents: number }[]; total: Total; contractTotal: Total; certificationYears: string[];
}
interface Side { id: number; years: { fy: string; totalCents: number }[]; total: Total; contractTotal: Total }
interface Round { union: number | null; district: number | null; agreement: number | null; versions: { id: number; before: number | null }[]; span: { from: string; to: string } | null; sides: Side[] }
interface PublicRecord { proposals: Version[]; tables: { id: string; union: { unit: string }; history: number[]; rounds: Round[] }[] }

browserSuite('the public page in Chromium', () => {
  let web: WebServer;
  let browser: Browser;
  let record: PublicRecord;
  const byTitle = (title: string) => record.proposals.find((p) => p.title === title)!;

  beforeAll(async () => {
    [web, browser] = await Promise.all([webServer(), launchBrowser()]);
    record = (await (await fetch(`${web.url}/api/public/proposals`)).json()) as PublicRecord;
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await web?.close();
  });

  /** Waits until the figures and every chart on the page are drawn. */
  const ready = async (page: Page) => {
    await page.locator('.pp-big').first().waitFor();
    await page.waitForFunction(() => {
      const charts = document.querySelectorAll('figure.chart');
      return charts.length > 0 && [...charts].every((c) => c.hasAttribute('data-drawn') && c.querySelector('svg'));
    });
  };

  /** axe-core, WCAG 2 A and AA: the serious and critical violations, as "rule: first target". */
  const axe = async (page: Page) => {
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.nodes.length} × ${v.nodes[0]?.target.join(' ')}`);
  };

  it('reads in Spanish on a phone: the heading, terms in plain Spanish, the API\'s figures, nothing wider than the screen', async () => {
    const { page, context, outside } = await newPage(browser, { phone: true, base: web.url });
    await page.goto(`${web.url}/?lang=es`);
    await ready(page);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Qué hay sobre la mesa de negociación');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');

    // The 2019 agreement, side by side with what each side last proposed before it.
    const agreement = byTitle('Tentative agreement of January 22, 2019');
    const utla = record.tables.find((t) => t.union.unit === 'UTLA')!;
    const round = utla.rounds.find((r) => r.agreement === agreement.id)!;
    expect(round).toMatchObject({ union: byTitle('UTLA demands before the January 2019 strike').id, district: byTitle('LAUSD offer of January 11, 2019').id, agreement: agreement.id });
    const card = page.locator(`#${utla.id} article[data-version="${agreement.id}"]`);
    const nurses = card.getByText('Contratar 150 enfermeros desde el 1 de julio de 2019', { exact: false });
    expect(await nurses.isVisible()).toBe(true);
    expect(await card.locator('.pp-role').textContent()).toBe('El acuerdo');
    // Its title as written (English) is marked so, for screen readers.
    expect(await card.locator('.pp-title').getAttribute('lang')).toBe('en');
    expect(await card.locator('.pp-title').textContent()).toBe(agreement.title);

    // Figures equal the API's, as the page writes them in Spanish: the round's three side by side over the same
    // years, 2018-19 to 2022-23 (the 2018-19 data's budget), named on the page; beside it, the agreement's own
    // contract years (to June 30, 2022: 2018-19 to 2021-22, as costed), labelled.
    expect(round.span).toEqual({ from: '2018-19', to: '2022-23' });
    expect(await page.locator(`#${utla.id} .pp-round`, { has: page.locator(`article[data-version="${agreement.id}"]`) }).locator('.pp-span').textContent()).toContain('de 2018-19 a 2022-23');
    const side = round.sides.find((x) => x.id === agreement.id)!;
    expect(side.total).toEqual({ from: '2018-19', to: '2022-23', cents: side.years.reduce((n, y) => n + y.totalCents, 0) });
    expect(side.contractTotal).toEqual({ from: '2018-19', to: '2021-22', cents: side.years.filter((y) => y.fy <= '2021-22').reduce((n, y) => n + y.totalCents, 0) });
    expect(await card.locator('.pp-big').textContent()).toBe(money(side.total.cents, 'es'));
    expect(await card.locator('.pp-fig dt').first().textContent()).toBe('Costo adicional, de 2018-19 a 2022-23');
    expect(await card.locator('.pp-contract').textContent()).toBe(`Durante su contrato, de 2018-19 a 2021-22: ${money(side.contractTotal.cents, 'es')}`);
    expect(money(side.total.cents, 'es')).toMatch(/^\d[\d.,]* (mil )?millones de dólares$/);
    const year = side.years.find((y) => y.fy === '2019-20')!;
    expect(await card.locator('.pp-years li', { hasText: '2019-20' }).locator('.num').textContent()).toBe(money(year.totalCents, 'es'));

    // Where the figures come from: the dataset named, and a link to every figure side by side.
    const source = page.locator(`#${utla.id} .pp-round`, { has: page.locator(`article[data-version="${agreement.id}"]`) }).locator('.pp-source');
    expect(await source.textContent()).toContain('LAUSD 2018-19 (demo, generated)');
    expect(await source.getByRole('link').getAttribute('href')).toBe(`/public/compare?versions=${round.union},${round.district},${round.agreement}&lang=es`);

    // Readable at 375 px: nothing wider than the screen; the charts fit their box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const widths = await page.locator('figure.chart svg').evaluateAll((svgs) => svgs.map((s) => s.getBoundingClientRect().right));
    expect(widths.length).toBeGreaterThanOrEqual(6);
    for (const w of widths) expect(w).toBeLessThanOrEqual(375);
    console.log(`screenshot: ${await screenshot(page, 'public-phone-es')}`);
    expect(outside).toEqual([]);
    await context.close();
  });

  it('says under the 2023 agreement\'s class-size term, in Spanish on a phone, that its step of July 1, 2025 is in no year and no total', async () => {
    // The agreement is costed 2022-23 to 2024-25 (its contract and the 2022-23 data's budget end then); its third
    // class-size step starts 2025-07-01 (examples/lausd-2023, outsideTerm: true), so the API lists it as not costed.
    const agreement = byTitle('UTLA tentative agreement of April 18, 2023') as Version & { notCosted: { term: string; field: string; date: string; after: string }[] };
    expect(agreement.total.to).toBe('2024-25');
    expect(agreement.notCosted).toEqual([{ term: 'class-size', field: expect.stringMatching(/^terms\[\d+\]\.caps\[2\]\.from$/), date: '2025-07-01', after: '2024-25' }]);
    const { page, context, outside } = await newPage(browser, { phone: true, base: web.url });
    await page.goto(`${web.url}/?lang=es`);
    await ready(page);
    const note = page.locator(`article[data-version="${agreement.id}"] [data-not-costed="${agreement.notCosted[0].field}"]`);
    expect(await note.textContent()).toBe('desde el 1 de julio de 2025: sin costo calculado, después de 2024-25, el último año calculado; no está en ningún año ni en ningún total');
    expect(await note.isVisible()).toBe(true);
    expect((await note.boundingBox())!.x + (await note.boundingBox())!.width).toBeLessThanOrEqual(375);
    // Only that term says so: the 2019 agreement's terms are all within its years.
    expect(await page.locator('[data-not-costed]').count()).toBe(1);
    expect(outside).toEqual([]);
    await context.close();
  });

  it('lists the history of each table by round and date, each linked to a comparison with the one before it in its round', async () => {
    const { page, context } = await newPage(browser, { base: web.url });
    await page.goto(`${web.url}/`);
    await ready(page);
    for (const table of record.tables) {
      const items = page.locator(`#${table.id} .pp-history li`);
      const shown = (await items.evaluateAll((lis) => lis.map((li) => Number(li.getAttribute('data-version')))));
      const listed = table.history.map((id) => record.proposals.find((p) => p.id === id)!);
      expect(shown).toEqual(listed.map((p) => p.id));
      expect(listed.map((p) => p.date)).toEqual([...listed.map((p) => p.date)].sort());
      expect(shown.length).toBe(record.proposals.filter((p) => p.unit === table.union.unit).length);
      const before = new Map(table.rounds.flatMap((r) => r.versions.map((x) => [x.id, x.before] as const)));
      for (let i = 0; i < shown.length; i++) {
        const prev = before.get(shown[i]);
        expect(await items.nth(i).getByRole('link').getAttribute('href')).toBe(prev ? `/public/compare?versions=${prev},${shown[i]}` : `/public/compare?versions=${shown[i]}`);
        // Each names its total over the cards' years first (the same for versions of one dataset), then over its own contract.
        const p = listed[i];
        const span = (x: { from: string; to: string }) => (x.from === x.to ? x.from : `${x.from} to ${x.to}`);
        expect(await items.nth(i).textContent()).toContain(`Added cost, ${span(p.total)}: ${money(p.total.cents, 'en')}; over its contract, ${span(p.contractTotal)}: ${money(p.contractTotal.cents, 'en')}`);
      }
    }
    const utla = record.tables.find((t) => t.union.unit === 'UTLA')!;
    // The 2023 agreement is alone in its round: it opens its own figures, never the 2019 agreement.
    const agreement2023 = record.proposals.find((p) => p.unit === 'UTLA' && p.party === 'joint' && p.date.startsWith('2023'))!;
    expect(await page.locator(`#${utla.id} .pp-history li[data-version="${agreement2023.id}"]`).getByRole('link').getAttribute('href')).toBe(`/public/compare?versions=${agreement2023.id}`);
    expect(await page.locator(`#${utla.id} .pp-history li time`).allTextContents()).toEqual([
      'December 18, 2018', 'January 7, 2019', 'January 10, 2019', 'January 11, 2019', 'January 22, 2019', 'April 18, 2023',
    ]);
    // Both tables, the one with the newest publication first.
    expect(await page.locator('.pp-table > h2').allTextContents()).toEqual([
      'Los Angeles Unified School District and United Teachers Los Angeles',
      'Los Angeles Unified School District and SEIU Local 99',
    ]);
    // The 2023 agreement's card: the certification as the law reads it, for the year of its date and the two after.
    const utla2023 = byTitle('UTLA tentative agreement of April 18, 2023');
    expect(utla2023.certificationYears).toEqual(['2022-23', '2023-24', '2024-25']);
    const cert = page.locator(`article[data-version="${utla2023.id}"] .pp-cert`);
    expect(await cert.textContent()).toMatch(/^Positive for 2022-23 to 2024-25: /);
    expect(await page.locator(`article[data-version="${utla2023.id}"] .pp-contract`).textContent()).toBe(`Over its contract, 2022-23 to 2024-25: ${money(utla2023.contractTotal.cents, 'en')}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    console.log(`screenshot: ${await screenshot(page, 'public-desktop-en')}`);
    await context.close();
  });

  it('switches language keeping the page: its path and its other query', async () => {
    const { page, context } = await newPage(browser, { phone: true, base: web.url });
    const offers = [byTitle('LAUSD offer of January 7, 2019').id, byTitle('LAUSD offer of January 11, 2019').id];
    await page.goto(`${web.url}/public/compare?versions=${offers.join(',')}`);
    await page.locator('.pp-pair').waitFor();
    await page.getByRole('link', { name: 'Español' }).click();
    await page.waitForURL((u) => u.searchParams.get('lang') === 'es');
    const url = new URL(page.url());
    expect([url.pathname, url.searchParams.get('versions')]).toEqual(['/public/compare', offers.join(',')]);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Lado a lado');
    await page.getByRole('link', { name: 'English' }).click();
    await page.waitForURL((u) => !u.searchParams.has('lang'));
    const back = new URL(page.url());
    expect([back.pathname, [...back.searchParams]]).toEqual(['/public/compare', [['versions', offers.join(',')]]]);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Side by side');
    // And back to the public page, still in the language chosen.
    await page.getByRole('link', { name: 'Español' }).click();
    await page.waitForURL((u) => u.searchParams.get('lang') === 'es');
    await page.getByRole('link', { name: 'Volver a lo que hay sobre la mesa' }).click();
    await page.waitForURL((u) => u.pathname === '/' && u.searchParams.get('lang') === 'es');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Qué hay sobre la mesa de negociación');
    await context.close();
  });

  it('shows what changed between two versions, each change with its cost effect from the API', async () => {
    const { page, context, outside } = await newPage(browser, { base: web.url });
    const [a, b] = [byTitle('LAUSD offer of January 7, 2019').id, byTitle('LAUSD offer of January 11, 2019').id];
    const api = await (await fetch(`${web.url}/api/public/compare?versions=${a},${b}`)).json() as {
      changes: { changes: { type: string; term: string; totalCents: number; plainAfter: { en: string; es: string } | null }[] }[];
    };
    await page.goto(`${web.url}/public/compare?versions=${a},${b}&lang=es`);
    await ready(page);
    const pair = page.locator(`.pp-pair[data-from="${a}"][data-to="${b}"]`);
    expect(await pair.locator('h3').textContent()).toBe('Cambios entre la oferta del distrito del 7 de enero de 2019 y la oferta del distrito del 11 de enero de 2019');
    const changes = api.changes[0].changes;
    expect(changes.length).toBeGreaterThan(0);
    // The date-and-term line first, then every change of the API, in order.
    const items = pair.locator('.pp-change');
    expect(await items.count()).toBe(changes.length + 1);
    const nurses = changes.find((c) => c.term === 'nurses')!;
    expect(nurses.totalCents).toBeGreaterThan(0);
    const item = items.nth(changes.indexOf(nurses) + 1);
    expect(await item.locator('.pp-change-type').textContent()).toBe('Cambiado');
    expect(await item.textContent()).toContain(nurses.plainAfter!.es);
    expect(nurses.plainAfter!.es).toContain('Enfermeros');
    // Over 2018-19 to 2022-23: the offers' terms end in 2019-20, the 2018-19 dataset's budget in 2022-23.
    expect(await item.locator('.pp-effect').textContent()).toBe(`Efecto en el costo, de 2018-19 a 2022-23: ${dollarsChange(nurses.totalCents, 'es')}`);
    // Together they come to the difference between the two.
    const sum = changes.reduce((n, c) => n + c.totalCents, 0);
    // Written to the dollar, so the check adds up as written (A + changes = B, in whole dollars).
    const check = (await pair.locator('.pp-sum').textContent()) ?? '';
    const written = [...check.matchAll(/([+-]?)([\d,]+) dólares/g)].map((m) => (m[1] === '-' ? -1 : 1) * Number(m[2].replaceAll(',', '')));
    expect(written).toHaveLength(3);
    expect(written[0] + written[1]).toBe(written[2]);
    // The changes' figure is B − A in whole dollars: within a dollar of their sum rounded alone
    // (the demo's two January 2019 offers: 1,237,200,519 + 75,550,627 = 1,312,751,146, where the
    // changes' cents rounded alone give 75,550,626).
    expect(Math.abs(written[1] - sum / 100)).toBeLessThan(1);
    expect(dollars(123_456_789_01, 'en')).toBe('$123,456,789');
    // The check names the years it adds up over: exactly those of the versions' figures.
    expect(await pair.locator('.pp-sum').textContent()).toMatch(/^Comprobación, de 2018-19 a 2022-23: /);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    console.log(`screenshot: ${await screenshot(page, 'public-compare-es')}`);
    expect(outside).toEqual([]);
    await context.close();
  });

  it('has no serious or critical accessibility violations (axe-core, WCAG 2 A and AA), in English and Spanish, desktop and phone', async () => {
    const [a, b] = [byTitle('UTLA demands before the January 2019 strike').id, byTitle('LAUSD offer of January 11, 2019').id];
    const found: Record<string, string[]> = {};
    for (const phone of [false, true]) {
      for (const lang of ['en', 'es'] as const) {
        for (const path of ['/', `/public/compare?versions=${a},${b}`, `/public/compare?versions=${a}`]) {
          const { page, context } = await newPage(browser, { phone, base: web.url });
          const url = lang === 'es' ? `${path}${path.includes('?') ? '&' : '?'}lang=es` : path;
          await page.goto(`${web.url}${url}`);
          await ready(page);
          if (phone) expect(await page.evaluate(() => document.documentElement.scrollWidth), url).toBeLessThanOrEqual(375);
          found[`${phone ? 'phone' : 'desktop'} ${url}`] = await axe(page);
          await context.close();
        }
      }
    }
    expect(Object.keys(found)).toHaveLength(12);
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((k) => [k, []])));
  }, 180_000);
});
