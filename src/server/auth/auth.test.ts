import { afterAll, beforeAll, expect, it } from 'vitest';
import { eachDatabase } from '../../../test/helpers/databases.ts';
import { emailOf, PASSWORD, startTestServer, type TestServer } from '../../../test/helpers/server.ts';

eachDatabase('accounts and sessions', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
  }, 60_000);
  afterAll(async () => s?.close());

  it('signs in, reads the session, and signs out', async () => {
    const c = await s.as('teachers', 'bargaining-team');
    const me = await c.request('GET', '/api/session');
    expect(me.status).toBe(200);
    expect(me.body.person.email).toBe(emailOf('teachers', 'bargaining-team'));
    expect(me.body.organization).toMatchObject({ kind: 'union', name: 'Tiny Teachers', unit: 'T' });
    expect(me.body.csrfToken).toBe(c.csrf);
    expect((await c.request('DELETE', '/api/session')).status).toBe(200);
    expect((await c.request('GET', '/api/session')).status).toBe(401);
  });

  it('stores only the SHA-256 of the session token, and sets an HttpOnly SameSite cookie', async () => {
    const res = await s.app.request('/api/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: emailOf('district', 'admin'), password: PASSWORD }) });
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^__Host-sid=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const token = cookie.slice('__Host-sid='.length, cookie.indexOf(';'));
    const rows = await s.handle.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash.includes(token))).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('refuses a change without the CSRF token, and changes nothing', async () => {
    const c = await s.as('teachers', 'admin');
    const before = await s.handle.db.selectFrom('invitations').select('id').execute();
    const res = await c.request('POST', '/api/invitations', { email: 'new@x.test', name: 'New', role: 'member' }, { 'x-csrf-token': 'forged' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('auth.csrf');
    expect(await s.handle.db.selectFrom('invitations').select('id').execute()).toEqual(before);
  });

  it('invites by one-time link: the link works once and the role is the one given', async () => {
    const admin = await s.as('teachers', 'admin');
    const inv = await admin.request('POST', '/api/invitations', { email: 'Rosa@Example.org', name: 'Rosa', role: 'site-captain' });
    expect(inv.status).toBe(201);
    const stored = await s.handle.db.selectFrom('invitations').select(['token_hash', 'email']).where('id', '=', inv.body.id).executeTakeFirstOrThrow();
    expect(stored.email).toBe('rosa@example.org');
    expect(stored.token_hash).not.toContain(inv.body.token);
    const anon = s.anonymous();
    const ok = await anon.request('POST', '/api/invitations/accept', { token: inv.body.token, password: 'a long enough passphrase' });
    expect(ok.status).toBe(201);
    expect(ok.body.person).toMatchObject({ email: 'rosa@example.org', role: 'site-captain' });
    const again = await anon.request('POST', '/api/invitations/accept', { token: inv.body.token, password: 'a long enough passphrase' });
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('invitation.unusable');
  });

  it('answers an invitation alike whether or not the address has an account in another workspace; only the link tells', async () => {
    const admin = await s.as('teachers', 'admin');
    const elsewhere = await admin.request('POST', '/api/invitations', { email: emailOf('district', 'negotiator'), name: 'Someone', role: 'member' });
    const nowhere = await admin.request('POST', '/api/invitations', { email: 'fresh-address@example.org', name: 'Someone', role: 'member' });
    expect([elsewhere.status, nowhere.status]).toEqual([201, 201]);
    expect(Object.keys(elsewhere.body).sort()).toEqual(Object.keys(nowhere.body).sort());
    expect([...elsewhere.headers.keys()].sort()).toEqual([...nowhere.headers.keys()].sort());
    // The holder of the link learns it on accepting, and nothing is created.
    const people = await s.handle.db.selectFrom('people').select('id').execute();
    const taken = await s.anonymous().request('POST', '/api/invitations/accept', { token: elsewhere.body.token, password: 'a long enough passphrase' });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('people.email-taken');
    expect(await s.handle.db.selectFrom('people').select('id').execute()).toEqual(people);
    // Someone already in the inviter's own workspace (whom the admin can list anyway) is a conflict.
    const member = await admin.request('POST', '/api/invitations', { email: emailOf('teachers', 'organizer'), name: 'Again', role: 'member' });
    expect(member.status).toBe(409);
    expect(member.body.code).toBe('people.already-member');
  });

  it('with email configured, emails the link to the address and does not show it to the admin, so the admin cannot accept to learn of an account elsewhere', async () => {
    const admin = await s.as('district', 'admin');
    const before = s.deps.messaging;
    s.deps.messaging = { channels: { email: true, sms: false }, publicUrl: 'https://settle.example/', smsWebhookSecret: null };
    try {
      const elsewhere = await admin.request('POST', '/api/invitations', { email: emailOf('teachers', 'organizer'), name: 'Someone', role: 'negotiator' });
      const nowhere = await admin.request('POST', '/api/invitations', { email: 'nobody-yet@example.org', name: 'Sam Lee', role: 'negotiator' });
      expect([elsewhere.status, nowhere.status]).toEqual([201, 201]);
      // No token and no link in either answer: the same keys, the address masked.
      expect(Object.keys(elsewhere.body).sort()).toEqual(['expiresAt', 'id', 'message', 'sentTo']);
      expect(Object.keys(nowhere.body).sort()).toEqual(['expiresAt', 'id', 'message', 'sentTo']);
      expect([nowhere.body.sentTo, nowhere.body.message]).toEqual(['n***@example.org', 'queued']);
      // The email, as the delivery worker would send it, carries the link; its holder can accept.
      const mail = await s.handle.db.selectFrom('outbox').select(['channel', 'recipient', 'subject', 'body', 'kind']).where('dedupe_key', '=', `invitation:${nowhere.body.id}`).executeTakeFirstOrThrow();
      expect([mail.channel, mail.recipient, mail.kind]).toEqual(['email', 'nobody-yet@example.org', 'invitation']);
      expect(mail.subject).toMatch(/^Sign in to /);
      const token = /https:\/\/settle\.example\/invite\/([A-Za-z0-9_-]{43})\n/.exec(mail.body)?.[1];
      expect(token).toBeDefined();
      const accepted = await s.anonymous().request('POST', '/api/invitations/accept', { token, password: 'lantern orbit velvet canyon' });
      expect([accepted.status, accepted.body.person?.role]).toEqual([201, 'negotiator']);
      const audits = await s.handle.db.selectFrom('audit_log').select('action').where('subject', '=', `invitations/${nowhere.body.id}`).execute();
      expect(audits).toEqual([{ action: 'invitation.create:email' }]);
    } finally {
      s.deps.messaging = before;
    }
  });

  it.each(['aaaaaaaaaa', 'password123', 'qwertyuiop', 'iloveyou2019', 'TinyTeachers'])('refuses the easily guessed password %j, says why and what would do, and keeps the link usable', async (weak) => {
    const admin = await s.as('teachers', 'admin');
    const inv = await admin.request('POST', '/api/invitations', { email: `weak-${weak.length}-${weak.charCodeAt(0)}@example.org`, name: 'Pat Weak', role: 'member' });
    const before = await s.handle.db.selectFrom('people').select('id').execute();
    const res = await s.anonymous().request('POST', '/api/invitations/accept', { token: inv.body.token, password: weak });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'password.weak', where: { field: 'password' } });
    expect(res.body.message).toMatch(/too easy to guess: .+ \(strength [0-2] of 4; at least 3 is needed\)/);
    expect(res.body.hint).toContain('four or more unrelated words');
    expect(await s.handle.db.selectFrom('people').select('id').execute()).toEqual(before);
    const strong = await s.anonymous().request('POST', '/api/invitations/accept', { token: inv.body.token, password: 'lantern orbit velvet canyon' });
    expect(strong.status).toBe(201);
  });

  it('refuses a role from the other side of the table', async () => {
    const admin = await s.as('district', 'admin');
    const res = await admin.request('POST', '/api/invitations', { email: 'x@district.test', name: 'X', role: 'bargaining-team' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'request.role', where: { field: 'role' } });
    expect(res.body.hint).toContain('budget-analyst');
  });

  it('records every write in the audit log with who, what and when', async () => {
    const admin = await s.as('district', 'admin');
    await admin.request('POST', '/api/invitations', { email: 'audit@x.test', name: 'Audited', role: 'negotiator' });
    const log = await admin.request('GET', '/api/audit?limit=5');
    expect(log.status).toBe(200);
    expect(log.body.entries[0]).toMatchObject({ person: 'Tiny Unified admin', action: 'invitation.create', at: s.clock.now.toISOString() });
  });
});
