/**
 * Who may see and change datasets: both sides of a table read and download, only the district
 * admin uploads, another table gets 404. The download gives back exactly the uploaded files.
 */
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eachDatabase } from '../../../test/helpers/databases.ts';
import { startTestServer, type Client, type TestServer } from '../../../test/helpers/server.ts';
import { signIn } from '../../../test/helpers/security.ts';
import { zipBuildCount, zipFolder } from './download.ts';
import { counts, rawGet, sha256Of, TINY, TINY_SUMMARY, zipForm, zipOf } from './test-helpers.ts';

eachDatabase('who may read, download and upload datasets', (dialect) => {
  let s: TestServer;
  let admin: Client;
  let datasetId: number;
  let versionId: number;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
    admin = await s.as('district', 'admin');
    const created = await admin.request('POST', '/api/datasets', { name: 'Tiny Unified 2018-19', note: 'adopted budget', files: TINY });
    datasetId = created.body.dataset.id;
    versionId = created.body.version.id;
  }, 60_000);
  afterAll(async () => s?.close());

  it('lets the union\'s bargaining team list, read and download its district\'s datasets', async () => {
    const team = await s.as('teachers', 'bargaining-team');
    const list = await team.request('GET', '/api/datasets');
    expect(list.status).toBe(200);
    expect(list.body.datasets).toEqual([{
      id: datasetId, name: 'Tiny Unified 2018-19', createdAt: s.clock.now.toISOString(),
      versions: [{ id: versionId, datasetId, version: 1, source: 'upload', note: 'adopted budget', sha256: sha256Of(TINY), summary: TINY_SUMMARY, createdAt: s.clock.now.toISOString(), createdBy: 'Tiny Unified admin' }],
    }]);
    const one = await team.request('GET', `/api/dataset-versions/${versionId}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ dataset: { id: datasetId, name: 'Tiny Unified 2018-19' }, version: { id: versionId, version: 1 } });
    expect((await rawGet(s, 'teachers', 'bargaining-team', `/api/dataset-versions/${versionId}/files`)).status).toBe(200);
  });

  it('refuses uploads and imports from the union (403) before reading the body, and stores nothing', async () => {
    const team = await s.as('teachers', 'bargaining-team');
    const before = await counts(s);
    const answers = [
      await team.request('POST', '/api/datasets', { name: 'Ours', files: TINY }),
      await team.request('POST', `/api/datasets/${datasetId}/versions`, zipForm(zipOf(TINY))),
      await team.request('POST', `/api/datasets/${datasetId}/import-cde`, 'not even a form', { 'content-type': 'text/plain' }),
    ];
    expect(answers.map((a) => [a.status, a.body.code])).toEqual([[403, 'auth.forbidden'], [403, 'auth.forbidden'], [403, 'auth.forbidden']]);
    expect(await counts(s)).toEqual(before);
  });

  it('answers another district\'s admin 404 for the version, its files and its dataset, as for ids that do not exist', async () => {
    const other = await s.as('otherDistrict', 'admin');
    const before = await counts(s);
    const answers = [
      await other.request('GET', `/api/dataset-versions/${versionId}`),
      await other.request('GET', `/api/dataset-versions/${versionId}/files`),
      await other.request('POST', `/api/datasets/${datasetId}/versions`, { files: TINY }),
      await other.request('POST', `/api/datasets/${datasetId}/import-cde`, (() => { const f = new FormData(); f.set('directory', 'x'); f.set('frpm', 'y'); f.set('district', '19-64733'); return f; })()),
      await other.request('GET', '/api/dataset-versions/999999'),
    ];
    expect(answers.map((a) => [a.status, a.body.code])).toEqual(Array(5).fill([404, 'not-found']));
    expect((await other.request('GET', '/api/datasets')).body.datasets).toEqual([]);
    expect((await (await s.as('otherTeachers', 'bargaining-team')).request('GET', `/api/dataset-versions/${versionId}`)).status).toBe(404);
    // Sign-ins write audit entries; the refused requests themselves wrote nothing to the dataset tables.
    const after = await counts(s);
    expect([after.datasets, after.versions]).toEqual([before.datasets, before.versions]);
  });

  it('downloads the version as a zip of one folder that gives back the same files, and uploads unchanged', async () => {
    const got = await rawGet(s, 'district', 'budget-analyst', `/api/dataset-versions/${versionId}/files`);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/zip');
    // "Tiny Unified 2018-19", version 1 → tiny-unified-2018-19-v1.
    expect(got.headers.get('content-disposition')).toBe('attachment; filename="tiny-unified-2018-19-v1.zip"');
    const entries = unzipSync(got.bytes);
    const texts = Object.fromEntries(Object.entries(entries).map(([name, bytes]) => [name, new TextDecoder().decode(bytes)]));
    expect(texts).toEqual(Object.fromEntries(Object.entries(TINY).map(([f, t]) => [`tiny-unified-2018-19-v1/${f}`, t])));
    const again = await admin.request('POST', `/api/datasets/${datasetId}/versions`, zipForm(got.bytes));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ unchanged: true, ignored: [], version: { id: versionId } });
  });

  it('builds a version\'s zip once per side for many concurrent downloads from both sides of the table, each answer the same bytes as a fresh build, and still 404 to another table', async () => {
    const created = await admin.request('POST', '/api/datasets', { name: 'Tiny Unified 2019-20', files: { ...TINY, 'budget.csv': `${TINY['budget.csv']}\n` } });
    expect(created.status).toBe(201);
    const id: number = created.body.version.id;
    const path = `/api/dataset-versions/${id}/files`;
    const cookies = await Promise.all([signIn(s, 'district', 'admin'), signIn(s, 'teachers', 'bargaining-team'), signIn(s, 'classified', 'bargaining-team')]);
    const get = async (cookie: string | null | undefined) => {
      const res = await s.app.request(path, { headers: { cookie: cookie ?? '' } });
      return { status: res.status, headers: Object.fromEntries(['content-type', 'content-disposition', 'x-dataset-sha256', 'etag'].map((h) => [h, res.headers.get(h)])), bytes: Buffer.from(await res.arrayBuffer()) };
    };
    const before = zipBuildCount();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => get(cookies[i % cookies.length]!.cookie)));
    const later = await get(cookies[0]!.cookie);
    // Once for each of the three organizations (the district and two unions), not once a download:
    // one side's download never makes the other's faster.
    expect(zipBuildCount() - before).toBe(3);
    const expected = Buffer.from(await zipFolder('tiny-unified-2019-20-v1', { ...TINY, 'budget.csv': `${TINY['budget.csv']}\n` }, new Date(created.body.version.createdAt)));
    for (const a of [...answers, later]) {
      expect(a.status).toBe(200);
      expect(a.headers).toEqual({ 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="tiny-unified-2019-20-v1.zip"', 'x-dataset-sha256': created.body.version.sha256, etag: null });
      expect(a.bytes.equals(expected)).toBe(true);
    }
    // The zip is kept now; another table still gets the same 404 as an id that does not exist.
    const other = await s.as('otherTeachers', 'bargaining-team');
    const refused = await other.request('GET', path);
    const missing = await other.request('GET', '/api/dataset-versions/999999/files');
    expect([refused.status, refused.body.code]).toEqual([404, 'not-found']);
    expect(refused.body).toEqual({ ...missing.body, message: missing.body.message.replace('999999', String(id)) });
  });

  it('asks who is signing in first', async () => {
    expect((await s.anonymous().request('GET', '/api/datasets')).status).toBe(401);
    expect((await s.anonymous().request('POST', '/api/datasets', { name: 'x', files: TINY })).status).toBe(401);
  });
});
