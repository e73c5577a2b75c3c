/**
 * The roster pages in Chromium on the LAUSD demo, as UTLA's admin (a roster writer): from the
 * workspace home to the empty roster; a small CSV with a bad email and a repeated member id
 * uploaded, its report read (every rejected row with line, field, reason and example, the
 * duplicate, what it adds, the worksites matched or not), a required field unmapped and mapped
 * again, a column mapped that the suggestion left out, confirmed; the members listed,
 * searched and filtered; a site captain named and ended. A stale preview (the roster changed
 * meanwhile) and an upload no longer kept are refused with what to do. Spanish labels; axe
 * (WCAG 2 A and AA) finds nothing serious or critical; at 375 px the page never scrolls
 * sideways. The bargaining team and the district see no roster page.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/server/demo.ts';
import { browserSuite, launchBrowser, newPage, screenshot, signIn, webServer, type WebServer } from './helpers/browser.ts';

// Line 1 is the header. "Assignment" is no header the suggestion knows, so Job class starts unmapped.
const MEMBERS = [
  'Member ID,Name,E-mail,Cell,School,Assignment',
  '2001,Rosa Parra,rosa@example.org,(213) 555-0101,River Adult School,Teacher', // line 2
  '2002,Luis Ortega,luis@example,,River Adult School,Teacher', // line 3: no dot after the @ → rejected
  '2003,Mei Chen,mei@example.org,,Eastside Annex,Counselor', // line 4
  '2001,Rosa P. Again,other@example.org,,River Adult School,Teacher', // line 5: member id of line 2 → duplicate
  '2004,Amir Haddad,amir@example.org,,Eastside Annex,Nurse', // line 6
].join('\n');

const csv = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

async function axeClean(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The same person's API, with the page's cookies and its CSRF token (another tab, as it were). */
async function sameUser(page: Page, base: string) {
  const { csrfToken } = (await (await page.request.get(`${base}/api/session`)).json()) as { csrfToken: string };
  return {
    upload: async (name: string, text: string) =>
      (await page.request.post(`${base}/api/roster/imports`, { headers: { 'x-csrf-token': csrfToken }, multipart: { file: csv(name, text) } })).json() as Promise<{ import: { id: number }; mapping: unknown; removeMissing: boolean; digest: string }>,
    send: (method: 'POST' | 'DELETE', path: string, data?: unknown) => page.request.fetch(`${base}${path}`, { method, headers: { 'x-csrf-token': csrfToken }, data }),
  };
}

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

browserSuite('the roster pages in Chromium', () => {
  let web: WebServer;
  let browser: Browser;
  beforeAll(async () => {
    [web, browser] = await Promise.all([webServer(), launchBrowser()]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await web?.close();
  });

  it('imports a roster with a bad row and a duplicate after a mapping change, lists the members and names a site captain', async () => {
    const { page, context, outside } = await newPage(browser, { base: web.url });
    await signIn(page, web.url, 'admin@utla.demo', DEMO_PASSWORD);
    await page.getByRole('link', { name: 'Member roster' }).click();
    await page.waitForURL(/\/workspace\/roster$/);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Member roster');
    await page.getByText('0 members in the roster.').waitFor();

    await page.getByRole('link', { name: 'Import a roster file' }).click();
    await page.getByLabel('Roster file (CSV or XLSX)').setInputFiles(csv('utla-members.csv', MEMBERS));
    await page.getByRole('button', { name: 'Upload and preview' }).click();
    await page.getByRole('heading', { name: 'Preview of utla-members.csv' }).waitFor();

    // 5 rows: line 3 (bad email) and line 5 (repeats line 2's member id) rejected → 3 accepted, all new.
    const counts = Object.fromEntries(await page.locator('.ro-counts li').evaluateAll((lis) => lis.map((li) => [li.getAttribute('data-count'), li.querySelector('strong')?.textContent])));
    expect(counts).toEqual({ rows: '5', accepted: '3', rejectedRows: '2', duplicates: '1', adds: '3', changes: '0', removes: '0', unchanged: '0' });
    await expect(page.getByRole('heading', { name: 'Rejected rows (2)' }).count()).resolves.toBe(1);
    const rejected = await page.locator('table.ro-rejected tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
    expect(rejected).toEqual([
      ['Line 3', 'Email', '"luis@example" is not an email address', 'ana.diaz@example.org'],
      ['Line 5', 'Member id', expect.stringContaining('is also on line 2'), 'one row per member: remove or correct one of the two rows'],
    ]);
    await expect(page.locator('.ro-dups li').allTextContents()).resolves.toEqual(['Line 5 repeats line 2: the first row keeps it.']);
    await expect(page.locator('table.ro-adds tbody th').allTextContents()).resolves.toEqual(['Rosa Parra', 'Mei Chen', 'Amir Haddad']);
    // River Adult School is a school of the demo's LAUSD dataset (matched by name); "Eastside Annex" matches nothing (lines 4 and 6).
    await expect(page.locator('.ro-sites-matched li').allTextContents()).resolves.toEqual(['River Adult School (1 member)']);
    await expect(page.locator('.ro-sites-unmatched li').allTextContents()).resolves.toEqual(['Eastside Annex (2 members; lines 4, 6)']);
    // The file's first rows, as written (line 2 first).
    await expect(page.locator('table.ro-sample tbody tr').first().locator('th, td').allTextContents()).resolves.toEqual(['2', '2001', 'Rosa Parra', 'rosa@example.org', '(213) 555-0101', 'River Adult School', 'Teacher']);
    expect(await axeClean(page)).toEqual([]);
    await screenshot(page, 'roster-preview');

    // A required field unmapped: said beside the choice, and nothing can be confirmed.
    const confirm = page.getByRole('button', { name: 'Confirm the import' });
    await page.getByLabel('Member id (required)').selectOption({ label: '— not in the file —' });
    await page.getByText('Member id is required: choose the column that holds it.').waitFor();
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByLabel('Member id (required)').selectOption('Member ID');
    // Job class: the suggestion left it out; map it to "Assignment" and the preview is asked again.
    expect(await page.getByLabel('Job class').inputValue()).toBe('');
    const previewed = page.waitForResponse((r) => /\/api\/roster\/imports\/\d+\/preview$/.test(r.url()));
    await page.getByLabel('Job class').selectOption('Assignment');
    expect((await previewed).status()).toBe(200);
    await page.waitForFunction(() => !document.body.textContent?.includes('Working out the preview again'));
    expect(await confirm.isEnabled()).toBe(true);
    await confirm.click();
    await page.getByRole('status').filter({ hasText: 'Imported' }).waitFor();
    await expect(page.getByRole('status').textContent()).resolves.toBe('Imported: 3 added, 0 restored, 0 changed, 0 removed, 0 unchanged; 2 rejected rows left out.');

    await page.getByRole('link', { name: 'See the members' }).click();
    await page.waitForURL(/\/workspace\/roster$/);
    await page.getByText('3 members in the roster.').waitFor();
    // By name: Amir, Mei, Rosa; the job class came from the "Assignment" column; the mobile in E.164.
    const rows = await page.locator('table.ro-members tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
    expect(rows).toEqual([
      ['Amir Haddad', '2004', 'Eastside Annex', 'Nurse', 'active', 'amir@example.org', '—'],
      ['Mei Chen', '2003', 'Eastside Annex', 'Counselor', 'active', 'mei@example.org', '—'],
      ['Rosa Parra', '2001', 'River Adult School', 'Teacher', 'active', 'rosa@example.org', '+12135550101'],
    ]);
    await page.getByLabel('Search by name, member id or email').fill('rosa');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('1 member matches.').waitFor();
    await expect(page.locator('table.ro-members tbody th').allTextContents()).resolves.toEqual(['Rosa Parra']);
    await page.getByLabel('Search by name, member id or email').fill('');
    await page.getByLabel('Worksite').selectOption({ label: 'Eastside Annex' });
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('2 members match.').waitFor();
    await expect(page.locator('table.ro-members tbody th').allTextContents()).resolves.toEqual(['Amir Haddad', 'Mei Chen']);
    expect(await axeClean(page)).toEqual([]);
    await screenshot(page, 'roster-members');

    // Worksites and captains.
    await page.getByRole('link', { name: 'Worksites and captains' }).click();
    await page.getByText('2 worksites: 1 matched to the district’s schools and offices, 1 not matched.').waitFor();
    await page.getByLabel('New captain of Eastside Annex').selectOption({ label: 'Mei Chen (2003)' });
    await page.locator('.ro-sites li.card').filter({ hasText: 'Eastside Annex' }).getByRole('button', { name: 'Name captain' }).click();
    await page.getByRole('status').filter({ hasText: 'is now a captain' }).waitFor();
    await expect(page.getByRole('status').textContent()).resolves.toBe('Mei Chen is now a captain of Eastside Annex.');
    const end = page.getByRole('button', { name: 'End Mei Chen as captain of Eastside Annex' });
    await end.waitFor();
    // The captain is no longer offered as a new captain of the same site.
    await expect.poll(() => page.getByLabel('New captain of Eastside Annex').locator('option').allTextContents()).toEqual(['Choose a member', 'Amir Haddad (2004)']);
    expect(await axeClean(page)).toEqual([]);
    await screenshot(page, 'roster-worksites');
    await end.click();
    await page.getByRole('status').filter({ hasText: 'no longer a captain' }).waitFor();
    // The list is read again: the assignment is gone (kept in the history on the server).
    await page.locator('.ro-sites li.card').filter({ hasText: 'Eastside Annex' }).getByText('No captain yet.').waitFor();
    expect(await end.count()).toBe(0);
    expect(outside).toEqual([]);
    await context.close();
  }, 120_000);

  it('refuses a stale preview (asks to preview again) and an upload no longer kept (asks to upload again)', async () => {
    const { page, context } = await newPage(browser, { base: web.url });
    await signIn(page, web.url, 'admin@utla.demo', DEMO_PASSWORD);
    const other = await sameUser(page, web.url);
    await page.goto(`${web.url}/workspace/roster/import`);
    // Only added to, never removed from: the roster of the first test stays whatever else runs.
    const newcomer = 'Member ID,Name\n3001,Noor Aziz\n';
    await page.getByLabel('Roster file (CSV or XLSX)').setInputFiles(csv('newcomer.csv', newcomer));
    const uploaded = page.waitForResponse((r) => /\/api\/roster\/imports$/.test(r.url()) && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Upload and preview' }).click();
    const id = ((await (await uploaded).json()) as { import: { id: number } }).import.id;
    await page.getByRole('heading', { name: 'Preview of newcomer.csv' }).waitFor();
    // Read as additions only unless asked: it adds Noor Aziz and removes no one (every other member of the roster is absent from the file).
    expect(await page.getByLabel('This file is the whole roster', { exact: false }).isChecked()).toBe(false);
    await page.waitForFunction(() => document.querySelector('[data-count="removes"] strong')?.textContent === '0' && document.querySelector('[data-count="adds"] strong')?.textContent === '1');
    // Read as the whole roster it would remove every other member: Confirm waits for that removal to be confirmed on its own.
    await page.getByLabel('This file is the whole roster', { exact: false }).check();
    await page.waitForFunction(() => Number(document.querySelector('[data-count="removes"] strong')?.textContent?.replace(/,/g, '')) > 0);
    expect(await page.getByRole('button', { name: 'Confirm the import' }).isDisabled()).toBe(true);
    await page.getByLabel('Yes, remove the', { exact: false }).check();
    expect(await page.getByRole('button', { name: 'Confirm the import' }).isDisabled()).toBe(false);
    await page.getByLabel('This file is the whole roster', { exact: false }).uncheck();
    await page.waitForFunction(() => document.querySelector('[data-count="removes"] strong')?.textContent === '0');

    // Meanwhile, in another tab, the same member is added: the preview no longer says what confirming would do.
    const elsewhere = await other.upload('elsewhere.csv', newcomer);
    const plan = (await (await other.send('POST', `/api/roster/imports/${elsewhere.import.id}/preview`, { mapping: elsewhere.mapping, removeMissing: false })).json()) as { digest: string };
    expect((await other.send('POST', `/api/roster/imports/${elsewhere.import.id}/confirm`, { mapping: elsewhere.mapping, removeMissing: false, digest: plan.digest })).status()).toBe(200);

    const confirm = page.getByRole('button', { name: 'Confirm the import' });
    await confirm.click();
    const alert = page.getByRole('alert').filter({ hasText: 'roster changed' });
    await alert.waitFor();
    await expect(alert.locator('p').first().textContent()).resolves.toBe('The roster changed since this preview: preview again, then confirm.');
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Preview again' }).click();
    // Noor Aziz is in the roster now: the same row adds nothing (1 unchanged).
    await page.waitForFunction(() => document.querySelector('[data-count="unchanged"] strong')?.textContent === '1' && document.querySelector('[data-count="adds"] strong')?.textContent === '0');
    await page.waitForFunction(() => !(document.querySelector('.ro-actions button') as HTMLButtonElement | null)?.disabled);

    // The upload discarded in the other tab: confirming here says to upload the file again, and starts over.
    expect(id).toBeGreaterThan(0);
    expect((await other.send('DELETE', `/api/roster/imports/${id}`)).status()).toBe(200);
    await confirm.click();
    await page.getByRole('alert').filter({ hasText: 'upload the file again' }).waitFor();
    await page.getByLabel('Roster file (CSV or XLSX)').waitFor();
    await context.close();
  }, 120_000);

  it('reads in Spanish, and fits a 375 px phone without sideways scrolling', async () => {
    const { page, context } = await newPage(browser, { phone: true, base: web.url });
    await signIn(page, web.url, 'admin@utla.demo', DEMO_PASSWORD);
    await page.goto(`${web.url}/workspace/roster?lang=es`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Padrón de miembros');
    await page.locator('table.ro-members tbody tr').first().waitFor();
    await page.getByLabel('Buscar por nombre, número de miembro o correo').waitFor();
    expect(await noSideScroll(page)).toBeLessThanOrEqual(0);
    expect(await axeClean(page)).toEqual([]);
    await screenshot(page, 'roster-members-es-375');

    await page.getByRole('link', { name: 'Importar un archivo del padrón' }).click();
    await page.getByLabel('Archivo del padrón (CSV o XLSX)').setInputFiles(csv('miembros-con-un-nombre-de-archivo-largo.csv', `${MEMBERS}\n2005,"<img src=x onerror=""window.pwned=1"">",,,,`));
    await page.getByRole('button', { name: 'Subir y ver la vista previa' }).click();
    await page.getByRole('heading', { name: 'Filas rechazadas (2)' }).waitFor();
    await page.getByLabel('Número de miembro (obligatorio)').waitFor();
    await page.getByRole('button', { name: 'Confirmar la importación' }).waitFor();
    expect(await noSideScroll(page)).toBeLessThanOrEqual(0);
    expect(await axeClean(page)).toEqual([]);
    await screenshot(page, 'roster-preview-es-375');
    // A name from the file is text, never markup.
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    await expect(page.locator('table.ro-adds tbody th').filter({ hasText: '<img' }).textContent()).resolves.toBe('<img src=x onerror="window.pwned=1">');
    await page.getByRole('button', { name: 'Descartar' }).click();
    await page.getByText('Descartado: el archivo subido se borró y el padrón no cambió.').waitFor();

    await page.getByRole('link', { name: 'Centros de trabajo y capitanes' }).click();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Centros de trabajo y capitanes de sitio');
    await page.getByLabel('Nuevo capitán de Eastside Annex').waitFor();
    expect(await noSideScroll(page)).toBeLessThanOrEqual(0);
    expect(await axeClean(page)).toEqual([]);
    await screenshot(page, 'roster-worksites-es-375');
    await context.close();
  }, 120_000);

  it('lists the members a page of 50 at a time, with how many there are', async () => {
    const { page, context } = await newPage(browser, { base: web.url });
    await signIn(page, web.url, 'admin@utla.demo', DEMO_PASSWORD);
    const other = await sameUser(page, web.url);
    // 60 more members (ids 5001…5060), added to whatever the roster holds.
    const file = ['Member ID,Name', ...Array.from({ length: 60 }, (_, i) => `${5001 + i},Paged Member ${String(i + 1).padStart(2, '0')}`)].join('\n');
    const up = await other.upload('sixty.csv', file);
    const plan = (await (await other.send('POST', `/api/roster/imports/${up.import.id}/preview`, { mapping: up.mapping, removeMissing: false })).json()) as { digest: string };
    expect((await other.send('POST', `/api/roster/imports/${up.import.id}/confirm`, { mapping: up.mapping, removeMissing: false, digest: plan.digest })).status()).toBe(200);
    const total = ((await (await page.request.get(`${web.url}/api/roster/members?limit=1`)).json()) as { total: number }).total;
    expect(total).toBeGreaterThanOrEqual(60);
    expect(total).toBeLessThanOrEqual(100); // so a second page ends the list

    await page.goto(`${web.url}/workspace/roster`);
    await page.getByText(`${total} members in the roster. Showing 1–50 of ${total}.`).waitFor();
    expect(await page.locator('table.ro-members tbody tr').count()).toBe(50);
    expect(await page.getByRole('button', { name: 'Previous page' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Next page' }).click();
    // The second page: members 51 to total, i.e. total − 50 rows.
    await page.getByText(`Showing 51–${total} of ${total}.`).waitFor();
    expect(await page.locator('table.ro-members tbody tr').count()).toBe(total - 50);
    expect(await page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    // A search on the second page starts again at the first: "Paged Member 0" matches 01…09.
    await page.getByLabel('Search by name, member id or email').fill('Paged Member 0');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('9 members match. Showing 1–9 of 9.').waitFor();
    await page.goBack();
    await page.getByText(`Showing 51–${total} of ${total}.`).waitFor();
    await context.close();
  }, 120_000);

  it('shows no roster page to the bargaining team or to the district', async () => {
    for (const email of ['bargaining@utla.demo', 'admin@lausd.demo']) {
      const { page, context } = await newPage(browser, { base: web.url });
      await signIn(page, web.url, email, DEMO_PASSWORD);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByRole('link', { name: 'Member roster' }).count()).toBe(0);
      for (const path of ['/workspace/roster', '/workspace/roster/import', '/workspace/roster/worksites']) {
        await page.goto(`${web.url}${path}`);
        await page.getByText('There is no page here.').waitFor();
      }
      // The server refuses too; the district learns nothing of the roster.
      expect((await page.request.get(`${web.url}/api/roster/members`)).status()).toBe(403);
      await context.close();
    }
  }, 120_000);
});
