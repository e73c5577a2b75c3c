import { afterAll, beforeAll, expect, it } from 'vitest';
import { eachDatabase } from '../../../test/helpers/databases.ts';
import { emailOf, PASSWORD, startTestServer, type Client, type TestServer } from '../../../test/helpers/server.ts';

eachDatabase('people management', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
  }, 60_000);
  afterAll(async () => s?.close());

  const idOf = async (email: string) => (await s.handle.db.selectFrom('people').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  /** The admin's workspace's latest audit entry (read with the admin's session: signing in would add one). */
  const lastAudit = async (admin: Client) => (await admin.request('GET', '/api/audit?limit=1')).body.entries[0];

  it('removes a person: their session stops at once, they cannot sign in, they leave the list but stay in the history', async () => {
    const admin = await s.as('teachers', 'admin');
    const member = await s.as('teachers', 'member');
    expect((await member.request('GET', '/api/session')).status).toBe(200);
    const id = await idOf(emailOf('teachers', 'member'));
    const res = await admin.request('DELETE', `/api/people/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ person: { id, role: 'member' }, removedAt: s.clock.now.toISOString() });
    expect((await member.request('GET', '/api/session')).status).toBe(401);
    // Signing in answers as a wrong password would (no hint that the account was there).
    const again = await s.anonymous().request('POST', '/api/session', { email: emailOf('teachers', 'member'), password: PASSWORD });
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('auth.invalid');
    expect((await admin.request('GET', '/api/people')).body.people.map((p: { id: number }) => p.id)).not.toContain(id);
    expect(await s.handle.db.selectFrom('people').select(['name', 'removed_at']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ name: 'Tiny Teachers member', removed_at: s.clock.now.toISOString() });
    expect(await lastAudit(admin)).toMatchObject({ person: 'Tiny Teachers admin', action: 'person.remove', subject: `people/${id}` });
    // Removing again: there is no such (current) person.
    expect((await admin.request('DELETE', `/api/people/${id}`)).status).toBe(404);
  });

  it('brings a removed person back when their own workspace invites the address again (the same person, for the history)', async () => {
    const admin = await s.as('teachers', 'admin');
    const id = await idOf(emailOf('teachers', 'member'));
    const inv = await admin.request('POST', '/api/invitations', { email: emailOf('teachers', 'member'), name: 'Member Returns', role: 'organizer' });
    expect(inv.status).toBe(201);
    const back = await s.anonymous().request('POST', '/api/invitations/accept', { token: inv.body.token, password: 'returning member passphrase' });
    expect(back.status).toBe(201);
    expect(back.body.person).toEqual({ id, name: 'Member Returns', email: emailOf('teachers', 'member'), role: 'organizer' });
    // Another workspace cannot take the address of a person removed elsewhere.
    const districtAdmin = await s.as('district', 'admin');
    const gone = await idOf(emailOf('district', 'site-administrator'));
    expect((await districtAdmin.request('DELETE', `/api/people/${gone}`)).status).toBe(200);
    const other = await admin.request('POST', '/api/invitations', { email: emailOf('district', 'site-administrator'), name: 'Elsewhere', role: 'member' });
    expect(other.status).toBe(201);
    const refused = await s.anonymous().request('POST', '/api/invitations/accept', { token: other.body.token, password: 'a long enough passphrase' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('people.email-taken');
  });

  it('ends the invitations a removed person could come back by, and those they sent; the newest invitation to an address is the one that counts', async () => {
    const admin = await s.as('teachers', 'admin');
    const password = 'a long enough passphrase 42';
    const accept = (token: string) => s.anonymous().request('POST', '/api/invitations/accept', { token, password });
    /** Invites as the person signed in with this address. */
    const inviteAs = async (email: string, body: Record<string, string>) => {
      const res = await s.app.request('/api/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
      const { csrfToken } = (await res.json()) as { csrfToken: string };
      const sent = await s.app.request('/api/invitations', { method: 'POST', headers: { 'content-type': 'application/json', cookie: (res.headers.get('set-cookie') ?? '').split(';')[0], 'x-csrf-token': csrfToken }, body: JSON.stringify(body) });
      return { status: sent.status, body: (await sent.json()) as { token: string } };
    };
    // An admin invitation, then a member one to the same address: only the member one works.
    const asAdmin = await admin.request('POST', '/api/invitations', { email: 'x1@teachers.test', name: 'X One', role: 'admin' });
    const asMember = await admin.request('POST', '/api/invitations', { email: 'x1@teachers.test', name: 'X One', role: 'member' });
    const joined = await accept(asMember.body.token);
    expect([joined.status, joined.body.person.role]).toEqual([201, 'member']);
    expect((await accept(asAdmin.body.token)).body.code).toBe('invitation.unusable');
    // A second admin sends an invitation, and one is sent to them again; removed, neither link lets anyone in.
    const second = await admin.request('POST', '/api/invitations', { email: 'x2@teachers.test', name: 'X Two', role: 'admin' });
    const x2 = await accept(second.body.token);
    const fromX2 = await inviteAs('x2@teachers.test', { email: 'x3@elsewhere.test', name: 'X Three', role: 'admin' });
    expect(fromX2.status).toBe(201);
    const backDoor = await admin.request('POST', '/api/invitations', { email: 'x2@teachers.test', name: 'X Two', role: 'admin' });
    expect(backDoor.body.code).toBe('people.already-member');
    expect((await admin.request('DELETE', `/api/people/${x2.body.person.id}`)).status).toBe(200);
    const late = await accept(fromX2.body.token);
    expect([late.status, late.body.code]).toEqual([404, 'invitation.unusable']);
    // A person whose role changes: the invitations they sent end too.
    const x1 = joined.body.person.id;
    expect((await admin.request('POST', `/api/people/${x1}/role`, { role: 'admin' })).status).toBe(200);
    const byX1 = await inviteAs('x1@teachers.test', { email: 'x4@teachers.test', name: 'X Four', role: 'admin' });
    expect(byX1.status).toBe(201);
    expect((await admin.request('POST', `/api/people/${x1}/role`, { role: 'member' })).status).toBe(200);
    expect((await accept(byX1.body.token)).body.code).toBe('invitation.unusable');
  });

  it("changes a role to another role of the workspace's side, effective at the person's next request", async () => {
    const admin = await s.as('teachers', 'admin');
    const captain = await s.as('teachers', 'site-captain');
    const id = await idOf(emailOf('teachers', 'site-captain'));
    expect((await captain.request('GET', '/api/proposals')).status).toBe(403);
    const wrongSide = await admin.request('POST', `/api/people/${id}/role`, { role: 'negotiator' });
    expect(wrongSide.status).toBe(400);
    expect(wrongSide.body).toMatchObject({ code: 'request.role', where: { field: 'role' } });
    expect(wrongSide.body.hint).toContain('bargaining-team');
    const res = await admin.request('POST', `/api/people/${id}/role`, { role: 'bargaining-team' });
    expect(res.status).toBe(200);
    expect(res.body.person).toMatchObject({ id, role: 'bargaining-team' });
    expect((await captain.request('GET', '/api/proposals')).status).toBe(200);
    expect(await lastAudit(admin)).toMatchObject({ action: 'person.role:bargaining-team', subject: `people/${id}` });
  });

  it('keeps at least one admin: the last admin cannot remove or demote themselves, and nothing changes', async () => {
    const admin = await s.as('classified', 'admin');
    const self = await idOf(emailOf('classified', 'admin'));
    const before = await s.handle.db.selectFrom('people').selectAll().where('organization_id', '=', s.orgId.classified).orderBy('id').execute();
    const demote = await admin.request('POST', `/api/people/${self}/role`, { role: 'bargaining-team' });
    expect(demote.status).toBe(409);
    expect(demote.body.code).toBe('people.last-admin');
    expect(demote.body.message).toContain('you are the last admin');
    const remove = await admin.request('DELETE', `/api/people/${self}`);
    expect(remove.status).toBe(409);
    expect(await s.handle.db.selectFrom('people').selectAll().where('organization_id', '=', s.orgId.classified).orderBy('id').execute()).toEqual(before);
    // With a second admin, the first may step down.
    const other = await idOf(emailOf('classified', 'bargaining-team'));
    expect((await admin.request('POST', `/api/people/${other}/role`, { role: 'admin' })).status).toBe(200);
    expect((await admin.request('POST', `/api/people/${self}/role`, { role: 'bargaining-team' })).status).toBe(200);
    expect((await admin.request('GET', '/api/people')).status).toBe(403);
  });

  it("signs a person out everywhere: every one of their sessions ends, and nobody else's", async () => {
    const admin = await s.as('district', 'admin');
    const [a, b] = [await s.as('district', 'negotiator'), await s.as('district', 'negotiator')];
    const bystander = await s.as('district', 'budget-analyst');
    const id = await idOf(emailOf('district', 'negotiator'));
    const res = await admin.request('DELETE', `/api/people/${id}/sessions`);
    expect(res.status).toBe(200);
    expect(res.body.ended).toBeGreaterThanOrEqual(2);
    expect([(await a.request('GET', '/api/session')).status, (await b.request('GET', '/api/session')).status]).toEqual([401, 401]);
    expect((await bystander.request('GET', '/api/session')).status).toBe(200);
    expect(await lastAudit(admin)).toMatchObject({ action: 'person.sessions-end', subject: `people/${id}` });
    // They can sign in again (this is not a removal).
    expect((await s.anonymous().request('POST', '/api/session', { email: emailOf('district', 'negotiator'), password: PASSWORD })).status).toBe(200);
  });

  it("answers 404 for a person of another workspace, and changes nothing", async () => {
    const admin = await s.as('district', 'admin');
    const union = await idOf(emailOf('teachers', 'organizer'));
    const before = await s.handle.db.selectFrom('people').selectAll().where('id', '=', union).executeTakeFirstOrThrow();
    for (const [method, path, body] of [['DELETE', `/api/people/${union}`], ['POST', `/api/people/${union}/role`, { role: 'negotiator' }], ['DELETE', `/api/people/${union}/sessions`]] as const) {
      const r = await admin.request(method, path, body);
      expect(r.status, `${method} ${path}`).toBe(404);
    }
    expect(await s.handle.db.selectFrom('people').selectAll().where('id', '=', union).executeTakeFirstOrThrow()).toEqual(before);
  });
});
