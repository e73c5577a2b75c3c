/**
 * Meal and partner sites through the API (docs/sites.md), on SQLite and PostgreSQL: entered one at
 * a time, changed, removed (the row stays), listed by kind; imported from CSV with a preview that
 * changes nothing, refused whole when any row has a problem, added in one transaction when clean.
 * District staff read, district admins write, a union account finds no such routes (404).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eachDatabase } from '../../../test/helpers/databases.ts';
import { changedTables, snapshot } from '../../../test/helpers/security.ts';
import { startTestServer, type Client, type TestServer } from '../../../test/helpers/server.ts';
import { addDatasetVersion } from '../proposals/test-world.ts';

const HEADER = 'kind,name,address,latitude,longitude,opens,closes,dates,meals_per_child,partner_kind,offers,languages';
const LIBRARY = { kind: 'partner', partnerKind: 'library', name: 'Central Library', address: '630 W 5th St, Los Angeles, CA 90071', latitude: 34.0504, longitude: -118.2551, opens: '10:00', closes: '17:30', offers: 'Supervision, computers', languages: ['English', 'Spanish'] };
const MEAL_ROWS = [
  'meal,Roosevelt High School,"456 S Mathews St, Los Angeles, CA 90033",34.0409,-118.2127,07:30,13:30,2023-03-22;2023-03-21,2,,Breakfast and lunch to go,English;Spanish',
  'meal,Fremont High School,"7676 S San Pedro St, Los Angeles, CA 90003",33.9705,-118.2695,07:30,13:30,,2,,,English;Spanish',
  'partner,Echo Park Recreation Center,"1632 Bellevue Ave, Los Angeles, CA 90026",34.0726,-118.2606,08:00,18:00,,,recreation,Supervised play,Spanish',
];

eachDatabase('meal and partner sites', (dialect) => {
  let s: TestServer;
  let admin: Client;
  let analyst: Client;
  let siteAdmin: Client;
  let union: Client;
  let otherDistrict: Client;
  const count = async () => Number((await s.handle.db.selectFrom('family_sites').select((eb) => eb.fn.countAll<number>().as('n')).where('organization_id', '=', s.orgId.district).executeTakeFirstOrThrow()).n);
  const audits = async (action: string) => Number((await s.handle.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).where('action', '=', action).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    admin = await s.as('district', 'admin');
    analyst = await s.as('district', 'budget-analyst');
    siteAdmin = await s.as('district', 'site-administrator');
    union = await s.as('teachers', 'admin');
    otherDistrict = await s.as('otherDistrict', 'admin');
  }, 60_000);
  afterAll(async () => s?.close());

  it('enters a partner site, lists it to the district\'s staff, and audits the write', async () => {
    const made = await admin.request('POST', '/api/sites/family', LIBRARY);
    expect(made.status).toBe(201);
    expect(made.body.site).toMatchObject({ ...LIBRARY, dates: [], mealsPerChild: null });
    expect(await audits('site.family-create')).toBe(1);
    for (const who of [admin, analyst, siteAdmin]) {
      const list = await who.request('GET', '/api/sites/family');
      expect(list.status).toBe(200);
      expect(list.body.sites.map((x: { name: string }) => x.name)).toEqual(['Central Library']);
    }
    // Another district's list has none of it; a second entry of the same site is refused.
    expect((await otherDistrict.request('GET', '/api/sites/family')).body.sites).toEqual([]);
    const again = await admin.request('POST', '/api/sites/family', { ...LIBRARY, name: 'central  library' });
    expect([again.status, again.body.code]).toEqual([409, 'sites.family-exists']);
  });

  it('refuses a meal site without meals per child, a partner site without its kind, hours backwards, and markup-free text over its limit', async () => {
    const before = await snapshot(s.handle.db);
    const meal = await admin.request('POST', '/api/sites/family', { ...LIBRARY, kind: 'meal', partnerKind: null, name: 'Meals' });
    expect([meal.status, meal.body.code, meal.body.where?.field]).toEqual([400, 'sites.meals-per-child-missing', 'mealsPerChild']);
    const partner = await admin.request('POST', '/api/sites/family', { ...LIBRARY, partnerKind: undefined, name: 'Park' });
    expect([partner.status, partner.body.code]).toEqual([400, 'sites.partner-kind-missing']);
    const hours = await admin.request('POST', '/api/sites/family', { ...LIBRARY, name: 'Late', opens: '17:00', closes: '09:00' });
    expect([hours.status, hours.body.code, hours.body.hint]).toEqual([400, 'sites.closes-before-opens', 'opens 08:00, closes 12:00']);
    const long = await admin.request('POST', '/api/sites/family', { ...LIBRARY, name: 'x'.repeat(201) });
    expect([long.status, long.body.where?.field]).toEqual([400, 'name']);
    const control = await admin.request('POST', '/api/sites/family', { ...LIBRARY, offers: 'story\u0000time' });
    expect([control.status, control.body.where?.field]).toEqual([400, 'offers']);
    const latitude = await admin.request('POST', '/api/sites/family', { ...LIBRARY, name: 'North', latitude: 91 });
    expect([latitude.status, latitude.body.where?.field]).toEqual([400, 'latitude']);
    expect(changedTables(before, await snapshot(s.handle.db))).toEqual([]);
  });

  it('changes a site (updated_at moves with the clock), refuses a change that breaks a rule, removes it: gone from the list, the row kept', async () => {
    const id = (await admin.request('GET', '/api/sites/family')).body.sites[0].id;
    s.clock.now = new Date(s.clock.now.getTime() + 60_000);
    const changed = await admin.request('PATCH', `/api/sites/family/${id}`, { closes: '18:00', dates: ['2023-03-23', '2023-03-21'] });
    expect(changed.status).toBe(200);
    expect(changed.body.site).toMatchObject({ closes: '18:00', dates: ['2023-03-21', '2023-03-23'], updatedAt: s.clock.now.toISOString() });
    const broken = await admin.request('PATCH', `/api/sites/family/${id}`, { kind: 'meal' });
    expect([broken.status, broken.body.problems?.map((p: { code: string }) => p.code)]).toEqual([400, ['sites.partner-kind-on-meal-site', 'sites.meals-per-child-missing']]);
    expect((await analyst.request('PATCH', `/api/sites/family/${id}`, { closes: '19:00' })).status).toBe(403);
    expect((await otherDistrict.request('PATCH', `/api/sites/family/${id}`, { closes: '19:00' })).status).toBe(404);
    expect((await admin.request('DELETE', `/api/sites/family/${id}`)).status).toBe(200);
    expect((await admin.request('GET', '/api/sites/family')).body.sites).toEqual([]);
    const row = await s.handle.db.selectFrom('family_sites').select(['removed_at', 'closes']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ removed_at: s.clock.now.toISOString(), closes: '18:00' });
    expect((await admin.request('DELETE', `/api/sites/family/${id}`)).status).toBe(404);
    expect([await audits('site.family-edit'), await audits('site.family-remove')]).toEqual([1, 1]);
  });

  it('answers a union account 404 on every route, as if there were none', async () => {
    const before = await snapshot(s.handle.db);
    for (const [method, path, body] of [['GET', '/api/sites/family', undefined], ['POST', '/api/sites/family', LIBRARY], ['PATCH', '/api/sites/family/12', { closes: '18:00' }], ['DELETE', '/api/sites/family/12', undefined], ['POST', '/api/sites/family/import', { csv: `${HEADER}\n${MEAL_ROWS[0]}\n` }]] as const) {
      const a = await union.request(method, path, body);
      expect([path, a.status, a.body.code]).toEqual([path, 404, 'not-found']);
    }
    expect(changedTables(before, await snapshot(s.handle.db))).toEqual([]);
  });

  it('previews an import without changing anything, imports it whole, then refuses the same file again', async () => {
    const csv = `${HEADER}\n${MEAL_ROWS.join('\n')}\n`;
    const before = await snapshot(s.handle.db);
    const preview = await admin.request('POST', '/api/sites/family/import', { csv, preview: true });
    expect(preview.status).toBe(200);
    // 3 rows, none with a problem: 3 to add.
    expect(preview.body).toMatchObject({ preview: true, rows: 3, toAdd: 3, added: 0, problems: [] });
    expect(preview.body.sample.map((x: { line: number; id: null }) => [x.line, x.id])).toEqual([[2, null], [3, null], [4, null]]);
    expect(changedTables(before, await snapshot(s.handle.db))).toEqual([]);
    const n = await count();
    const done = await admin.request('POST', '/api/sites/family/import', { csv });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ preview: false, rows: 3, toAdd: 3, added: 3 });
    expect(await count()).toBe(n + 3);
    expect(await audits('site.family-import')).toBe(1);
    const meals = (await analyst.request('GET', '/api/sites/family?kind=meal')).body.sites;
    expect(meals.map((x: { name: string }) => x.name)).toEqual(['Fremont High School', 'Roosevelt High School']);
    expect(meals[1]).toMatchObject({ dates: ['2023-03-21', '2023-03-22'], mealsPerChild: 2, languages: ['English', 'Spanish'] });
    const again = await admin.request('POST', '/api/sites/family/import', { csv, preview: true });
    expect(again.body.problems.map((p: { code: string; where: { line: number } }) => [p.code, p.where.line])).toEqual([['sites.family-exists', 2], ['sites.family-exists', 3], ['sites.family-exists', 4]]);
    expect(again.body.toAdd).toBe(0);
  });

  it('refuses an import with one bad row among good ones: 400 with every problem by line and column, and nothing added', async () => {
    const csv = `${HEADER}\n${MEAL_ROWS[0].replace('Roosevelt', 'Garfield')}\nmeal,Bad Hours,"1 Main St, Los Angeles, CA 90012",34.05,-118.24,13:30,07:30,,2,,,\n${MEAL_ROWS[0].replace('Roosevelt', 'Garfield')}\n`;
    const before = await snapshot(s.handle.db);
    const preview = await admin.request('POST', '/api/sites/family/import', { csv, preview: true });
    expect(preview.body).toMatchObject({ rows: 3, toAdd: 1 });
    expect(preview.body.problems.map((p: { code: string; where: { line: number; col: number } }) => [p.code, p.where.line, p.where.col])).toEqual([['sites.closes-before-opens', 3, 7], ['sites.duplicate', 4, 2]]);
    expect(preview.body.problems[1].message).toContain('lines 2 and 4');
    const refused = await admin.request('POST', '/api/sites/family/import', { csv });
    expect([refused.status, refused.body.code, refused.body.problems.length]).toEqual([400, 'sites.import-refused', 2]);
    expect(refused.body.message).toContain('nothing was imported');
    expect(changedTables(before, await snapshot(s.handle.db))).toEqual([]);
    // A budget analyst reads but may not import.
    expect((await analyst.request('POST', '/api/sites/family/import', { csv, preview: true })).status).toBe(403);
  });

  it('refuses a date no strike day can have (a mistyped year), entered or imported, naming it and changing nothing', async () => {
    const before = await snapshot(s.handle.db);
    for (const dates of [['1900-03-21'], ['2023-03-21', '2203-03-22']]) {
      const r = await admin.request('POST', '/api/sites/family', { ...LIBRARY, name: 'Far', dates });
      expect([dates.at(-1), r.status, r.body.where?.field]).toEqual([dates.at(-1), 400, `dates[${dates.length - 1}]`]);
    }
    const csv = `${HEADER}\n${MEAL_ROWS[0].replace('Roosevelt', 'Garfield').replace('2023-03-22;2023-03-21', '2023-03-21;1900-01-01')}\n`;
    const preview = await admin.request('POST', '/api/sites/family/import', { csv, preview: true });
    expect(preview.body.problems.map((p: { code: string; where: { line: number; col: number } }) => [p.code, p.where.line, p.where.col])).toEqual([['sites.date-out-of-range', 2, 8]]);
    expect(preview.body.problems[0].message).toBe('dates: 1900-01-01 is not a strike day\'s date: dates run from 1990-01-01 to 2099-12-31');
    expect(preview.body.toAdd).toBe(0);
    expect(changedTables(before, await snapshot(s.handle.db))).toEqual([]);
  });

  it('refuses a file with a mistake on each of 300 rows: the first 200 listed, the rest counted, nothing added', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => `meal,School ${i + 1},"${i + 1} Main St, Los Angeles, CA 90012",34.05,-118.24,25:00,13:30,,2,,,`);
    const before = await snapshot(s.handle.db);
    const a = await admin.request('POST', '/api/sites/family/import', { csv: `${HEADER}\n${rows.join('\n')}\n` });
    // 300 rows × one bad opening time: 200 listed + one "100 more".
    expect([a.status, a.body.problems.length, a.body.problems[200].code]).toEqual([400, 201, 'sites.more-problems']);
    expect(a.body.message).toContain('more than 200 problems');
    expect(changedTables(before, await snapshot(s.handle.db))).toEqual([]);
  });

  it('imports the LAUSD March 2023 sample (examples/lausd-2023/family-sites.csv) cleanly: 7 meal sites and 4 partner sites', async () => {
    // Other Unified has no sites yet (the file's Roosevelt and Fremont are already Tiny Unified's, above).
    const csv = readFileSync(new URL('../../../examples/lausd-2023/family-sites.csv', import.meta.url), 'utf8');
    const preview = await otherDistrict.request('POST', '/api/sites/family/import', { csv, preview: true });
    // 11 rows after the header: 7 schools (meal), 2 libraries, a recreation center and a park (partner).
    expect(preview.body).toMatchObject({ rows: 11, toAdd: 11, problems: [] });
    const done = await otherDistrict.request('POST', '/api/sites/family/import', { csv });
    expect([done.status, done.body.added]).toEqual([200, 11]);
    const library = (await otherDistrict.request('GET', '/api/sites/family?kind=partner')).body.sites.find((x: { name: string }) => x.name === 'Los Angeles Public Library, Central Library');
    expect(library).toMatchObject({ partnerKind: 'library', address: '630 W 5th St, Los Angeles, CA 90071', latitude: 34.0504, longitude: -118.2551, dates: ['2023-03-21', '2023-03-22', '2023-03-23'], servesFrom: null });
  });

  it('refuses a site placed outside the district (0,0; another state; a longitude without its minus sign), entered or imported, once it has a dataset', async () => {
    // The tiny district's schools lie at 34.05–34.08 and -118.28 to -118.25; with 0.3° around them: 33.75–34.38, -118.58 to -117.95.
    await addDatasetVersion(s, 'district');
    const before = await snapshot(s.handle.db);
    const zero = await admin.request('POST', '/api/sites/family', { ...LIBRARY, name: 'Nowhere', latitude: 0, longitude: 0 });
    expect([zero.status, zero.body.code, zero.body.where?.field]).toEqual([400, 'sites.outside-district', 'latitude']);
    expect(zero.body.message).toBe('body latitude, longitude: 0, 0 is outside the district: its schools, with 0.3° around them, lie between latitudes 33.75 and 34.38 and longitudes -118.58 and -117.95');
    // West of the area: the longitude's minus sign left out is far east (118.26 E), refused the same way.
    const east = await admin.request('POST', '/api/sites/family', { ...LIBRARY, name: 'No sign', longitude: 118.2551 });
    // Its latitude is inside: the longitude is named, not the latitude.
    expect([east.status, east.body.code, east.body.where?.field]).toEqual([400, 'sites.outside-district', 'longitude']);
    const csv = `${HEADER}\npartner,New York Public Library,"476 5th Ave, New York, NY 10018",40.7532,-73.9822,10:00,18:00,,,library,,\n`;
    const preview = await admin.request('POST', '/api/sites/family/import', { csv, preview: true });
    expect(preview.body.problems.map((p: { code: string; where: { line: number; col: number } }) => [p.code, p.where.line, p.where.col])).toEqual([['sites.outside-district', 2, 4]]);
    // The columns in another order: the report names the file's own column (the longitude is its 3rd).
    const swapped = 'name,address,longitude,latitude,kind,opens,closes,partner_kind\n"Far Library","1 Far Rd, Phoenix, AZ",-112.07,34.05,partner,10:00,18:00,library\n';
    const other = await admin.request('POST', '/api/sites/family/import', { csv: swapped, preview: true });
    expect(other.body.problems.map((p: { code: string; where: { col: number; field: string } }) => [p.code, p.where.col, p.where.field])).toEqual([['sites.outside-district', 3, 'longitude']]);
    expect(preview.body.toAdd).toBe(0);
    expect((await admin.request('POST', '/api/sites/family/import', { csv })).status).toBe(400);
    expect(changedTables(before, await snapshot(s.handle.db))).toEqual([]);
    // Inside the area (a library across the district's line, 0.2° east of its easternmost school): entered.
    expect((await admin.request('POST', '/api/sites/family', { ...LIBRARY, name: 'East Library', longitude: -118.05 })).status).toBe(201);
  });
});
