import { afterAll, beforeAll, expect, it } from 'vitest';
import { eachDatabase } from '../../../test/helpers/databases.ts';
import { startTestServer, type Client, type TestServer } from '../../../test/helpers/server.ts';
import { openVoteWorld, type VoteWorld } from '../../../test/helpers/votes.ts';
import { castBallot } from './cast.ts';

eachDatabase('reminding members who have not voted', (dialect) => {
  let s: TestServer;
  let committee: Client;
  let v: VoteWorld;

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    committee = await s.as('teachers', 'election-committee');
    // Four members: 1 and 3 have an email and a mobile, 2 and 4 an email only (test/helpers/votes.ts).
    v = await openVoteWorld(s, 'teachers', { perSite: [4], prefix: 'R' });
  }, 60_000);
  afterAll(async () => s?.close());

  it('queues one reminder per channel to each voter who has not voted, once a day, and none to an opted-out address', async () => {
    // Member 1 votes; member 2's email has opted out.
    await castBallot(s.handle.db, { voteId: v.voteId, organizationId: s.orgId.teachers, memberRowId: v.members[0].rowId, channel: 'online', choices: { authorize: 'yes' }, now: s.clock.now, key: s.deps.ballotKey, ids: s.deps.ids });
    await s.handle.db.insertInto('message_opt_outs').values({ id: s.deps.ids.next(s.orgId.teachers), organization_id: s.orgId.teachers, channel: 'email', address: v.members[1].email, reason: 'unsubscribe-link', at: s.clock.now.toISOString() }).execute();
    const first = await committee.request('POST', `/api/votes/${v.voteId}/reminders`, { via: 'both' });
    expect(first.status).toBe(200);
    // Not voted: members 2, 3, 4. Emails: 2 (opted out), 3, 4 → 2 queued, 1 opted out; mobiles: 3 → 1 queued.
    expect(first.body).toEqual({ queued: 3, alreadyToday: 0, optedOut: 1, noContact: 0 });
    const rows = await s.handle.db.selectFrom('outbox').select(['recipient', 'channel', 'body']).where('kind', '=', 'vote-reminder').orderBy('recipient').execute();
    expect(rows.map((r) => [r.channel, r.recipient])).toEqual([['sms', v.members[2].mobile], ['email', v.members[2].email], ['email', v.members[3].email]].sort((a, b) => String(a[1]).localeCompare(String(b[1]))));
    expect(rows[0].body).toContain(`/vote/${v.voteId}`);
    // Pressed again the same day: nothing new.
    const again = await committee.request('POST', `/api/votes/${v.voteId}/reminders`, { via: 'email' });
    expect(again.body).toEqual({ queued: 0, alreadyToday: 2, optedOut: 1, noContact: 0 });
    // Six hours later, the same day (22:00Z on 2026-01-15): still nothing new.
    s.clock.now = new Date(s.clock.now.getTime() + 6 * 3600_000);
    expect((await committee.request('POST', `/api/votes/${v.voteId}/reminders`, { via: 'email' })).body.queued).toBe(0);
    const audit = await s.handle.db.selectFrom('audit_log').select('action').where('subject', '=', `votes/${v.voteId}`).execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['vote.remind:3', 'vote.remind:0']));
  });

  it('is the committee\'s: an organizer gets 403, the district 404, and a closed vote 409', async () => {
    expect((await (await s.as('teachers', 'organizer')).request('POST', `/api/votes/${v.voteId}/reminders`, { via: 'both' })).status).toBe(403);
    expect((await (await s.as('district', 'admin')).request('POST', `/api/votes/${v.voteId}/reminders`, { via: 'both' })).status).toBe(404);
    s.clock.now = new Date('2026-01-16T01:00:00.000Z'); // after the close
    const closed = await committee.request('POST', `/api/votes/${v.voteId}/reminders`, { via: 'both' });
    expect([closed.status, closed.body.code]).toEqual([409, 'vote.not-open']);
  });
});
