/**
 * "Where can my child go today" (GET /api/public/sites, /api/public/sites/zips), on both databases,
 * read without signing in: the day shown (today in Los Angeles, else the next, else the latest;
 * or the date asked for), the newest publication of each day not cancelled, live statuses from the
 * site administrators' counts (never the counts, never a person), ETags, gzip and 304, and a count
 * changed by another process seen within 10 s of real time.
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../db/connect.ts';
import { LA_ZIP_CENTROIDS } from '../../sites/zip-centroids-la.ts';
import { eachDatabase } from '../../../test/helpers/databases.ts';
import { startTestServer, type TestServer } from '../../../test/helpers/server.ts';
import { plantSiteDay, type PlantSiteStatus } from '../../../test/helpers/site-day.ts';
import { publishSiteDay } from '../../../test/helpers/site-publication.ts';
import { addDatasetVersion } from '../proposals/test-world.ts';
import { CHECK_EVERY_MS } from './sites-cache.ts';

/** Past the next check: each server process looks at the database again at most once a second (sites-cache.ts). */
const nextCheck = () => new Promise((r) => setTimeout(r, CHECK_EVERY_MS + 100));
const site = (schoolId: string, o: Partial<PlantSiteStatus> = {}): PlantSiteStatus => ({ schoolId, name: `School ${schoolId}`, status: 'supervision', opens: '08:00', closes: '18:00', ...o });

eachDatabase('the public strike-day sites', (dialect) => {
  let s: TestServer;
  let writer: OpenDatabase;
  let admin = 0;
  let dv = 0;
  const days: Record<string, number> = {};
  const anon = () => s.anonymous();
  const get = (path: string) => anon().request('GET', path);

  /** A publication as the planning routes write it: the plan's open sites as they are now, and one meal site. */
  const MEAL = { id: 7, kind: 'meal' as const, partnerKind: null, name: 'Grab and go at the library', address: '630 W 5th St, Los Angeles, CA 90071', latitude: 34.0505, longitude: -118.2551, opens: '10:00', closes: '13:00', mealsPerChild: 2, offers: 'breakfast, lunch', languages: ['English', 'Spanish'] };
  const publish = (dayId: number, o: { version?: number; at?: string; extra?: Record<string, unknown>; siteExtra?: Record<string, unknown> } = {}) =>
    publishSiteDay(s.handle.db, s.deps.ids, { dayId, organizationId: s.orgId.district, personId: admin, planVersion: o.version, at: o.at ?? s.clock.now.toISOString(), familySites: [MEAL], extra: o.extra, siteExtra: o.siteExtra });
  const plant = async (date: string, sites: PlantSiteStatus[], label?: string) => (await plantSiteDay(s.handle.db, s.deps.ids, { organizationId: s.orgId.district, datasetVersionId: dv, personId: admin, date, label, sites })).dayId;

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    dv = await addDatasetVersion(s, 'district');
    admin = (await s.handle.db.selectFrom('people').select('id').where('organization_id', '=', s.orgId.district).where('role', '=', 'admin').executeTakeFirstOrThrow()).id;
    writer = await openDatabase(s.options);
  }, 60_000);
  afterAll(async () => {
    await writer?.close();
    await s?.close();
  });

  it('answers with no day while nothing is published (an unpublished day stays private)', async () => {
    days.unpublished = await plant('2026-01-17', [site('E0001')], 'Not published');
    const res = await get('/api/public/sites');
    expect([res.status, res.body]).toEqual([200, { days: [], day: null }]);
  });

  it('shows today\'s day in Los Angeles, its newest publication, with each published site\'s live status', async () => {
    // Capacity 25: 25 present is full; 20 is filling (20 ≥ 80% × 25 = 20); 19 is open (19 < 20).
    // No capacity, or no count yet: open. A closed site is not published.
    days.today = await plant('2026-01-15', [
      site('E0001', { capacity: 25, childrenPresent: 25, adultsPresent: 2 }), site('E0002', { capacity: 25, childrenPresent: 20, adultsPresent: 2 }),
      site('E0003', { capacity: 25, childrenPresent: 19, adultsPresent: 2 }), site('E0004', { capacity: null, childrenPresent: 300, adultsPresent: 9 }),
      site('E0005', { capacity: 40 }), site('E0006', { status: 'closed', opens: null, closes: null }),
    ], 'Strike day 4');
    days.past = await plant('2026-01-14', [site('E0001', { capacity: 10 })], 'Strike day 3');
    days.next = await plant('2026-01-20', [site('E0001', { capacity: 10 })], 'Strike day 5');
    days.cancelled = await plant('2026-01-16', [site('E0001')], 'Cancelled');
    await publish(days.today, { version: 1, at: '2026-01-15T13:00:00.000Z' });
    await s.handle.db.updateTable('site_statuses').set({ opens: '07:30' }).where('day_id', '=', days.today).where('school_id', '=', 'E0001').execute();
    await publish(days.today, { version: 2, at: '2026-01-15T13:30:00.000Z' });
    for (const d of [days.past, days.next, days.cancelled]) await publish(d);
    await s.handle.db.updateTable('site_days').set({ cancelled_at: '2026-01-15T12:00:00.000Z' }).where('id', '=', days.cancelled).execute();
    await nextCheck();
    // The test clock is 2026-01-15T16:00Z: 08:00 in Los Angeles, January 15.
    const res = await get('/api/public/sites');
    expect(res.status).toBe(200);
    expect(res.body.days).toEqual([
      { date: '2026-01-20', label: 'Strike day 5', district: 'Tiny Unified', openSites: 1, closedSites: 0 },
      { date: '2026-01-15', label: 'Strike day 4', district: 'Tiny Unified', openSites: 5, closedSites: 1 },
      { date: '2026-01-14', label: 'Strike day 3', district: 'Tiny Unified', openSites: 1, closedSites: 0 },
    ]);
    expect(res.body.day).toMatchObject({ date: '2026-01-15', label: 'Strike day 4', publishedAt: '2026-01-15T13:30:00.000Z', closedSites: 1 });
    // The plan's version counts the district's edits: its own working, not in the public answer.
    expect(res.body.day).not.toHaveProperty('planVersion');
    expect(res.body.day.sites.map((x: { schoolId: string }) => x.schoolId)).toEqual(['E0001', 'E0002', 'E0003', 'E0004', 'E0005']);
    expect(res.body.day.sites[0]).toMatchObject({ opens: '07:30', closes: '18:00', capacity: 25 });
    // The statuses are their own answer, for the same day (and nowhere in the day's answer).
    expect(res.body.day.live).toBeUndefined();
    const live = await get('/api/public/sites/live');
    expect(live.status).toBe(200);
    expect(live.body).toMatchObject({ date: '2026-01-15', publishedAt: '2026-01-15T13:30:00.000Z' });
    // Only the sites not open are listed (E0003–E0005 are open: under 80% of capacity, or no count).
    expect(live.body.live).toEqual({ E0001: 'full', E0002: 'filling' });
    // plantSiteDay stamps its counts 2026-01-15T16:00Z, after the publication.
    expect(live.body.liveAt).toBe('2026-01-15T16:00:00.000Z');
    expect(res.body.day.familySites[0]).toMatchObject({ kind: 'meal', mealsPerChild: 2 });
  });

  it('follows the Los Angeles date: late on the 15th there, the next day after, the latest once all are past', async () => {
    const at = s.clock.now;
    try {
      s.clock.now = new Date('2026-01-16T07:59:00.000Z'); // 23:59 on the 15th in Los Angeles (UTC−8)
      expect((await get('/api/public/sites')).body.day.date).toBe('2026-01-15');
      s.clock.now = new Date('2026-01-16T08:00:00.000Z'); // 00:00 on the 16th: cancelled, so the next one, the 20th
      expect((await get('/api/public/sites')).body.day.date).toBe('2026-01-20');
      s.clock.now = new Date('2026-02-01T20:00:00.000Z'); // all past: the latest, the 20th
      expect((await get('/api/public/sites')).body.day.date).toBe('2026-01-20');
      s.clock.now = new Date('2026-01-01T20:00:00.000Z'); // all coming: the next, the 14th
      expect((await get('/api/public/sites')).body.day.date).toBe('2026-01-14');
    } finally {
      s.clock.now = at;
    }
  });

  it('shows the date asked for; a date with no published day is 404 and a malformed one 400, each naming the field', async () => {
    expect((await get('/api/public/sites?date=2026-01-14')).body.day).toMatchObject({ date: '2026-01-14' });
    const other = (await get('/api/public/sites/live?date=2026-01-14')).body;
    expect([other.date, other.live]).toEqual(['2026-01-14', {}]); // its one site open: not listed
    for (const path of ['/api/public/sites', '/api/public/sites/live']) {
      for (const missing of ['2026-01-16', '2026-01-17', '2026-01-19']) {
        const res = await get(`${path}?date=${missing}`);
        expect([res.status, res.body.code, res.body.where]).toEqual([404, 'not-found', { field: 'date' }]);
        expect(res.body.message).toBe(`query date: no strike day is published for ${missing}`);
        expect(res.body.hint).toContain('2026-01-20');
      }
      for (const bad of ['2026-02-30', 'tomorrow', '2026-1-5']) {
        const res = await get(`${path}?date=${bad}`);
        expect([res.status, res.body.where]).toEqual([400, { field: 'date' }]);
        expect(res.body.message).toContain('YYYY-MM-DD');
      }
    }
  });

  it('names no person and shows no count of children or adults, nor attendance, even when a snapshot carries them', async () => {
    const day = await plant('2026-03-02', [site('E0001', { capacity: 5000, childrenPresent: 1913, adultsPresent: 847, studentsAttending: 73519, administrators: 611, substitutes: 622, volunteers: 633 })]);
    const people = await s.handle.db.selectFrom('people').select(['name', 'email']).execute();
    await publish(day, { extra: { publishedBy: people[0].name, adultsPresent: 847 }, siteExtra: { childrenPresent: 1913, studentsAttending: 73519, siteAdministrator: people[1].email } });
    await nextCheck();
    const res = await get('/api/public/sites?date=2026-03-02');
    const live = await get('/api/public/sites/live?date=2026-03-02');
    expect(live.body.live).toEqual({}); // 1,913 of 5,000 is under 80%: open, so not listed
    const text = JSON.stringify([res.body, live.body]);
    for (const count of ['1913', '847', '73519', '611', '622', '633']) expect(text).not.toContain(count);
    for (const p of people) expect([p.name, p.email].filter((x) => text.includes(x))).toEqual([]);
    for (const key of ['childrenPresent', 'adultsPresent', 'studentsAttending', 'administrators', 'substitutes', 'volunteers', 'publishedBy', 'siteAdministrator']) expect(text).not.toContain(`"${key}"`);
  });

  it('sends a strong ETag, the same answer gzipped to a client that accepts it, and 304 for either tag', async () => {
    const plain = await s.app.request('/api/public/sites');
    const gz = await s.app.request('/api/public/sites', { headers: { 'accept-encoding': 'gzip' } });
    expect([gz.status, gz.headers.get('content-encoding'), plain.headers.get('content-encoding'), gz.headers.get('cache-control')]).toEqual([200, 'gzip', null, 'public, max-age=5']);
    const text = await plain.text();
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString('utf8')).toBe(text);
    const [tag, gzTag] = [plain.headers.get('etag')!, gz.headers.get('etag')!];
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(gzTag).toBe(`${tag.slice(0, -1)}-gz"`);
    for (const t of [tag, gzTag]) expect((await s.app.request('/api/public/sites', { headers: { 'if-none-match': t } })).status).toBe(304);
    // Nothing changed: after the next check (1 s) the answer keeps its tag.
    await new Promise((r) => setTimeout(r, 1100));
    expect((await s.app.request('/api/public/sites', { headers: { 'if-none-match': tag } })).status).toBe(304);
  });

  const seenAfter: number[] = [];
  afterAll(() => console.log(`[${dialect}] count and publication public after ${seenAfter.join(' and ')} ms`));
  it('shows a site administrator\'s count made through another process within 10 s, and a new publication too', async () => {
    expect((await get('/api/public/sites/live')).body.live.E0003).toBeUndefined(); // open: not listed
    const etag = (await s.app.request('/api/public/sites')).headers.get('etag') ?? '';
    const started = Date.now();
    // 24 of 25 present: filling (24 ≥ 20, < 25). Written through another database handle, as another process would.
    await writer.db.updateTable('site_statuses').set({ children_present: 24, counted_at: '2026-01-15T16:05:00.000Z' }).where('day_id', '=', days.today).where('school_id', '=', 'E0003').execute();
    let seen = await get('/api/public/sites/live');
    while (seen.body.live.E0003 !== 'filling' && Date.now() - started < 10_000) {
      await new Promise((r) => setTimeout(r, 100));
      seen = await get('/api/public/sites/live');
    }
    const countSeen = Date.now();
    expect(seen.body.live.E0003).toBe('filling');
    expect(seen.body.liveAt).toBe('2026-01-15T16:05:00.000Z');
    expect(Date.now() - started).toBeLessThan(10_000);
    // The day's own answer did not change: a phone that has it is answered 304.
    expect((await s.app.request('/api/public/sites', { headers: { 'if-none-match': etag } })).status).toBe(304);

    const published = Date.now();
    const late = await plant('2026-01-22', [site('E0001')], 'Strike day 6');
    await publish(late);
    let list = await get('/api/public/sites');
    while (!list.body.days.some((d: { date: string }) => d.date === '2026-01-22') && Date.now() - published < 10_000) {
      await new Promise((r) => setTimeout(r, 100));
      list = await get('/api/public/sites');
    }
    expect(list.body.days.map((d: { date: string }) => d.date)).toEqual(['2026-03-02', '2026-01-22', '2026-01-20', '2026-01-15', '2026-01-14']);
    expect(Date.now() - published).toBeLessThan(10_000);
    // Measured: seen after the next check, so within about a second of each write.
    seenAfter.push(countSeen - started, Date.now() - published);
  }, 30_000);

  it('locates ZIP codes from the published schools\' addresses, and the rest from the CDE directory\'s table', async () => {
    const day = await plant('2026-03-03', [
      site('E0101', { address: '100 Main St, Los Angeles, CA 90012', latitude: 34.05, longitude: -118.24 }),
      site('E0102', { address: '200 Main St, Los Angeles, CA 90012-1466', latitude: 34.07, longitude: -118.26 }),
      site('E0103', { address: '', latitude: 34.1, longitude: -118.3 }),
    ]);
    await publish(day);
    let res = await get('/api/public/sites/zips');
    for (let i = 0; i < 50 && res.body.zips['90012']?.latitude !== 34.06; i++) {
      await new Promise((r) => setTimeout(r, 100));
      res = await get('/api/public/sites/zips');
    }
    // 90012: the mean of the two schools there, (34.05 + 34.07) / 2 = 34.06 and (−118.24 − 118.26) / 2 = −118.25.
    expect(res.body.zips['90012']).toEqual({ latitude: 34.06, longitude: -118.25 });
    // 90001 has no published school: the directory's centroid.
    expect(res.body.zips['90001']).toEqual({ latitude: LA_ZIP_CENTROIDS['90001'][0], longitude: LA_ZIP_CENTROIDS['90001'][1] });
    // 90012 is in the table too: one from the schools, the other 121 from the directory.
    expect([res.body.fromSchools, res.body.fromDirectory]).toEqual([1, Object.keys(LA_ZIP_CENTROIDS).length - 1]);
    expect(res.headers.get('etag')).toMatch(/^"/);
  }, 30_000);

  /** A meal site of the district's beside MEAL on a day published with both: its id and the names on that day's public page. */
  async function publishedWithMealSite(o: { date: string; name: string; address: string; latitude: number; longitude: number; closes: string; dates: string[]; languages: string[] }) {
    const at = s.clock.now.toISOString();
    const id = s.deps.ids.next(s.orgId.district);
    await s.handle.db.insertInto('family_sites').values({
      id, organization_id: s.orgId.district, kind: 'meal', partner_kind: null, name: o.name, address: o.address, latitude: o.latitude, longitude: o.longitude,
      opens: '07:30', closes: o.closes, dates: JSON.stringify(o.dates), meals_per_child: 2, offers: '', languages: JSON.stringify(o.languages), created_by: admin, created_at: at, updated_at: at, removed_at: null,
    }).execute();
    const day = await plant(o.date, [site('E0001')], `With ${o.name}`);
    await publishSiteDay(s.handle.db, s.deps.ids, { dayId: day, organizationId: s.orgId.district, personId: admin, at, familySites: [MEAL, { ...MEAL, id, name: o.name }] });
    const names = async () => (await get(`/api/public/sites?date=${o.date}`)).body.day.familySites.map((f: { name: string }) => f.name);
    return { id, day, names };
  }

  it('leaves out a meal site removed since its day was published, within a second and without publishing again', async () => {
    const districtAdmin = await s.as('district', 'admin');
    const { id, day, names } = await publishedWithMealSite({ date: '2026-03-05', name: 'Meals at Roosevelt', address: '456 S Mathews St, Los Angeles, CA 90033', latitude: 34.0409, longitude: -118.2127, closes: '13:30', dates: [], languages: ['English'] });
    const version = async () => (await s.handle.db.selectFrom('site_days').select('version').where('id', '=', day).executeTakeFirstOrThrow()).version;
    await nextCheck();
    expect(await names()).toEqual([MEAL.name, 'Meals at Roosevelt']);
    const before = { version: await version(), publications: (await s.handle.db.selectFrom('site_publications').select('id').where('day_id', '=', day).execute()).length };

    expect((await districtAdmin.request('DELETE', `/api/sites/family/${id}`)).status).toBe(200);
    await nextCheck();
    // Gone from the public day; the other meal site (not removed) stays; no publication was made and the plan's version did not move (nothing to publish again).
    expect(await names()).toEqual([MEAL.name]);
    expect({ version: await version(), publications: (await s.handle.db.selectFrom('site_publications').select('id').where('day_id', '=', day).execute()).length }).toEqual(before);
  });

  it('leaves out a meal site whose dates no longer include the published day, within a second; given the day back, it shows again', async () => {
    const districtAdmin = await s.as('district', 'admin');
    const { id, names } = await publishedWithMealSite({ date: '2026-03-09', name: 'Meals at Méndez', address: '1200 Plaza Del Sol, Los Angeles, CA 90033', latitude: 34.0441, longitude: -118.2088, closes: '11:00', dates: ['2026-03-09'], languages: ['Spanish'] });
    await nextCheck();
    expect(await names()).toEqual([MEAL.name, 'Meals at Méndez']);
    // Each change a minute later, as edits are (the publications state reads the latest change's time).
    const was = s.clock.now;
    try {
      // Moved to the next day: it no longer serves the published one, so a family is not sent there.
      s.clock.now = new Date(was.getTime() + 60_000);
      expect((await districtAdmin.request('PATCH', `/api/sites/family/${id}`, { dates: ['2026-03-10'] })).status).toBe(200);
      await nextCheck();
      expect(await names()).toEqual([MEAL.name]);
      s.clock.now = new Date(was.getTime() + 120_000);
      expect((await districtAdmin.request('PATCH', `/api/sites/family/${id}`, { dates: ['2026-03-09', '2026-03-10'] })).status).toBe(200);
      await nextCheck();
      expect(await names()).toEqual([MEAL.name, 'Meals at Méndez']);
    } finally {
      s.clock.now = was;
    }
  });

  it('keeps a school closed since its day was published as published until the day is published again: saving a plan never publishes it', async () => {
    const districtAdmin = await s.as('district', 'admin');
    const day = await plant('2026-03-06', [site('E0001'), site('E0002')], 'A school closes');
    await publish(day);
    const answer = async () => {
      const res = await get('/api/public/sites?date=2026-03-06');
      return { sites: res.body.day.sites.map((x: { schoolId: string }) => x.schoolId), closedSites: res.body.day.closedSites, etag: res.headers.get('etag') };
    };
    await nextCheck();
    const published = await answer();
    expect(published.sites).toEqual(['E0001', 'E0002']);
    // A closure saved in the plan (perhaps one of a thousand in a bulk change being drafted) is
    // not public: the answer, its ETag included, stays as published, so nobody watching the
    // public page (the union among them) learns of it before the district publishes.
    expect((await districtAdmin.request('PATCH', `/api/sites/days/${day}/sites/E0002`, { status: 'closed' })).status).toBe(200);
    await nextCheck();
    expect(await answer()).toEqual(published);
    // Published on purpose: E0002 leaves the page and is counted among the closed (one more than before).
    await publish(day);
    await nextCheck();
    expect(await answer()).toMatchObject({ sites: ['E0001'], closedSites: published.closedSites + 1 });
  });

  it('leaves out a day whose snapshot does not read as a published day, and still answers the others', async () => {
    const day = await plant('2026-03-04', [site('E0001')], 'Broken snapshot');
    await s.handle.db.insertInto('site_publications').values({ id: s.deps.ids.next(s.orgId.district), organization_id: s.orgId.district, day_id: day, plan_version: 1, snapshot: '{"sites": "not a list"}', published_by: admin, published_at: s.clock.now.toISOString() }).execute();
    await nextCheck();
    const res = await get('/api/public/sites');
    expect(res.status).toBe(200);
    expect(res.body.days.map((d: { label: string }) => d.label)).not.toContain('Broken snapshot');
    expect(res.body.day.date).toBe('2026-01-15');
  });
});
