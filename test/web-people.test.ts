/**
 * The people page in Chromium on the LAUSD demo, as the district's admin: from the workspace
 * home to the list of the district's people; a role changed, a person signed out everywhere
 * (their open session in another browser stops working), a person removed (after the browser's
 * confirmation), and the last admin's own demotion refused with the server's reason. The same
 * page in Spanish. axe (WCAG 2 A and AA) finds nothing serious or critical.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/server/demo.ts';
import { browserSuite, launchBrowser, newPage, screenshot, signIn, webServer, type WebServer } from './helpers/browser.ts';

browserSuite('the people page in Chromium', () => {
  let web: WebServer;
  let browser: Browser;
  beforeAll(async () => {
    [web, browser] = await Promise.all([webServer(), launchBrowser()]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await web?.close();
  });

  it('lets the district admin change a role, sign a person out everywhere and remove a person, and refuses to leave no admin', async () => {
    // The negotiator is signed in elsewhere.
    const elsewhere = await newPage(browser, { base: web.url });
    await signIn(elsewhere.page, web.url, 'negotiator@lausd.demo', DEMO_PASSWORD);
    expect((await elsewhere.context.request.get(`${web.url}/api/session`)).status()).toBe(200);

    const { page, context, outside } = await newPage(browser, { base: web.url });
    await signIn(page, web.url, 'admin@lausd.demo', DEMO_PASSWORD);
    await page.getByRole('link', { name: 'Manage people' }).click();
    await page.waitForURL(/\/workspace\/people$/);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('People in Los Angeles Unified School District');
    const rows = page.locator('table tbody tr');
    await rows.first().waitFor();
    await expect(page.locator('table tbody th').allTextContents()).resolves.toEqual(['District admin (you)', 'Budget analyst', 'District negotiator', 'Site administrator']);

    await page.getByLabel('Role of Budget analyst').selectOption('negotiator');
    await page.getByRole('status').filter({ hasText: 'is now' }).waitFor();
    await expect(page.getByRole('status').textContent()).resolves.toBe('Budget analyst is now negotiator.');

    await page.getByRole('button', { name: 'Sign District negotiator out everywhere' }).click();
    await page.getByRole('status').filter({ hasText: 'signed out' }).waitFor();
    await expect(page.getByRole('status').textContent()).resolves.toMatch(/^District negotiator was signed out of [1-9]\d* sessions\.$/);
    expect((await elsewhere.context.request.get(`${web.url}/api/session`)).status()).toBe(401);

    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Remove Budget analyst' }).click();
    await page.getByRole('status').filter({ hasText: 'removed' }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 3); // the list, read again
    await expect(page.locator('table tbody th').allTextContents()).resolves.toEqual(['District admin (you)', 'District negotiator', 'Site administrator']);

    await page.getByLabel('Role of District admin').selectOption('negotiator');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toContain('you are the last admin of this workspace');
    expect(await page.getByLabel('Role of District admin').inputValue()).toBe('admin');

    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await screenshot(page, 'workspace-people');

    await page.goto(`${web.url}/workspace/people?lang=es`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Personas en Los Angeles Unified School District');
    await page.getByRole('button', { name: 'Retirar a District negotiator' }).waitFor();
    expect(outside).toEqual([]);
    await context.close();
    await elsewhere.context.close();
  }, 120_000);
});
