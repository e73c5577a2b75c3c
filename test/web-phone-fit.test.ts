/**
 * The workspace's forms on a 375 px phone, in English and Spanish: the page itself never scrolls
 * sideways (docs/api.md, "What a reader sees"), even where a form holds what a phone's width does
 * not bound by itself: a file picker (Chromium gives it a wide minimum), a long list written
 * without spaces (the columns of a CSV file) or a choice whose options are long (a worksite's
 * name). The pages: the meal and partner sites' import and the strike-day plan's attendance
 * import (the district admin), the roster import (the union admin), and opening a voting kiosk
 * (the election committee, with a worksite named as long as some of LAUSD's). Where a page is
 * too wide, the failure names what sticks out. Screenshots: test-output/screens/fit-375-*.png.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { argon2id } from '../src/server/auth/passwords.ts';
import { DEMO_PASSWORD } from '../src/server/demo.ts';
import { browserSuite, launchBrowser, newPage, screenshot, signIn, webServer, type WebServer } from './helpers/browser.ts';
import { createVoteFixture } from './helpers/vote-fixture.ts';

/** A real LAUSD school's name, as long as the longest of the demo's worksites and more. */
const LONG_SITE = 'Augustus F. Hawkins High School C: Critical Design and Gaming School';

/** How much wider than the 375 px screen the page is, and the outermost elements sticking out ('' when it fits). */
async function tooWide(page: Page): Promise<string> {
  return page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const wide = Math.max(document.documentElement.scrollWidth - vw, document.documentElement.scrollWidth - 375);
    if (wide <= 0) return '';
    const inScroller = (e: HTMLElement) => { for (let a = e.parentElement; a; a = a.parentElement) if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(a).overflowX)) return true; return false; };
    const out = [...document.body.querySelectorAll<HTMLElement>('*')].filter((e) => e.getBoundingClientRect().right > vw + 1 && !(e.parentElement && e.parentElement.getBoundingClientRect().right > vw + 1) && !inScroller(e));
    return `${document.documentElement.scrollWidth} px wide; sticking out: ${out.slice(0, 3).map((e) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${[...e.classList].map((c) => `.${c}`).join('')} (${Math.round(e.getBoundingClientRect().right)} px)`).join(', ')}`;
  });
}

browserSuite('the workspace\'s forms on a 375 px phone', () => {
  let web: WebServer;
  let browser: Browser;
  let committee = '';
  let voteId = 0;
  beforeAll(async () => {
    [web, browser] = await Promise.all([webServer(), launchBrowser()]);
    // A strike day for the district, so its plan shows the attendance import.
    const { page, context } = await newPage(browser, { base: web.url });
    await signIn(page, web.url, 'admin@lausd.demo', DEMO_PASSWORD);
    const { csrfToken } = (await (await page.request.get(`${web.url}/api/session`)).json()) as { csrfToken: string };
    const day = await page.request.post(`${web.url}/api/sites/days`, { headers: { 'x-csrf-token': csrfToken }, data: { date: '2023-03-21', label: 'Strike day 1' } });
    expect(day.status(), await day.text()).toBe(201);
    await context.close();
    // A union's vote with three worksites, one of them named at length; its committee signs in.
    const db = web.server.handle.db;
    const fixture = await createVoteFixture(db, { members: 6, worksites: 3, name: 'Harbor Teachers' });
    await db.updateTable('roster_worksites').set({ name: LONG_SITE }).where('id', '=', fixture.worksiteIds[1]).execute();
    await db.updateTable('people').set({ password_hash: await argon2id.hash(DEMO_PASSWORD) }).where('id', '=', fixture.committeeId).execute();
    committee = `committee-${fixture.orgId}@fixture.test`;
    voteId = fixture.voteId;
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await web?.close();
  });

  /** Who opens each page, its address, and what shows it has loaded (in both languages). */
  const pages = () => [
    { name: 'family-sites', who: 'admin@lausd.demo', path: '/workspace/sites/family', ready: '#st-import-file' },
    { name: 'site-plan', who: 'admin@lausd.demo', path: '/workspace/sites', ready: '#st-att-file' },
    { name: 'roster-import', who: 'admin@utla.demo', path: '/workspace/roster/import', ready: '#ro-file' },
    { name: 'kiosk-open', who: committee, path: `/workspace/votes/${voteId}/kiosk`, ready: `option:text-is("${LONG_SITE}")` },
  ];

  it('never scrolls sideways on a form with a file picker, a long list or a long choice, in English and Spanish', async () => {
    const found: Record<string, string> = {};
    for (const who of new Set(pages().map((p) => p.who))) {
      const { page, context, outside } = await newPage(browser, { base: web.url, phone: true });
      await signIn(page, web.url, who, DEMO_PASSWORD);
      for (const p of pages().filter((x) => x.who === who)) {
        for (const lang of ['en', 'es']) {
          await page.goto(`${web.url}${p.path}${lang === 'es' ? '?lang=es' : ''}`);
          await page.locator(p.ready).first().waitFor({ state: 'attached', timeout: 30_000 });
          await page.waitForLoadState('networkidle');
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
          const wide = await tooWide(page);
          if (wide) found[`${p.path} ${lang}`] = wide;
          await screenshot(page, `fit-375-${p.name}-${lang}`);
        }
      }
      expect(outside).toEqual([]);
      await context.close();
    }
    expect(found).toEqual({});
  }, 240_000);
});
