/**
 * A whole server for tests, in-process on a real database (SQLite file or PostgreSQL) with
 * real argon2 and real costing threads. The world it sets up:
 *
 *   Tiny Unified (district)   people: one per district role
 *     ├ Tiny Teachers (union, unit T)     people: one per union role
 *     └ Tiny Classified (union, unit C)   people: admin, bargaining-team
 *   Other Unified (district)  people: admin, negotiator, budget-analyst
 *     └ Other Teachers (union, unit T)    people: admin, bargaining-team
 *
 * Every account's password is PASSWORD. Emails are `<role>@<org key>.test`.
 */
import { migrateToLatest } from '../../src/db/migrate.ts';
import { openDatabase, type OpenDatabase, type OpenOptions, type SqlDialect } from '../../src/db/connect.ts';
import { createApp } from '../../src/server/app.ts';
import { addPerson } from '../../src/server/admin.ts';
import { argon2id } from '../../src/server/auth/passwords.ts';
import { DISTRICT_ROLES, UNION_ROLES } from '../../src/server/authz.ts';
import { costingPool, type CostingService } from '../../src/server/costing/pool.ts';
import type { Deps } from '../../src/server/env.ts';
import { randomIds, type IdSource } from '../../src/db/ids.ts';
import { freshDatabase, type Fresh } from './databases.ts';
import { randomBytes } from 'node:crypto';
import { changeBusFor } from '../../src/server/pickets/changes.ts';
import { boardFeedsOf } from '../../src/server/pickets/board-feed.ts';

export const PASSWORD = 'correct horse battery staple';

export const ORGS = {
  district: { kind: 'district', name: 'Tiny Unified', roles: DISTRICT_ROLES },
  teachers: { kind: 'union', name: 'Tiny Teachers', district: 'district', unit: 'T', roles: UNION_ROLES },
  classified: { kind: 'union', name: 'Tiny Classified', district: 'district', unit: 'C', roles: ['admin', 'bargaining-team'] },
  otherDistrict: { kind: 'district', name: 'Other Unified', roles: ['admin', 'negotiator', 'budget-analyst'] },
  otherTeachers: { kind: 'union', name: 'Other Teachers', district: 'otherDistrict', unit: 'T', roles: ['admin', 'bargaining-team'] },
} as const;
export type OrgKey = keyof typeof ORGS;

export const emailOf = (org: OrgKey, role: string) => `${role}@${org.toLowerCase()}.test`;

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface Client {
  /** JSON request; `body` is sent as JSON unless it is a string, FormData or Uint8Array (sent as is). */
  request<T = any>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse<T>>;
  csrf: string;
}

export interface TestServer {
  dialect: SqlDialect;
  handle: OpenDatabase;
  /** Where the database is, to open another handle on it (as another process would). */
  options: OpenOptions;
  deps: Deps;
  app: ReturnType<typeof createApp>;
  orgId: Record<OrgKey, number>;
  clock: { now: Date };
  /** A client signed in as the person with this role in this organization. */
  as(org: OrgKey, role: string): Promise<Client>;
  /**
   * A client nobody signed in to; with `address`, its requests come from that client address
   * (as a socket's remote address would; in-process requests otherwise have none).
   */
  anonymous(address?: string): Client;
  close(): Promise<void>;
}

/**
 * `empty`: no workspaces at all (the world above is not created). `ids`: where new rows' ids
 * come from; the server's random ids unless a test needs them reproducible (test/helpers/ids.ts).
 */
export async function startTestServer({ dialect, costing, empty = false, ids = randomIds }: { dialect: SqlDialect; costing?: CostingService; empty?: boolean; ids?: IdSource }): Promise<TestServer> {
  const target: Fresh = await freshDatabase(dialect);
  const handle = await openDatabase(target.options);
  await migrateToLatest(handle.db, dialect);
  const clock = { now: new Date('2026-01-15T16:00:00.000Z') };
  const pool = costing ?? costingPool({ threads: 1 });
  const logs: string[] = [];
  const log = (line: string) => void logs.push(line);
  // As settle serve does: in-process on SQLite, LISTEN/NOTIFY on PostgreSQL.
  const changes = await changeBusFor({ dialect, url: 'url' in target.options ? target.options.url : undefined, db: handle.db, log });
  const deps: Deps = {
    db: handle.db, dialect, now: () => clock.now, ids, costing: pool, passwords: argon2id, secureCookies: true,
    log, ballotKey: randomBytes(32), changes,
  };
  const app = createApp(deps);

  const hash = await argon2id.hash(PASSWORD);
  const orgId = {} as Record<OrgKey, number>;
  for (const key of empty ? [] : (Object.keys(ORGS) as OrgKey[])) {
    const o = ORGS[key];
    const row = await handle.db
      .insertInto('organizations')
      .values({ id: ids.next(null), kind: o.kind, name: o.name, created_at: clock.now.toISOString(), district_id: 'district' in o ? orgId[o.district] : null, unit: 'unit' in o ? o.unit : null })
      .returning('id')
      .executeTakeFirstOrThrow();
    orgId[key] = row.id;
    for (const role of o.roles) {
      await addPerson(handle.db, { organizationId: row.id, email: emailOf(key, role), name: `${o.name} ${role}`, role, passwordHash: hash, now: clock.now, ids });
    }
  }

  const { client, as } = clientsOf(app);

  return {
    dialect, handle, options: target.options, deps, app, orgId, clock,
    as,
    anonymous: (address) => client(null, '', address),
    async close() {
      boardFeedsOf(deps).endAll();
      await changes.close();
      await app.close();
      if (!costing) await pool.close();
      await handle.close();
      await target.dispose();
      if (logs.length > 0 && process.env.SETTLE_TEST_LOG) console.log(logs.join('\n'));
    },
  };
}

/** Clients of one app: `client(cookie, csrf, address?)`, and `as(org, role)` signed in through it. */
function clientsOf(app: ReturnType<typeof createApp>) {
  const client = (cookie: string | null, csrf: string, address?: string): Client => ({
    csrf,
    async request(method, path, body, headers = {}) {
      const h: Record<string, string> = { ...headers };
      if (cookie) h.cookie = cookie;
      if (csrf && h['x-csrf-token'] === undefined) h['x-csrf-token'] = csrf;
      let payload: BodyInit | undefined;
      if (body instanceof FormData || body instanceof Uint8Array || typeof body === 'string') payload = body as BodyInit;
      else if (body !== undefined) {
        payload = JSON.stringify(body);
        h['content-type'] ??= 'application/json';
      }
      const env = address ? { incoming: { socket: { remoteAddress: address, remotePort: 40000, remoteFamily: address.includes(':') ? 'IPv6' : 'IPv4' } } } : undefined;
      const res = await app.request(path, { method, headers: h, body: payload }, env);
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // not JSON (a download): keep the text
      }
      return { status: res.status, body: parsed as any, headers: res.headers };
    },
  });
  const as = async (org: OrgKey, role: string): Promise<Client> => {
    const res = await app.request('/api/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: emailOf(org, role), password: PASSWORD }) });
    if (res.status !== 200) throw new Error(`sign-in as ${role} of ${org} failed: ${res.status} ${await res.text()}`);
    const setCookie = res.headers.get('set-cookie') ?? '';
    const cookie = setCookie.split(';')[0];
    const { csrfToken } = (await res.json()) as { csrfToken: string };
    return client(cookie, csrfToken);
  };
  return { client, as };
}

/**
 * A second app on the same database, as a second `settle serve` process would run: its own
 * database handle (pool), its own in-process state (check-in queue, caches), the same clock.
 * Pass `make`, a createApp imported after `vi.resetModules()`, so that module-level state is
 * its own too, as in another process. For PostgreSQL; a SQLite file is served by one process.
 */
export async function anotherApp(s: TestServer, make: typeof createApp = createApp): Promise<{ app: ReturnType<typeof createApp>; deps: Deps; as(org: OrgKey, role: string): Promise<Client>; anonymous(address?: string): Client; close(): Promise<void> }> {
  const handle = await openDatabase(s.options);
  const deps: Deps = { ...s.deps, db: handle.db, changes: undefined };
  const app = make(deps);
  const { client, as } = clientsOf(app);
  return {
    app, deps, as,
    anonymous: (address) => client(null, '', address),
    async close() {
      await app.close();
      await handle.close();
    },
  };
}
