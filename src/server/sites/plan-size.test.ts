/**
 * The plan list and a bulk change at the size of a large district (1,300 sites), on SQLite and
 * PostgreSQL: declaring the day, reading every site, a name search, "every site closed except
 * these 150" previewed then applied (1,150 sites in one batch). Prints the times; never fails on time.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eachDatabase } from '../../../test/helpers/databases.ts';
import { startTestServer, type Client, type TestServer } from '../../../test/helpers/server.ts';
import { addDatasetVersion, tinyFiles } from '../proposals/test-world.ts';

const EXTRA = 1296;

/** The tiny district's 4 schools and 1,296 more (S0001…): 1,300 sites. */
function bigFiles() {
  const files = tinyFiles();
  const rows = Array.from({ length: EXTRA }, (_, i) => {
    const n = String(i + 1).padStart(4, '0');
    return `S${n},9999999100${n},School ${n},elementary,K-5,no,34.${n},-118.${n},${i + 1} Main St`;
  });
  return { ...files, 'schools.csv': `${files['schools.csv'].trimEnd()}\n${rows.join('\n')}\n` };
}

eachDatabase('the site plan of 1,300 sites', (dialect) => {
  let s: TestServer;
  let admin: Client;
  let dayId: number;
  const figures: string[] = [];
  const timed = async <T>(what: string, f: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const out = await f();
    figures.push(`${what}: ${Math.round(performance.now() - t0)} ms`);
    return out;
  };

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    await addDatasetVersion(s, 'district', bigFiles());
    admin = await s.as('district', 'admin');
  }, 120_000);
  afterAll(async () => {
    console.log(`site plan of 1,300 sites on ${dialect}:\n  ${figures.join('\n  ')}`);
    await s?.close();
  });

  it('declares the day, lists every site, and closes every site but 150 in one batch', async () => {
    const made = await timed('declare a day (1,300 sites)', () => admin.request('POST', '/api/sites/days', { date: '2019-01-14', label: 'Strike day 1' }));
    // 4 tiny schools + 1,296 = 1,300.
    expect(made.body.day.sites.total).toBe(1300);
    dayId = made.body.day.id;
    const all = await timed('GET sites, all 1,300 (limit 2000)', () => admin.request('GET', `/api/sites/days/${dayId}/sites?limit=2000`));
    expect(all.body.sites).toHaveLength(1300);
    await timed('GET sites, first page of 100', () => admin.request('GET', `/api/sites/days/${dayId}/sites`));
    const search = await timed('GET sites?q=school 12', () => admin.request('GET', `/api/sites/days/${dayId}/sites?q=school%2012&limit=2000`));
    // "school 12" starts the names School 1200 to School 1296: 97.
    expect(search.body.total).toBe(97);

    const except = all.body.sites.slice(0, 150).map((x: { schoolId: string }) => x.schoolId);
    const body = { set: { status: 'closed' }, sites: 'all', except };
    const preview = await timed('bulk preview, 1,150 sites', () => admin.request('POST', `/api/sites/days/${dayId}/bulk`, { ...body, preview: true }));
    // 1,300 − 150 = 1,150.
    expect(preview.body).toMatchObject({ changed: 1150, transitions: [{ from: 'instruction', to: 'closed', sites: 1150 }] });
    const applied = await timed('bulk apply, 1,150 sites', () => admin.request('POST', `/api/sites/days/${dayId}/bulk`, body));
    expect(applied.body).toMatchObject({ changed: 1150, version: 2 });
    const rows = await s.handle.db.selectFrom('site_changes').select((eb) => eb.fn.countAll<number>().as('n')).where('batch', '=', applied.body.batch).executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(1150);
    const second = await timed('bulk apply, the 150 to supervision 08:00-18:00', () => admin.request('POST', `/api/sites/days/${dayId}/bulk`, { set: { status: 'supervision', opens: '08:00', closes: '18:00' }, sites: except }));
    expect(second.body.changed).toBe(150);
    const closed = await timed('GET sites?status=closed (page of 100)', () => admin.request('GET', `/api/sites/days/${dayId}/sites?status=closed`));
    expect(closed.body.total).toBe(1150);
    await timed('GET days (counts over 1,300 sites)', () => admin.request('GET', '/api/sites/days'));
  }, 120_000);
});
