/**
 * Nothing about one side's activity is visible to the other. Two identical worlds (the tiny
 * district and its unions, a dataset, one proposal from each side passed and published); in
 * each, the district runs the same probe twice: it signs in, reads everything it can read
 * (its session, organization, people, audit log, datasets, proposals, a received version, the
 * workspace comparison, the public record and the public comparison), drafts, versions,
 * passes and publishes, invites, fails a sign-in and signs out; and it asks for the ids the
 * union's new drafts have in the busy world. Between the two probes the union is busy in one
 * world (three private drafts, versions, a preview, sign-ins and sign-outs, a wrong password,
 * an invitation made and accepted) and idle in the other. Every answer the district gets,
 * status, headers and body, ids included, is the same in both worlds.
 *
 * Ids are random on a server; here they come from a stream seeded per organization
 * (test/helpers/ids.ts), as random as the server's but the same in both worlds. The control
 * shows the probe can tell: with one sequence shared by every organization (as the database
 * gave ids before), the same comparison finds the union's activity in the district's answers.
 */
import { afterEach, expect, it } from 'vitest';
import type { IdSource } from '../src/db/ids.ts';
import type { SqlDialect } from '../src/db/connect.ts';
import { raiseYaml } from '../src/server/proposals/test-world.ts';
import { eachDatabase } from './helpers/databases.ts';
import { seededIds } from './helpers/ids.ts';
import { tinyDistrictFiles } from './helpers/security.ts';
import { emailOf, PASSWORD, startTestServer, type OrgKey, type TestServer } from './helpers/server.ts';

/** One answer as the district got it; secrets (cookie values, CSRF and invitation tokens) blanked. */
interface Seen {
  step: string;
  status: number;
  headers: [string, string][];
  body: unknown;
}

const SECRET_KEYS = new Set(['csrfToken', 'token', 'link']);

function blankSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(blankSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_KEYS.has(k) && typeof v === 'string' ? '(secret)' : blankSecrets(v)]));
  }
  return value;
}

function headersOf(h: Headers): [string, string][] {
  const out: [string, string][] = [];
  h.forEach((value, name) => {
    if (name === 'date') return;
    out.push([name, name === 'set-cookie' ? value.replace(/=[^;]*/, '=(secret)') : value]);
  });
  return out.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

interface Session {
  cookie: string;
  csrf: string;
}

/** Requests straight to the app (in-process), each answer parsed and, when `log` is given, recorded. */
function caller(s: TestServer, log: Seen[] | null) {
  return async (step: string, who: Session | null, method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = {};
    if (who) Object.assign(headers, { cookie: who.cookie, 'x-csrf-token': who.csrf });
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await s.app.request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // a download: keep the text
    }
    log?.push({ step, status: res.status, headers: headersOf(res.headers), body: blankSecrets(parsed) });
    return { status: res.status, body: parsed as any, cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] };
  };
}

async function signIn(call: ReturnType<typeof caller>, step: string, org: OrgKey, role: string): Promise<Session> {
  const r = await call(step, null, 'POST', '/api/session', { email: emailOf(org, role), password: PASSWORD });
  if (r.status !== 200) throw new Error(`${step}: sign-in as ${role} of ${org} answered ${r.status}`);
  return { cookie: r.cookie, csrf: r.body.csrfToken };
}

const T0 = Date.parse('2026-02-02T15:00:00.000Z');
const at = (s: TestServer, minutes: number) => {
  s.clock.now = new Date(T0 + minutes * 60_000);
};

/** What both worlds share before the probes: a dataset, and one proposal from each side passed and published. */
interface Setting {
  datasetId: number;
  datasetVersionId: number;
  unionVersion: number;
  districtProposal: number;
  districtVersion: number;
}

async function setUp(s: TestServer): Promise<Setting> {
  const call = caller(s, null);
  at(s, 0);
  const admin = await signIn(call, 'setup', 'district', 'admin');
  const upload = await call('setup', admin, 'POST', '/api/datasets', { name: 'District data', files: tinyDistrictFiles() });
  expect(upload.status).toBe(201);
  const datasetVersionId: number = upload.body.version.id;
  const team = await signIn(call, 'setup', 'teachers', 'bargaining-team');
  const u = await call('setup', team, 'POST', '/api/proposals', { title: 'Opening', yaml: raiseYaml(5), datasetVersionId });
  expect(u.status).toBe(201);
  at(s, 10);
  expect((await call('setup', team, 'POST', `/api/proposal-versions/${u.body.id}/pass`)).status).toBe(201);
  expect((await call('setup', team, 'POST', `/api/proposal-versions/${u.body.id}/publish`)).status).toBe(201);
  const negotiator = await signIn(call, 'setup', 'district', 'negotiator');
  at(s, 20);
  const d = await call('setup', negotiator, 'POST', '/api/proposals', { title: 'Offer', yaml: raiseYaml(1, { party: 'district' }), datasetVersionId });
  expect(d.status).toBe(201);
  expect((await call('setup', negotiator, 'POST', `/api/proposal-versions/${d.body.id}/pass`)).status).toBe(201);
  expect((await call('setup', negotiator, 'POST', `/api/proposal-versions/${d.body.id}/publish`)).status).toBe(201);
  return { datasetId: upload.body.dataset.id, datasetVersionId, unionVersion: u.body.id, districtProposal: d.body.proposalId, districtVersion: d.body.id };
}

/**
 * Everything the district does and reads in one probe, at minute `minute`. `foreign` are ids
 * the union's drafts have in the busy world: the district asks for them too.
 */
async function probe(s: TestServer, w: Setting, n: number, minute: number, foreign: { proposals: number[]; versions: number[] }): Promise<Seen[]> {
  const seen: Seen[] = [];
  const call = caller(s, seen);
  at(s, minute);
  const admin = await signIn(call, `probe ${n}: admin signs in`, 'district', 'admin');
  const negotiator = await signIn(call, `probe ${n}: negotiator signs in`, 'district', 'negotiator');
  const read = async (who: Session, path: string) => call(`probe ${n}: GET ${path}`, who, 'GET', path);

  for (const path of ['/api/session', '/api/organization', '/api/people', '/api/audit?limit=500', '/api/datasets', `/api/dataset-versions/${w.datasetVersionId}`]) await read(admin, path);
  for (const path of ['/api/proposals', `/api/proposals/${w.districtProposal}`, `/api/proposal-versions/${w.unionVersion}`, `/api/compare?versions=${w.unionVersion},${w.districtVersion}`]) await read(negotiator, path);
  const anonymous = async (path: string) => call(`probe ${n}: public GET ${path}`, null, 'GET', path);
  await anonymous('/api/public/proposals');
  await anonymous(`/api/public/proposals/${w.unionVersion}`);
  await anonymous(`/api/public/compare?versions=${w.unionVersion},${w.districtVersion}`);

  // The district writes: a new proposal, a version of it, a preview, a pass and a publication, an invitation.
  const created = await call(`probe ${n}: draft`, negotiator, 'POST', '/api/proposals', { title: `Probe ${n}`, yaml: raiseYaml(2, { party: 'district' }), datasetVersionId: w.datasetVersionId });
  expect(created.status).toBe(201);
  const next = await call(`probe ${n}: version`, negotiator, 'POST', `/api/proposals/${created.body.proposalId}/versions`, { yaml: raiseYaml(3, { party: 'district' }), datasetVersionId: w.datasetVersionId });
  expect(next.status).toBe(201);
  await call(`probe ${n}: preview`, negotiator, 'POST', '/api/costings?positions=none', { yaml: raiseYaml(4, { party: 'district' }) });
  await call(`probe ${n}: pass`, negotiator, 'POST', `/api/proposal-versions/${next.body.id}/pass`);
  await call(`probe ${n}: publish`, negotiator, 'POST', `/api/proposal-versions/${next.body.id}/publish`);
  await call(`probe ${n}: invite`, admin, 'POST', '/api/invitations', { email: `probe${n}@district.test`, name: `Probe ${n}`, role: 'budget-analyst' });

  // The union's drafts in the busy world, asked for by id: the same answer as for ids that do not exist.
  for (const id of foreign.proposals) {
    await read(negotiator, `/api/proposals/${id}`);
    await call(`probe ${n}: version of ${id}`, negotiator, 'POST', `/api/proposals/${id}/versions`, { yaml: raiseYaml(3, { party: 'district' }) });
  }
  for (const id of foreign.versions) {
    await read(negotiator, `/api/proposal-versions/${id}`);
    await read(negotiator, `/api/compare?versions=${w.districtVersion},${id}`);
    await call(`probe ${n}: pass ${id}`, negotiator, 'POST', `/api/proposal-versions/${id}/pass`);
    await anonymous(`/api/public/proposals/${id}`);
  }

  // Everything again after the writes, then a wrong password and the sign-outs.
  for (const path of ['/api/proposals', '/api/audit?limit=500', '/api/people']) await read(admin, path);
  await anonymous('/api/public/proposals');
  await call(`probe ${n}: wrong password`, null, 'POST', '/api/session', { email: emailOf('district', 'budget-analyst'), password: 'not the password at all' });
  await call(`probe ${n}: admin signs out`, admin, 'DELETE', '/api/session');
  await call(`probe ${n}: negotiator signs out`, negotiator, 'DELETE', '/api/session');
  return seen;
}

/** The union, busy between the probes: what the district must not be able to see. Returns its new drafts' ids. */
async function unionIsBusy(s: TestServer, w: Setting): Promise<{ proposals: number[]; versions: number[] }> {
  const call = caller(s, null);
  const ok = async (status: number, step: Promise<{ status: number; body: any }>) => {
    const r = await step;
    expect(r.status, JSON.stringify(r.body)).toBe(status);
    return r.body;
  };
  at(s, 60);
  const team = await signIn(call, 'union', 'teachers', 'bargaining-team');
  const proposals: number[] = [];
  const versions: number[] = [];
  for (const pct of [6, 7, 8]) {
    const v = await ok(201, call('union', team, 'POST', '/api/proposals', { title: `Private ${pct}`, yaml: `# we would settle for 4%\n${raiseYaml(pct)}`, datasetVersionId: w.datasetVersionId }));
    proposals.push(v.proposalId);
    versions.push(v.id);
  }
  const again = await ok(201, call('union', team, 'POST', `/api/proposals/${proposals[0]}/versions`, { yaml: raiseYaml(9), datasetVersionId: w.datasetVersionId }));
  versions.push(again.id);
  // A new draft of the proposal the district has seen (its passed version 1), not passed.
  const opening = await ok(200, call('union', team, 'GET', '/api/proposals'));
  const openingId = opening.proposals.find((p: { title: string }) => p.title === 'Opening').id;
  versions.push((await ok(201, call('union', team, 'POST', `/api/proposals/${openingId}/versions`, { yaml: raiseYaml(4), datasetVersionId: w.datasetVersionId }))).id);
  await ok(200, call('union', team, 'POST', '/api/costings?positions=none', { yaml: raiseYaml(10) }));
  await ok(200, call('union', team, 'DELETE', '/api/session'));

  const admin = await signIn(call, 'union', 'teachers', 'admin');
  const invitation = await ok(201, call('union', admin, 'POST', '/api/invitations', { email: 'new-member@teachers.test', name: 'New Member', role: 'bargaining-team' }));
  await ok(401, call('union', null, 'POST', '/api/session', { email: emailOf('teachers', 'organizer'), password: 'a wrong password here' }));
  const joined = await ok(201, call('union', null, 'POST', '/api/invitations/accept', { token: invitation.token, password: 'a new member passphrase' }));
  expect(joined.organization.id).toBe(s.orgId.teachers);
  await ok(200, call('union', admin, 'DELETE', '/api/session'));
  // The other union at the district's table signs in too.
  await signIn(call, 'union', 'classified', 'bargaining-team');
  return { proposals, versions };
}

async function unionRows(s: TestServer): Promise<number> {
  const n = await s.handle.db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).where('organization_id', '=', s.orgId.teachers).executeTakeFirstOrThrow();
  return Number(n.n);
}

/** A world, the first probe, the union busy or not, the second probe: every answer of both probes. */
async function run(dialect: SqlDialect, ids: IdSource, busy: boolean, foreign: { proposals: number[]; versions: number[] }, servers: TestServer[]) {
  const s = await startTestServer({ dialect, ids });
  servers.push(s);
  const w = await setUp(s);
  const first = await probe(s, w, 1, 30, { proposals: [], versions: [] });
  const before = await unionRows(s);
  const drafted = busy ? await unionIsBusy(s, w) : null;
  const unionWrites = (await unionRows(s)) - before;
  const second = await probe(s, w, 2, 120, drafted ?? foreign);
  return { answers: [...first, ...second], drafted, unionWrites };
}

/** Ids from one counter shared by every organization, as the database gave them before. */
function sharedSequence(): IdSource {
  let n = 0;
  return { next: () => ++n };
}

eachDatabase('one side\'s activity, seen from the other', (dialect) => {
  const servers: TestServer[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) await s.close();
  });

  it('gives the district the same answers, ids included, whether the union was busy or not', async () => {
    const busy = await run(dialect, seededIds('activity'), true, { proposals: [], versions: [] }, servers);
    expect(busy.drafted?.versions).toHaveLength(5);
    // The union's activity was real, 12 entries in its own log: 3 drafts + 2 versions + 2 sign-ins
    // + 2 sign-outs + 1 invitation + 1 acceptance + 1 wrong password (classified's sign-in is in its own log).
    expect(busy.unionWrites).toBe(12);
    const quiet = await run(dialect, seededIds('activity'), false, busy.drafted!, servers);
    expect(quiet.unionWrites).toBe(0);
    expect(quiet.answers.length).toBe(busy.answers.length);
    expect(quiet.answers.length).toBeGreaterThan(60);
    // Nothing the district got differs, step by step.
    for (let i = 0; i < busy.answers.length; i++) expect(busy.answers[i], busy.answers[i].step).toEqual(quiet.answers[i]);
    // The union's drafts answer as ids that do not exist.
    const asked = busy.answers.filter((a) => a.step.startsWith('probe 2') && busy.drafted!.versions.some((id) => a.step.includes(`/${id}`) || a.step.endsWith(` ${id}`)));
    expect(asked.length).toBeGreaterThan(0);
    for (const a of asked) expect(a.status).toBe(404);
    console.log(`activity leak on ${dialect}: ${busy.answers.length} district answers identical with and without ${busy.unionWrites} union writes between the probes (${asked.length} of them ask for the union's new drafts by id: 404)`);
  }, 240_000);

  it('control: with one id sequence shared by every organization, the district would see the union\'s activity', async () => {
    const busy = await run(dialect, sharedSequence(), true, { proposals: [], versions: [] }, servers);
    const quiet = await run(dialect, sharedSequence(), false, busy.drafted!, servers);
    const differing = busy.answers.filter((a, i) => JSON.stringify(a) !== JSON.stringify(quiet.answers[i])).map((a) => a.step);
    // The ids the district makes after the union's drafts jump (its new proposal, version, session, audit entries).
    expect(differing).toContain('probe 2: draft');
    expect(differing).toContain('probe 2: GET /api/audit?limit=500');
    expect(differing.every((step) => step.startsWith('probe 2'))).toBe(true);
    console.log(`activity leak control on ${dialect}: with one shared id sequence, ${differing.length} of ${busy.answers.length} district answers differ`);
  }, 240_000);
});
