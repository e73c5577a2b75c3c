/**
 * The CDE import route on hand-made CDE files for the tiny district (so it runs everywhere,
 * without ../shared/data): what the version holds and says, and how bad forms are refused.
 */
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eachDatabase } from '../../../test/helpers/databases.ts';
import { startTestServer, type Client, type TestServer } from '../../../test/helpers/server.ts';
import { counts, rawGet, tinyCdeFiles, tinyWithCdeIds } from './test-helpers.ts';

function cdeForm(fields: Record<string, string | File> = {}, directory: string | Uint8Array = tinyCdeFiles().directory): FormData {
  const form = new FormData();
  form.set('directory', new File([directory as BlobPart], 'pubschls.csv'));
  form.set('frpm', new File([tinyCdeFiles().frpm], 'frpm1415.csv'));
  form.set('district', '99-99999');
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return form;
}

eachDatabase('CDE import on the tiny district', (dialect) => {
  let s: TestServer;
  let admin: Client;
  let datasetId: number;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
    admin = await s.as('district', 'admin');
    datasetId = (await admin.request('POST', '/api/datasets', { name: 'Tiny', files: tinyWithCdeIds() })).body.dataset.id;
  }, 60_000);
  afterAll(async () => s?.close());

  it('makes a version with the CDE schools and enrollment, the staff kept, and a note saying what was imported', async () => {
    const res = await admin.request('POST', `/api/datasets/${datasetId}/import-cde`, cdeForm({ highNeedThreshold: '0.75' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // FRPM K-12 students 100 + 200 + 300 + 400 = 1,000, split exactly over each school's grades;
    // staff.csv kept: 82 employees, 77.5 FTE (see TINY_SUMMARY).
    expect(res.body.version).toMatchObject({ version: 2, source: 'cde', summary: { schools: 4, students: 1000, employees: 82, fte: 77.5 } });
    expect(res.body.version.note.split('\n')).toEqual([
      "Schools and enrollment imported from California Department of Education public files for Tiny Unified (99-99999); district.yaml, units, schedules, staff and budget are version 1's.",
      'From: pubschls.csv (public schools directory), frpm1415.csv (free or reduced-price meals 2014-2015).',
      '- 4 schools: 2 elementary, 1 middle, 1 high',
      "- 1,000 K-12 students, estimated: each school's FRPM 2014-2015 Enrollment (K-12) split over its grades by equal weight per grade, largest-remainder rounding",
      // FRPM shares 0.5, 0.6, 0.7, 0.8: only Dogwood High reaches 0.75.
      '- 1 high-need school (FRPM share of K-12 students >= 0.75)',
      '- 0 schools without enrollment (0 with no K-12 grades)',
      '- 0 schools with no FRPM row: opened after 2014-2015 or not reported (high_need no)',
      '- 0 charter schools left out (charters=include keeps them)',
    ]);
    const zip = unzipSync((await rawGet(s, 'district', 'admin', `/api/dataset-versions/${res.body.version.id}/files`)).bytes);
    const schools = new TextDecoder().decode(zip['tiny-v2/schools.csv']);
    expect(schools.split('\n').filter((l) => l.includes(',yes,')).map((l) => l.split(',')[0])).toEqual(['0000004']);
    const again = await admin.request('POST', `/api/datasets/${datasetId}/import-cde`, cdeForm({ highNeedThreshold: '0.75' }));
    expect([again.status, again.body.unchanged, again.body.version.version]).toEqual([200, true, 2]);
  });

  it('reads a directory saved in Windows-1252', async () => {
    // ñ is the one byte 0xF1 in Windows-1252 (and Latin-1), which is not UTF-8.
    const directory = new Uint8Array(Buffer.from(tinyCdeFiles('Ca\u00f1ada Elementary').directory, 'latin1'));
    expect(directory.includes(0xf1)).toBe(true);
    const res = await admin.request('POST', `/api/datasets/${datasetId}/import-cde`, cdeForm({}, directory));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const zip = unzipSync((await rawGet(s, 'district', 'admin', `/api/dataset-versions/${res.body.version.id}/files`)).bytes);
    expect(new TextDecoder().decode(zip[`tiny-v${res.body.version.version}/schools.csv`])).toContain('Ca\u00f1ada Elementary');
  });

  it('refuses bad forms with 400 or 422 and stores nothing', async () => {
    const before = await counts(s);
    const xlsx = new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0])], 'pubschls.xlsx');
    const answers = [
      await admin.request('POST', `/api/datasets/${datasetId}/import-cde`, cdeForm({ gradeWeights: 'K:1,K:2' })),
      await admin.request('POST', `/api/datasets/${datasetId}/import-cde`, cdeForm({ highNeedThreshold: '1.5' })),
      await admin.request('POST', `/api/datasets/${datasetId}/import-cde`, cdeForm({ charters: 'some' })),
      await admin.request('POST', `/api/datasets/${datasetId}/import-cde`, cdeForm({ surprise: 'x' })),
      await admin.request('POST', `/api/datasets/${datasetId}/import-cde`, cdeForm({ directory: xlsx })),
      await admin.request('POST', `/api/datasets/${datasetId}/import-cde`, cdeForm({ district: '99-9999' })),
    ];
    expect(answers.map((a) => [a.status, a.body.where?.field ?? a.body.where?.file])).toEqual([
      [400, 'gradeWeights'], [400, 'highNeedThreshold'], [400, 'charters'], [400, 'form'], [422, 'directory'], [422, 'district'],
    ]);
    expect(await counts(s)).toEqual(before);
  });
});
