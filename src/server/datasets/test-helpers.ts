/**
 * For tests only. What the dataset route tests share: the tiny district's files, its summary worked out by
 * hand from those files, ways to send them (JSON, form fields, zip), a raw download, and the
 * row counts that prove a refused upload stored nothing.
 */
import { createHash } from 'node:crypto';
import { zipSync } from 'fflate';
import { DATASET_FILES } from '../../district/load.ts';
import { signIn, tinyDistrictFiles } from '../../../test/helpers/security.ts';
import type { OrgKey, TestServer } from '../../../test/helpers/server.ts';

export const TINY = tinyDistrictFiles() as Record<(typeof DATASET_FILES)[number], string>;

/**
 * The tiny district's summary, from test/fixtures/tiny-district by hand:
 * - schools.csv has 4 rows (E1, E2, M1, H1).
 * - enrollment.csv: E1 50×4 + 60×2 = 320; E2 25×4 + 30×2 = 160; M1 175×3 = 525; H1 200×4 = 800 → 1,805 students.
 * - staff.csv counts: unit T 6 + 6 + 6 + 21 + 29 + 1 = 69; unit C 4 + 4 + 3 + 2 = 13 → 82 employees.
 * - FTE: T all 1.0 → 69; C 0.5×4 + 0.5×4 + 1×3 + 0.75×2 = 8.5 → 77.5.
 */
export const TINY_SUMMARY = {
  district: 'Tiny Unified School District', cdsCode: '99999990000000', baseFiscalYear: '2018-19',
  schools: 4, students: 1805, employees: 82, fte: 77.5,
  units: [
    { id: 'T', name: 'Teachers and certificated support staff', union: 'Tiny Teachers Association', employees: 69 },
    { id: 'C', name: 'Classified support staff', union: 'Tiny Classified Union', employees: 13 },
  ],
};

/** SHA-256 of the files as the store defines it: JSON of the seven texts in the documented order. */
export const sha256Of = (files: Record<string, string>) =>
  createHash('sha256').update(JSON.stringify(Object.fromEntries(DATASET_FILES.map((f) => [f, files[f]])))).digest('hex');

export function formOf(fields: Record<string, string | Blob>, files: Record<string, string | Uint8Array> = {}): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  for (const [name, content] of Object.entries(files)) form.set(name, new File([content as BlobPart], name));
  return form;
}

/** The files zipped under `folder/` (or at the top with folder ''), plus any extra entries. */
export function zipOf(files: Record<string, string>, folder = 'tiny-district/', extra: Record<string, Uint8Array> = {}): Uint8Array {
  const enc = new TextEncoder();
  return zipSync({ ...Object.fromEntries(Object.entries(files).map(([f, t]) => [`${folder}${f}`, enc.encode(t)])), ...extra });
}

/** A form with the zip in its `zip` field. */
export function zipForm(zip: Uint8Array, fields: Record<string, string> = {}): FormData {
  const form = formOf(fields);
  form.set('zip', new File([zip as BlobPart], 'dataset.zip', { type: 'application/zip' }));
  return form;
}

/** A GET as someone, with the raw bytes of the answer. */
export async function rawGet(s: TestServer, org: OrgKey, role: string, path: string): Promise<{ status: number; headers: Headers; bytes: Uint8Array }> {
  const who = await signIn(s, org, role);
  const res = await s.app.request(path, { headers: { cookie: who.cookie ?? '' } });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** Rows in the tables a dataset write touches. */
export async function counts(s: TestServer): Promise<Record<string, number>> {
  const n = async (t: 'datasets' | 'dataset_versions' | 'audit_log') => (await s.handle.db.selectFrom(t).select('id').execute()).length;
  return { datasets: await n('datasets'), versions: await n('dataset_versions'), audit: await n('audit_log') };
}

/** The tiny district with the school ids a CDE import gives (the last 7 digits of each CDS code). */
export function tinyWithCdeIds(): Record<string, string> {
  const ids: Record<string, string> = { E1: '0000001', E2: '0000002', M1: '0000003', H1: '0000004' };
  const rename = (text: string) => text.replace(/^(E1|E2|M1|H1),/gm, (_, id: string) => `${ids[id]},`);
  return { ...TINY, 'schools.csv': rename(TINY['schools.csv']), 'enrollment.csv': rename(TINY['enrollment.csv']), 'staff.csv': rename(TINY['staff.csv']) };
}

/**
 * CDE public files for the tiny district (county-district 99-99999): a directory with the
 * district office and its four schools, and an FRPM file giving school i (1-4) 100×i K-12
 * students and an FRPM share of 0.4 + 0.1×i (0.5, 0.6, 0.7, 0.8).
 */
export function tinyCdeFiles(name = 'Alder Elementary'): { directory: string; frpm: string } {
  const schools = [['0000001', name, '60', 'K-5'], ['0000002', 'Birch Elementary', '60', 'K-5'], ['0000003', 'Cedar Middle', '62', '6-8'], ['0000004', 'Dogwood High', '66', '9-12']];
  const directory = [
    'CDSCode,StatusType,District,School,Street,City,Zip,Charter,SOC,EdOpsCode,EILCode,GSoffered,GSserved,Latitude,Longitude',
    '99999990000000,Active,Tiny Unified,,1 Main St,Tiny,90000,,,,,,,34.05,-118.25',
    ...schools.map(([id, school, soc, grades], i) => `9999999${id},Active,Tiny Unified,${school},${i + 1} Main St,Tiny,90000,N,${soc},TRAD,ELEM,${grades},${grades},34.0${i},-118.2${i}`),
  ].join('\n');
  const frpm = [
    'Academic Year,County Code,District Code,School Code,Enrollment (K-12),Percent (%) Eligible FRPM (K-12)',
    ...schools.map(([id], i) => `2014-2015,99,99999,${id},${100 * (i + 1)},0.${5 + i}`),
  ].join('\n');
  return { directory, frpm };
}
