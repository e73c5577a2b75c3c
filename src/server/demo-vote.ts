/**
 * The demo's UTLA strike authorization, August 22–30, 2018: set up and frozen by the election
 * committee, cast through the API by the three channels, counted, certified by two committee
 * members and published with public results, so that it reads as UTLA reported it: 98% yes,
 * 81% turnout, a week of voting at school sites (docs/votes.md). Who votes how is worked out by
 * src/votes/demo-plan.ts from the voter list; here every ballot goes through the routes a
 * member, a kiosk or a paper tally clerk would use, with the clock set to each step's time.
 *
 * Paper is the bulk (one sign-in list, two tally entries and an observer per site): that keeps
 * the demo's start fast. A few members vote online with a one-time code, read from the message
 * the server queued for them (the demo plays the member reading their email), and one signed in.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { planStrikeVote, type PlannedBallots, type RollMember } from '../votes/demo-plan.ts';
import { audit } from './audit.ts';
import type { Deps } from './env.ts';
import { DEMO_PASSWORD, type DemoClient } from './demo-client.ts';
import { UNION_ADMIN, type SeededRoster } from './demo-roster.ts';

/** The committee: the chair sets the vote up, counts and publishes; the chair and the secretary certify; the third observes paper tallies. */
export const COMMITTEE = ['committee@utla.demo', 'committee2@utla.demo', 'committee3@utla.demo'] as const;
/** Site captains with a sign-in, each opening a kiosk at their site; and a member who votes signed in. */
export const KIOSK_CAPTAINS = ['captain@utla.demo', 'captain2@utla.demo'] as const;
export const MEMBER = 'member@utla.demo';

const ONLINE = 100;
const SIGN_INS_PER_REQUEST = 500;
/** The code routes take 30 requests an hour from one address: the demo's votes keep under it, as members on one network would (its in-process requests have no address, so none is counted). */
const CODES_PER_HOUR = 25;

const at = (iso: string) => new Date(iso);
const choice = (plan: PlannedBallots, i: number) => ({ authorize: i < plan.yes ? 'yes' : 'no' });

export async function seedStrikeVote(x: { deps: Pick<Deps, 'db' | 'ids'>; client: DemoClient; clock: { now: Date }; roster: SeededRoster; progress: (line: string) => void }) {
  const { client, clock, roster } = x;
  const [chair, secretary, observer] = COMMITTEE;
  clock.now = at('2018-08-03T18:00:00.000Z');
  x.progress('Setting up the UTLA strike authorization (August 22–30, 2018)');
  const created = await client.call<{ vote: { id: number } }>(chair, 'POST', '/api/votes', {
    title: 'Strike authorization, August 2018', kind: 'strike-authorization',
    questions: [{
      key: 'authorize', text: 'Do you authorize the UTLA bargaining team to call a strike if LAUSD does not reach a fair agreement?',
      options: [{ key: 'yes', label: 'Yes' }, { key: 'no', label: 'No' }], pass: { option: 'yes', share: '0.5' },
    }],
    cutoffAt: '2018-08-15T07:00:00.000Z', opensAt: '2018-08-22T14:00:00.000Z', closesAt: '2018-08-31T01:00:00.000Z',
    channels: ['online', 'kiosk', 'paper'], eligibleStatuses: ['active', 'leave'], publicResults: true,
  });
  const id = created.vote.id;

  // The voter list as the committee freezes it: members active or on leave at the cutoff.
  const siteId = new Map(roster.worksites.map((w) => [w.name, w.id]));
  const roll: RollMember[] = roster.members.filter((m) => m.status === 'active' || m.status === 'leave')
    .map((m) => ({ memberId: m.memberId, worksite: m.worksite, email: m.email !== null }));
  clock.now = at('2018-08-15T17:00:00.000Z');
  const frozen = await client.call<{ voters: number }>(chair, 'POST', `/api/votes/${id}/freeze`);
  if (frozen.voters !== roll.length) throw new Error(`demo: the frozen list has ${frozen.voters} voters, the demo roster ${roll.length}`);

  const captainSites = roster.captains.slice(0, KIOSK_CAPTAINS.length);
  const nameOf = new Map(roster.worksites.map((w) => [w.id, w.name]));
  const plan = planStrikeVote(roll, { turnoutPercent: 81, yesPercent: 98, online: ONLINE, kioskSites: captainSites.map((k) => nameOf.get(k.worksiteId)!) });

  // Sign-ins linked to roster rows: there is no route for that, the operator links them (audited).
  const link = async (email: string, memberRowId: number) => x.deps.db.transaction().execute(async (tx) => {
    const person = await tx.updateTable('people').set({ member_row_id: memberRowId }).where('email', '=', email).returning(['id', 'organization_id']).executeTakeFirstOrThrow();
    await audit(tx, x.deps.ids, { organizationId: person.organization_id, personId: null, action: 'person.link-member', subject: `people/${person.id}`, at: clock.now.toISOString() });
  });
  for (const [i, k] of captainSites.entries()) await link(KIOSK_CAPTAINS[i], k.member.id);
  const [signedIn, ...byCode] = plan.online.memberIds;
  const me = await client.call<{ members: { id: number; memberId: string }[] }>(UNION_ADMIN, 'GET', `/api/roster/members?q=${signedIn}`);
  await link(MEMBER, me.members.find((m) => m.memberId === signedIn)!.id);

  // Online, from the first morning (Wednesday, August 22): one member signed in, the others with a code sent to their email.
  clock.now = at('2018-08-22T16:00:00.000Z');
  x.progress(`Voting online (${plan.online.memberIds.length}), at ${plan.kiosk.size} kiosks and on paper at ${plan.paper.size} sites`);
  await client.call(MEMBER, 'POST', `/api/votes/${id}/ballot`, { choices: choice(plan.online, 0) });
  for (const [i, memberId] of byCode.entries()) {
    if (i > 0 && i % CODES_PER_HOUR === 0) clock.now = new Date(clock.now.getTime() + 3600_000);
    const { requestId } = await client.send<{ requestId: string }>('POST', `/api/votes/${id}/access`, { memberId, via: 'email' });
    const code = await codeSentTo(x.deps.db, roster.members.find((m) => m.memberId === memberId)!.email!);
    const { voterToken } = await client.send<{ voterToken: string }>('POST', `/api/votes/${id}/access/verify`, { memberId, code, requestId });
    await client.send('POST', `/api/votes/${id}/ballot`, { choices: choice(plan.online, i + 1) }, { authorization: `Voter ${voterToken}` });
  }

  // Kiosks, Thursday the 23rd: each captain opens one at their site and attests the members who come.
  clock.now = at('2018-08-23T16:00:00.000Z');
  for (const [i, k] of captainSites.entries()) {
    const ballots = plan.kiosk.get(nameOf.get(k.worksiteId)!)!;
    const { kioskId, kioskToken } = await client.call<{ kioskId: number; kioskToken: string }>(KIOSK_CAPTAINS[i], 'POST', `/api/votes/${id}/kiosks`, { worksiteId: k.worksiteId });
    const device = { authorization: `Kiosk ${kioskToken}` };
    for (const [j, memberId] of ballots.memberIds.entries()) {
      const { ballotToken } = await client.send<{ ballotToken: string }>('POST', '/api/kiosk/identify', { memberId, attest: true, captainPassword: DEMO_PASSWORD }, device);
      await client.send('POST', '/api/kiosk/ballot', { ballotToken, choices: choice(ballots, j) }, device);
    }
    await client.call(KIOSK_CAPTAINS[i], 'DELETE', `/api/votes/${id}/kiosks/${kioskId}`);
  }

  // Paper, the last afternoon (Thursday, August 30): at each site the members sign in, two committee members enter the
  // tally separately, and a third signs off as observer.
  clock.now = at('2018-08-30T22:00:00.000Z');
  for (const [site, ballots] of plan.paper) {
    const w = siteId.get(site)!;
    for (let i = 0; i < ballots.memberIds.length; i += SIGN_INS_PER_REQUEST) {
      await client.call(chair, 'POST', `/api/votes/${id}/paper/${w}/sign-ins`, { memberIds: ballots.memberIds.slice(i, i + SIGN_INS_PER_REQUEST) });
    }
    const counts = { ballots: ballots.memberIds.length, spoiled: 0, answers: { authorize: { yes: ballots.yes, no: ballots.memberIds.length - ballots.yes, blank: 0 } } };
    await client.call(chair, 'POST', `/api/votes/${id}/paper/${w}/entries`, { counts });
    await client.call(secretary, 'POST', `/api/votes/${id}/paper/${w}/entries`, { counts });
    await client.call(observer, 'POST', `/api/votes/${id}/paper/${w}/observer`, { observerName: 'UTLA election committee member' });
  }

  // Counted that night after the close (6 p.m. in Los Angeles); certified by the chair and the
  // secretary and published on Friday, August 31, the day UTLA announced 98% yes on 81% turnout.
  x.progress('Counting, certifying and publishing the strike authorization');
  clock.now = at('2018-08-31T04:00:00.000Z');
  await client.call(chair, 'POST', `/api/votes/${id}/count`);
  clock.now = at('2018-08-31T17:00:00.000Z');
  await client.call(chair, 'POST', `/api/votes/${id}/certify`);
  clock.now = at('2018-08-31T18:00:00.000Z');
  await client.call(secretary, 'POST', `/api/votes/${id}/certify`);
  clock.now = at('2018-08-31T19:00:00.000Z');
  await client.call(chair, 'POST', `/api/votes/${id}/publish`);
  return { id, plan };
}

/** The code in the latest message queued to this address: what the member reads in their email. */
async function codeSentTo(db: Kysely<Database>, email: string): Promise<string> {
  const row = await db.selectFrom('outbox').select('body').where('recipient', '=', email).where('kind', '=', 'vote-code').orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  const code = /\b(\d{6})\b/.exec(row?.body ?? '')?.[1];
  if (!code) throw new Error(`demo: no voting code was queued for ${email}`);
  return code;
}
