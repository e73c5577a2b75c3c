/**
 * Bad input on every route, a seeded sample (test/helpers/fuzz.ts says what is tried and
 * what is checked; `npm run fuzz` runs the same at 100,000 inputs and more): 0 accepted,
 * 0 server errors, 0 rows changed.
 *
 * Fields where any string is valid (a name, a title) are not bad input: injection strings go
 * there in their own test, which checks they are stored verbatim and come back as JSON.
 */
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachDatabase } from './helpers/databases.ts';
import type { TestServer } from './helpers/server.ts';
import { createFuzzWorld, hugeStream, INJECTIONS, runCategory, SEED, type FuzzWorld } from './helpers/fuzz.ts';
import { changedTables, errorShapeProblems, NOBODY, routeKey, send, snapshot, SPEC_ROUTES, tinyDistrictFiles, type Answer, type Session, type Subject } from './helpers/security.ts';

eachDatabase('bad input', (dialect) => {
  let w: FuzzWorld;
  let s: TestServer;
  let fixtures: FuzzWorld['fixtures'];
  const perRoute = new Map<string, number>();
  let total = 0;
  const sessionOf = (subject: Subject): Session => w.sessionOf(subject);
  const districtProposal = (title: string) => w.districtProposal(title);
  const counts = () => w.counts();

  beforeAll(async () => {
    w = await createFuzzWorld(dialect);
    s = w.s;
    fixtures = w.fixtures;
    if (w.setupErrors.length > 0) console.warn(`bad input on ${dialect}: setup incomplete:\n  ${w.setupErrors.join('\n  ')}`);
  }, 120_000);
  afterAll(async () => w?.close());

  it('sees a changed row in the snapshot and the row counts (the check itself works)', async () => {
    const before = await snapshot(s.handle.db);
    const person = await s.handle.db.selectFrom('people').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow();
    await s.handle.db.updateTable('people').set({ name: `${person.name}!` }).where('id', '=', person.id).execute();
    expect(changedTables(before, await snapshot(s.handle.db))).toEqual([expect.stringMatching(/^people: /)]);
    await s.handle.db.updateTable('people').set({ name: person.name }).where('id', '=', person.id).execute();
    expect(changedTables(before, await snapshot(s.handle.db))).toEqual([]);
    const c0 = await counts();
    await s.handle.db.insertInto('sessions').values({ id: s.deps.ids.next(null), person_id: person.id, token_hash: '0'.repeat(64), created_at: '2000-01-01T00:00:00.000Z', expires_at: '2000-01-01T00:00:00.000Z' }).execute();
    expect(await counts()).not.toBe(c0);
    await s.handle.db.deleteFrom('sessions').where('token_hash', '=', '0'.repeat(64)).execute();
    expect(await counts()).toBe(c0);
  });

  describe('every route refuses bad input: 0 accepted, 0 server errors, 0 rows changed', () => {
    for (const route of SPEC_ROUTES) {
      it(routeKey(route), async () => {
        const key = routeKey(route);
        // A route that is not there would refuse everything: it must be in the document first.
        expect(w.operationOf(route) !== undefined || route.undocumented === true, `${key} is not in /api/openapi.json`).toBe(true);
        const cats = w.categories(route);
        expect(cats.length, `no bad input defined for ${key}`).toBeGreaterThan(0);
        const failures: string[] = [];
        for (const cat of cats) {
          failures.push(...(await runCategory(w, route, cat, { seed: SEED, runs: cat.runs, stopAtFirst: true, onInput: () => { total++; perRoute.set(key, (perRoute.get(key) ?? 0) + 1); } })).failures);
        }
        expect(failures).toEqual([]);
      }, 120_000);
    }

    it('refuses an upload over 64 MB on the upload routes without reading it all (413), and a JSON body over 1 MB (413)', async () => {
      const admin = sessionOf({ kind: 'role', side: 'district', role: 'admin' });
      const before = await snapshot(s.handle.db);
      const answers: [string, Answer][] = [];
      for (const path of ['/api/datasets', `/api/datasets/${fixtures.datasetId}/versions`, `/api/datasets/${fixtures.datasetId}/import-cde`]) {
        // Declared: the Content-Length alone is over the limit.
        answers.push([`${path} declared`, await send(s, admin, 'POST', path, { body: '{}', headers: { 'content-length': String(64 * 1024 * 1024 + 1) } })]);
        // Streamed: no Content-Length; refused once 64 MB have been read.
        answers.push([`${path} streamed`, await send(s, admin, 'POST', path, { body: hugeStream(64 * 1024 * 1024 + 1) })]);
        total += 2;
        const key = `POST ${path.replace(/\/-?\d+\//, '/{id}/')}`;
        perRoute.set(key, (perRoute.get(key) ?? 0) + 2);
      }
      answers.push(['/api/proposals declared 2 MB', await send(s, admin, 'POST', '/api/proposals', { body: '{}', headers: { 'content-length': String(2 * 1024 * 1024) } })]);
      answers.push(['/api/invitations streamed 2 MB', await send(s, admin, 'POST', '/api/invitations', { body: hugeStream(2 * 1024 * 1024) })]);
      total += 2;
      for (const key of ['POST /api/proposals', 'POST /api/invitations']) perRoute.set(key, (perRoute.get(key) ?? 0) + 1);
      const wrong = answers.filter(([, a]) => a.status !== 413 || errorShapeProblems(a).length > 0).map(([what, a]) => `${what}: ${a.status} ${a.text.slice(0, 200)}`);
      expect(wrong).toEqual([]);
      expect(changedTables(before, await snapshot(s.handle.db))).toEqual([]);
    }, 120_000);
  });

  describe('injection strings where any string is valid are stored verbatim and come back as JSON', () => {
    const wellFormed = (v: string) => (v as string & { toWellFormed(): string }).toWellFormed();
    /** Control characters and lone surrogates: refusing them (4xx) is as good as storing them. */
    const odd = (v: string) => /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(v) || wellFormed(v) !== v;
    let legit = 0;

    /**
     * One free-text value through a route: a server error is never right; a refusal must be in
     * the error shape and change nothing, and is wrong when the value is within the field's
     * declared limits (unless it holds control characters or lone surrogates); an acceptance must
     * read back exactly the value sent (trimmed where the field trims), as JSON with nosniff.
     */
    async function freeText(o: {
      value: string; trim: boolean; max?: number;
      create: (value: string) => Promise<Answer>;
      readBack: (created: Answer) => Promise<{ reads: Answer[]; values: unknown[] }>;
    }): Promise<string[]> {
      const label = JSON.stringify(o.value.slice(0, 40));
      const expected = wellFormed(o.trim ? o.value.trim() : o.value);
      const before = await snapshot(s.handle.db);
      const a = await o.create(o.value);
      legit++;
      if (a.status >= 500) return [`${label}: server error ${a.status} ${a.text.slice(0, 200)}`];
      if (a.status < 200 || a.status >= 300) {
        const wrong: string[] = [];
        const fits = o.max !== undefined && [...expected].length >= 1 && [...expected].length <= o.max && !odd(o.value);
        if (fits) wrong.push(`${label}: refused with ${a.status} ${a.text.slice(0, 200)} though it is within the field's limits`);
        wrong.push(...errorShapeProblems(a).map((p) => `${label}: ${p}`));
        const changed = changedTables(before, await snapshot(s.handle.db));
        if (changed.length > 0) wrong.push(`${label}: refused but changed ${changed.join(', ')}`);
        return wrong;
      }
      const { reads, values } = await o.readBack(a);
      const wrong: string[] = [];
      for (const r of [a, ...reads]) {
        if (!(r.headers.get('content-type') ?? '').startsWith('application/json') || r.headers.get('x-content-type-options') !== 'nosniff') wrong.push(`${label}: an answer is not JSON with nosniff (${r.headers.get('content-type')})`);
      }
      // A lone surrogate cannot be UTF-8: back as sent (kept escaped) or as U+FFFD (String#toWellFormed), nothing else.
      const exact = o.trim ? o.value.trim() : o.value;
      values.forEach((v, i) => {
        if (v !== expected && v !== exact) wrong.push(`${label}: read back (${i}) as ${JSON.stringify(String(v).slice(0, 40))}`);
      });
      return wrong;
    }

    const admin = () => sessionOf({ kind: 'role', side: 'district', role: 'admin' });
    let n = 0;

    it('an invited person\'s name', async () => {
      const results: string[] = [];
      for (const value of INJECTIONS) {
        const email = `verbatim-${++n}@example.org`;
        results.push(...(await freeText({
          value, trim: true, max: 200,
          create: (v) => send(s, admin(), 'POST', '/api/invitations', { body: { email, name: v, role: 'negotiator' } }),
          readBack: async (inv) => {
            const accepted = await send(s, NOBODY, 'POST', '/api/invitations/accept', { body: { token: inv.body.token, password: 'a long enough passphrase' } });
            const people = await send(s, admin(), 'GET', '/api/people');
            const stored = await s.handle.db.selectFrom('people').select('name').where('email', '=', email).executeTakeFirst();
            return { reads: [accepted, people], values: [accepted.body?.person?.name, (people.body?.people ?? []).find((p: { email: string }) => p.email === email)?.name, stored?.name] };
          },
        })));
      }
      expect(results).toEqual([]);
    }, 120_000);

    it('a dataset\'s name and a version\'s note', async () => {
      const results: string[] = [];
      const readBack = (field: 'name' | 'note') => async (created: Answer) => {
        const list = await send(s, admin(), 'GET', '/api/datasets');
        const d = (list.body?.datasets ?? []).find((x: { id: number }) => x.id === created.body.dataset.id);
        const version = await send(s, admin(), 'GET', `/api/dataset-versions/${created.body.version.id}`);
        const stored = field === 'name'
          ? (await s.handle.db.selectFrom('datasets').select('name').where('id', '=', created.body.dataset.id).executeTakeFirst())?.name
          : (await s.handle.db.selectFrom('dataset_versions').select('note').where('id', '=', created.body.version.id).executeTakeFirst())?.note;
        const values = field === 'name' ? [created.body.dataset.name, d?.name, version.body?.dataset?.name, stored] : [created.body.version.note, d?.versions?.[0]?.note, version.body?.version?.note, stored];
        return { reads: [list, version], values };
      };
      for (const value of INJECTIONS) {
        results.push(...(await freeText({ value, trim: true, max: 200, create: (v) => send(s, admin(), 'POST', '/api/datasets', { body: { name: v, files: tinyDistrictFiles() } }), readBack: readBack('name') })));
        results.push(...(await freeText({ value, trim: true, max: 5000, create: (v) => send(s, admin(), 'POST', '/api/datasets', { body: { name: 'Noted', note: v, files: tinyDistrictFiles() } }), readBack: readBack('note') })));
      }
      expect(results).toEqual([]);
    }, 120_000);

    it('a proposal\'s name in the workspace, and its title in the proposal itself', async () => {
      const results: string[] = [];
      const proposalObject = (title: string) => ({ ...(parseYaml(districtProposal('x').yaml) as Record<string, unknown>), title });
      for (const value of INJECTIONS) {
        results.push(...(await freeText({
          value, trim: true, max: 200,
          create: (v) => send(s, admin(), 'POST', '/api/proposals', { body: { ...districtProposal('x'), title: v } }),
          readBack: async (created) => {
            const detail = await send(s, admin(), 'GET', `/api/proposals/${created.body.proposalId}`);
            const list = await send(s, admin(), 'GET', '/api/proposals');
            const stored = await s.handle.db.selectFrom('proposals').select('title').where('id', '=', created.body.proposalId).executeTakeFirst();
            // (The version's own `title` is the proposal's title, from its YAML; the workspace name is the proposal's.)
            return { reads: [detail, list], values: [detail.body?.title, (list.body?.proposals ?? []).find((p: { id: number }) => p.id === created.body.proposalId)?.title, stored?.title] };
          },
        })));
        // In the proposal (sent as a JSON object, stored as YAML): no declared limit, so a clean 422 is fine too.
        results.push(...(await freeText({
          value, trim: false,
          create: (v) => send(s, admin(), 'POST', '/api/proposals', { body: { proposal: proposalObject(v) } }),
          readBack: async (created) => {
            const version = await send(s, admin(), 'GET', `/api/proposal-versions/${created.body.id}`);
            const yamlTitle = (parseYaml(version.body?.yaml ?? '') as { title?: unknown } | null)?.title;
            return { reads: [version], values: [created.body.title, version.body?.title, yamlTitle] };
          },
        })));
      }
      expect(results).toEqual([]);
    }, 120_000);

    it('an email address with a null byte in it (the address format lets it through)', async () => {
      const results: string[] = [];
      for (const value of ['nul\u0000byte@example.org', 'a@b\u0000.org']) {
        const before = await snapshot(s.handle.db);
        for (const [what, a] of [
          ['sign in', await send(s, NOBODY, 'POST', '/api/session', { body: { email: value, password: 'a wrong but well-formed password' } })],
          ['invite', await send(s, admin(), 'POST', '/api/invitations', { body: { email: value, name: 'Nul', role: 'negotiator' } })],
        ] as const) {
          legit++;
          if (a.status >= 500) results.push(`${what} ${JSON.stringify(value)}: server error ${a.status} ${a.text.slice(0, 200)}`);
          else if (a.status >= 400 && errorShapeProblems(a).length > 0) results.push(`${what} ${JSON.stringify(value)}: ${errorShapeProblems(a).join('; ')}`);
        }
        const changed = changedTables(before, await snapshot(s.handle.db)).filter((t) => !t.startsWith('invitations') && !t.startsWith('audit_log'));
        if (changed.length > 0) results.push(`${JSON.stringify(value)}: changed ${changed.join(', ')}`);
      }
      expect(results).toEqual([]);
    });

    it('counted the free-text inputs', () => {
      console.log(`free text on ${dialect}: ${legit} valid inputs with injection strings, each stored verbatim or cleanly refused`);
      expect(legit).toBeGreaterThanOrEqual(INJECTIONS.length * 5);
    });
  });

  it('tried inputs on every route', () => {
    const lines = SPEC_ROUTES.map((r) => `  ${String(perRoute.get(routeKey(r)) ?? 0).padStart(6)}  ${routeKey(r)}`);
    console.log(`bad input on ${dialect}: ${total} inputs tried\n${lines.join('\n')}`);
    expect(w.setupErrors).toEqual([]);
    for (const r of SPEC_ROUTES) expect(perRoute.get(routeKey(r)) ?? 0, routeKey(r)).toBeGreaterThan(0);
  });
});

