/**
 * A union roster for the strike-day tests, written straight to the database (fast enough for a
 * thousand worksites): worksites, members at them, site captains, and sign-ins linked to members.
 */
import { addPerson } from '../../src/server/admin.ts';
import { argon2id } from '../../src/server/auth/passwords.ts';
import { PASSWORD, type Client, type OrgKey, type TestServer } from './server.ts';

export interface Site { id: number; name: string }
export interface Member { id: number; memberId: string; name: string; worksiteId: number }

const CHUNK = 400;

/** `sites` worksites named "<prefix> School 0001"…, each with `perSite` active members. */
export async function seedRoster(s: TestServer, org: OrgKey, { sites, perSite, prefix }: { sites: number; perSite: number; prefix: string }): Promise<{ sites: Site[]; members: Member[] }> {
  const orgId = s.orgId[org];
  const at = s.clock.now.toISOString();
  const ws = Array.from({ length: sites }, (_, i) => ({ id: s.deps.ids.next(orgId), organization_id: orgId, key: `text:${prefix}-${i}`.toLowerCase(), name: `${prefix} School ${String(i + 1).padStart(4, '0')}`, school_id: null, cds_code: null, created_at: at }));
  for (let i = 0; i < ws.length; i += CHUNK) await s.handle.db.insertInto('roster_worksites').values(ws.slice(i, i + CHUNK)).execute();
  const ms = ws.flatMap((w, i) => Array.from({ length: perSite }, (_, j) => {
    const memberId = `${prefix}-${i + 1}-${j + 1}`;
    return { id: s.deps.ids.next(orgId), organization_id: orgId, member_id: memberId, name: `Member ${memberId}`, employee_id: null, email: null, mobile: null, worksite_id: w.id, job_class: null, status: 'active', created_at: at, updated_at: at, removed_at: null };
  }));
  for (let i = 0; i < ms.length; i += CHUNK) await s.handle.db.insertInto('roster_members').values(ms.slice(i, i + CHUNK)).execute();
  return { sites: ws.map((w) => ({ id: w.id, name: w.name })), members: ms.map((m) => ({ id: m.id, memberId: m.member_id, name: m.name, worksiteId: m.worksite_id })) };
}

/** Names a member captain of a worksite (as POST /api/roster/worksites/{id}/captains would). */
export async function nameCaptain(s: TestServer, org: OrgKey, worksiteId: number, memberRowId: number): Promise<void> {
  const orgId = s.orgId[org];
  const by = await s.handle.db.selectFrom('people').select('id').where('organization_id', '=', orgId).executeTakeFirstOrThrow();
  await s.handle.db.insertInto('roster_site_captains').values({ id: s.deps.ids.next(orgId), organization_id: orgId, worksite_id: worksiteId, member_row_id: memberRowId, assigned_by: by.id, assigned_at: s.clock.now.toISOString(), ended_by: null, ended_at: null }).execute();
}

/** Links an existing sign-in (by email) to a roster member. */
export async function link(s: TestServer, email: string, memberRowId: number | null): Promise<void> {
  await s.handle.db.updateTable('people').set({ member_row_id: memberRowId }).where('email', '=', email).execute();
}

let hash: Promise<string> | null = null;

/** A new sign-in (role `member` unless told) linked to the roster member, signed in. */
export async function memberClient(s: TestServer, org: OrgKey, m: Member, role = 'member'): Promise<Client> {
  hash ??= argon2id.hash(PASSWORD);
  const email = `${m.memberId.toLowerCase()}@members.test`;
  await addPerson(s.handle.db, { organizationId: s.orgId[org], email, name: m.name, role, passwordHash: await hash, now: s.clock.now, ids: s.deps.ids });
  await link(s, email, m.id);
  return signInEmail(s, email);
}

export async function signInEmail(s: TestServer, email: string): Promise<Client> {
  const res = await s.app.request('/api/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
  if (res.status !== 200) throw new Error(`sign-in as ${email} failed: ${res.status} ${await res.text()}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  return {
    csrf: csrfToken,
    async request(method, path, body) {
      const r = await s.app.request(path, { method, headers: { cookie, 'x-csrf-token': csrfToken, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) }, body: body !== undefined ? JSON.stringify(body) : undefined });
      const text = await r.text();
      return { status: r.status, body: text ? JSON.parse(text) : null, headers: r.headers };
    },
  };
}
