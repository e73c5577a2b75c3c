/**
 * The public record, on both databases, read without signing in: what was published (and only
 * that), with the same figures as the stored results; no person's name or email anywhere; two
 * versions compared, each change's cost effect adding up to the difference; bad version lists
 * refused naming the field; ETags; and a publication seen at once by another server process.
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eachDatabase } from '../../../test/helpers/databases.ts';
import { startTestServer, type Client, type TestServer } from '../../../test/helpers/server.ts';
import { createApp } from '../app.ts';
import { costingPool, type CostingService } from '../costing/pool.ts';
import { addDatasetVersion, raiseYaml } from '../proposals/test-world.ts';
import { projectionWithout } from '../../reports/disclosure/without.ts';
import { datasetsOf } from './record.ts';
import { DEMO_PASSWORD, seedDemo } from '../demo.ts';

const PROGRAM = '{ id: program-2, kind: program, amount: 10000, effective: 2019-07-01 }';
type Year = { fy: string; totalCents: number; ongoingCents: number; oneTimeCents: number };
type Round = { union: number | null; district: number | null; agreement: number | null; versions?: { id: number; before: number | null }[]; span?: unknown; sides?: unknown };
/** A round's versions (the answer also carries their figures over the round's years). */
/** A round without its figures (span, sides): which versions it holds and what each compares with. */
const roundIds = (rounds: Round[]) => rounds.map(({ span: _span, sides: _sides, ...ids }) => ids);

eachDatabase('the public record', (dialect) => {
  let s: TestServer;
  let team: Client;
  let district: Client;
  const ids = { v1: 0, v2: 0, offer: 0, unpublished: 0, agreement: 0, next: 0 };
  // Every test proposal is dated March 1, 2019; these are dated otherwise (the same contract).
  const dated = (yaml: string, date: string) => yaml.replace('date: 2019-03-01', `date: ${date}`);
  const anon = () => s.anonymous();
  // The server's costing threads, counting the changes jobs it is given.
  const pool = costingPool({ threads: 1 });
  const jobs: string[] = [];
  const costing: CostingService = { ...pool, changes: (input) => (jobs.push(`${input.from.split('\n')[0]} > ${input.to.split('\n')[0]}`), pool.changes(input)) };

  // The record is in publication order (ids are random and say nothing about it): each version
  // is published a second after the one before.
  const publishedAt = new Map<number, string>();
  const passAndPublish = async (c: Client, yaml: string, publish = true) => {
    s.clock.now = new Date(s.clock.now.getTime() + 1000);
    const v = await c.request('POST', '/api/proposals', { yaml });
    publishedAt.set(v.body.id, s.clock.now.toISOString());
    expect((await c.request('POST', `/api/proposal-versions/${v.body.id}/pass`)).status).toBe(201);
    if (publish) expect((await c.request('POST', `/api/proposal-versions/${v.body.id}/publish`)).status).toBe(201);
    return v.body.id as number;
  };
  const stored = async (id: number) => JSON.parse((await s.handle.db.selectFrom('proposal_versions').select('result').where('id', '=', id).executeTakeFirstOrThrow()).result);

  beforeAll(async () => {
    s = await startTestServer({ dialect, costing });
    await addDatasetVersion(s, 'district');
    team = await s.as('teachers', 'bargaining-team');
    district = await s.as('district', 'negotiator');
    ids.v1 = await passAndPublish(team, raiseYaml(1));
    ids.v2 = await passAndPublish(team, raiseYaml(2, { extra: [PROGRAM] }));
    ids.offer = await passAndPublish(district, raiseYaml(0.5, { party: 'district', title: 'District offer' }));
    ids.unpublished = await passAndPublish(team, raiseYaml(9), false);
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    await pool.close();
  });

  it('lists every published version without sign-in, with the stored figures', async () => {
    const res = await anon().request('GET', '/api/public/proposals');
    expect(res.status).toBe(200);
    expect(res.body.proposals.map((p: { id: number }) => p.id)).toEqual([ids.offer, ids.v2, ids.v1]);
    for (const p of res.body.proposals) {
      const result = await stored(p.id);
      expect(p.years).toEqual(result.years.map((y: Year) => ({ fy: y.fy, totalCents: y.totalCents, ongoingCents: y.ongoingCents, oneTimeCents: y.oneTimeCents })));
      expect(p.reserve.map((r: { reservePct: number }) => r.reservePct)).toEqual(result.projection.map((r: { reservePct: number }) => r.reservePct));
      expect(p.certification).toBe(result.certification);
    }
    expect(res.body.proposals[2]).toMatchObject({ organization: { name: 'Tiny Teachers', side: 'union' }, unit: 'T', title: 'A 1% raise', version: 1, publishedAt: publishedAt.get(ids.v1) });
    expect(res.body.proposals[0]).toMatchObject({ organization: { name: 'Tiny Unified', side: 'district' }, title: 'District offer' });
    // 1% for unit T in 2019-20: 40,220 pay + 18.5% statutory (7,440.70) = 47,660.70.
    expect(res.body.proposals[2].years[1]).toEqual({ fy: '2019-20', totalCents: 4_766_070, ongoingCents: 4_766_070, oneTimeCents: 0 });
  });

  it('carries in the list what the public page shows: terms in plain words in both languages, each table\'s sides and history, the reserve with no change', async () => {
    const res = await anon().request('GET', '/api/public/proposals');
    const v2 = res.body.proposals.find((p: { id: number }) => p.id === ids.v2);
    expect(v2.party).toBe('union');
    expect(res.body.proposals.find((p: { id: number }) => p.id === ids.offer).party).toBe('district');
    expect(v2.terms).toEqual([
      { id: 'raise-1', kind: 'raise', unit: 'T', en: 'A 2% raise from July 1, 2019.', es: 'Un aumento del 2 % desde el 1 de julio de 2019.' },
      { id: 'program-2', kind: 'program', unit: 'T', en: '$10,000 a year from July 1, 2019.', es: '10,000 dólares al año desde el 1 de julio de 2019.' },
    ]);
    expect(v2.sources).toEqual([]);
    // One table: the district and the teachers, each side's latest version. All three are dated
    // March 1, 2019 for the same contract, so publication orders them; the offer is compared
    // with the union's version 2 (the district has none before it).
    expect(res.body.tables.map((t: { rounds: Round[] }) => ({ ...t, rounds: roundIds(t.rounds) }))).toEqual([{
      id: `d${s.orgId.district}-u${s.orgId.teachers}`, district: { name: 'Tiny Unified' }, union: { name: 'Tiny Teachers', unit: 'T' },
      rounds: [{ union: ids.v2, district: ids.offer, agreement: null, versions: [{ id: ids.v1, before: null }, { id: ids.v2, before: ids.v1 }, { id: ids.offer, before: ids.v2 }] }],
      history: [ids.v1, ids.v2, ids.offer],
    }]);
    // Side by side over the round's common years: both end in 2022-23 here (the budget's last year), so each side's
    // figures are its stored ones, and each total is the sum of its years.
    const [round] = res.body.tables[0].rounds;
    expect(round.span).toEqual({ from: '2018-19', to: '2022-23' });
    for (const side of round.sides) {
      const result = await stored(side.id);
      expect(side.years.map((y: Year) => y.totalCents)).toEqual(result.years.map((y: Year) => y.totalCents));
      expect(side.total).toEqual({ ...round.span, cents: side.years.reduce((n: number, y: Year) => n + y.totalCents, 0) });
    }
    // The reserve with no proposal at all: the engine's projection with each version's cost taken out.
    const [data] = res.body.datasets;
    expect(res.body.datasets).toHaveLength(1);
    expect(data).toMatchObject({ id: v2.datasetVersionId, name: 'District data', version: 1 });
    for (const id of [ids.v1, ids.v2, ids.offer]) {
      const without = projectionWithout(await stored(id));
      expect(without.map((y) => ({ fy: y.fy, reservePct: y.reservePct, meetsReserve: y.meetsReserve }))).toEqual(data.without.filter((y: { fy: string }) => without.some((w) => w.fy === y.fy)));
    }
    expect(data.without.map((y: { fy: string }) => y.fy)).toEqual(['2018-19', '2019-20', '2020-21', '2021-22', '2022-23']);
    // The same from the full results, for versions whose summaries were written before they kept it.
    const rows = [ids.v1, ids.v2, ids.offer].map((id) => ({ id, dataset_version_id: v2.datasetVersionId as number }));
    const kept = await datasetsOf(s.handle.db, rows);
    for (const id of [ids.v1, ids.v2, ids.offer]) {
      const row = await s.handle.db.selectFrom('proposal_versions').select('summary').where('id', '=', id).executeTakeFirstOrThrow();
      const summary = JSON.parse(row.summary as string);
      delete summary.without;
      await s.handle.db.updateTable('proposal_versions').set({ summary: JSON.stringify(summary) }).where('id', '=', id).execute();
    }
    expect(await datasetsOf(s.handle.db, rows)).toEqual(kept);
    expect(kept[0].without).toEqual(data.without);
  });

  it('shows one published version with its terms in plain words and its cost lines', async () => {
    const res = await anon().request('GET', `/api/public/proposals/${ids.v2}`);
    expect(res.status).toBe(200);
    expect(res.body.terms.map((t: { text: string }) => t.text)).toEqual(['2% raise from 2019-07-01', '$10,000 a year from 2019-07-01']);
    expect(res.body.terms.map((t: { es: string }) => t.es)).toEqual(['Un aumento del 2 % desde el 1 de julio de 2019.', '10,000 dólares al año desde el 1 de julio de 2019.']);
    expect(res.body.datasets.map((d: { id: number }) => d.id)).toEqual([res.body.datasetVersionId]);
    for (const y of res.body.lines) {
      expect(y.lines.reduce((n: number, l: { cents: number }) => n + l.cents, 0)).toBe(res.body.years.find((x: Year) => x.fy === y.fy).totalCents);
      for (const l of y.lines) expect(l.trace).toBeUndefined();
    }
    expect((await anon().request('GET', `/api/public/proposals/${ids.unpublished}`)).status).toBe(404);
    expect((await anon().request('GET', '/api/public/proposals/987654')).status).toBe(404);
    expect((await anon().request('GET', '/api/public/proposals/abc')).body.where.field).toBe('id');
  });

  it('compares two versions: the changes\' effects add up to the difference', async () => {
    const res = await anon().request('GET', `/api/public/compare?versions=${ids.v1},${ids.v2}`);
    expect(res.status).toBe(200);
    expect(res.body.versions.map((v: { id: number }) => v.id)).toEqual([ids.v1, ids.v2]);
    const [pair] = res.body.changes;
    expect(pair).toMatchObject({ from: ids.v1, to: ids.v2, sameDataset: true, header: null });
    expect(pair.changes.map((c: { type: string; term: string; before: string | null; after: string }) => [c.type, c.term, c.before, c.after])).toEqual([
      ['modified', 'raise-1', '1% raise from 2019-07-01', '2% raise from 2019-07-01'],
      ['added', 'program-2', null, '$10,000 a year from 2019-07-01'],
    ]);
    expect(pair.changes.map((c: { plainBefore: unknown; plainAfter: unknown }) => [c.plainBefore, c.plainAfter])).toEqual([
      [{ en: 'A 1% raise from July 1, 2019.', es: 'Un aumento del 1 % desde el 1 de julio de 2019.' }, { en: 'A 2% raise from July 1, 2019.', es: 'Un aumento del 2 % desde el 1 de julio de 2019.' }],
      [null, { en: '$10,000 a year from July 1, 2019.', es: '10,000 dólares al año desde el 1 de julio de 2019.' }],
    ]);
    expect(res.body.versions[1].terms.map((t: { es: string }) => t.es)).toEqual(['Un aumento del 2 % desde el 1 de julio de 2019.', '10,000 dólares al año desde el 1 de julio de 2019.']);
    // The raise going from 1% to 2% adds another 1%: 47,660.70 in 2019-20; the program $10,000 a year.
    expect(pair.changes[0].effect[1]).toEqual({ fy: '2019-20', cents: 4_766_070 });
    expect(pair.changes[1].effect[1]).toEqual({ fy: '2019-20', cents: 1_000_000 });
    const [a, b] = [await stored(ids.v1), await stored(ids.v2)];
    b.years.forEach((y: Year, i: number) => {
      const effects = pair.changes.reduce((n: number, c: { effect: { fy: string; cents: number }[] }) => n + c.effect.find((e) => e.fy === y.fy)!.cents, 0);
      expect(effects).toBe(y.totalCents - a.years[i].totalCents);
    });
    expect(res.body.years).toEqual(['2018-19', '2019-20', '2020-21', '2021-22', '2022-23']);
  });

  it('costs each pair of versions once, on the costing threads, however often it is asked', async () => {
    const before = jobs.length;
    const asked = await Promise.all([1, 2, 3, 4].map(() => anon().request('GET', `/api/public/compare?versions=${ids.v2},${ids.offer}`)));
    expect(asked.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(jobs.slice(before)).toEqual(['id: raise-2 > id: raise-0.5']);
    // A longer list with the same pair in it costs only the new pair.
    const longer = await anon().request('GET', `/api/public/compare?versions=${ids.v2},${ids.offer},${ids.v1}`);
    expect(longer.body.changes.map((c: { from: number; to: number }) => [c.from, c.to])).toEqual([[ids.v2, ids.offer], [ids.offer, ids.v1]]);
    expect(jobs.slice(before)).toEqual(['id: raise-2 > id: raise-0.5', 'id: raise-0.5 > id: raise-1']);
  });

  it('names no person and no email anywhere in the public record', async () => {
    const people = await s.handle.db.selectFrom('people').select(['name', 'email']).execute();
    const answers = [
      await anon().request('GET', '/api/public/proposals'),
      ...(await Promise.all([ids.v1, ids.v2, ids.offer].map((id) => anon().request('GET', `/api/public/proposals/${id}`)))),
      await anon().request('GET', `/api/public/compare?versions=${ids.v2},${ids.offer},${ids.v1}`),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const text = JSON.stringify(answers.map((a) => a.body));
    expect(text).not.toContain('@');
    expect(text).not.toMatch(/createdBy|passedBy|publishedBy|"by"/);
    for (const p of people) {
      expect(text).not.toContain(p.name);
      expect(text).not.toContain(p.email);
    }
  });

  it('refuses a bad list of versions, naming the field', async () => {
    for (const q of ['', '?versions=', `?versions=${ids.v1}`, '?versions=a,b', `?versions=${ids.v1},${ids.v1}`, '?versions=1,2,3,4,5,6,7', '?versions=0,1']) {
      const res = await anon().request('GET', `/api/public/compare${q}`);
      expect([q, res.status, res.body.where?.field]).toEqual([q, 400, 'versions']);
    }
    const unpublished = await anon().request('GET', `/api/public/compare?versions=${ids.v1},${ids.unpublished}`);
    expect(unpublished.status).toBe(404);
    expect(unpublished.body.message).toBe(`${ids.unpublished} is not a published proposal version`);
  });

  it('sends a client that accepts gzip the same answer gzipped, with its own tag; either tag answers 304', async () => {
    const plain = await s.app.request('/api/public/proposals');
    const gz = await s.app.request('/api/public/proposals', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect([gz.status, gz.headers.get('content-encoding'), gz.headers.get('vary'), plain.headers.get('content-encoding')]).toEqual([200, 'gzip', 'Accept-Encoding', null]);
    const text = await plain.text();
    const bytes = new Uint8Array(await gz.arrayBuffer());
    expect(gunzipSync(bytes).toString('utf8')).toBe(text);
    expect(bytes.length).toBeLessThan(text.length / 2);
    const [tag, gzTag] = [plain.headers.get('etag')!, gz.headers.get('etag')!];
    expect(gzTag).not.toBe(tag);
    for (const t of [tag, gzTag, `W/${gzTag}`]) {
      expect((await s.app.request('/api/public/proposals', { headers: { 'accept-encoding': 'gzip', 'if-none-match': t } })).status).toBe(304);
    }
    // Refused gzip (q=0) or a small answer: as it is.
    expect((await s.app.request('/api/public/proposals', { headers: { 'accept-encoding': 'gzip;q=0' } })).headers.get('content-encoding')).toBeNull();
  });

  it('shows an agreement as the end of a round; a proposal after it opens the next; only web links among the sources', async () => {
    const agreement = await passAndPublish(district, [
      raiseYaml(1.5, { party: 'joint', title: 'Tentative agreement' }).replace('terms:\n', 'sources:\n  - { title: Board agenda, href: "https://example.org/agenda" }\n  - { title: Sneaky, href: "javascript:alert(1)" }\n  - Minutes of the meeting\nterms:\n'),
    ].join(''));
    let res = await anon().request('GET', '/api/public/proposals');
    // Published by the district alone: its latest proposal, not the agreement, until the union countersigns.
    expect(res.body.proposals.find((p: { id: number }) => p.id === agreement)).toMatchObject({ party: 'district', awaitingCountersignature: true, countersigned: null });
    const first = [{ id: ids.v1, before: null }, { id: ids.v2, before: ids.v1 }, { id: ids.offer, before: ids.v2 }];
    expect(roundIds(res.body.tables[0].rounds)).toEqual([{ union: ids.v2, district: agreement, agreement: null, versions: [...first, { id: agreement, before: ids.offer }] }]);
    expect((await team.request('POST', `/api/proposal-versions/${agreement}/countersign`)).status).toBe(201);
    res = await anon().request('GET', '/api/public/proposals');
    const ta = res.body.proposals.find((p: { id: number }) => p.id === agreement);
    expect(ta).toMatchObject({ party: 'joint', awaitingCountersignature: false, countersigned: { organization: { name: 'Tiny Teachers', side: 'union' } } });
    expect(ta.sources).toEqual([{ title: 'Board agenda', href: 'https://example.org/agenda' }, { title: 'Sneaky' }, { title: 'Minutes of the meeting' }]);
    const closed = { union: ids.v2, district: ids.offer, agreement, versions: [...first, { id: agreement, before: ids.offer }] };
    expect(roundIds(res.body.tables[0].rounds)).toEqual([closed]);
    // Dated a month after the agreement (March 1, like every version here): the next round.
    const next = await passAndPublish(team, dated(raiseYaml(4, { title: 'Next round' }), '2019-04-01'));
    res = await anon().request('GET', '/api/public/proposals');
    expect(roundIds(res.body.tables[0].rounds)).toEqual([{ union: next, district: null, agreement: null, versions: [{ id: next, before: null }] }, closed]);
    expect(res.body.tables[0].history).toEqual([ids.v1, ids.v2, ids.offer, agreement, next]);
    ids.agreement = agreement;
    ids.next = next;
  });

  it('places versions published out of order by their dates: a late-published proposal joins its own round, the newest agreement stays the status', async () => {
    // A second agreement, dated May 1, closes the round the April proposal opened.
    const second = await passAndPublish(district, dated(raiseYaml(4.5, { party: 'joint', title: 'Second agreement' }), '2019-05-01'));
    expect((await team.request('POST', `/api/proposal-versions/${second}/countersign`)).status).toBe(201);
    // Then, published last, a union proposal dated February 1 (before the first agreement of March 1).
    const late = await passAndPublish(team, dated(raiseYaml(1.25, { title: 'Dated February' }), '2019-02-01'));
    const { tables } = (await anon().request('GET', '/api/public/proposals')).body;
    expect(tables).toHaveLength(1);
    // Newest round first: the second agreement's (status "Agreement reached", not "Still bargaining").
    // The late proposal is first in the first round by date; the union's version 1 is now
    // compared with it (the union's previous version in the round), and it with nothing.
    expect(roundIds(tables[0].rounds)).toEqual([
      { union: ids.next, district: null, agreement: second, versions: [{ id: ids.next, before: null }, { id: second, before: ids.next }] },
      {
        union: ids.v2, district: ids.offer, agreement: ids.agreement,
        versions: [{ id: late, before: null }, { id: ids.v1, before: late }, { id: ids.v2, before: ids.v1 }, { id: ids.offer, before: ids.v2 }, { id: ids.agreement, before: ids.offer }],
      },
    ]);
    expect(tables[0].history).toEqual([late, ids.v1, ids.v2, ids.offer, ids.agreement, ids.next, second]);
  });

  it('answers 304 to a matching ETag, and shows a new publication at once to another app on the same database handle', async () => {
    // Another app with its own cache (its own deps) on the same handle; another process, with its
    // own handle, sees it within a second (test/public-fast-path.test.ts).
    const second = createApp({ ...s.deps });
    const ask = async (app: ReturnType<typeof createApp>, etag?: string) => app.request('/api/public/proposals', { headers: etag ? { 'if-none-match': etag } : {} });
    const first = await ask(s.app);
    const etag = first.headers.get('etag') as string;
    expect(first.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    expect((await ask(s.app, etag)).status).toBe(304);
    expect((await ask(second, etag)).status).toBe(304);
    const added = await passAndPublish(team, raiseYaml(3));
    const after = await ask(second, etag);
    expect(after.status).toBe(200);
    expect(((await after.json()) as { proposals: { id: number }[] }).proposals[0].id).toBe(added);
    expect(after.headers.get('etag')).not.toBe(etag);
  });

  it('does not split the difference into changes for versions costed on different data', async () => {
    const newer = await addDatasetVersion(s, 'district');
    const v = await team.request('POST', '/api/proposals', { yaml: raiseYaml(1), datasetVersionId: newer });
    await team.request('POST', `/api/proposal-versions/${v.body.id}/pass`);
    await team.request('POST', `/api/proposal-versions/${v.body.id}/publish`);
    const res = await anon().request('GET', `/api/public/compare?versions=${ids.v1},${v.body.id}`);
    expect(res.status).toBe(200);
    expect(res.body.changes).toEqual([{ from: ids.v1, to: v.body.id, sameDataset: false, note: expect.stringContaining('different dataset versions') }]);
    expect(res.body.versions[1].years).toEqual(res.body.versions[0].years);
  });
});

/**
 * The LAUSD demo's public record (src/server/demo.ts: the 2019 examples on the 2018-19 data,
 * the 2023 ones on 2022-23): the 2019 round side by side over one span, each total the sum of
 * its years; the comparison of the three with its changes over exactly those years; and the
 * 2023 UTLA agreement's card naming the years its certification covers.
 */
eachDatabase('the LAUSD public record over common years', (dialect) => {
  let s: TestServer;
  type Figures = { id: number; years: Year[]; total: { from: string; to: string; cents: number }; contractTotal: { from: string; to: string; cents: number } };
  let record: { proposals: (Figures & { title: string; certificationYears: string[]; missingYears: string[]; laterShortYears: string[]; certification: string })[]; tables: { union: { unit: string }; rounds: (Round & { span: { from: string; to: string } | null; sides: Figures[] })[] }[] };
  const byTitle = (title: string) => record.proposals.find((p) => p.title === title)!;
  const sum = (ys: { totalCents?: number; cents?: number }[]) => ys.reduce((n, y) => n + (y.totalCents ?? y.cents ?? 0), 0);
  const round2019 = () => record.tables.find((t) => t.union.unit === 'UTLA')!.rounds.find((r) => r.agreement === byTitle('Tentative agreement of January 22, 2019').id)!;

  beforeAll(async () => {
    s = await startTestServer({ dialect, empty: true });
    // The proposals' record only: UTLA's roster and vote are not needed here.
    expect((await seedDemo(s.deps, undefined, { members: false, sites: false }))?.published).toBe(9);
    record = (await s.anonymous().request('GET', '/api/public/proposals')).body;
  }, 180_000);
  afterAll(async () => s?.close());

  it('shows the 2019 round side by side over one span, each side\'s total the sum of its years', async () => {
    const round = round2019();
    expect(roundIds([round])).toMatchObject([{ union: byTitle('UTLA demands before the January 2019 strike').id, district: byTitle('LAUSD offer of January 11, 2019').id, agreement: round.agreement }]);
    // From the 2018-19 data's base year to the last year of its budget, 2022-23 (every contract here ends before it).
    expect(round.span).toEqual({ from: '2018-19', to: '2022-23' });
    expect(round.sides.map((x) => x.id)).toEqual([round.union, round.district, round.agreement]);
    for (const side of round.sides) {
      expect(side.years.map((y) => y.fy)).toEqual(['2018-19', '2019-20', '2020-21', '2021-22', '2022-23']);
      expect(side.total).toEqual({ from: '2018-19', to: '2022-23', cents: sum(side.years) });
      // The contract total names the contract's own years and sums exactly those.
      const own = side.years.filter((y) => y.fy >= side.contractTotal.from && y.fy <= side.contractTotal.to);
      expect(side.contractTotal.cents).toBe(sum(own));
    }
    // The agreement runs to June 30, 2022: its contract years as costed are 2018-19 to 2021-22.
    expect(round.sides[2].contractTotal).toMatchObject({ from: '2018-19', to: '2021-22' });
  });

  it('compares the three with what changed over exactly the versions\' years', async () => {
    const round = round2019();
    const ids = [round.union, round.district, round.agreement];
    const res = await s.anonymous().request('GET', `/api/public/compare?versions=${ids.join(',')}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.span).toEqual(round.span);
    for (const v of res.body.versions) {
      expect(v.total).toEqual({ ...res.body.span, cents: sum(v.years) });
      expect(v.years).toEqual(round.sides.find((x) => x.id === v.id)!.years);
    }
    expect(res.body.changes).toHaveLength(2);
    res.body.changes.forEach((pair: { span: unknown; fromCents: { fy: string; cents: number }[]; toCents: { fy: string; cents: number }[]; header: { effect: { fy: string; cents: number }[] } | null; changes: { title: string; term: string; effect: { fy: string; cents: number }[] }[] }, i: number) => {
      const [a, b] = [res.body.versions[i], res.body.versions[i + 1]];
      expect(pair.span).toEqual(res.body.span);
      expect(pair.fromCents).toEqual(a.years.map((y: Year) => ({ fy: y.fy, cents: y.totalCents })));
      expect(pair.toCents).toEqual(b.years.map((y: Year) => ({ fy: y.fy, cents: y.totalCents })));
      // Every change, the date-and-term one first, adds up to the difference in every year.
      const rows = [...(pair.header ? [pair.header] : []), ...pair.changes];
      pair.toCents.forEach((y, k) => expect(rows.reduce((n, c) => n + c.effect.find((e) => e.fy === y.fy)!.cents, 0)).toBe(y.cents - pair.fromCents[k].cents));
      // Rows are named in words, never by an id alone.
      for (const c of pair.changes) expect(c.title).not.toMatch(/^[a-z]+-\d+$/);
    });
  });

  it('gives the district\'s workspace compare of the same three the same years, totals and changes', async () => {
    const round = round2019();
    const login = await s.app.request('/api/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'negotiator@lausd.demo', password: DEMO_PASSWORD }) });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    const ws = await s.app.request(`/api/compare?versions=${round.union},${round.district},${round.agreement}`, { headers: { cookie } });
    expect(ws.status).toBe(200);
    const body = await ws.json() as { span: unknown; versions: Figures[]; changes: { span: unknown; fromCents: { fy: string; cents: number }[]; toCents: { fy: string; cents: number }[] }[] };
    expect(body.span).toEqual(round.span);
    for (const [i, v] of body.versions.entries()) {
      const side = round.sides[i];
      expect([v.id, v.years.map((y) => y.totalCents), v.total, v.contractTotal]).toEqual([side.id, side.years.map((y) => y.totalCents), side.total, side.contractTotal]);
    }
    body.changes.forEach((pair, i) => {
      expect(pair.span).toEqual(round.span);
      expect(pair.fromCents.map((y) => y.cents)).toEqual(body.versions[i].years.map((y) => y.totalCents));
      expect(pair.toCents.map((y) => y.cents)).toEqual(body.versions[i + 1].years.map((y) => y.totalCents));
    });
  });

  it('names the years the 2023 UTLA agreement\'s certification covers, on its card', () => {
    const utla = byTitle('UTLA tentative agreement of April 18, 2023');
    // Dated April 18, 2023 (fiscal year 2022-23): that year and the two after it, all inside the 2022-23 data's budget.
    expect(utla).toMatchObject({ certificationYears: ['2022-23', '2023-24', '2024-25'], missingYears: [], laterShortYears: [], certification: 'positive' });
    // Its contract, July 1, 2022 to June 30, 2025: 2022-23 to 2024-25, every year costed.
    expect(utla.contractTotal).toEqual({ from: '2022-23', to: '2024-25', cents: sum(utla.years) });
    expect(utla.total).toEqual({ from: '2022-23', to: '2024-25', cents: sum(utla.years) });
  });
});
