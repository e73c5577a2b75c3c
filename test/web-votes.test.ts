/**
 * The union's vote pages in Chromium, on a small union (test/helpers/vote-world.ts: 8 members,
 * 7 of them eligible: the 6 active and Ed Ruiz on leave; Fe Soto is inactive):
 *
 * - the election committee sets up a strike authorization (a missing title is named beside its
 *   field), saves it and freezes the voter list;
 * - Cy Ng (1003) votes on a 375-px phone with a code sent by email (read from the outbox) and
 *   sees the receipt, which checks as sealed; a second attempt is refused in plain words;
 * - Ed Ruiz, signed in, votes from "My votes";
 * - the Harbor Elementary captain opens a kiosk; Di Park (1004) votes on it with the captain's
 *   confirmation, and the kiosk goes back to its first screen with nothing of her left;
 * - live turnout, then the count, two certifications by different committee members, publishing
 *   and the results; the same pages in Spanish.
 *
 * axe (WCAG 2 A and AA) finds nothing on any page; no page scrolls sideways at 375 px.
 */
import { copyFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { argon2id } from '../src/server/auth/passwords.ts';
import { tally, type RollEntry } from '../src/votes/tally.ts';
import type { Choices } from '../src/votes/types.ts';
import { browserSuite, launchBrowser, newPage, screenshot, signIn, webServer, type WebServer } from './helpers/browser.ts';
import { createVoteFixture, STRIKE_QUESTION } from './helpers/vote-fixture.ts';
import { ACCOUNTS, lastCode, PASSWORD, seedVoteWorld, signedIn } from './helpers/vote-world.ts';

const pad = (n: number) => String(n).padStart(2, '0');
/** A `datetime-local` value: the browser's local time, to the minute (same machine, same zone). */
const local = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;

async function axeClean(page: Page): Promise<void> {
  const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The page is no wider than the phone's 375 px. */
async function noSideways(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

async function shot(page: Page, name: string): Promise<void> {
  const path = await screenshot(page, name);
  copyFileSync(path, `/tmp/${name}.png`);
}

browserSuite('the vote pages in Chromium', () => {
  let web: WebServer;
  let browser: Browser;
  let voteId = 0;
  let cyReceipt = '';
  beforeAll(async () => {
    [web, browser] = await Promise.all([webServer({ demo: false }), launchBrowser()]);
    await seedVoteWorld(web.server);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await web?.close();
  });

  /** Member id → code by email (read from the outbox) → the standing screen. */
  async function codeFlow(page: Page, memberId: string, email: string): Promise<void> {
    await page.goto(`${web.url}/vote/${voteId}`);
    await page.getByLabel('Your member id').fill(memberId);
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    // A phone may reload the page while the member reads the code: the code step (and the request
    // the code works with) stays, from the tab's session storage.
    await page.reload();
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    await page.getByLabel('One-time code').fill(await lastCode(web.server, email));
    await page.getByRole('button', { name: 'Continue' }).click();
  }

  async function markAndCast(page: Page, option: 'Yes' | 'No'): Promise<void> {
    await page.getByRole('button', { name: 'Start my ballot' }).click();
    await page.getByRole('heading', { name: 'Do you authorize the bargaining team to call a strike?' }).waitFor();
    await page.getByLabel(option, { exact: true }).check();
    await page.getByRole('button', { name: 'Review my ballot' }).click();
    await page.getByRole('heading', { name: 'Check your ballot before you cast it' }).waitFor();
    await page.getByRole('button', { name: 'Cast my ballot' }).click();
  }

  it('lets the election committee set up a vote, naming a missing title beside its field, and freeze the voter list', async () => {
    const { page, context, outside } = await newPage(browser, { base: web.url });
    await signIn(page, web.url, ACCOUNTS.committee1, PASSWORD);
    await page.getByRole('link', { name: 'Votes' }).click();
    await page.getByRole('heading', { level: 1, name: 'Votes' }).waitFor();
    await page.getByText('No votes yet.').waitFor();
    await axeClean(page);
    await page.getByRole('link', { name: 'Set up a vote' }).click();
    await page.getByRole('heading', { level: 1, name: 'Set up a vote' }).waitFor();

    const now = new Date();
    await page.getByLabel('What members are asked').fill('Do you authorize the bargaining team to call a strike?');
    await page.getByLabel('Choices, one per line').fill('Yes\nNo');
    await page.getByLabel('Eligibility cutoff').fill(local(now));
    await page.getByLabel('Voting opens').fill(local(now));
    await page.getByLabel('Voting closes').fill(local(new Date(now.getTime() + 2 * 3_600_000)));
    await page.getByLabel('site kiosk').check();
    await page.getByRole('button', { name: 'Save the vote' }).click();
    // No title: the server's problem shows under the title field, which is marked invalid.
    await page.locator('#f-title-problem').waitFor();
    await expect(page.locator('#f-title-problem').textContent()).resolves.toContain('title');
    await expect(page.getByLabel('Title').getAttribute('aria-invalid')).resolves.toBe('true');
    await axeClean(page);
    await shot(page, 'votes-setup-problem');

    await page.getByLabel('Title').fill('Strike authorization, January 2027');
    await page.getByRole('button', { name: 'Save the vote' }).click();
    await page.waitForURL(/\/workspace\/votes\/\d+$/);
    voteId = Number(/\/(\d+)$/.exec(page.url())![1]);
    await page.getByText('Where it stands: Being set up').waitFor();

    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Freeze the voter list' }).click();
    // 7 on the list: 1001–1004, 1007, 1008 active and 1005 on leave; 1006 inactive is not.
    await page.getByText('The voter list is frozen: 7 members may vote.').waitFor();
    await page.getByText('Where it stands: Open for voting').waitFor();
    await page.getByText('0 of 7 members voted: 0.0% turnout').waitFor();
    await axeClean(page);
    await shot(page, 'votes-committee-open');
    expect(outside).toEqual([]);
    await context.close();
  }, 120_000);

  it('lets a member vote on a phone with a code sent by email, shows the receipt once, and refuses a second ballot in plain words', async () => {
    const { page, context, outside } = await newPage(browser, { base: web.url, phone: true });
    await page.goto(`${web.url}/vote/${voteId}`);
    await page.getByRole('heading', { level: 1, name: 'Vote' }).waitFor();
    await axeClean(page);
    await noSideways(page);
    await codeFlow(page, '1003', 'cy@pacific.test');
    await page.getByRole('heading', { name: 'You are on the voter list for this vote.' }).waitFor();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Strike authorization, January 2027');
    await axeClean(page);
    await page.getByRole('button', { name: 'Start my ballot' }).click();
    await page.getByLabel('Yes', { exact: true }).check();
    await axeClean(page);
    await noSideways(page);
    await shot(page, 'votes-phone-ballot');
    await page.getByRole('button', { name: 'Review my ballot' }).click();
    await page.getByRole('heading', { name: 'Check your ballot before you cast it' }).waitFor();
    await axeClean(page);
    await page.getByRole('button', { name: 'Cast my ballot' }).click();
    await page.getByRole('heading', { name: 'Your ballot is cast' }).waitFor();
    cyReceipt = (await page.getByTestId('receipt-code').textContent()) ?? '';
    expect(cyReceipt).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    await page.getByText('It never shows how you voted').waitFor();
    await axeClean(page);
    await noSideways(page);
    await shot(page, 'votes-phone-receipt');

    await page.getByLabel('Receipt code').fill(cyReceipt);
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await page.getByText('A ballot with this code is in the ballot box, sealed.').waitFor();

    // The same member again, on another phone: refused, and told why in plain words.
    const again = await newPage(browser, { base: web.url, phone: true });
    await codeFlow(again.page, '1003', 'cy@pacific.test');
    const refused = again.page.getByRole('alert').filter({ hasText: 'already voted' });
    const standing = again.page.getByRole('button', { name: 'Start my ballot' });
    await Promise.race([refused.waitFor(), standing.waitFor()]);
    if (await standing.isVisible()) await markAndCast(again.page, 'Yes');
    await refused.waitFor();
    await expect(refused.textContent()).resolves.toContain('You have already voted in this vote.');
    await expect(again.page.getByTestId('receipt-code').count()).resolves.toBe(0);
    await axeClean(again.page);
    await noSideways(again.page);
    await shot(again.page, 'votes-phone-refused');
    expect([...outside, ...again.outside]).toEqual([]);
    await again.context.close();
    await context.close();
  }, 120_000);

  it('lets a signed-in member vote from "My votes"', async () => {
    const { page, context } = await newPage(browser, { base: web.url, phone: true });
    await signIn(page, web.url, ACCOUNTS.member, PASSWORD);
    await page.getByRole('link', { name: 'My votes' }).click();
    await page.getByRole('heading', { level: 1, name: 'My votes' }).waitFor();
    await axeClean(page);
    await noSideways(page);
    await page.getByRole('link', { name: 'Strike authorization, January 2027' }).click();
    await page.getByRole('heading', { name: 'You are on the voter list for this vote.' }).waitFor();
    await markAndCast(page, 'No');
    await page.getByRole('heading', { name: 'Your ballot is cast' }).waitFor();
    await context.close();
  }, 60_000);

  it('lets a captain open a kiosk on which a member votes privately, then clears every trace of her', async () => {
    const { page, context } = await newPage(browser, { base: web.url, phone: true });
    await signIn(page, web.url, ACCOUNTS.captain, PASSWORD);
    await page.goto(`${web.url}/workspace/votes/${voteId}/kiosk`);
    await page.getByRole('heading', { level: 1, name: 'Open a voting kiosk' }).waitFor();
    // The worksites come from the roll, loaded after the heading: wait for them.
    await expect.poll(() => page.getByLabel('Worksite').locator('option').allTextContents()).toEqual(['Harbor Elementary']);
    await axeClean(page);
    await noSideways(page);
    await page.getByRole('button', { name: 'Open the kiosk on this device' }).click();
    await page.waitForURL(new RegExp(`/kiosk/${voteId}$`));
    // The device is the kiosk's now: the captain's sign-in ended there.
    expect((await context.request.get(`${web.url}/api/session`)).status()).toBe(401);
    await page.goto(`${web.url}/kiosk/${voteId}?idle=5`);
    await page.getByText('Kiosk at Harbor Elementary').waitFor();
    await axeClean(page);
    await noSideways(page);

    await page.getByLabel('Your member id').fill('1004');
    // A code works only where it was asked for: a code typed before this kiosk asked for one is
    // not sent, and the member is told to press "Send me a code" first; pressing it asks.
    await page.getByLabel('Your one-time code').fill('123456');
    await page.getByRole('button', { name: 'Continue to my ballot' }).click();
    await page.getByText('Press “Send me a code” first: a code works only where it was asked for.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await page.getByText('If that member id is on the roster, a code is on its way to the email the union has.').waitFor();
    expect(await lastCode(web.server, 'di@pacific.test')).toMatch(/^\d{6}$/);
    await page.getByLabel('Your one-time code').fill('');
    await page.getByRole('button', { name: 'The site captain confirms who I am' }).click();
    // Holding the device proves nothing: the captain types their own password for each member, and a wrong one is refused in plain words.
    const captainField = page.getByLabel(/Site captain: to confirm that the person at this kiosk is member 1004/);
    await captainField.fill('not the password');
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.getByText('That is not the password of the site captain who opened this kiosk.').waitFor();
    await captainField.fill(PASSWORD);
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.getByText('Your ballot is private').waitFor();
    await page.getByLabel('Yes', { exact: true }).check();
    await page.getByRole('button', { name: 'Review my ballot' }).click();
    await page.getByRole('button', { name: 'Cast my ballot' }).click();
    await page.getByRole('heading', { name: 'Your ballot is cast' }).waitFor();
    const receipt = (await page.getByTestId('receipt-code').textContent()) ?? '';
    expect(receipt).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    await axeClean(page);
    await shot(page, 'votes-kiosk-receipt');

    // After 5 seconds the first screen is back, empty; nothing of Di Park's visit is in the page.
    await page.getByRole('heading', { name: 'Vote here' }).waitFor({ timeout: 15_000 });
    await expect(page.getByLabel('Your member id').inputValue()).resolves.toBe('');
    const html = await page.content();
    expect(html).not.toContain(receipt);
    expect(html).not.toContain('1004');
    expect(html).not.toContain('Your ballot is cast');
    await shot(page, 'votes-kiosk-reset');
    await context.close();
  }, 90_000);

  it('shows the committee live turnout, then counts, certifies with two committee members, publishes and shows the results', async () => {
    const { page, context } = await newPage(browser, { base: web.url });
    await signIn(page, web.url, ACCOUNTS.committee1, PASSWORD);
    await page.goto(`${web.url}/workspace/votes/${voteId}`);
    // 3 voted (Cy online, Ed online signed in, Di at the kiosk) of 7: 3/7 = 0.4286 → 42.9%.
    await page.getByText('3 of 7 members voted: 42.9% turnout').waitFor();
    await expect(page.locator('.vt-channels li').allTextContents()).resolves.toEqual(['online: 2', 'site kiosk: 1', 'paper ballot: 0']);
    // Harbor (3 voted) and Mesa (0) each have fewer than 5 voters: one line for both.
    await page.getByText('Worksites with few voters, together (2 sites)').waitFor();
    await axeClean(page);

    // Voting closes (the window's end, moved to a minute ago).
    await web.server.handle.db.updateTable('votes').set({ closes_at: new Date(Date.now() - 60_000).toISOString() }).where('id', '=', voteId).execute();
    await page.reload();
    await page.getByText('Where it stands: Voting closed').waitFor();
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Count the ballots' }).click();
    await page.getByText('Where it stands: Counted').waitFor();
    // Yes 2 (Cy, Di), No 1 (Ed): 2/3 = 0.6667 → 66.7% yes, more than half: passed.
    await page.getByText('Passed: 66.7% Yes').waitFor();
    await expect(page.locator('.vt-result tbody tr').allTextContents()).resolves.toEqual(['Yes266.7%', 'No133.3%', 'Left blank0']);
    await page.getByRole('button', { name: 'Certify the count' }).click();
    await page.getByText(/^Certified by Rosa Committee/).waitFor();
    await page.getByText('Needs one more committee member to certify.').waitFor();
    // Read again, the page still says who certified and offers the chair no second certification (it would be refused).
    await page.reload();
    await page.getByText(/^Certified by Rosa Committee/).waitFor();
    expect(await page.getByRole('button', { name: 'Certify the count' }).count()).toBe(0);
    await axeClean(page);
    await shot(page, 'votes-committee-counted');

    const second = await newPage(browser, { base: web.url });
    await signIn(second.page, web.url, ACCOUNTS.committee2, PASSWORD);
    await second.page.goto(`${web.url}/workspace/votes/${voteId}`);
    // The second committee member sees that the chair has certified.
    await second.page.getByText(/^Certified by Rosa Committee/).waitFor();
    await second.page.getByRole('button', { name: 'Certify the count' }).click();
    await second.page.getByText('Where it stands: Certified').waitFor();
    await second.page.getByRole('button', { name: 'Publish the results' }).click();
    await second.page.getByText('Where it stands: Results published').waitFor();
    await axeClean(second.page);
    await shot(second.page, 'votes-committee-published');

    await second.page.goto(`${web.url}/workspace/votes/${voteId}?lang=es`);
    await second.page.getByText('En qué está: Resultados publicados').waitFor();
    await second.page.getByRole('heading', { name: 'Resultados' }).waitFor();
    await second.page.getByText('Aprobada: 66,7 % Yes').or(second.page.getByText('Aprobada: 66.7% Yes')).waitFor();
    await axeClean(second.page);
    await second.context.close();
    await context.close();
  }, 120_000);

  it('shows members the published results and a counted receipt, in English and Spanish, on a phone', async () => {
    const { page, context } = await newPage(browser, { base: web.url, phone: true });
    // Nobody known on this phone, as for a member who voted with a code or at a kiosk, after the close: the receipt code alone checks.
    await page.goto(`${web.url}/vote/${voteId}`);
    await page.getByLabel('Receipt code').fill(cyReceipt);
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await page.getByText('The ballot with this code was counted.').waitFor();

    await signIn(page, web.url, ACCOUNTS.member, PASSWORD);
    await page.goto(`${web.url}/vote/${voteId}`);
    await page.getByText('You have already voted in this vote (online).').waitFor();
    // Cy's receipt (typed in lower case), checked by a member after the count.
    await page.getByLabel('Receipt code').fill(cyReceipt.toLowerCase());
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await page.getByText('The ballot with this code was counted.').waitFor();
    await page.getByText('3 of 7 members voted: 42.9% turnout').waitFor();
    await axeClean(page);
    await noSideways(page);
    await shot(page, 'votes-member-results');

    await page.goto(`${web.url}/vote/${voteId}?lang=es`);
    await page.getByText('Usted ya votó en esta votación (en línea).').waitFor();
    await page.getByText('3 de 7 miembros votaron: 42.9% de participación').waitFor();
    await page.getByRole('heading', { name: 'Verificar un recibo' }).waitFor();
    await axeClean(page);
    await noSideways(page);
    await shot(page, 'votes-member-es');
    await context.close();
  }, 60_000);

  it('writes a large union\'s counts with the page language\'s thousands separators (25,500 of 31,482), in English and Spanish', async () => {
    // Another union's vote, counted as the server counts (tally): UTLA's 2018 figures, 25,500 of
    // 31,482 voting at three worksites, 24,990 yes and 510 no; 100 online, 238 at kiosks, the rest on paper.
    const db = web.server.handle.db;
    const fx = await createVoteFixture(db, { members: 3, worksites: 3, name: 'Large Teachers' });
    const sites = [['North High', 12_000, 9_800], ['South High', 11_000, 8_900], ['East High', 8_482, 6_800]] as const;
    const roll: RollEntry[] = [];
    for (const [name, eligible, voted] of sites) for (let i = 0; i < eligible; i++) roll.push({ worksite: name, voted: i < voted, channel: null });
    const voters = roll.filter((r) => r.voted);
    voters.forEach((r, i) => { r.channel = i < 100 ? 'online' : i < 338 ? 'kiosk' : 'paper'; });
    const ballots: Choices[] = Array.from({ length: 338 }, (_, i) => ({ [STRIKE_QUESTION.key]: i < 330 ? 'yes' : 'no' }));
    const paper = [{ ballots: 25_162, spoiled: 0, answers: { [STRIKE_QUESTION.key]: { yes: 24_660, no: 502, blank: 0 } } }];
    const results = tally({ questions: [STRIKE_QUESTION], ballots, paper, roll });
    expect([results.voted, results.eligible, results.questions[0].counts.yes]).toEqual([25_500, 31_482, 24_990]);
    const at = new Date().toISOString();
    await db.updateTable('votes').set({ state: 'counted', results: JSON.stringify(results), counted_by: fx.committeeId, counted_at: at, updated_at: at }).where('id', '=', fx.voteId).execute();
    await db.updateTable('people').set({ password_hash: await argon2id.hash(PASSWORD) }).where('id', '=', fx.committeeId).execute();

    const { page, context } = await newPage(browser, { base: web.url, phone: true });
    await signIn(page, web.url, `committee-${fx.orgId}@fixture.test`, PASSWORD);
    await page.goto(`${web.url}/workspace/votes/${fx.voteId}`);
    await page.getByText('25,500 of 31,482 members voted: 81.0% turnout').waitFor();
    await expect(page.locator('.vt-result tbody tr').allTextContents()).resolves.toEqual(['Yes24,99098.0%', 'No5102.0%', 'Left blank0']);
    await expect(page.locator('.vt-channels li').allTextContents()).resolves.toEqual(['online: 100', 'site kiosk: 238', 'paper ballot: 25,162']);
    await expect(page.locator('.vt-turnout tbody tr').first().textContent()).resolves.toBe('East High6,8008,48280.2%');
    // The channels count members; the ballots line counts ballots: 100 online + 238 at kiosks = 338 opened; 25,162 on paper, as many as signed in, so no gap line.
    await expect(page.getByTestId('ballots').textContent()).resolves.toBe('Ballots counted: 338 online and at kiosks, 25,162 on paper (0 spoiled paper ballots not counted).');
    await expect(page.getByTestId('paper-gap').count()).resolves.toBe(0);
    await noSideways(page);
    await axeClean(page);
    await shot(page, 'votes-large-counts');
    // Had the sites' tallies held 25,160 ballots and 1 spoiled for 25,162 paper sign-ins, one member left no ballot: 25,162 − 25,160 − 1 = 1, said beside the count.
    await db.updateTable('votes').set({ results: JSON.stringify({ ...results, ballots: { ...results.ballots, paper: 25_160, spoiled: 1 } }) }).where('id', '=', fx.voteId).execute();
    await page.reload();
    await expect(page.getByTestId('paper-gap').textContent()).resolves.toBe('1 of the members signed in for a paper ballot left no ballot in the box (a ballot taken away or never cast): they count as having voted, and no ballot of theirs is counted.');
    // es-US groups thousands with commas too (as every page of the app writes numbers in Spanish).
    await page.goto(`${web.url}/workspace/votes/${fx.voteId}?lang=es`);
    await page.getByText('25,500 de 31,482 miembros votaron: 81.0% de participación').waitFor();
    await expect(page.locator('.vt-result tbody tr').first().textContent()).resolves.toBe('Yes24,99098.0%');
    await expect(page.locator('.vt-channels li').last().textContent()).resolves.toBe('boleta de papel: 25,162');
    await noSideways(page);
    await context.close();
  }, 60_000);

  it('never shows the district a vote: the same 404 as for one that does not exist', async () => {
    const district = await signedIn(web.url, ACCOUNTS.district);
    const real = await district('GET', `/api/votes/${voteId}`);
    const none = await district('GET', '/api/votes/12345');
    expect(real.status).toBe(404);
    expect(none.status).toBe(404);
  }, 30_000);
});
