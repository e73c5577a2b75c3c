/**
 * The CDE import route on the real LAUSD files in ../shared/data (skipped with a message on a
 * laptop without them, a failure on CI): schools and enrollment from the CDE, staff kept.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lausdSpec } from '../../district/demo/lausd.ts';
import { generateDistrict } from '../../district/generate/generate.ts';
import { importCde } from '../../district/import/cde.ts';
import { serializeDataset } from '../../district/serialize.ts';
import type { Dataset } from '../../district/types.ts';
import { eachDatabase } from '../../../test/helpers/databases.ts';
import { startTestServer, type Client, type TestServer } from '../../../test/helpers/server.ts';
import { counts, rawGet, TINY } from './test-helpers.ts';

// The shared data folder is a sibling of the repository folder: <root>/shared/data next to <root>/main.
const DATA = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));
const DIRECTORY = join(DATA, 'cde_pubschls_2018', 'pubschls_2018-06_lausd.csv');
const FRPM = join(DATA, 'cde_frpm_2014_15', 'frpm_2014_15_lausd.csv');
const haveData = existsSync(DIRECTORY) && existsSync(FRPM);
const missing = `CDE data not found at ${DATA} (the shared/ folder next to the repository); skipping the CDE import route tests`;
if (!haveData && process.env.CI) it('has the shared CDE data folder', () => expect.fail(missing));
else if (!haveData) console.warn(missing);

const rows = (file: string) => parse(readFileSync(file, 'utf8'), { columns: true, bom: true }) as Record<string, string>[];
const file = (path: string) => new File([readFileSync(path)], basename(path));
const text = (path: string) => ({ file: path, text: readFileSync(path, 'utf8') });

/** What a district would have uploaded: `settle import cde` then `settle generate --schools-from` (LAUSD spec). */
const bases = new Map<string, Dataset>();
function lausdBase(charters: 'exclude' | 'include'): Dataset {
  if (!bases.has(charters)) {
    const imported = importCde({ directory: text(DIRECTORY), frpm: text(FRPM), district: '19-64733', charters });
    bases.set(charters, generateDistrict({ ...lausdSpec(), schoolsFrom: { schools: imported.schools, enrollment: imported.enrollment } }));
  }
  return bases.get(charters)!;
}

function importForm(fields: Record<string, string>): FormData {
  const form = new FormData();
  form.set('directory', file(DIRECTORY));
  form.set('frpm', file(FRPM));
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return form;
}

describe.skipIf(!haveData)('the CDE import route', () => {
  eachDatabase('CDE import', (dialect) => {
    let s: TestServer;
    let admin: Client;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
      admin = await s.as('district', 'admin');
    }, 60_000);
    afterAll(async () => s?.close());

    it('takes schools and enrollment from the CDE files and keeps the district\'s staff, schedules and budget', async () => {
      const base = serializeDataset(lausdBase('exclude'));
      const v1 = await admin.request('POST', '/api/datasets', { name: 'LAUSD', files: base });
      expect(v1.status).toBe(201);
      const v2 = await admin.request('POST', `/api/datasets/${v1.body.dataset.id}/import-cde`, importForm({ district: '19-64733', highNeedThreshold: '0.8', note: 'high need from 80%' }));
      expect(v2.status, JSON.stringify(v2.body).slice(0, 500)).toBe(201);
      expect(v2.body.version).toMatchObject({ version: 2, source: 'cde' });
      // PROVENANCE: 744 active non-charter LAUSD rows, less the district office row = 743 schools, as in version 1.
      const [a, b] = [v1.body.version.summary, v2.body.version.summary];
      expect([a.schools, b.schools]).toEqual([743, 743]);
      // Same directory, FRPM file and split: the same students; staff.csv kept: the same employees and FTE.
      expect([b.students, b.employees, b.fte]).toEqual([a.students, a.employees, a.fte]);
      // High need from an FRPM share of 0.8, counted straight from the FRPM rows of those 743 schools.
      const ids = new Set(rows(DIRECTORY).filter((r) => r.StatusType === 'Active' && r.Charter !== 'Y' && !r.CDSCode.endsWith('0000000')).map((r) => r.CDSCode));
      const highNeed = rows(FRPM).filter((f) => ids.has(f['County Code'] + f['District Code'] + f['School Code']) && Number(f['Percent (%) Eligible FRPM (K-12)']) >= 0.8).length;
      const got = unzipSync((await rawGet(s, 'district', 'admin', `/api/dataset-versions/${v2.body.version.id}/files`)).bytes);
      const files = Object.fromEntries(Object.entries(got).map(([n, bytes]) => [basename(n), new TextDecoder().decode(bytes)]));
      expect(files['schools.csv'].split('\n').filter((l) => /,yes,/.test(l)).length).toBe(highNeed);
      for (const f of ['district.yaml', 'units.csv', 'schedules.csv', 'staff.csv', 'budget.csv'] as const) expect(files[f], f).toBe(base[f]);
      expect(files['schools.csv']).not.toBe(base['schools.csv']);
      expect(v2.body.version.note).toContain('high need from 80%');
      expect(v2.body.version.note).toContain("for Los Angeles Unified (19-64733); district.yaml, units, schedules, staff and budget are version 1's");
      expect(v2.body.version.note).toContain(`- ${highNeed} high-need schools (FRPM share of K-12 students >= 0.8)`);
      expect(v2.body.version.note).toContain('From: pubschls_2018-06_lausd.csv (public schools directory), frpm_2014_15_lausd.csv');
      const again = await admin.request('POST', `/api/datasets/${v1.body.dataset.id}/import-cde`, importForm({ district: '1964733', highNeedThreshold: '0.8', note: 'high need from 80%' }));
      expect([again.status, again.body.unchanged, again.body.version.id]).toEqual([200, true, v2.body.version.id]);
    });

    it('refuses, site by site, when staff work at schools the import leaves out, and stores nothing', async () => {
      const withCharters = lausdBase('include');
      const v1 = await admin.request('POST', '/api/datasets', { name: 'LAUSD with charters', files: serializeDataset(withCharters) });
      const before = await counts(s);
      const res = await admin.request('POST', `/api/datasets/${v1.body.dataset.id}/import-cde`, importForm({ district: '19-64733' }));
      expect(res.status).toBe(422);
      // The sites: charter schools (Charter Y in the directory) where the generated staff.csv has rows.
      const charters = new Set(rows(DIRECTORY).filter((r) => r.Charter === 'Y').map((r) => r.CDSCode.slice(7)));
      const sites = [...new Set(withCharters.staff.map((r) => r.site).filter((x) => charters.has(x)))];
      expect(sites.length).toBeGreaterThan(0);
      expect(res.body.problems.map((p: { code: string }) => p.code)).toEqual(sites.map(() => 'import.staff-at-missing-site'));
      const staffLines = serializeDataset(withCharters)['staff.csv'].split('\n');
      const first = res.body.problems[0];
      expect(first.where).toMatchObject({ file: 'staff.csv', field: 'site', col: 1 });
      expect(staffLines[first.where.line - 1].startsWith(`${sites[0]},`)).toBe(true);
      expect(first.hint).toContain('charters=include');
      expect(await counts(s)).toEqual(before);
    });

    it('refuses to import another district into a dataset, and a form without its files', async () => {
      const tiny = await admin.request('POST', '/api/datasets', { name: 'Tiny', files: TINY });
      const other = await admin.request('POST', `/api/datasets/${tiny.body.dataset.id}/import-cde`, importForm({ district: '19-64733' }));
      expect([other.status, other.body.code, other.body.where.field]).toEqual([422, 'import.other-district', 'district']);
      const form = new FormData();
      form.set('district', '19-64733');
      const noFiles = await admin.request('POST', `/api/datasets/${tiny.body.dataset.id}/import-cde`, form);
      expect([noFiles.status, noFiles.body.where.field]).toEqual([400, 'directory']);
      expect(noFiles.body.hint).toContain('directory (pubschls.csv)');
    });
  });
});
