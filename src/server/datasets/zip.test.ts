/**
 * Zip uploads that must be refused (bombs, lies about sizes, paths out of the folder, zips in
 * zips, passwords, two folders) with a 422 in the one error shape and nothing stored.
 */
import { zipSync } from 'fflate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eachDatabase } from '../../../test/helpers/databases.ts';
import { errorShapeProblems } from '../../../test/helpers/security.ts';
import { startTestServer, type Client, type TestServer } from '../../../test/helpers/server.ts';
import { counts, TINY, zipForm, zipOf } from './test-helpers.ts';

const enc = (t: string) => new TextEncoder().encode(t);

/** Rewrites fields of one entry's central-directory record (the part the server reads first) and local header. */
function patch(zip: Uint8Array, name: string, p: { size?: number; compressedSize?: number; flags?: number }): Uint8Array {
  const out = zip.slice();
  const v = new DataView(out.buffer);
  for (let at = 0; at + 46 < out.length; at++) {
    if (v.getUint32(at, true) !== 0x02014b50) continue;
    const n = new TextDecoder().decode(out.subarray(at + 46, at + 46 + v.getUint16(at + 28, true)));
    if (n !== name) continue;
    const local = v.getUint32(at + 42, true);
    if (p.flags !== undefined) [at + 8, local + 6].forEach((o) => v.setUint16(o, p.flags!, true));
    if (p.size !== undefined) [at + 24, local + 22].forEach((o) => v.setUint32(o, p.size!, true));
    if (p.compressedSize !== undefined) v.setUint32(at + 20, p.compressedSize, true);
    return out;
  }
  throw new Error(`no entry ${name}`);
}

eachDatabase('dataset zips', (dialect) => {
  let s: TestServer;
  let admin: Client;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
    admin = await s.as('district', 'admin');
  }, 60_000);
  afterAll(async () => s?.close());

  /** Uploads the zip; expects a 422 with the code, in the one error shape, and nothing stored. */
  async function refused(zip: Uint8Array, code: string) {
    const before = await counts(s);
    const res = await admin.request('POST', '/api/datasets', zipForm(zip, { name: 'Refused' }));
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.code).toBe(code);
    expect(errorShapeProblems({ status: res.status, text: '', body: res.body, headers: res.headers })).toEqual([]);
    expect(await counts(s)).toEqual(before);
    return res.body;
  }

  it('refuses an entry that would expand 1,000 times (a zip bomb)', async () => {
    // 20 MB of zeros deflate to about 20 KB: far above the 200× limit for entries over 1 MB.
    const zip = zipSync({ ...Object.fromEntries(Object.entries(TINY).map(([f, t]) => [`d/${f}`, enc(t)])), 'd/staff.csv': new Uint8Array(20 * 1024 * 1024) }, { level: 9 });
    const body = await refused(zip, 'dataset.zip-bomb');
    expect(body.where.file).toBe('d/staff.csv');
  });

  it('refuses a zip whose entries declare more than 200 MB in all, before expanding anything', async () => {
    // Declared: staff.csv 201 MB from 2 MB (about 100×, under the ratio limit), so only the total refuses it.
    await refused(patch(zipOf(TINY), 'tiny-district/staff.csv', { size: 201 * 1024 * 1024, compressedSize: 2 * 1024 * 1024 }), 'dataset.zip-too-large');
  });

  it('refuses an entry that expands past the size it declares', async () => {
    // staff.csv is about 700 bytes; declared as 100, the expansion stops at 100 and is refused.
    await refused(patch(zipOf(TINY), 'tiny-district/staff.csv', { size: 100 }), 'dataset.zip-size-mismatch');
  });

  it('refuses entry names that point outside the folder', async () => {
    await refused(zipOf(TINY, '', { '../evil.txt': enc('x') }), 'dataset.zip-unsafe-path');
    await refused(zipOf(TINY, '', { '/etc/cron.d/evil': enc('x') }), 'dataset.zip-unsafe-path');
    await refused(zipOf(TINY, 'a/../../'), 'dataset.zip-unsafe-path');
  });

  it('refuses zips inside the zip, and a dataset file that is a zip', async () => {
    await refused(zipOf(TINY, 'tiny-district/', { 'tiny-district/more.zip': zipOf(TINY) }), 'dataset.zip-nested');
    const staffIsZip = zipSync({ ...Object.fromEntries(Object.entries(TINY).map(([f, t]) => [f, enc(t)])), 'staff.csv': zipOf(TINY) });
    await refused(staffIsZip, 'dataset.zip-nested');
  });

  it('refuses password-protected entries', async () => {
    await refused(patch(zipOf(TINY), 'tiny-district/budget.csv', { flags: 1 }), 'dataset.zip-encrypted');
  });

  it('refuses what is not a zip, and files in two folders', async () => {
    await refused(enc('district.yaml,schools.csv'), 'dataset.zip-unreadable');
    await refused(zipSync({ ...Object.fromEntries(Object.entries(TINY).map(([f, t]) => [`a/${f}`, enc(t)])), 'b/staff.csv': enc(TINY['staff.csv']) }), 'dataset.zip-ambiguous');
  });

  it('names the files missing from the zip\'s folder', async () => {
    const { 'units.csv': _units, ...six } = TINY;
    const body = await refused(zipOf(six), 'dataset.missing-file');
    expect(body.message).toBe("the dataset has no units.csv in the zip's folder tiny-district/");
  });

  it('leaves out what a Mac adds when zipping, and lists it', async () => {
    const res = await admin.request('POST', '/api/datasets', zipForm(zipOf(TINY, 'Tiny/', { '__MACOSX/Tiny/._staff.csv': enc('\0\u0005junk'), 'Tiny/.DS_Store': enc('junk') }), { name: 'From a Mac' }));
    expect(res.status).toBe(201);
    expect(res.body.ignored.sort()).toEqual(['Tiny/.DS_Store', '__MACOSX/Tiny/._staff.csv']);
  });
});
