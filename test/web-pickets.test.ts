/**
 * The strike-morning pages in Chromium on the demo's workspaces, with a small roster of twelve
 * members at one school: an organizer plans a day from a template (previewed, then made); a
 * captain on a 375 px phone checks in ten members while the browser is offline, comes back
 * online, and the actions sync: a coverage board open in another page updates without a reload,
 * and the times the server recorded are the times the captain tapped, offline. A member checks
 * in by typing the code on the captain's screen. axe (WCAG 2 A and AA) finds nothing serious or
 * critical on any of the pages, at 375 px, in English and Spanish.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/server/demo.ts';
import { browserSuite, launchBrowser, newPage, screenshot, signIn, webServer, type WebServer } from './helpers/browser.ts';

const NAMES = ['Ana Diaz', 'Ben Okafor', 'Carla Ruiz', 'Dev Patel', 'Elena Soto', 'Farid Nasser', 'Grace Kim', 'Hugo Lara', 'Iris Chen', 'Jorge Vega', 'Kim Tran', 'Luz Mora'];
const ROSTER = ['Member ID,Name,E-mail,School', ...NAMES.map((n, i) => `${3001 + i},${n},m${i}@example.org,River Adult School`)].join('\n');

async function axeClean(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function client(page: Page, base: string) {
  const { csrfToken } = (await (await page.request.get(`${base}/api/session`)).json()) as { csrfToken: string };
  return async <T>(method: string, path: string, data?: unknown): Promise<T> => {
    const res = await page.request.fetch(`${base}${path}`, { method, headers: { 'x-csrf-token': csrfToken }, data });
    if (res.status() >= 300) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
    return (await res.json()) as T;
  };
}

browserSuite('the strike-morning pages in Chromium', () => {
  let web: WebServer;
  let browser: Browser;
  let members: { id: number; name: string }[] = [];
  let shiftId = 0;
  beforeAll(async () => {
    [web, browser] = await Promise.all([webServer(), launchBrowser()]);
    // The roster, a captain and a member linked to their roster rows, a strike day today (UTC) and a shift running now.
    const { page, context } = await newPage(browser, { base: web.url });
    await signIn(page, web.url, 'admin@utla.demo', DEMO_PASSWORD);
    const { csrfToken } = (await (await page.request.get(`${web.url}/api/session`)).json()) as { csrfToken: string };
    const up = await (await page.request.post(`${web.url}/api/roster/imports`, { headers: { 'x-csrf-token': csrfToken }, multipart: { file: { name: 'r.csv', mimeType: 'text/csv', buffer: Buffer.from(ROSTER) } } })).json() as { import: { id: number }; mapping: unknown; digest: string };
    const call = await client(page, web.url);
    await call('POST', `/api/roster/imports/${up.import.id}/confirm`, { mapping: up.mapping, removeMissing: false, digest: up.digest });
    const { members: rows } = await call<{ members: { id: number; name: string; worksiteId?: number }[] }>('GET', '/api/roster/members?limit=50');
    members = NAMES.map((n) => rows.find((r) => r.name === n)!);
    const { worksites } = await call<{ worksites: { id: number; name: string }[] }>('GET', '/api/roster/worksites');
    const site = worksites.find((w) => w.name === 'River Adult School')!;
    await call('POST', `/api/roster/worksites/${site.id}/captains`, { member: members[11].id });
    const db = web.server.deps.db;
    await db.updateTable('people').set({ member_row_id: members[11].id }).where('email', '=', 'captain@utla.demo').execute();
    await db.updateTable('people').set({ member_row_id: members[10].id }).where('email', '=', 'member@utla.demo').execute();
    const start = new Date(Date.now() - 10 * 60_000);
    const { day } = await call<{ day: { id: number } }>('POST', '/api/pickets/days', { date: start.toISOString().slice(0, 10), label: 'Strike day today', timeZone: 'UTC' });
    const { shift } = await call<{ shift: { id: number } }>('POST', `/api/pickets/days/${day.id}/shifts`, { worksiteId: site.id, duty: 'picket', startsAt: start.toISOString(), endsAt: new Date(start.getTime() + 3 * 3600_000).toISOString(), capacity: 20, minimum: 12 });
    shiftId = shift.id;
    for (const m of members.slice(0, 11)) await call('POST', `/api/pickets/shifts/${shift.id}/signups`, { memberRowId: m.id });
    await context.close();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await web?.close();
  });

  /** The running shift's check-in code for the 5-minute window holding `ms`, as an organizer reads it. */
  async function shiftCodeAt(ms: number): Promise<string> {
    const admin = await newPage(browser, { base: web.url, phone: true });
    await signIn(admin.page, web.url, 'admin@utla.demo', DEMO_PASSWORD);
    const { codes } = await (await client(admin.page, web.url))<{ codes: { code: string; from: string; to: string }[] }>('GET', `/api/pickets/shifts/${shiftId}/codes`);
    await admin.context.close();
    return codes.find((c) => Date.parse(c.from) <= ms && ms < Date.parse(c.to))!.code;
  }

  it('lets an organizer plan a strike day from a template, previewed first', async () => {
    const { page, context, outside } = await newPage(browser, { base: web.url, phone: true });
    await signIn(page, web.url, 'admin@utla.demo', DEMO_PASSWORD);
    await page.getByRole('link', { name: 'Strike mornings' }).click();
    await page.getByRole('link', { name: 'Strike days and shifts' }).click();
    // A month from now: a strike day is declared at most a year ahead (picket.day-too-far).
    await page.getByLabel('Date').fill(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10));
    await page.getByLabel('Name', { exact: true }).fill('Strike day 1');
    await page.getByRole('button', { name: 'Declare' }).click();
    await page.getByText('Strike day 1 declared.').waitFor();
    await page.getByRole('button', { name: 'Preview' }).click();
    // The roster has one worksite; the template two shifts: 2 would be made, none there yet.
    await page.getByText('Would make 2 shifts (0 already there). The first ones:').waitFor();
    await expect(page.locator('.pk-sample li').count()).resolves.toBe(2);
    expect(await axeClean(page)).toEqual([]);
    await page.getByRole('button', { name: 'Make these shifts' }).click();
    await page.getByText('Made 2 shifts (0 already there).').waitFor();
    await screenshot(page, 'pickets-plan');
    expect(outside).toEqual([]);
    await context.close();
  }, 120_000);

  it('syncs ten check-ins a captain made offline, with their offline times, and the board updates without a reload', async () => {
    const board = await newPage(browser, { base: web.url });
    await signIn(board.page, web.url, 'admin@utla.demo', DEMO_PASSWORD);
    await board.page.goto(`${web.url}/workspace/pickets/board`);
    await board.page.getByText('Live: updates on its own.').waitFor();
    const checkedIn = board.page.locator(`[data-shift="${shiftId}"] [data-checked-in]`);
    await expect(checkedIn.getAttribute('data-checked-in')).resolves.toBe('0');

    const { page, context, outside } = await newPage(browser, { base: web.url, phone: true });
    await signIn(page, web.url, 'captain@utla.demo', DEMO_PASSWORD);
    await page.getByRole('link', { name: 'Strike mornings' }).click();
    await page.getByRole('link', { name: 'My site today' }).click();
    await page.locator('.pk-code[data-code]').waitFor();
    await page.getByRole('button', { name: `Check in ${NAMES[0]}` }).waitFor();
    await context.setOffline(true);
    const tapped: Record<string, number> = {};
    for (const n of NAMES.slice(0, 10)) {
      tapped[n] = Date.now();
      await page.getByRole('button', { name: `Check in ${n}` }).click();
      await page.waitForTimeout(150);
    }
    await page.locator('strong[data-waiting="10"]').waitFor();
    await page.getByText('You are offline.', { exact: false }).waitFor();
    expect(await axeClean(page)).toEqual([]);
    await screenshot(page, 'pickets-captain-offline');
    // Offline for a while: the server would otherwise record the time it heard of them.
    await page.waitForTimeout(3000);
    const back = Date.now();
    await context.setOffline(false);
    await page.getByText('Nothing waiting: the server has every check-in.').waitFor({ timeout: 20_000 });
    await board.page.waitForFunction((id) => document.querySelector(`[data-shift="${id}"] [data-checked-in]`)?.getAttribute('data-checked-in') === '10', shiftId, { timeout: 10_000 });
    const updatedMs = Date.now() - back;
    console.log(`[pickets] 10 offline check-ins synced; the board showed them ${updatedMs} ms after the network came back`);
    expect(updatedMs).toBeLessThan(10_000);

    const call = await client(page, web.url);
    const { people } = await call<{ people: { name: string; checkedInAt: string | null }[] }>('GET', `/api/pickets/shifts/${shiftId}/attendance`);
    for (const n of NAMES.slice(0, 10)) {
      const at = Date.parse(people.find((p) => p.name === n)!.checkedInAt!);
      // Recorded at the tap (within the click's own time), more than 3 s before the network came back.
      expect(Math.abs(at - tapped[n])).toBeLessThan(1500);
      expect(at).toBeLessThan(back - 2500);
    }

    // A member checks in by typing the code on the captain's screen.
    const code = (await page.locator('.pk-code').getAttribute('data-code'))!;
    const member = await newPage(browser, { base: web.url, phone: true });
    await signIn(member.page, web.url, 'member@utla.demo', DEMO_PASSWORD);
    await member.page.goto(`${web.url}/workspace/pickets/me`);
    // A mistyped code first: refused, said in words (it showed the reason's code, picket.code-wrong).
    await member.page.getByLabel('Code on the captain\'s phone (6 digits)').fill(code === '000000' ? '000001' : '000000');
    await member.page.getByRole('button', { name: 'Check in', exact: true }).click();
    await member.page.getByText('the code is not the one on the captain\'s screen at that time', { exact: false }).waitFor();
    expect(await member.page.getByText('picket.code-wrong').count()).toBe(0);
    await member.page.getByLabel('Code on the captain\'s phone (6 digits)').fill(code);
    await member.page.getByRole('button', { name: 'Check in', exact: true }).click();
    await member.page.getByText('Nothing waiting: the server has every check-in.').waitFor();
    // The member's own shift says the server has them checked in (it said nothing of it before).
    await member.page.locator('[data-my-state="in"]', { hasText: /^Checked in at \d{1,2}:\d\d (AM|PM): the server has it\.$/ }).waitFor();
    await board.page.waitForFunction((id) => document.querySelector(`[data-shift="${id}"] [data-checked-in]`)?.getAttribute('data-checked-in') === '11', shiftId, { timeout: 10_000 });
    const after = await call<{ people: { name: string; checkedInAt: string | null }[] }>('GET', `/api/pickets/shifts/${shiftId}/attendance`);
    expect(after.people.find((p) => p.name === NAMES[10])!.checkedInAt).not.toBeNull();
    await screenshot(member.page, 'pickets-member');
    expect([...outside, ...board.outside, ...member.outside]).toEqual([]);
    await Promise.all([context.close(), board.context.close(), member.context.close()]);
  }, 180_000);

  it('tells a member in Spanish why a sign-up they checked in on cannot be cancelled, without the API\'s hints', async () => {
    // member@utla.demo (NAMES[10]) is signed up on the running shift; an organizer checks them in (a new device id), so the sign-up has a check-in whatever ran before.
    const admin = await newPage(browser, { base: web.url, phone: true });
    await signIn(admin.page, web.url, 'admin@utla.demo', DEMO_PASSWORD);
    const call = await client(admin.page, web.url);
    const got = await call<{ results: { outcome: string }[] }>('POST', '/api/pickets/check-ins', { actions: [{ id: `web-es-${Date.now()}`, shiftId, memberRowId: members[10].id, action: 'in', at: new Date().toISOString() }] });
    expect(['recorded', 'duplicate']).toContain(got.results[0].outcome);
    await admin.context.close();
    const { page, context } = await newPage(browser, { base: web.url, phone: true });
    await signIn(page, web.url, 'member@utla.demo', DEMO_PASSWORD);
    await page.goto(`${web.url}/workspace/pickets/me?lang=es`);
    await page.getByRole('button', { name: /^Cancelar mi inscripción/ }).first().click();
    await page.getByText('Usted registró su llegada en este turno, así que la inscripción se queda con su registro.', { exact: false }).waitFor();
    const text = await page.locator('main').innerText();
    // The server's English words and its hint for organizers are not shown.
    expect(text).not.toContain('checked in on this shift');
    expect(text).not.toContain('records an undo');
    // Two alternate duties with room on a later strike day; an organizer removes the first while the page is open.
    const later = await newPage(browser, { base: web.url, phone: true });
    await signIn(later.page, web.url, 'admin@utla.demo', DEMO_PASSWORD);
    const organizer = await client(later.page, web.url);
    // A date with no strike day yet (the demo has some ahead).
    const { days } = await organizer<{ days: { date: string }[] }>('GET', '/api/pickets/days');
    let date = '';
    for (let k = 40; !date || days.some((d) => d.date === date); k += 1) date = new Date(Date.now() + k * 86_400_000).toISOString().slice(0, 10);
    const { day } = await organizer<{ day: { id: number } }>('POST', '/api/pickets/days', { date, label: 'Later strike day', timeZone: 'UTC' });
    const duty = (place: string, hour: number) => organizer<{ shift: { id: number } }>('POST', `/api/pickets/days/${day.id}/shifts`, { place, duty: 'food', startsAt: `${date}T${hour}:00:00Z`, endsAt: `${date}T${hour + 1}:00:00Z`, capacity: 5, minimum: 0 });
    const gone = await duty('Union hall kitchen', 14);
    await duty('Union hall pantry', 17);
    await page.reload();
    const signUp = (place: string) => page.getByRole('button', { name: new RegExp(`^Inscribirme en Comida, ${place}`) });
    await signUp('Union hall kitchen').waitFor();
    await organizer('DELETE', `/api/pickets/shifts/${gone.shift.id}`);
    await signUp('Union hall kitchen').click();
    await page.getByText('Ese turno o esa inscripción ya no existe', { exact: false }).waitFor();
    expect(await page.locator('.ro-said').innerText()).not.toMatch(/that you can see|GET \/api/);
    // No signal: sign-ups are not queued, and the page says so rather than "Failed to fetch" (once the list has loaded again).
    await signUp('Union hall pantry').waitFor();
    await context.setOffline(true);
    await signUp('Union hall pantry').click();
    await page.getByText('No hay conexión con el servidor: no se cambió nada.', { exact: false }).waitFor();
    expect(await page.locator('.ro-said').innerText()).not.toContain('Failed to fetch');
    await context.setOffline(false);
    await Promise.all([context.close(), later.context.close()]);
  }, 120_000);

  it('refuses, on its own, an action the server cannot read, and sends the check-ins queued behind it (they were held back for good)', async () => {
    // A queue kept on the phone (as an older page left it): a seven-digit code, then a check-in with the shift's code now.
    const now = Date.now();
    // The code of the window the check-in is timed in (30 s ago), which is what the server checks it against.
    const code = await shiftCodeAt(now - 30_000);
    const stamp = `${now.toString(16).padStart(12, '0')}-queue`;
    // And one another account made on this phone (a captain's, before handing it over): kept, not sent under this member's session.
    const queued = [
      { id: `${stamp}-other`, shiftId, action: 'in', at: new Date(now - 90_000).toISOString(), memberRowId: members[0].id, who: NAMES[0], by: 1 },
      { id: `${stamp}-bad`, shiftId, action: 'in', at: new Date(now - 60_000).toISOString(), code: '6543901', who: 'Mis turnos' },
      { id: `${stamp}-good`, shiftId, action: 'in', at: new Date(now - 30_000).toISOString(), code, who: 'Mis turnos' },
    ];
    const { page, context } = await newPage(browser, { base: web.url, phone: true });
    await signIn(page, web.url, 'member@utla.demo', DEMO_PASSWORD);
    await page.goto(`${web.url}/workspace/pickets/me?lang=es`);
    await page.evaluate((q) => localStorage.setItem('settle.pickets.queue', JSON.stringify(q)), queued);
    await page.reload();
    // The page sends what the phone kept: the unreadable one is refused, in Spanish; the other is recorded.
    await page.getByText('No registrado: Mis turnos: un código tiene seis cifras: escríbalo de nuevo').waitFor();
    await page.getByText('Nada pendiente: el servidor tiene todos los registros.').waitFor();
    await page.locator('[data-my-state="in"]', { hasText: /^Llegada registrada a las / }).first().waitFor();
    const stored = await web.server.deps.db.selectFrom('picket_actions').select('device_action_id').where('device_action_id', 'in', queued.map((a) => a.id)).execute();
    expect(stored.map((r) => r.device_action_id)).toEqual([`${stamp}-good`]);
    await page.getByText('1 registros hechos en este teléfono por otra cuenta esperan aquí a que esa cuenta vuelva a entrar.').waitFor();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('settle.pickets.queue')))!).map((a: { id: string }) => a.id)).toEqual([`${stamp}-other`]);
    // The server's English is not shown on the Spanish page.
    expect(await page.locator('main').innerText()).not.toContain('must be the six digits');
    await context.close();
  }, 120_000);

  it('says a member\'s strike pay in all naming the weeks it adds up, the same total as the API', async () => {
    const { page, context } = await newPage(browser, { base: web.url, phone: true });
    await signIn(page, web.url, 'member@utla.demo', DEMO_PASSWORD);
    const api = await (await page.request.get(`${web.url}/api/me/strike-pay`)).json() as { periods: { start: string; amountCents: number }[]; totalCents: number };
    // The member checked in above (this week), and the demo's January 2019 weeks are theirs too.
    expect(api.periods.length).toBeGreaterThan(0);
    expect(api.totalCents).toBe(api.periods.reduce((n, p) => n + p.amountCents, 0));
    const day = (d: string, locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${d}T12:00:00Z`));
    const [first, last] = [api.periods[0].start, api.periods[api.periods.length - 1].start];
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(api.totalCents / 100);
    await page.goto(`${web.url}/workspace/pickets/me`);
    await page.getByText(api.periods.length === 1
      ? `In all, the week of ${day(first, 'en-US')}: ${usd}`
      : `In all, the ${api.periods.length} weeks from ${day(first, 'en-US')} to the week of ${day(last, 'en-US')}: ${usd}`).waitFor();
    await page.goto(`${web.url}/workspace/pickets/me?lang=es`);
    await page.getByText(api.periods.length === 1 ? `En total, la semana del ${day(first, 'es-US')}:` : `En total, las ${api.periods.length} semanas desde el ${day(first, 'es-US')} hasta la semana del ${day(last, 'es-US')}:`, { exact: false }).waitFor();
    await context.close();
  }, 120_000);

  it('names a member\'s evening shift by its strike day\'s date and clock in Los Angeles, not by UTC\'s next day', async () => {
    const { page, context } = await newPage(browser, { base: web.url, phone: true });
    await signIn(page, web.url, 'admin@utla.demo', DEMO_PASSWORD);
    const call = await client(page, web.url);
    // A strike day 20 days ahead; its shift 16:30–18:00 in Los Angeles is 00:30–02:00 UTC the next day (PST, UTC−8) or 23:30–01:00 (PDT).
    const date = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const la = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
    const [y, m, d] = date.split('-').map(Number);
    const startsAt = [7, 8].map((h) => new Date(Date.UTC(y, m - 1, d, 16 + h, 30)).toISOString()).find((iso) => la(iso) === `${date}, 16:30`)!;
    expect(startsAt.slice(0, 10)).not.toBe(date);
    const { day } = await call<{ day: { id: number } }>('POST', '/api/pickets/days', { date, label: 'Evening strike day', timeZone: 'America/Los_Angeles' });
    const { worksites } = await call<{ worksites: { id: number; name: string }[] }>('GET', '/api/roster/worksites');
    const { shift } = await call<{ shift: { id: number } }>('POST', `/api/pickets/days/${day.id}/shifts`, { worksiteId: worksites[0].id, duty: 'picket', startsAt, endsAt: new Date(Date.parse(startsAt) + 90 * 60_000).toISOString(), capacity: 5, minimum: 1 });
    const memberRow = (await web.server.deps.db.selectFrom('people').select('member_row_id').where('email', '=', 'member@utla.demo').executeTakeFirstOrThrow()).member_row_id;
    await call('POST', `/api/pickets/shifts/${shift.id}/signups`, { memberRowId: memberRow });
    await context.close();
    const member = await newPage(browser, { base: web.url, phone: true });
    await signIn(member.page, web.url, 'member@utla.demo', DEMO_PASSWORD);
    await member.page.goto(`${web.url}/workspace/pickets/me`);
    const dayName = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
    await member.page.getByText(`${dayName}, 4:30 PM–6:00 PM`).waitFor();
    await member.context.close();
  }, 120_000);

  it('tells an account with no roster row, in plain words and once, why My shifts is empty', async () => {
    // committee@utla.demo is on the election committee and has no member row: GET /api/me/pickets and /api/me/strike-pay answer 409 picket.no-member-row.
    const { page, context } = await newPage(browser, { base: web.url, phone: true });
    await signIn(page, web.url, 'committee@utla.demo', DEMO_PASSWORD);
    expect((await (await page.request.get(`${web.url}/api/me/strike-pay`)).json()).code).toBe('picket.no-member-row');
    await page.goto(`${web.url}/workspace/pickets/me`);
    await page.getByText('Your account is not linked to a member on the roster').waitFor();
    const text = await page.locator('main').innerText();
    expect(text).not.toContain('POST /api');
    expect(text).not.toContain('could not be loaded');
    await page.goto(`${web.url}/workspace/pickets/me?lang=es`);
    await page.getByText('Su cuenta no está vinculada a un miembro de la lista').waitFor();
    await context.close();
  }, 120_000);

  it('grants strike pay for a day to a member with no check-in, found on the roster, and revokes it, with each day\'s reason shown', async () => {
    const { page, context } = await newPage(browser, { base: web.url });
    await signIn(page, web.url, 'admin@utla.demo', DEMO_PASSWORD);
    const call = await client(page, web.url);
    // The week of today's strike day (declared above), and a member with no check-in on it: the captain's own roster row.
    const today = new Date(Date.now() - 10 * 60_000).toISOString().slice(0, 10);
    const { periods } = await call<{ periods: { start: string; end: string }[] }>('GET', '/api/pickets/pay/periods');
    const week = periods.find((p) => p.start <= today && today <= p.end)!;
    await page.goto(`${web.url}/workspace/pickets/pay?week=${week.start}`);
    await page.getByLabel('Find a member on the roster (name, member id or e-mail)').fill(NAMES[11]);
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await page.getByText('1 found on the roster: choose below.').waitFor();
    expect(await page.getByLabel('Member', { exact: true }).locator('option:checked').innerText()).toContain(NAMES[11]);
    const dayChoice = page.getByLabel('Day', { exact: true });
    const dayValue = await dayChoice.locator('option', { hasText: /^Strike day today/ }).getAttribute('value');
    await dayChoice.selectOption(dayValue!);
    await page.getByLabel('Reason', { exact: true }).fill('Sent home ill before checking in');
    await page.getByRole('button', { name: 'Grant the exception' }).click();
    await page.getByText('Exception granted.').waitFor();
    // Her row now gives the day and why it counted, with the exception, and a button to revoke it.
    const row = page.getByRole('row', { name: new RegExp(NAMES[11]) });
    await row.getByText(/Strike day today: .*Sent home ill before checking in/).waitFor();
    await screenshot(page, 'pickets-pay-exception');
    await row.getByRole('button', { name: `Revoke the exception of ${NAMES[11]} on Strike day today` }).click();
    await page.getByText('Exception revoked.').waitFor();
    await page.getByRole('row', { name: new RegExp(NAMES[11]) }).waitFor({ state: 'detached' });
    await context.close();
  }, 120_000);

  it('lets a member who walked up to a running shift with room at their school check in with its code', async () => {
    // The captain's own roster row (NAMES[11]) is on no shift: the running one at their school has room (11 of 20).
    const code = await shiftCodeAt(Date.now());
    const { page, context } = await newPage(browser, { base: web.url, phone: true });
    await signIn(page, web.url, 'captain@utla.demo', DEMO_PASSWORD);
    await page.goto(`${web.url}/workspace/pickets/me`);
    await page.getByLabel('Code on the captain\'s phone (6 digits)').fill(code);
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await page.getByText('Nothing waiting: the server has every check-in.').waitFor();
    // Recorded, and signed up as a walk-up: the shift is now among mine, checked in.
    await page.locator('[data-my-state="in"]').waitFor();
    const signup = await web.server.deps.db.selectFrom('picket_signups').select('source').where('shift_id', '=', shiftId).where('member_row_id', '=', members[11].id).where('ended_at', 'is', null).executeTakeFirst();
    expect(signup?.source).toBe('walk-up');
    await context.close();
  }, 120_000);

  it('has no serious accessibility problem on any strike-morning page at 375 px, in English and Spanish', async () => {
    const pages: [string, string][] = [
      ['admin@utla.demo', '/workspace/pickets'], ['admin@utla.demo', '/workspace/pickets/plan'], ['admin@utla.demo', '/workspace/pickets/board'],
      ['admin@utla.demo', '/workspace/pickets/pay'], ['captain@utla.demo', '/workspace/pickets/captain'], ['member@utla.demo', '/workspace/pickets/me'],
    ];
    const found: Record<string, string[]> = {};
    for (const who of new Set(pages.map(([w]) => w))) {
      const { page, context } = await newPage(browser, { base: web.url, phone: true });
      await signIn(page, web.url, who, DEMO_PASSWORD);
      for (const [, path] of pages.filter(([w]) => w === who)) {
        for (const lang of ['en', 'es']) {
          await page.goto(`${web.url}${path}${lang === 'es' ? '?lang=es' : ''}`);
          await page.locator('h1').waitFor();
          await page.waitForFunction(() => !document.body.textContent?.includes('Loading…') && !document.body.textContent?.includes('Cargando…'));
          const problems = await axeClean(page);
          const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          if (problems.length > 0 || wide > 0) found[`${path} ${lang}`] = [...problems, ...(wide > 0 ? [`scrolls sideways by ${wide} px`] : [])];
        }
      }
      await context.close();
    }
    expect(found).toEqual({});
  }, 240_000);
});
