/**
 * Where the invitations the server sends lead, in Chromium on the demo: a union's email link
 * (`/invite/{token}`, read from the outbox as the delivery worker would send it) and its text
 * message (`/invite-code/{invitation}` and a 6-digit code), on a 375-pixel phone. The person
 * chooses a password, typed twice, and is signed in to the union's workspace; a mistyped second
 * password and a weak one are refused on the page with the reason, and nothing is spent by them.
 * The same page in Spanish; axe finds nothing serious or critical.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/server/demo.ts';
import { axeProblems, browserSuite, launchBrowser, newPage, screenshot, sidewaysPx, signIn, webServer, type WebServer } from './helpers/browser.ts';

const NEW_PASSWORD = 'plum kettle harbor nineteen';

browserSuite('accepting an invitation in Chromium', () => {
  let web: WebServer;
  let browser: Browser;
  let organizer: Page;
  let csrf: string;
  let n = 0;
  beforeAll(async () => {
    [web, browser] = await Promise.all([webServer(), launchBrowser()]);
    organizer = (await newPage(browser, { base: web.url })).page;
    await signIn(organizer, web.url, 'admin@utla.demo', DEMO_PASSWORD);
    csrf = ((await (await organizer.request.get(`${web.url}/api/session`)).json()) as { csrfToken: string }).csrfToken;
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await web?.close();
  });

  /** A member on UTLA's roster, invited to sign in by `via`; the message as it waits in the outbox. */
  const invite = async (via: 'email' | 'sms') => {
    const db = web.server.handle.db;
    const org = await db.selectFrom('organizations').select('id').where('name', '=', 'United Teachers Los Angeles').executeTakeFirstOrThrow();
    const id = web.server.deps.ids.next(org.id);
    const at = new Date().toISOString();
    n += 1;
    await db.insertInto('roster_members').values({ id, organization_id: org.id, member_id: `INV-${n}`, name: `Rosa Invited${n}`, employee_id: null, email: `rosa.invited${n}@example.org`, mobile: `+1213555${String(7000 + n)}`, worksite_id: null, job_class: null, status: 'active', created_at: at, updated_at: at, removed_at: null }).execute();
    const res = await organizer.request.post(`${web.url}/api/roster/members/${id}/invitation`, { headers: { 'x-csrf-token': csrf }, data: { via } });
    expect(res.status()).toBe(201);
    const { invitation } = (await res.json()) as { invitation: { id: number } };
    const message = await db.selectFrom('outbox').select('body').where('dedupe_key', '=', `invitation:${invitation.id}`).executeTakeFirstOrThrow();
    return { invitationId: invitation.id, body: message.body, email: `rosa.invited${n}@example.org` };
  };

  it('an emailed link: a mistyped second password and a weak one are refused with the reason, then the member is signed in', async () => {
    const { body, email } = await invite('email');
    const path = /\/invite\/[A-Za-z0-9_-]{43}/.exec(body)?.[0];
    expect(path).toBeDefined();
    const { page, context, outside } = await newPage(browser, { base: web.url, phone: true });
    await page.goto(`${web.url}${path}`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Choose your password');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('The same password again').fill(`${NEW_PASSWORD}x`);
    await page.getByRole('button', { name: 'Set my password and sign in' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('The two passwords are not the same: type the same password in both boxes.');

    await page.getByLabel('New password', { exact: true }).fill('aaaaaaaaaa');
    await page.getByLabel('The same password again').fill('aaaaaaaaaa');
    await page.getByRole('button', { name: 'Set my password and sign in' }).click();
    // The server's own reason (password.weak) and its hint, without the API's "body password:".
    await page.getByRole('alert').filter({ hasText: 'too easy to guess' }).waitFor();
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(/^too easy to guess: .* — .*use four or more unrelated words/);
    expect(await axeProblems(page)).toEqual([]);
    expect(await sidewaysPx(page)).toBe(0);
    await screenshot(page, 'invite-link-phone');

    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('The same password again').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set my password and sign in' }).click();
    await page.waitForURL(/\/workspace$/);
    const session = (await (await page.request.get(`${web.url}/api/session`)).json()) as { person: { email: string; role: string }; organization: { name: string } };
    expect([session.person.email, session.person.role, session.organization.name]).toEqual([email, 'member', 'United Teachers Los Angeles']);
    // The link is not kept in the history to go back to, and it is spent.
    await page.goBack().catch(() => undefined);
    expect(page.url()).not.toContain('/invite/');
    const stranger = await browser.newContext();
    const again = await stranger.request.post(`${web.url}/api/invitations/accept`, { data: { token: path!.slice('/invite/'.length), password: NEW_PASSWORD } });
    expect([again.status(), ((await again.json()) as { code: string }).code]).toEqual([404, 'invitation.unusable']);
    await stranger.close();
    expect(outside).toEqual([]);
    await context.close();
  }, 120_000);

  it('a text message: the code and a password, in Spanish on a phone, sign the member in', async () => {
    const { invitationId, body, email } = await invite('sms');
    const code = /sign-in code is (\d{6})/.exec(body)?.[1];
    expect(body).toContain(`/invite-code/${invitationId}`);
    const { page, context, outside } = await newPage(browser, { base: web.url, phone: true });
    await page.goto(`${web.url}/invite-code/${invitationId}?lang=es`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Elija su contraseña');
    await page.getByLabel('Código del mensaje de texto').fill(code === '000000' ? '111111' : '000000');
    await page.getByLabel('Contraseña nueva').fill(NEW_PASSWORD);
    await page.getByLabel('La misma contraseña otra vez').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Guardar mi contraseña e iniciar sesión' }).click();
    // A wrong code: the server's reason (invitation.wrong-code, "4 attempts left"), in Spanish.
    await expect(page.getByRole('alert').textContent()).resolves.toBe('El código no es correcto: le quedan 4 intentos. Son los 6 dígitos del mensaje de texto, como 042917.');
    expect(await axeProblems(page)).toEqual([]);
    expect(await sidewaysPx(page)).toBe(0);
    await screenshot(page, 'invite-code-phone-es');

    await page.getByLabel('Código del mensaje de texto').fill(code!);
    await page.getByRole('button', { name: 'Guardar mi contraseña e iniciar sesión' }).click();
    await page.waitForURL(/\/workspace\?lang=es$/);
    const session = (await (await page.request.get(`${web.url}/api/session`)).json()) as { person: { email: string } };
    expect(session.person.email).toBe(email);
    expect(outside).toEqual([]);
    await context.close();
  }, 120_000);
});
