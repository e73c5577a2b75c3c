/**
 * Browser tests: a real server (SQLite file, costing threads, the built web app, optionally
 * the LAUSD demo) on a free port, and real Chromium (Debian's /usr/bin/chromium driven by
 * playwright-core). Screenshots go to test-output/screens/ so a person can look at them.
 *
 * `browserSuite` defines a suite that needs Chromium: without it the suite skips with a
 * message on a laptop and fails on CI.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { describe, inject, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../src/reports/pdf.ts';
import { startServer, type RunningServer } from '../../src/server/serve.ts';

export const SCREENS = join(process.cwd(), 'test-output', 'screens');

export interface WebServer {
  url: string;
  server: RunningServer;
  /** The folder holding the database file (settle.sqlite). */
  dir?: string;
  close(): Promise<void>;
}

/** The web app built for this test run (test/setup/build-web.ts). */
export const webRoot = (): string => inject('webRoot');

/**
 * A server on a fresh SQLite file at a free port, with the demo workspaces if asked; UTLA's
 * roster and strike vote only with `members` (they take most of the demo's start).
 */
export async function webServer({ demo = true, members = false, sites = false }: { demo?: boolean; members?: boolean; sites?: boolean } = {}): Promise<WebServer> {
  const dir = mkdtempSync(join(tmpdir(), 'settle-web-'));
  const server = await startServer({ database: { file: join(dir, 'settle.sqlite') }, port: 0, host: '127.0.0.1', demo, demoMembers: members, demoSites: sites, webRoot: webRoot(), log: () => undefined });
  return {
    url: server.url,
    server,
    dir,
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** A page in a new context; `phone` is a 375 × 740 screen with touch. Every request must stay on the server. */
export async function newPage(browser: Browser, { phone = false, base, locale }: { phone?: boolean; base: string; locale?: string }): Promise<{ context: BrowserContext; page: Page; outside: string[] }> {
  const context = await browser.newContext({ ...(phone ? { viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 900 } }), ...(locale ? { locale } : {}) });
  const outside: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(base) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    outside.push(url);
    return route.abort();
  });
  return { context, page: await context.newPage(), outside };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENS, { recursive: true });
  const path = join(SCREENS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Signs in through the form, as a person would. */
export async function signIn(page: Page, base: string, email: string, password: string): Promise<void> {
  await page.goto(`${base}/sign-in`);
  await page.getByLabel(/email|correo/i).fill(email);
  await page.getByLabel(/password|contraseña/i).fill(password);
  await page.getByRole('button', { name: /sign in|iniciar/i }).click();
  await page.waitForURL(/\/workspace/);
}

const missing = existsSync(CHROMIUM_PATH) ? null : `Chromium is not installed at ${CHROMIUM_PATH} (Debian package chromium)`;

/** A suite that needs Chromium: skipped with a message without it, a failure on CI. */
export function browserSuite(title: string, suite: () => void): void {
  if (missing && process.env.CI) {
    describe(title, () => it('has Chromium (required on CI)', () => { throw new Error(`${missing}; on CI a skip is a failure`); }));
    return;
  }
  if (missing) console.warn(`[skip] ${title}: ${missing}`);
  describe.skipIf(missing !== null)(title, suite);
}

/** What axe (WCAG 2 A and AA) finds serious or critical on the page, one line each: [] when clean. */
export async function axeProblems(page: Page): Promise<string[]> {
  const { AxeBuilder } = await import('@axe-core/playwright');
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** How much wider than the screen the page is (0: no sideways scrolling). */
export async function sidewaysPx(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}
