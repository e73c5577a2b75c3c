import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO_PASSWORD } from '../src/server/demo.ts';
import { browserSuite, launchBrowser, newPage, screenshot, signIn, webServer, type WebServer } from './helpers/browser.ts';

browserSuite('the web app shell in Chromium', () => {
  let web: WebServer;
  let browser: Browser;
  beforeAll(async () => {
    [web, browser] = await Promise.all([webServer(), launchBrowser()]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await web?.close();
  });

  it('serves the app at /, switches to Spanish keeping the page, and signs in', async () => {
    const { page, context, outside } = await newPage(browser, { base: web.url });
    await page.goto(`${web.url}/sign-in`);
    await page.getByRole('link', { name: 'Español' }).click();
    await page.waitForURL(/\/sign-in\?lang=es$/);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Inicie sesión en su espacio de trabajo');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    await signIn(page, web.url, 'bargaining@utla.demo', DEMO_PASSWORD);
    expect(new URL(page.url()).pathname).toBe('/workspace');
    await screenshot(page, 'shell-signed-in');
    expect(outside).toEqual([]);
    await context.close();
  });

  it('shows the server\'s message on a wrong password', async () => {
    const { page, context } = await newPage(browser, { base: web.url });
    await page.goto(`${web.url}/sign-in`);
    await page.getByLabel('Email').fill('bargaining@utla.demo');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('the email or the password is wrong');
    await context.close();
  });
});
