/**
 * Roster members invited to sign in by email (a link) or by SMS (a code), on SQLite and
 * PostgreSQL. The message is read from the outbox, as the delivery worker would send it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eachDatabase } from '../../../test/helpers/databases.ts';
import { startTestServer, type Client, type TestServer } from '../../../test/helpers/server.ts';

const NEW_PASSWORD = 'plum kettle harbor nineteen';

eachDatabase('member sign-in invitations', (dialect) => {
  let s: TestServer;
  let organizer: Client;
  let n = 0;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
    organizer = await s.as('teachers', 'organizer');
    s.deps.messaging = { channels: { email: true, sms: true }, publicUrl: 'https://settle.example', smsWebhookSecret: null };
  }, 60_000);
  afterAll(async () => s?.close());

  const member = async (o: { email?: string | null; mobile?: string | null; org?: 'teachers' | 'otherTeachers' } = {}) => {
    const at = s.clock.now.toISOString();
    const org = s.orgId[o.org ?? 'teachers'];
    const id = s.deps.ids.next(org);
    await s.handle.db.insertInto('roster_members').values({ id, organization_id: org, member_id: `M-${++n}`, name: `Rosa Member${n}`, employee_id: null, email: o.email === undefined ? `rosa${n}@example.org` : o.email, mobile: o.mobile === undefined ? `+1213555${String(1000 + n).slice(-4)}` : o.mobile, worksite_id: null, job_class: null, status: 'active', created_at: at, updated_at: at, removed_at: null }).execute();
    return id;
  };
  const outboxFor = (dedupeKey: string) => s.handle.db.selectFrom('outbox').selectAll().where('dedupe_key', '=', dedupeKey).executeTakeFirstOrThrow();

  it('invites by email: a pending sign-in linked to the roster row, the link queued, and accepting it signs the member in', async () => {
    const m = await member();
    const a = await organizer.request('POST', `/api/roster/members/${m}/invitation`, { via: 'email' });
    expect(a.status).toBe(201);
    expect(a.body.invitation).toMatchObject({ role: 'member', via: 'email', to: `r***@example.org`, message: 'queued' });
    const person = await s.handle.db.selectFrom('people').selectAll().where('id', '=', a.body.invitation.personId).executeTakeFirstOrThrow();
    expect([Number(person.member_row_id), person.role, person.password_hash]).toEqual([m, 'member', null]);
    const mail = await outboxFor(`invitation:${a.body.invitation.id}`);
    expect([mail.channel, mail.kind, mail.status]).toEqual(['email', 'invitation', 'pending']);
    const token = /https:\/\/settle\.example\/invite\/([A-Za-z0-9_-]{43})/.exec(mail.body)![1];
    const accepted = await s.anonymous().request('POST', '/api/invitations/accept', { token, password: NEW_PASSWORD });
    expect(accepted.status).toBe(201);
    expect(accepted.body.person).toMatchObject({ id: person.id, role: 'member', email: person.email });
    const again = await organizer.request('POST', `/api/roster/members/${m}/invitation`, { via: 'email' });
    expect([again.status, again.body.code]).toEqual([409, 'people.already-member']);
    const audits = await s.handle.db.selectFrom('audit_log').select('action').where('subject', '=', `invitations/${a.body.invitation.id}`).execute();
    expect(audits).toEqual([{ action: 'invitation.create:email' }]);
  });

  it('invites a site captain by SMS: 5 attempts at the 6-digit code, the 5th may still be right', async () => {
    const m = await member({ email: null });
    const a = await organizer.request('POST', `/api/roster/members/${m}/invitation`, { via: 'sms', role: 'site-captain' });
    expect(a.status).toBe(201);
    expect(a.body.invitation.to).toMatch(/^\+1•••••\d{4}$/);
    const text = await outboxFor(`invitation:${a.body.invitation.id}`);
    const code = /sign-in code is (\d{6})/.exec(text.body)![1];
    expect(text.body).toContain(`invitation ${a.body.invitation.id}`);
    const stored = await s.handle.db.selectFrom('invitations').select(['token_hash', 'expires_at']).where('id', '=', a.body.invitation.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(code);
    // Valid 15 minutes from now.
    expect(stored.expires_at).toBe(new Date(s.clock.now.getTime() + 15 * 60_000).toISOString());
    const wrong = code === '000000' ? '000001' : '000000';
    for (const left of [4, 3, 2, 1]) {
      const w = await s.anonymous().request('POST', '/api/invitations/accept-code', { invitation: a.body.invitation.id, code: wrong, password: NEW_PASSWORD });
      expect([w.status, w.body.code, w.body.message]).toEqual([400, 'invitation.wrong-code', `the code is wrong: ${left} attempt${left === 1 ? '' : 's'} left`]);
    }
    const ok = await s.anonymous().request('POST', '/api/invitations/accept-code', { invitation: a.body.invitation.id, code, password: NEW_PASSWORD });
    expect(ok.status).toBe(201);
    expect(ok.body.person).toMatchObject({ role: 'site-captain', email: `member-${m}@no-email.invalid` });
    const reuse = await s.anonymous().request('POST', '/api/invitations/accept-code', { invitation: a.body.invitation.id, code, password: NEW_PASSWORD });
    expect([reuse.status, reuse.body.code]).toEqual([404, 'invitation.unusable']);
  });

  it('ends an SMS invitation after 5 wrong codes or 15 minutes, and a newer invitation ends the older', async () => {
    const m = await member();
    const first = await organizer.request('POST', `/api/roster/members/${m}/invitation`, { via: 'sms' });
    const code1 = /sign-in code is (\d{6})/.exec((await outboxFor(`invitation:${first.body.invitation.id}`)).body)![1];
    const wrong = code1 === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) await s.anonymous().request('POST', '/api/invitations/accept-code', { invitation: first.body.invitation.id, code: wrong, password: NEW_PASSWORD });
    const sixth = await s.anonymous().request('POST', '/api/invitations/accept-code', { invitation: first.body.invitation.id, code: code1, password: NEW_PASSWORD });
    expect([sixth.status, sixth.body.code]).toEqual([404, 'invitation.unusable']);

    const second = await organizer.request('POST', `/api/roster/members/${m}/invitation`, { via: 'sms' });
    expect(second.body.invitation.personId).toBe(first.body.invitation.personId);
    const third = await organizer.request('POST', `/api/roster/members/${m}/invitation`, { via: 'sms' });
    const code2 = /sign-in code is (\d{6})/.exec((await outboxFor(`invitation:${second.body.invitation.id}`)).body)![1];
    const ended = await s.anonymous().request('POST', '/api/invitations/accept-code', { invitation: second.body.invitation.id, code: code2, password: NEW_PASSWORD });
    expect(ended.status).toBe(404);
    const code3 = /sign-in code is (\d{6})/.exec((await outboxFor(`invitation:${third.body.invitation.id}`)).body)![1];
    const start = s.clock.now;
    s.clock.now = new Date(start.getTime() + 15 * 60_000);
    try {
      const late = await s.anonymous().request('POST', '/api/invitations/accept-code', { invitation: third.body.invitation.id, code: code3, password: NEW_PASSWORD });
      expect(late.status).toBe(404);
    } finally {
      s.clock.now = start;
    }
    expect((await s.handle.db.selectFrom('people').select('password_hash').where('member_row_id', '=', m).executeTakeFirstOrThrow()).password_hash).toBeNull();
  });

  it('is the union\'s own: district 404, another union\'s member 404, bargaining team 403, no address 409; nothing queued', async () => {
    const m = await member({ mobile: null });
    const theirs = await member({ org: 'otherTeachers' });
    const before = await s.handle.db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    for (const role of ['admin', 'negotiator', 'budget-analyst', 'site-administrator']) {
      const d = await (await s.as('district', role)).request('POST', `/api/roster/members/${m}/invitation`, { via: 'email' });
      expect([role, d.status, d.body.code]).toEqual([role, 404, 'not-found']);
    }
    expect((await organizer.request('POST', `/api/roster/members/${theirs}/invitation`, { via: 'email' })).status).toBe(404);
    expect((await (await s.as('teachers', 'bargaining-team')).request('POST', `/api/roster/members/${m}/invitation`, { via: 'email' })).status).toBe(403);
    const none = await organizer.request('POST', `/api/roster/members/${m}/invitation`, { via: 'sms' });
    expect([none.status, none.body.code]).toEqual([409, 'invitation.no-address']);
    const bad = await organizer.request('POST', `/api/roster/members/${m}/invitation`, { via: 'fax' });
    expect([bad.status, bad.body.where]).toEqual([400, { field: 'via' }]);
    const after = await s.handle.db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(await s.handle.db.selectFrom('people').select('id').where('member_row_id', 'in', [m, theirs]).execute()).toEqual([]);
  });
});
