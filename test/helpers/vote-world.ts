/**
 * A small union for the vote pages' browser tests, on a server without the demo: Pacific
 * Unified (district, one admin) and Pacific Teachers (union): an admin, two election committee
 * members, a site captain and a member with accounts, and a roster of 8 imported through the
 * roster's own routes (upload, preview, confirm). Every password is PASSWORD.
 *
 *   member  name            worksite           status    account
 *   1001    Ana Díaz        Harbor Elementary  active
 *   1002    Bo Li           Harbor Elementary  active    captain@pacific.test (captain of Harbor)
 *   1003    Cy Ng           Harbor Elementary  active
 *   1004    Di Park         Harbor Elementary  active
 *   1005    Ed Ruiz         Harbor Elementary  leave     member@pacific.test
 *   1006    Fe Soto         Harbor Elementary  inactive
 *   1007    Gus Tan         Mesa High          active
 *   1008    Hal Umar        Mesa High          active
 *
 * The roster's history is set back a day ("imported yesterday"), so a vote's cutoff of today,
 * to the minute, sees it whole.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.ts';
import { addPerson } from '../../src/server/admin.ts';
import { argon2id } from '../../src/server/auth/passwords.ts';
import type { RunningServer } from '../../src/server/serve.ts';

export const PASSWORD = 'correct horse battery staple';
export const ACCOUNTS = {
  admin: 'admin@pacific.test', committee1: 'committee1@pacific.test', committee2: 'committee2@pacific.test',
  captain: 'captain@pacific.test', member: 'member@pacific.test', district: 'admin@pacific-unified.test',
} as const;

const ROSTER = [
  'Member ID,Name,E-mail,Cell,School,Status',
  '1001,Ana Díaz,ana@pacific.test,,Harbor Elementary,Active',
  '1002,Bo Li,bo@pacific.test,,Harbor Elementary,Active',
  '1003,Cy Ng,cy@pacific.test,,Harbor Elementary,Active',
  '1004,Di Park,di@pacific.test,,Harbor Elementary,Active',
  '1005,Ed Ruiz,ed@pacific.test,,Harbor Elementary,Leave',
  '1006,Fe Soto,fe@pacific.test,,Harbor Elementary,Inactive',
  '1007,Gus Tan,gus@pacific.test,,Mesa High,Active',
  '1008,Hal Umar,hal@pacific.test,,Mesa High,Active',
].join('\n');

export type Call = <T = any>(method: string, path: string, body?: unknown) => Promise<{ status: number; body: T }>;

/** A signed-in HTTP client on the running server (cookie and CSRF token kept). */
export async function signedIn(url: string, email: string): Promise<Call> {
  const res = await fetch(`${url}/api/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
  if (res.status !== 200) throw new Error(`sign-in as ${email}: ${res.status} ${await res.text()}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  return async (method, path, body) => {
    const headers: Record<string, string> = { cookie, 'x-csrf-token': csrfToken };
    if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
    const r = await fetch(`${url}${path}`, { method, headers, body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body) });
    const text = await r.text();
    return { status: r.status, body: text ? JSON.parse(text) : null };
  };
}

export interface VoteWorld { unionId: number; districtId: number; worksites: Record<'harbor' | 'mesa', number>; members: Record<string, number> }

export async function seedVoteWorld(server: RunningServer): Promise<VoteWorld> {
  const db = server.handle.db as Kysely<Database>;
  const ids = server.deps.ids;
  const now = new Date();
  const org = async (values: { kind: 'district' | 'union'; name: string; district_id: number | null; unit: string | null }) =>
    (await db.insertInto('organizations').values({ id: ids.next(null), created_at: now.toISOString(), ...values }).returning('id').executeTakeFirstOrThrow()).id;
  const districtId = await org({ kind: 'district', name: 'Pacific Unified', district_id: null, unit: null });
  const unionId = await org({ kind: 'union', name: 'Pacific Teachers', district_id: districtId, unit: 'T' });
  const passwordHash = await argon2id.hash(PASSWORD);
  const person = (organizationId: number, email: string, name: string, role: string) => addPerson(db, { organizationId, email, name, role, passwordHash, now, ids });
  await person(districtId, ACCOUNTS.district, 'District admin', 'admin');
  await person(unionId, ACCOUNTS.admin, 'Union admin', 'admin');
  await person(unionId, ACCOUNTS.committee1, 'Rosa Committee', 'election-committee');
  await person(unionId, ACCOUNTS.committee2, 'Sam Committee', 'election-committee');
  const captain = await person(unionId, ACCOUNTS.captain, 'Bo Li', 'site-captain');
  const member = await person(unionId, ACCOUNTS.member, 'Ed Ruiz', 'member');

  const admin = await signedIn(server.url, ACCOUNTS.admin);
  const form = new FormData();
  form.set('file', new File([ROSTER], 'pacific-roster.csv', { type: 'text/csv' }));
  const up = await admin('POST', '/api/roster/imports', form);
  if (up.status !== 201) throw new Error(`roster upload: ${up.status} ${JSON.stringify(up.body)}`);
  const done = await admin('POST', `/api/roster/imports/${up.body.import.id}/confirm`, { mapping: up.body.mapping, removeMissing: up.body.removeMissing, digest: up.body.digest });
  if (done.status !== 200) throw new Error(`roster confirm: ${done.status} ${JSON.stringify(done.body)}`);

  const yesterday = new Date(now.getTime() - 86_400_000).toISOString();
  await db.updateTable('roster_member_history').set({ changed_at: yesterday }).where('organization_id', '=', unionId).execute();
  await db.updateTable('roster_members').set({ created_at: yesterday, updated_at: yesterday }).where('organization_id', '=', unionId).execute();
  await db.updateTable('roster_worksites').set({ created_at: yesterday }).where('organization_id', '=', unionId).execute();

  const rows = await db.selectFrom('roster_members').select(['id', 'member_id', 'worksite_id']).where('organization_id', '=', unionId).execute();
  const members = Object.fromEntries(rows.map((r) => [r.member_id, r.id]));
  const sites = await db.selectFrom('roster_worksites').select(['id', 'name']).where('organization_id', '=', unionId).execute();
  const worksites = { harbor: sites.find((s) => s.name === 'Harbor Elementary')!.id, mesa: sites.find((s) => s.name === 'Mesa High')!.id };

  // The captain's and the member's accounts belong to their roster rows; Bo Li captains Harbor.
  await db.updateTable('people').set({ member_row_id: members['1002'] }).where('id', '=', captain).execute();
  await db.updateTable('people').set({ member_row_id: members['1005'] }).where('id', '=', member).execute();
  const named = await admin('POST', `/api/roster/worksites/${worksites.harbor}/captains`, { member: members['1002'] });
  if (named.status !== 201) throw new Error(`captain: ${named.status} ${JSON.stringify(named.body)}`);
  return { unionId, districtId, worksites, members };
}

/** The one-time code last sent to an address: read from the outbox, as the delivery worker would. */
export async function lastCode(server: RunningServer, recipient: string): Promise<string> {
  const db = server.handle.db as Kysely<Database>;
  const rows = await db.selectFrom('outbox').select(['body', 'created_at']).where('recipient', '=', recipient).orderBy('created_at', 'desc').execute();
  const code = rows.map((r) => /\b(\d{6})\b/.exec(r.body)?.[1]).find(Boolean);
  if (!code) throw new Error(`no code was queued for ${recipient}`);
  return code;
}
