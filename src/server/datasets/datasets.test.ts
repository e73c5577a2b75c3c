/**
 * Uploading datasets: the three forms give the same stored files, versions are numbered and
 * kept, identical uploads store nothing, and refused uploads say where the problem is.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eachDatabase } from '../../../test/helpers/databases.ts';
import { emailOf, startTestServer, type Client, type TestServer } from '../../../test/helpers/server.ts';
import type { Actor } from '../env.ts';
import { addVersion } from './save.ts';
import { packFiles } from './store.ts';
import { counts, formOf, sha256Of, TINY, TINY_SUMMARY, zipForm, zipOf } from './test-helpers.ts';

/** staff.csv with the first row's count (6 teachers at E1, column C1 step 1) changed. */
const staffWith = (count: number) => TINY['staff.csv'].replace('E1,T,teacher,teachers,C1,1,1,,180,6,', `E1,T,teacher,teachers,C1,1,1,,180,${count},`);

eachDatabase('dataset uploads', (dialect) => {
  let s: TestServer;
  let admin: Client;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
    admin = await s.as('district', 'admin');
  }, 60_000);
  afterAll(async () => s?.close());

  it('stores the tiny district as JSON, as form fields and as a zip: the same files, SHA-256 and summary', async () => {
    const json = await admin.request('POST', '/api/datasets', { name: 'Tiny (JSON)', note: 'adopted budget', files: TINY });
    const fields = await admin.request('POST', '/api/datasets', formOf({ name: 'Tiny (fields)' }, TINY));
    const readme = new TextEncoder().encode('not a dataset file');
    const zip = await admin.request('POST', '/api/datasets', zipForm(zipOf(TINY, 'tiny-district/', { 'tiny-district/README.txt': readme }), { name: 'Tiny (zip)' }));
    expect([json.status, fields.status, zip.status]).toEqual([201, 201, 201]);
    for (const r of [json, fields, zip]) {
      expect(r.body.version).toMatchObject({ version: 1, sha256: sha256Of(TINY), summary: TINY_SUMMARY, createdBy: 'Tiny Unified admin', createdAt: s.clock.now.toISOString() });
      expect(r.body.unchanged).toBe(false);
    }
    expect([json.body.version.source, fields.body.version.source, zip.body.version.source]).toEqual(['upload', 'upload', 'zip']);
    expect([json.body.ignored, zip.body.ignored]).toEqual([[], ['tiny-district/README.txt']]);
    expect(json.body.version.note).toBe('adopted budget');
    const log = await admin.request('GET', '/api/audit?limit=2');
    expect(log.body.entries.map((e: { action: string; subject: string }) => `${e.action} ${e.subject}`)).toEqual([
      `dataset-version.create dataset-versions/${zip.body.version.id}`, `dataset.create datasets/${zip.body.dataset.id}`,
    ]);
  });

  it('numbers versions 1, 2, 3 and stores nothing when the files are the latest version\'s', async () => {
    const created = await admin.request('POST', '/api/datasets', { name: 'Numbered', files: TINY });
    const id = created.body.dataset.id;
    // Seven teachers instead of six at E1: 82 + 1 = 83 employees, 77.5 + 1 = 78.5 FTE.
    const v2 = await admin.request('POST', `/api/datasets/${id}/versions`, { note: 'one more teacher', files: { ...TINY, 'staff.csv': staffWith(7) } });
    expect(v2.status).toBe(201);
    expect(v2.body.version).toMatchObject({ version: 2, note: 'one more teacher', summary: { employees: 83, fte: 78.5 } });
    const before = await counts(s);
    // The same files again, one with a UTF-8 byte-order mark (stripped): unchanged, version 2 answered.
    const again = await admin.request('POST', `/api/datasets/${id}/versions`, { files: { ...TINY, 'staff.csv': `\uFEFF${staffWith(7)}` } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ unchanged: true, version: { id: v2.body.version.id, version: 2 } });
    expect(await counts(s)).toEqual(before);
    const v3 = await admin.request('POST', `/api/datasets/${id}/versions`, zipForm(zipOf(TINY, '')));
    expect(v3.body.version).toMatchObject({ version: 3, source: 'zip', sha256: created.body.version.sha256 });
  });

  it('gives versions written at the same moment distinct, consecutive numbers', async () => {
    const created = await admin.request('POST', '/api/datasets', { name: 'Concurrent', files: TINY });
    const id = created.body.dataset.id;
    // Straight to the store, so the four transactions overlap (through the route, the one costing
    // thread would space them out): each reads "latest is 1" and all but one must retry.
    const person = await s.handle.db.selectFrom('people').selectAll().where('email', '=', emailOf('district', 'admin')).executeTakeFirstOrThrow();
    const actor: Actor = { sessionId: 0, person: { id: person.id, name: person.name, email: person.email, role: person.role }, org: { id: s.orgId.district, kind: 'district', name: 'Tiny Unified', districtId: null, unit: null } };
    const saved = await Promise.all([8, 9, 10, 11].map((n) => addVersion(s.deps, actor, id, { ...packFiles({ ...TINY, 'staff.csv': staffWith(n) }), summary: TINY_SUMMARY, source: 'upload', note: '' })));
    expect(saved.map((x) => x.unchanged)).toEqual([false, false, false, false]);
    const numbers = await s.handle.db.selectFrom('dataset_versions').select('version').where('dataset_id', '=', id).orderBy('version').execute();
    expect(numbers.map((r) => r.version)).toEqual([1, 2, 3, 4, 5]);
  });

  it('refuses a file with a mistake, naming its file, line and column, and stores nothing', async () => {
    const before = await counts(s);
    // Line 2 of staff.csv is the first data row; count is its 10th column.
    const bad = await admin.request('POST', '/api/datasets', { name: 'Bad', files: { ...TINY, 'staff.csv': TINY['staff.csv'].replace(',180,6,2017', ',180,six,2017') } });
    expect(bad.status).toBe(422);
    expect(bad.body.problems).toHaveLength(1);
    expect(bad.body).toMatchObject({ where: { file: 'staff.csv', line: 2, col: 10, field: 'count' } });
    expect(await counts(s)).toEqual(before);
  });

  it('names every missing file and shows the seven names', async () => {
    const { 'staff.csv': _staff, 'budget.csv': _budget, ...five } = TINY;
    const before = await counts(s);
    const res = await admin.request('POST', '/api/datasets', { name: 'Missing', files: five });
    expect(res.status).toBe(422);
    expect(res.body.problems.map((p: { where: { file: string } }) => p.where.file)).toEqual(['staff.csv', 'budget.csv']);
    expect(res.body.hint).toContain('district.yaml, schools.csv, enrollment.csv, units.csv, schedules.csv, staff.csv, budget.csv');
    expect(await counts(s)).toEqual(before);
  });

  it('refuses text that is not UTF-8, saying where', async () => {
    // "Café" in Windows-1252 (é = 0xE9) on line 3 of schools.csv, as a spreadsheet might save it.
    const latin1 = Uint8Array.from(Buffer.from(TINY['schools.csv'].replace('Birch Elementary', 'Birch Caf\u00e9'), 'latin1'));
    const res = await admin.request('POST', '/api/datasets', formOf({ name: 'Latin-1' }, { ...TINY, 'schools.csv': latin1 }));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'dataset.not-utf8', where: { file: 'schools.csv', line: 3 } });
  });

  it('answers malformed requests with 400, the field and an example', async () => {
    const unknown = await admin.request('POST', '/api/datasets', { name: 'X', files: { ...TINY, 'readme.md': 'hi' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.where.field).toBe('files');
    expect(unknown.body.hint).toContain('"files"');
    const both = await admin.request('POST', '/api/datasets', (() => { const f = zipForm(zipOf(TINY)); f.set('name', 'X'); f.set('staff.csv', 'x'); return f; })());
    expect([both.status, both.body.code]).toEqual([400, 'request.zip-and-files']);
    // PostgreSQL cannot store a NUL byte in text: refused as a bad name, not a server error.
    const nul = await admin.request('POST', '/api/datasets', { name: 'Tiny\u0000', files: TINY });
    expect([nul.status, nul.body.where.field]).toEqual([400, 'name']);
    const none = await admin.request('POST', '/api/datasets', undefined);
    expect([none.status, none.body.code]).toEqual([400, 'request.no-body']);
  });

  it('describes both ways to upload in the OpenAPI document', async () => {
    const doc = await s.anonymous().request('GET', '/api/openapi.json');
    for (const path of ['/api/datasets', '/api/datasets/{id}/versions']) {
      expect(Object.keys(doc.body.paths[path].post.requestBody.content)).toEqual(['application/json', 'multipart/form-data']);
    }
    expect(doc.body.paths['/api/datasets/{id}/import-cde'].post.requestBody.content['multipart/form-data'].schema.properties.directory).toBeDefined();
    expect(Object.keys(doc.body.paths['/api/dataset-versions/{id}/files'].get.responses['200'].content)).toEqual(['application/zip']);
  });
});
