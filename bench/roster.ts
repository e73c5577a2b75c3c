/**
 * The roster import at UTLA's size (about 31,800 members): reading the file (CSV and XLSX),
 * planning the import against an empty roster and against itself (a re-import with 1% of rows
 * changed), and applying it through the API on SQLite. Prints its figures; never fails on time.
 */
import ExcelJS from 'exceljs';
import { performance } from 'node:perf_hooks';
import { suggestMapping } from '../src/roster/fields.ts';
import { planImport, type CurrentMember } from '../src/roster/plan.ts';
import { siteIndex } from '../src/roster/sites.ts';
import { readRoster } from '../src/roster/table.ts';
import { startTestServer } from '../test/helpers/server.ts';
import { rosterForm, tinyDistrictFiles } from '../test/helpers/security.ts';

const N = Number(process.argv[2] ?? 31_800);
const schools = ['Alder Elementary', 'Birch Elementary', 'Cedar Middle', 'Dogwood High', '99999990000001', 'Elm Annex'];
const header = ['Member ID', 'Name', 'Employee #', 'E-mail', 'Cell', 'School', 'Job Title', 'Status'];
const row = (i: number, tweak = false) => [`M${100000 + i}`, `Member ${i}`, `E${200000 + i}`, `member${i}@example.org`, `(213) ${200 + Math.floor(i / 10000)}-${String(i % 10000).padStart(4, '0')}`, schools[(i + (tweak ? 1 : 0)) % schools.length], 'Teacher', i % 50 === 0 ? 'Leave' : 'Active'];
// Every member's own phone number: (213) 200-0000, (213) 200-0001, … up to 8 million members.
const csv = (tweakEvery: number) => [header.join(','), ...Array.from({ length: N }, (_, i) => row(i, tweakEvery > 0 && i % tweakEvery === 0).join(','))].join('\n') + '\n';

const time = async <T>(what: string, f: () => Promise<T> | T): Promise<T> => {
  const t0 = performance.now();
  const v = await f();
  console.log(`${what}: ${(performance.now() - t0).toFixed(0)} ms`);
  return v;
};

const text = csv(0);
const bytes = new TextEncoder().encode(text);
console.log(`roster of ${N.toLocaleString('en-US')} members: CSV ${(bytes.length / 1048576).toFixed(1)} MB`);
const table = await time('read CSV', () => readRoster('m.csv', bytes));
const wb = new ExcelJS.Workbook();
const ws = wb.addWorksheet('Members');
ws.addRow(header);
for (const r of table.rows) ws.addRow(r.cells);
const xlsx = new Uint8Array(await wb.xlsx.writeBuffer());
console.log(`XLSX ${(xlsx.length / 1048576).toFixed(1)} MB`);
await time('read XLSX', () => readRoster('m.xlsx', xlsx));
const sites = siteIndex([{ id: 'E1', name: 'Alder Elementary', cdsCode: '99999990000001' }, { id: 'E2', name: 'Birch Elementary', cdsCode: null }, { id: 'M1', name: 'Cedar Middle', cdsCode: null }, { id: 'H1', name: 'Dogwood High', cdsCode: null }]);
const mapping = suggestMapping(table.header);
const first = await time('plan against an empty roster', () => planImport({ table, mapping, roster: [], sites, removeMissing: true }));
const roster: CurrentMember[] = first.accepted.map((m) => ({ ...m.fields, worksite: m.worksite && { key: m.worksite.key, name: m.worksite.name }, removed: false }));
const again = await readRoster('m.csv', new TextEncoder().encode(csv(100)));
const re = await time('plan a re-import (1 row in 100 moves school)', () => planImport({ table: again, mapping, roster, sites, removeMissing: true }));
console.log(`  adds ${first.adds.length}, rejected rows ${first.rejectedRows}; re-import: changes ${re.changes.length}, unchanged ${re.unchanged}`);

const s = await startTestServer({ dialect: 'sqlite' });
try {
  const district = await s.as('district', 'admin');
  await district.request('POST', '/api/datasets', { name: 'Tiny', files: tinyDistrictFiles() });
  const organizer = await s.as('teachers', 'organizer');
  for (const [what, body] of [['first import', text], ['re-import', csv(100)]] as const) {
    const up = await time(`API upload + preview, ${what}`, () => organizer.request('POST', '/api/roster/imports', rosterForm(body)));
    const p = up.body;
    const done = await time(`API confirm, ${what}`, () => organizer.request('POST', `/api/roster/imports/${p.import.id}/confirm`, { mapping: p.mapping, removeMissing: true, digest: p.digest }));
    console.log(`  ${done.status} ${JSON.stringify(done.body.applied)}`);
  }
  await time('API list a page of 100 members at one worksite', async () => {
    const sitesList = (await organizer.request('GET', '/api/roster/worksites')).body.worksites;
    return organizer.request('GET', `/api/roster/members?worksite=${sitesList[0].id}&limit=100`);
  });
} finally {
  await s.close();
}
