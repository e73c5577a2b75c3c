/**
 * The district's site plan on SQLite and PostgreSQL, on the tiny district (4 schools: E1, E2, M1,
 * H1; years 2018-19 to 2021-22; units T and C): declaring a day, changing it and one site (its
 * history), a bulk change previewed then applied (one batch), by CSV of CDS codes, site
 * administrators and their counts (their own school only), the flag, publishing. A union: 404.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eachDatabase } from '../../../test/helpers/databases.ts';
import { startTestServer, type Client, type TestServer } from '../../../test/helpers/server.ts';
import { addDatasetVersion, tinyFiles } from '../proposals/test-world.ts';

eachDatabase('the site plan of a strike day', (dialect) => {
  let s: TestServer;
  let admin: Client;
  let analyst: Client;
  let siteAdmin: Client;
  let union: Client;
  let otherDistrict: Client;
  let dayId: number;
  let otherVersion: number;
  const changes = async () => Number((await s.handle.db.selectFrom('site_changes').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const site = async (id: string) => (await admin.request('GET', `/api/sites/days/${dayId}/sites?q=&limit=10`)).body.sites.find((x: { schoolId: string }) => x.schoolId === id);

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    await addDatasetVersion(s, 'district');
    otherVersion = await addDatasetVersion(s, 'otherDistrict');
    [admin, analyst, siteAdmin, union, otherDistrict] = await Promise.all([
      s.as('district', 'admin'), s.as('district', 'budget-analyst'), s.as('district', 'site-administrator'), s.as('teachers', 'admin'), s.as('otherDistrict', 'admin'),
    ]);
  }, 60_000);
  afterAll(async () => s?.close());

  it('declares a day with every school of the dataset on it, and refuses a second on that date, a date outside the dataset, an unknown unit, another district\'s dataset', async () => {
    const made = await admin.request('POST', '/api/sites/days', { date: '2019-01-14', label: 'Strike day 1', shares: { T: 1 }, substituteDayRate: 250.5 });
    expect(made.status).toBe(201);
    expect(made.body.day).toMatchObject({ date: '2019-01-14', shares: { T: 1 }, substituteDayRate: 250.5, otherCosts: 0, ratioLimit: 20, version: 1, publishedVersion: null, sites: { total: 4, open: 4, closed: 0, flagged: 0 } });
    dayId = made.body.day.id;
    const list = await admin.request('GET', `/api/sites/days/${dayId}/sites`);
    expect(list.body.sites.map((x: { schoolId: string; status: string }) => `${x.schoolId}:${x.status}`)).toEqual(['E1:instruction', 'E2:instruction', 'M1:instruction', 'H1:instruction']);
    expect(list.body.sites[0]).toMatchObject({ name: 'Alder Elementary', address: '1 Alder St', latitude: 34.05, longitude: -118.25, flagged: false, version: 1 });

    const again = await admin.request('POST', '/api/sites/days', { date: '2019-01-14', label: 'Again' });
    expect([again.status, again.body.code]).toEqual([409, 'sites.day-exists']);
    // The tiny dataset runs 2018-19 to 2021-22: 2022-07-01 is in 2022-23.
    const late = await admin.request('POST', '/api/sites/days', { date: '2022-07-01', label: 'Too late' });
    expect([late.status, late.body.code, late.body.where?.field]).toEqual([400, 'sites.outside-dataset', 'date']);
    const unit = await admin.request('POST', '/api/sites/days', { date: '2019-01-15', label: 'Day', shares: { UTLA: 1 } });
    expect([unit.status, unit.body.where?.field]).toEqual([400, 'shares.UTLA']);
    const theirs = await admin.request('POST', '/api/sites/days', { date: '2019-01-15', label: 'Day', datasetVersionId: otherVersion });
    expect([theirs.status, theirs.body.where?.field]).toEqual([404, 'datasetVersionId']);
    const feb30 = await admin.request('POST', '/api/sites/days', { date: '2019-02-30', label: 'Day' });
    expect([feb30.status, feb30.body.where?.field]).toEqual([400, 'date']);
    expect((await analyst.request('POST', '/api/sites/days', { date: '2019-01-15', label: 'Day' })).status).toBe(403);
    const days = await analyst.request('GET', '/api/sites/days');
    expect(days.body.days.map((d: { date: string }) => d.date)).toEqual(['2019-01-14']);
  });

  it('changes the day, one version more each time, audited', async () => {
    const r = await admin.request('PATCH', `/api/sites/days/${dayId}`, { label: 'Monday', ratioLimit: 15, otherCosts: -1200.25 });
    expect(r.body.day).toMatchObject({ label: 'Monday', ratioLimit: 15, otherCosts: -1200.25, version: 2 });
    const bad = await admin.request('PATCH', `/api/sites/days/${dayId}`, { shares: { T: 1.5 } });
    expect([bad.status, bad.body.where?.field]).toEqual([400, 'shares.T']);
    // A substitute at $99,999,999,999.99 a day (or other costs past $1 billion) is a slip, as `settle strike-impact` says.
    for (const [field, value] of [['substituteDayRate', 99_999_999_999.99], ['otherCosts', -1_000_000_000.01]] as const) {
      const far = await admin.request('PATCH', `/api/sites/days/${dayId}`, { [field]: value });
      expect([field, far.status, far.body.where?.field]).toEqual([field, 400, field]);
    }
    // Far past the bound: one problem, naming the bound (it also said "expected number to be <=100000000000").
    const huge = await admin.request('PATCH', `/api/sites/days/${dayId}`, { otherCosts: 1e15 });
    expect([huge.status, (huge.body.problems ?? [huge.body]).map((p: { message: string }) => p.message)]).toEqual([400, ['body otherCosts: must be from -$1,000,000,000 to $1,000,000,000']]);
    expect((await admin.request('PATCH', `/api/sites/days/${dayId}`, { ratioLimit: 20 })).body.day.version).toBe(3);
    const audit = await s.handle.db.selectFrom('audit_log').select('action').where('action', 'like', 'site.day-%').execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['site.day-create', 'site.day-edit', 'site.day-edit']);
  });

  it('changes one site and keeps its history; bad hours are named by field and change nothing', async () => {
    const r = await admin.request('PATCH', `/api/sites/days/${dayId}/sites/E1`, { status: 'supervision', opens: '08:00', closes: '18:00', capacity: 100, substitutes: 4, languages: ['Spanish', 'Korean'] });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ version: 4, site: { status: 'supervision', opens: '08:00', closes: '18:00', capacity: 100, substitutes: 4, version: 4 } });
    const before = await changes();
    const backwards = await admin.request('PATCH', `/api/sites/days/${dayId}/sites/E1`, { opens: '19:00' });
    expect([backwards.status, backwards.body.where?.field]).toEqual([422, 'closes']);
    const format = await admin.request('PATCH', `/api/sites/days/${dayId}/sites/E1`, { opens: '8:00' });
    expect([format.status, format.body.where?.field]).toEqual([400, 'opens']);
    expect((await admin.request('PATCH', `/api/sites/days/${dayId}/sites/Z9`, { capacity: 1 })).status).toBe(404);
    expect(await changes()).toBe(before);
    const h = await analyst.request('GET', `/api/sites/days/${dayId}/sites/E1/changes`);
    expect(h.body.changes).toHaveLength(1);
    expect(h.body.changes[0]).toMatchObject({ planVersion: 4, kind: 'plan', batch: null, by: { name: 'Tiny Unified admin' },
      before: { status: 'instruction', opens: null, closes: null, capacity: null, substitutes: 0, languages: [] }, after: { status: 'supervision', opens: '08:00', capacity: 100 } });
  });

  it('previews a bulk change ("all except E1" closed) without changing anything, then applies it in one batch', async () => {
    const before = await changes();
    const body = { set: { status: 'closed' }, sites: 'all', except: ['E1'] };
    const preview = await admin.request('POST', `/api/sites/days/${dayId}/bulk`, { ...body, preview: true });
    expect(preview.status).toBe(200);
    // 4 sites less E1 = 3, all instruction → closed.
    expect(preview.body).toMatchObject({ preview: true, changed: 3, unchanged: 0, transitions: [{ from: 'instruction', to: 'closed', sites: 3 }], version: 4, batch: null });
    expect(preview.body.sample.map((x: { schoolId: string }) => x.schoolId)).toEqual(['E2', 'M1', 'H1']);
    expect(await changes()).toBe(before);
    expect((await site('E2')).status).toBe('instruction');

    const applied = await admin.request('POST', `/api/sites/days/${dayId}/bulk`, body);
    expect(applied.body).toMatchObject({ preview: false, changed: 3, version: 5 });
    const rows = await s.handle.db.selectFrom('site_changes').select(['school_id', 'kind', 'batch', 'plan_version']).where('batch', '=', applied.body.batch).execute();
    expect(rows.map((x) => `${x.school_id}:${x.kind}:${x.plan_version}`).sort()).toEqual(['E2:bulk:5', 'H1:bulk:5', 'M1:bulk:5']);
    expect(await site('H1')).toMatchObject({ status: 'closed', version: 5 });
    expect((await site('E1')).version).toBe(4);
    // The same again changes nothing: all 3 already closed. Applied, it makes no plan version (the
    // plan page would say version 6 is not public yet, with nothing new in it).
    expect((await admin.request('POST', `/api/sites/days/${dayId}/bulk`, { ...body, preview: true })).body).toMatchObject({ changed: 0, unchanged: 3 });
    const again = await admin.request('POST', `/api/sites/days/${dayId}/bulk`, body);
    expect(again.body).toMatchObject({ preview: false, changed: 0, unchanged: 3, version: 5, batch: null });
    expect((await admin.request('GET', '/api/sites/days')).body.days.find((d: { id: number }) => d.id === dayId).version).toBe(5);
    const closed = await analyst.request('GET', `/api/sites/days/${dayId}/sites?status=closed`);
    expect([closed.body.total, closed.body.sites.length]).toEqual([3, 3]);
    // One school by its id (the site administrator's page reads its own site so, whatever its name on that day's dataset).
    const one = await siteAdmin.request('GET', `/api/sites/days/${dayId}/sites?school=H1`);
    expect([one.body.total, one.body.sites.map((x: { schoolId: string; status: string }) => `${x.schoolId} ${x.status}`)]).toEqual([1, ['H1 closed']]);
  });

  it('picks sites from a CSV of CDS codes, and refuses unknown lines naming them, changing nothing', async () => {
    const before = await changes();
    const bad = await admin.request('POST', `/api/sites/days/${dayId}/bulk`, { set: { status: 'meals' }, schoolsCsv: 'cds_code\n99999990000002\nNOPE\n99999990000004\n123' });
    expect(bad.status).toBe(422);
    expect(bad.body.problems.map((p: { where: { line: number } }) => p.where.line)).toEqual([3, 5]);
    const unknownId = await admin.request('POST', `/api/sites/days/${dayId}/bulk`, { set: { status: 'meals' }, sites: ['E2', 'X1'] });
    expect([unknownId.status, unknownId.body.where?.field]).toEqual([422, 'sites[1]']);
    const both = await admin.request('POST', `/api/sites/days/${dayId}/bulk`, { set: { status: 'meals' }, sites: 'all', schoolsCsv: 'E1' });
    expect(both.status).toBe(400);
    // A mistyped site to spare beside a CSV is named, as beside a list (it would be changed otherwise).
    const typo = await admin.request('POST', `/api/sites/days/${dayId}/bulk`, { set: { status: 'meals' }, schoolsCsv: 'cds_code\n99999990000002\n99999990000004\n', except: ['H1', 'HI'] });
    expect([typo.status, typo.body.problems?.map((p: { where: { field: string } }) => p.where.field)]).toEqual([422, ['except[1]']]);
    // …and spared by its CDS code too: 99999990000004 is H1, so only E2 would change.
    const spared = await admin.request('POST', `/api/sites/days/${dayId}/bulk`, { set: { status: 'meals' }, schoolsCsv: 'cds_code\n99999990000002\n99999990000004\n', except: ['99999990000004'], preview: true });
    expect([spared.status, spared.body.changed, spared.body.sample.map((x: { schoolId: string }) => x.schoolId)]).toEqual([200, 1, ['E2']]);
    // "Every site except these", the exceptions by CDS code (99999990000001 = E1, 99999990000002 = E2), in a list or a pasted column with its header.
    const allBut = (more: object) => admin.request('POST', `/api/sites/days/${dayId}/bulk`, { set: { status: 'meals' }, sites: 'all', preview: true, ...more });
    const picked = (r: { body: { changed: number; unchanged: number } }) => r.body.changed + r.body.unchanged;
    expect(picked(await allBut({ except: ['99999990000001'] }))).toBe(3); // 4 − E1
    expect(picked(await allBut({ exceptCsv: 'school_id\n99999990000001\nE2\n' }))).toBe(2); // 4 − E1 − E2
    // A header as a spreadsheet writes it, and a school pasted twice: still 4 − E1 − E2.
    expect(picked(await allBut({ exceptCsv: 'CDS Code\n99999990000001\nE2\nE2\n' }))).toBe(2);
    const badLine = await allBut({ exceptCsv: 'cds_code\n99999990000001\nNOPE\n' });
    expect([badLine.status, badLine.body.problems.map((p: { where: { file: string; line: number } }) => `${p.where.file}:${p.where.line}`)]).toEqual([422, ['exceptCsv:3']]);
    expect((await allBut({ except: ['E1'], exceptCsv: 'E2\n' })).status).toBe(400);
    expect(await changes()).toBe(before);
    const good = await admin.request('POST', `/api/sites/days/${dayId}/bulk`, { set: { status: 'meals', opens: '11:00', closes: '13:00' }, schoolsCsv: 'cds_code\n99999990000002\n99999990000004\n' });
    // 99999990000002 = E2, 99999990000004 = H1: both closed → meals.
    expect(good.body).toMatchObject({ changed: 2, transitions: [{ from: 'closed', to: 'meals', sites: 2 }] });
  });

  it('lets a site administrator report counts at their own school only; flags a site over the ratio', async () => {
    const person = await s.handle.db.selectFrom('people').select('id').where('email', '=', 'site-administrator@district.test').executeTakeFirstOrThrow();
    const negotiator = await s.handle.db.selectFrom('people').select('id').where('email', '=', 'negotiator@district.test').executeTakeFirstOrThrow();
    const named = await admin.request('POST', '/api/sites/administrators', { personId: person.id, schoolId: 'E1' });
    expect(named.status).toBe(201);
    expect(named.body.administrator).toMatchObject({ schoolId: 'E1', school: 'Alder Elementary', endedAt: null });
    expect((await admin.request('POST', '/api/sites/administrators', { personId: person.id, schoolId: 'E1' })).status).toBe(409);
    expect((await admin.request('POST', '/api/sites/administrators', { personId: negotiator.id, schoolId: 'E1' })).body.code).toBe('sites.not-site-administrator');
    const q1 = await admin.request('POST', '/api/sites/administrators', { personId: person.id, schoolId: 'Q1' });
    expect([q1.body.where?.field, q1.body.hint]).toEqual(['schoolId', 'a school id from the dataset, such as "E1" (Alder Elementary)']);
    expect((await analyst.request('GET', '/api/sites/administrators')).body.administrators).toHaveLength(1);

    const before = await changes();
    // 41 children, 2 adults: 20.5 per adult > 20.
    const mine = await siteAdmin.request('POST', `/api/sites/days/${dayId}/sites/E1/counts`, { childrenPresent: 41, adultsPresent: 2 });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ version: 7, site: { childrenPresent: 41, adultsPresent: 2, flagged: true, countedAt: '2026-01-15T16:00:00.000Z' } });
    const other = await siteAdmin.request('POST', `/api/sites/days/${dayId}/sites/E2/counts`, { childrenPresent: 1, adultsPresent: 1 });
    expect([other.status, other.body.code]).toEqual([403, 'sites.not-your-site']);
    expect(other.body.message).toContain('you are named to E1');
    expect((await admin.request('POST', `/api/sites/days/${dayId}/sites/E2/counts`, { childrenPresent: 10, adultsPresent: 1, studentsAttending: 12 })).body.site).toMatchObject({ studentsAttending: 12, flagged: false });
    expect(await changes()).toBe(before + 2);
    const flagged = await analyst.request('GET', `/api/sites/days/${dayId}/sites?flagged=true`);
    expect(flagged.body.sites.map((x: { schoolId: string }) => x.schoolId)).toEqual(['E1']);
    expect((await analyst.request('GET', `/api/sites/days/${dayId}/sites?flagged=false`)).body.total).toBe(3);
    expect((await analyst.request('GET', '/api/sites/days')).body.days[0].sites).toMatchObject({ flagged: 1 });
    const h = await admin.request('GET', `/api/sites/days/${dayId}/sites/E1/changes`);
    expect(h.body.changes.at(-1)).toMatchObject({ kind: 'count', before: { childrenPresent: null }, after: { childrenPresent: 41, adultsPresent: 2 }, by: { name: 'Tiny Unified site-administrator' } });

    const ended = await admin.request('DELETE', `/api/sites/administrators/${named.body.administrator.id}`);
    expect(ended.body.administrator.endedAt).toBe('2026-01-15T16:00:00.000Z');
    expect((await siteAdmin.request('POST', `/api/sites/days/${dayId}/sites/E1/counts`, { childrenPresent: 1, adultsPresent: 1 })).status).toBe(403);
    expect((await admin.request('DELETE', `/api/sites/administrators/${named.body.administrator.id}`)).status).toBe(409);
  });

  it('publishes the plan as it is: open sites, the closed count and the date\'s meal and partner sites, no adults and no person', async () => {
    const people = await s.handle.db.selectFrom('people').select('id').where('email', '=', 'admin@district.test').executeTakeFirstOrThrow();
    const family = (name: string, dates: string[], removed = false) => ({
      id: s.deps.ids.next(s.orgId.district), organization_id: s.orgId.district, kind: 'meal', partner_kind: null, name, address: '1 Main St', latitude: 34, longitude: -118,
      // Entered before the strike: a site without dates serves every strike day from the day it was entered.
      opens: '10:00', closes: '12:00', dates: JSON.stringify(dates), meals_per_child: 2, created_by: people.id, created_at: '2019-01-02T00:00:00Z', updated_at: '2019-01-02T00:00:00Z', removed_at: removed ? '2019-01-03T00:00:00Z' : null,
    });
    await s.handle.db.insertInto('family_sites').values([family('Every day', []), family('That day', ['2019-01-14']), family('Another day', ['2019-01-15']), family('Removed', [], true)]).execute();
    const version = (await admin.request('GET', '/api/sites/days')).body.days[0].version;
    expect((await analyst.request('POST', `/api/sites/days/${dayId}/publish`)).status).toBe(403);
    const p = await admin.request('POST', `/api/sites/days/${dayId}/publish`);
    expect(p.status).toBe(201);
    // Open: E1 supervision, E2 and H1 meals; closed: M1.
    expect(p.body.publication).toMatchObject({ planVersion: version, openSites: 3, closedSites: 1, familySites: 2 });
    expect(p.body.snapshot.sites.map((x: { schoolId: string }) => x.schoolId)).toEqual(['E1', 'E2', 'H1']);
    expect(p.body.snapshot.familySites.map((x: { name: string }) => x.name)).toEqual(['Every day', 'That day']);
    expect(p.body.snapshot.district).toEqual({ name: 'Tiny Unified School District', cdsCode: '99999990000000' });
    const text = JSON.stringify(p.body.snapshot);
    for (const secret of ['adultsPresent', 'childrenPresent', 'studentsAttending', 'substitutes', 'Tiny Unified admin']) expect(text).not.toContain(secret);
    const stored = await s.handle.db.selectFrom('site_days').select(['published_version', 'version']).where('id', '=', dayId).executeTakeFirstOrThrow();
    expect(stored).toEqual({ published_version: version, version });
    // Saving does not publish.
    await admin.request('PATCH', `/api/sites/days/${dayId}/sites/M1`, { status: 'supervision' });
    const after = (await admin.request('GET', '/api/sites/days')).body.days[0];
    expect([after.version, after.publishedVersion]).toEqual([version + 1, version]);
    const pubs = await analyst.request('GET', `/api/sites/days/${dayId}/publications`);
    expect(pubs.body.publications).toEqual([expect.objectContaining({ planVersion: version, openSites: 3, publishedBy: expect.objectContaining({ name: 'Tiny Unified admin' }) })]);
  });

  it('moves a day\'s plan on when a meal or partner site on it is entered or changed (the page then asks to publish again), not when one is removed (it leaves the public page at once)', async () => {
    const day = async () => (await admin.request('GET', '/api/sites/days')).body.days.find((d: { id: number }) => d.id === dayId) as { version: number; publishedVersion: number };
    const idOf = async (name: string) => (await s.handle.db.selectFrom('family_sites').select('id').where('name', '=', name).where('organization_id', '=', s.orgId.district).executeTakeFirstOrThrow()).id;
    const start = await day();
    // Another date's site (2019-01-15) changes nothing on 2019-01-14.
    expect((await admin.request('PATCH', `/api/sites/family/${await idOf('Another day')}`, { closes: '13:00' })).status).toBe(200);
    expect((await day()).version).toBe(start.version);
    // "That day" (2019-01-14), published above, removed: the public page leaves it out at once
    // (src/server/public/sites.test.ts), so the plan does not move and nothing asks to publish again.
    expect((await admin.request('DELETE', `/api/sites/family/${await idOf('That day')}`)).status).toBe(200);
    expect(await day()).toMatchObject({ version: start.version, publishedVersion: start.publishedVersion });
    // Moved onto 2019-01-14, and a new site for every day: one version more each.
    expect((await admin.request('PATCH', `/api/sites/family/${await idOf('Another day')}`, { dates: ['2019-01-14'] })).status).toBe(200);
    // A site without dates entered now (2026) is not on a 2019 day: the plan does not move.
    expect((await admin.request('POST', '/api/sites/family', { kind: 'partner', partnerKind: 'park', name: 'Later Park', address: '3 Alder St', latitude: 34.05, longitude: -118.25, opens: '08:00', closes: '18:00' })).status).toBe(201);
    expect((await day()).version).toBe(start.version + 1);
    const was = s.clock.now;
    s.clock.now = new Date('2019-01-13T16:00:00.000Z');
    try {
      expect((await admin.request('POST', '/api/sites/family', { kind: 'partner', partnerKind: 'park', name: 'Alder Park', address: '2 Alder St', latitude: 34.05, longitude: -118.25, opens: '08:00', closes: '18:00' })).status).toBe(201);
    } finally {
      s.clock.now = was;
    }
    expect((await day()).version).toBe(start.version + 2);
    const republished = await admin.request('POST', `/api/sites/days/${dayId}/publish`);
    expect(republished.body.snapshot.familySites.map((x: { name: string }) => x.name)).toEqual(['Alder Park', 'Another day', 'Every day']);
    const now = async () => (await admin.request('GET', '/api/sites/days')).body.days.find((d: { id: number }) => d.id === dayId) as { version: number; publishedVersion: number; unpublishedChanges: boolean };
    expect(await now()).toMatchObject({ version: start.version + 2, publishedVersion: start.version + 2, unpublishedChanges: false });
    // Counts move the version but are public without a publication: the page does not ask for one.
    expect((await admin.request('POST', `/api/sites/days/${dayId}/sites/E2/counts`, { childrenPresent: 7, adultsPresent: 1 })).status).toBe(200);
    expect(await now()).toMatchObject({ version: start.version + 3, publishedVersion: start.version + 2, unpublishedChanges: false });
    // A planner's change after them does.
    const edited = await admin.request('PATCH', `/api/sites/days/${dayId}/sites/E2`, { capacity: 30 });
    expect(edited.status).toBe(200);
    expect(await now()).toMatchObject({ version: start.version + 4, unpublishedChanges: true });
    expect((await admin.request('PATCH', `/api/sites/days/${dayId}`, { label: 'Strike day 1' })).body.day).toMatchObject({ unpublishedChanges: true });
  });

  it('answers a union 404 on every route, and another district 404 on this day', async () => {
    // Valid bodies, so the answer is the route's, not the validation's.
    const routes: [string, string, unknown?][] = [['GET', '/api/sites/days'], ['POST', '/api/sites/days', { date: '2019-01-16', label: 'Day' }], ['PATCH', `/api/sites/days/${dayId}`, { label: 'X' }],
      ['GET', `/api/sites/days/${dayId}/sites`], ['PATCH', `/api/sites/days/${dayId}/sites/E1`, { capacity: 1 }], ['GET', `/api/sites/days/${dayId}/sites/E1/changes`],
      ['POST', `/api/sites/days/${dayId}/bulk`, { set: { status: 'closed' }, sites: 'all' }], ['POST', '/api/sites/administrators', { personId: 12, schoolId: 'E1' }], ['GET', '/api/sites/administrators'],
      ['DELETE', '/api/sites/administrators/12'], ['POST', `/api/sites/days/${dayId}/sites/E1/counts`, { childrenPresent: 1, adultsPresent: 1 }], ['POST', `/api/sites/days/${dayId}/publish`], ['GET', `/api/sites/days/${dayId}/publications`]];
    for (const [method, path, body] of routes) {
      const r = await union.request(method, path, body);
      expect([method, path, r.status]).toEqual([method, path, 404]);
    }
    expect((await otherDistrict.request('GET', `/api/sites/days/${dayId}/sites`)).status).toBe(404);
    expect((await otherDistrict.request('PATCH', `/api/sites/days/${dayId}/sites/E1`, { capacity: 3 })).status).toBe(404);
    expect((await otherDistrict.request('GET', '/api/sites/days')).body.days).toEqual([]);
  });

  it('refuses a site administrator\'s counts on a day whose dataset gives their school\'s id to another school', async () => {
    const person = await s.handle.db.selectFrom('people').select('id').where('email', '=', 'site-administrator@district.test').executeTakeFirstOrThrow();
    // A newer dataset in which E1 is another school (another CDS code): the administrator is named to that one.
    const files = tinyFiles();
    files['schools.csv'] = files['schools.csv'].replace('E1,99999990000001,Alder Elementary', 'E1,99999990000009,Elm Elementary');
    await addDatasetVersion(s, 'district', files);
    const named = await admin.request('POST', '/api/sites/administrators', { personId: person.id, schoolId: 'E1' });
    expect(named.body.administrator).toMatchObject({ schoolId: 'E1', school: 'Elm Elementary' });
    const before = await changes();
    // The day is on the first version, where E1 is Alder Elementary: not theirs.
    const refused = await siteAdmin.request('POST', `/api/sites/days/${dayId}/sites/E1/counts`, { childrenPresent: 10, adultsPresent: 2 });
    expect([refused.status, refused.body.code]).toEqual([403, 'sites.not-your-site']);
    expect(refused.body.message).toContain('E1 is Alder Elementary, and you are named to Elm Elementary');
    expect(await changes()).toBe(before);
    // The district's admin still reports it.
    expect((await admin.request('POST', `/api/sites/days/${dayId}/sites/E1/counts`, { childrenPresent: 10, adultsPresent: 2 })).status).toBe(200);
    // A count far above what the site takes (a digit too many) is asked again rather than shown full to
    // the public: 100,000 at E1 (320 enrolled: 50+50+50+50+60+60) refused, changing nothing; kept when confirmed.
    const typo = await admin.request('POST', `/api/sites/days/${dayId}/sites/E1/counts`, { childrenPresent: 100_000, adultsPresent: 2 });
    expect([typo.status, typo.body.code, typo.body.where?.field]).toEqual([422, 'sites.count-unlikely', 'childrenPresent']);
    expect(typo.body.message).toContain('100000 children present at Alder Elementary (E1) is more than');
    expect(typo.body.message).toContain('the 320 students enrolled there');
    // The hint repeats the adults sent (2), not a made-up number; the children at most the enrollment-based limit.
    expect(typo.body.hint).toMatch(/^\{"childrenPresent": \d+, "adultsPresent": 2\}, or the same count with "confirm": true$/);
    expect((await site('E1')).childrenPresent).toBe(10);
    const sure = await admin.request('POST', `/api/sites/days/${dayId}/sites/E1/counts`, { childrenPresent: 1000, adultsPresent: 2, confirm: true });
    expect([sure.status, sure.body.site.childrenPresent]).toEqual([200, 1000]);
    expect((await admin.request('POST', `/api/sites/days/${dayId}/sites/E1/counts`, { childrenPresent: 10, adultsPresent: 2 })).status).toBe(200);
    // Counts too carry students attending at most the enrollment (E1: 50+50+50+50+60+60 = 320), and none at a closed site.
    const over = await admin.request('POST', `/api/sites/days/${dayId}/sites/E1/counts`, { childrenPresent: 10, adultsPresent: 2, studentsAttending: 321 });
    expect([over.status, over.body.problems?.[0]?.code, over.body.problems?.[0]?.where?.field]).toEqual([422, 'attendance.more-than-enrolled', 'studentsAttending']);
    const { status, studentsAttending } = await site('E2');
    // E2 has students counted: closing it is refused while they stand (a closed site has none), not cleared silently.
    const refusedClose = await admin.request('PATCH', `/api/sites/days/${dayId}/sites/E2`, { status: 'closed' });
    expect([studentsAttending! > 0, refusedClose.status, refusedClose.body.code]).toEqual([true, 422, 'sites.closed-with-students']);
    expect((await admin.request('PATCH', `/api/sites/days/${dayId}/sites/E2`, { status: 'closed', studentsAttending: null })).status).toBe(200);
    const closed = await admin.request('POST', `/api/sites/days/${dayId}/sites/E2/counts`, { childrenPresent: 3, adultsPresent: 1 });
    expect([closed.status, closed.body.code]).toEqual([409, 'sites.closed']);
    expect(await changes()).toBe(before + 4);
    await admin.request('PATCH', `/api/sites/days/${dayId}/sites/E2`, { status, studentsAttending });
  });

  it('refuses students attending above the school\'s enrollment, by hand or in bulk, in the import\'s words, and changes nothing', async () => {
    // The tiny dataset's enrollment (test/fixtures/tiny-district/enrollment.csv): E1 50+50+50+50+60+60 = 320,
    //   E2 25×4 + 30×2 = 160, M1 175×3 = 525, H1 200×4 = 800.
    const before = await changes();
    const version = (await admin.request('GET', '/api/sites/days')).body.days[0].version;
    const one = await admin.request('PATCH', `/api/sites/days/${dayId}/sites/E1`, { studentsAttending: 321 });
    expect([one.status, one.body.code, one.body.where?.field]).toEqual([422, 'attendance.more-than-enrolled', 'studentsAttending']);
    expect(one.body.message).toBe('321 students attending is more than the 320 enrolled at Alder Elementary (the dataset\'s enrollment)');
    expect(one.body.hint).toContain('at most 320');
    // 600 on every site: above E1's 320, E2's 160 and M1's 525 (in name order), not H1's 800; nothing changes.
    for (const preview of [true, false]) {
      const all = await admin.request('POST', `/api/sites/days/${dayId}/bulk`, { set: { studentsAttending: 600 }, sites: 'all', preview });
      expect(all.status).toBe(422);
      expect(all.body.problems.map((p: { code: string; where: { field: string }; message: string }) => [p.code, p.where.field, p.message])).toEqual([
        ['attendance.more-than-enrolled', 'set.studentsAttending', '600 students attending is more than the 320 enrolled at Alder Elementary (the dataset\'s enrollment)'],
        ['attendance.more-than-enrolled', 'set.studentsAttending', '600 students attending is more than the 160 enrolled at Birch Elementary (the dataset\'s enrollment)'],
        ['attendance.more-than-enrolled', 'set.studentsAttending', '600 students attending is more than the 525 enrolled at Cedar Middle (the dataset\'s enrollment)'],
      ]);
    }
    expect(await changes()).toBe(before);
    expect((await admin.request('GET', '/api/sites/days')).body.days[0].version).toBe(version);
    // At the enrollment, or clearing the figure: accepted.
    expect((await admin.request('PATCH', `/api/sites/days/${dayId}/sites/E1`, { studentsAttending: 320 })).body.site.studentsAttending).toBe(320);
    expect((await admin.request('POST', `/api/sites/days/${dayId}/bulk`, { set: { studentsAttending: 160 }, sites: ['E2', 'H1'] })).body.changed).toBe(2);
    expect((await admin.request('PATCH', `/api/sites/days/${dayId}/sites/E1`, { studentsAttending: null })).body.site.studentsAttending).toBeNull();
  });

  it('clears a site\'s planned adults when it closes, and refuses adults planned on a closed site, changing nothing', async () => {
    // E1 is a supervision site with 4 substitutes (planned above); give it 2 administrators, then close it.
    expect((await admin.request('PATCH', `/api/sites/days/${dayId}/sites/E1`, { administrators: 2 })).body.site).toMatchObject({ administrators: 2, substitutes: 4 });
    const closed = await admin.request('PATCH', `/api/sites/days/${dayId}/sites/E1`, { status: 'closed' });
    expect(closed.status).toBe(200);
    expect(closed.body.site).toMatchObject({ status: 'closed', opens: null, closes: null, administrators: 0, substitutes: 0, volunteers: 0 });
    const h = await admin.request('GET', `/api/sites/days/${dayId}/sites/E1/changes`);
    expect(h.body.changes.at(-1)).toMatchObject({ before: { administrators: 2, substitutes: 4 }, after: { status: 'closed', administrators: 0, substitutes: 0 } });
    const before = await changes();
    const one = await admin.request('PATCH', `/api/sites/days/${dayId}/sites/E1`, { substitutes: 50 });
    expect([one.status, one.body.code, one.body.where?.field]).toEqual([422, 'sites.closed-with-adults', 'substitutes']);
    // Students attending a closed site are refused here as in the attendance file (E1 is closed now).
    const students = await admin.request('PATCH', `/api/sites/days/${dayId}/sites/E1`, { studentsAttending: 250 });
    expect([students.status, students.body.code, students.body.where?.field]).toEqual([422, 'sites.closed-with-students', 'studentsAttending']);
    // An open site with room for no children would show full all day: refused, one site or in bulk.
    const noRoom = await admin.request('PATCH', `/api/sites/days/${dayId}/sites/E1`, { status: 'supervision', opens: '08:00', closes: '18:00', capacity: 0 });
    expect([noRoom.status, noRoom.body.code, noRoom.body.where?.field]).toEqual([422, 'sites.open-without-room', 'capacity']);
    const noRoomBulk = await admin.request('POST', `/api/sites/days/${dayId}/bulk`, { set: { capacity: 0 }, sites: 'all' });
    expect([noRoomBulk.status, noRoomBulk.body.code, noRoomBulk.body.where?.field]).toEqual([422, 'sites.open-without-room', 'set.capacity']);
    const many = await admin.request('POST', `/api/sites/days/${dayId}/bulk`, { set: { status: 'closed', administrators: 1 }, sites: 'all' });
    expect([many.status, many.body.code, many.body.where?.field]).toEqual([422, 'sites.closed-with-adults', 'set.administrators']);
    // Named once with the first site, and how many more of the 4 picked break it (sites in name order: Alder E1 first).
    expect(many.body.message).toMatch(/^Alder Elementary \(E1\) and 3 other sites picked: a closed site has no adults planned/);
    expect(await changes()).toBe(before);
    expect(await site('E1')).toMatchObject({ status: 'closed', administrators: 0, substitutes: 0 });
    // Closing in bulk clears them on every site it closes: H1 had none, M1 gets 3 first.
    await admin.request('PATCH', `/api/sites/days/${dayId}/sites/M1`, { substitutes: 3 });
    expect((await admin.request('POST', `/api/sites/days/${dayId}/bulk`, { set: { status: 'closed' }, sites: ['M1'] })).status).toBe(200);
    expect(await site('M1')).toMatchObject({ status: 'closed', substitutes: 0 });
  });

  it('gives a site\'s history a page at a time, the latest first chosen, and names a bad limit or cursor', async () => {
    // H1 is closed (above); give it 5 edits of its offers, one plan version each.
    for (const n of [1, 2, 3, 4, 5]) expect((await admin.request('PATCH', `/api/sites/days/${dayId}/sites/H1`, { offers: `note ${n}` })).status).toBe(200);
    const all = await analyst.request('GET', `/api/sites/days/${dayId}/sites/H1/changes`);
    const total = all.body.total as number;
    expect([all.body.changes.length, all.body.earlier]).toEqual([total, null]);
    const versions = all.body.changes.map((c: { planVersion: number }) => c.planVersion);
    expect(versions).toEqual([...versions].sort((a: number, b: number) => a - b));
    // The latest 2 (notes 4 and 5), oldest first; `earlier` is the first of them, for the page before.
    const last = await analyst.request('GET', `/api/sites/days/${dayId}/sites/H1/changes?limit=2`);
    expect(last.body.changes.map((c: { after: { offers?: string } }) => c.after.offers)).toEqual(['note 4', 'note 5']);
    expect([last.body.total, last.body.earlier]).toEqual([total, versions.at(-2)]);
    const prev = await analyst.request('GET', `/api/sites/days/${dayId}/sites/H1/changes?limit=2&before=${last.body.earlier}`);
    expect(prev.body.changes.map((c: { after: { offers?: string } }) => c.after.offers)).toEqual(['note 2', 'note 3']);
    // Walking back page by page gives every change once, in the order of the whole list.
    const walked: number[] = [];
    for (let before: number | null = null, guard = 0; guard < 50; guard++) {
      const page: { body: { changes: { planVersion: number }[]; earlier: number | null } } = await analyst.request('GET', `/api/sites/days/${dayId}/sites/H1/changes?limit=3${before === null ? '' : `&before=${before}`}`);
      walked.unshift(...page.body.changes.map((c: { planVersion: number }) => c.planVersion));
      before = page.body.earlier;
      if (before === null) break;
    }
    expect(walked).toEqual(versions);
    for (const [q, field] of [['limit=0', 'limit'], ['limit=1001', 'limit'], ['limit=ten', 'limit'], ['before=0', 'before'], ['before=-3', 'before']]) {
      const bad = await analyst.request('GET', `/api/sites/days/${dayId}/sites/H1/changes?${q}`);
      expect([q, bad.status, bad.body.where?.field]).toEqual([q, 400, field]);
    }
  });
});
