import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { InvalidInput } from '../errors/problem.ts';
import { mappingProblems, normalisePhone, suggestMapping, type Mapping } from './fields.ts';
import { planImport, type CurrentMember } from './plan.ts';
import { siteIndex } from './sites.ts';
import { readRoster, ROSTER_LIMITS } from './table.ts';

const utf8 = (s: string) => new TextEncoder().encode(s);
const sites = siteIndex([
  { id: 'E1', name: 'Alder Elementary', cdsCode: '99999990000001' },
  { id: 'H1', name: 'Dogwood High', cdsCode: '99999990000004' },
]);
const HEADER = 'Member ID,Name,Employee #,E-mail,Cell,School,Job Title,Status';
const MAPPING: Mapping = { memberId: 'Member ID', name: 'Name', employeeId: 'Employee #', email: 'E-mail', mobile: 'Cell', worksite: 'School', jobClass: 'Job Title', status: 'Status' };

async function plan(csv: string, roster: CurrentMember[] = [], removeMissing = true) {
  const table = await readRoster('members.csv', utf8(csv));
  return planImport({ table, mapping: suggestMapping(table.header), roster, sites, removeMissing });
}

const member = (memberId: string, o: Partial<CurrentMember> = {}): CurrentMember => ({
  memberId, name: `Member ${memberId}`, employeeId: null, email: null, mobile: null, worksite: null, jobClass: null, status: 'active', removed: false, ...o,
});

describe('column mapping', () => {
  it('suggests the fields from the names rosters use, each column once', () => {
    expect(suggestMapping(HEADER.split(','))).toEqual(MAPPING);
    // "Phone" is the mobile when no "Cell" column is there; "ID" is the member id; unknown columns are left out.
    expect(suggestMapping(['ID', 'Full Name', 'Phone', 'Site', 'Shirt size'])).toEqual({ memberId: 'ID', name: 'Full Name', employeeId: null, email: null, mobile: 'Phone', worksite: 'Site', jobClass: null, status: null });
  });

  it('reads a roster kept in Spanish: its headers and its status words, accents or none', async () => {
    const header = 'Número de socio;Nombre;Nº de empleado;Correo electrónico;Móvil;Escuela;Puesto;Situación';
    expect(suggestMapping(header.split(';'))).toEqual({ memberId: 'Número de socio', name: 'Nombre', employeeId: 'Nº de empleado', email: 'Correo electrónico', mobile: 'Móvil', worksite: 'Escuela', jobClass: 'Puesto', status: 'Situación' });
    const p = await plan([header, '2001;Ana Díaz;;;;;Maestra;Activo', '2002;Bo Li;;;;;;Baja', '2003;Cy Ng;;;;;;Excedencia', '2004;Di Oh;;;;;;Con licencia', ';;;;;;;'].join('\n'));
    // A row-number "ID" beside the member number does not take the member id; "Nombre" beside "Apellidos" is a given name only, left to the person to choose.
    expect(suggestMapping(['ID', 'Número de socio', 'Nombre', 'Apellidos'])).toMatchObject({ memberId: 'Número de socio', name: null });
    expect(suggestMapping(['N° socio', 'Nombre completo'])).toMatchObject({ memberId: 'N° socio', name: 'Nombre completo' });
    // Four members, one of each reading; the row of empty cells is a blank line, not a rejected row.
    expect([p.rows, p.rejectedRows]).toEqual([4, 0]);
    expect(p.adds.map((a) => [a.fields.memberId, a.fields.status])).toEqual([['2001', 'active'], ['2002', 'inactive'], ['2003', 'leave'], ['2004', 'leave']]);
  });

  it('names a required field left unmapped, a column that is not there and a column used twice', () => {
    const problems = mappingProblems({ ...MAPPING, memberId: null, email: 'Email', mobile: 'Name' }, HEADER.split(','));
    expect(problems.map((p) => [p.field, p.message])).toEqual([
      ['memberId', 'memberId is required: choose the column that holds it'],
      ['email', 'the file has no column "Email"'],
      ['mobile', 'column "Name" is already mapped to name'],
    ]);
  });
});

describe('reading a file', () => {
  it('reads CSV with quotes, a BOM and semicolons, trimming cells', async () => {
    const t = await readRoster('m.csv', utf8('\uFEFFMember ID;Name\n1001; "Díaz; Ana" \n\n1002;Bo Li\n'));
    expect(t).toEqual({ format: 'csv', header: ['Member ID', 'Name'], rows: [{ line: 2, cells: ['1001', 'Díaz; Ana'] }, { line: 4, cells: ['1002', 'Bo Li'] }] });
  });
  it('names the line a record starts on when a quoted cell holds line breaks', async () => {
    // Line 2 starts a record whose address runs to line 4; the next record is on line 5, then line 7 after an empty line 6.
    const t = await readRoster('m.csv', utf8('Member ID,Address\n1001,"1 Main St\r\nApt 2\nLos Angeles"\n1002,x\n\n1003,y\n'));
    expect(t.rows.map((r) => [r.line, r.cells[0]])).toEqual([[2, '1001'], [5, '1002'], [7, '1003']]);
  });

  it('reads the first worksheet of an XLSX: numbers, links and formulas as their text', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Members');
    ws.addRow(['Member ID', 'Name', 'E-mail', 'Employee #']);
    ws.addRow([1001, 'Ana Díaz', { text: 'ana@example.org', hyperlink: 'mailto:ana@example.org' }, { formula: '1000+234', result: 1234 }]);
    const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
    const t = await readRoster('members.xlsx', bytes);
    expect(t).toEqual({ format: 'xlsx', header: ['Member ID', 'Name', 'E-mail', 'Employee #'], rows: [{ line: 2, cells: ['1001', 'Ana Díaz', 'ana@example.org', '1234'] }] });
  });

  it('refuses, with where and an example: not UTF-8, an old .xls, a repeated header, a cell too long, too many rows', async () => {
    const refusal = async (name: string, bytes: Uint8Array) => {
      const e = await readRoster(name, bytes).then(() => null, (x: unknown) => x);
      expect(e).toBeInstanceOf(InvalidInput);
      const [p] = (e as InvalidInput).problems;
      expect(p.hint).toBeTruthy();
      return { code: p.code, where: p.where };
    };
    expect(await refusal('m.csv', new Uint8Array([0x49, 0x44, 0x0a, 0x31, 0xe9, 0x0a]))).toEqual({ code: 'roster.not-utf8', where: { file: 'm.csv', line: 2 } });
    expect(await refusal('m.xls', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]))).toEqual({ code: 'roster.old-excel', where: { file: 'm.xls' } });
    expect(await refusal('m.xlsx', utf8('Member ID,Name'))).toEqual({ code: 'roster.not-xlsx', where: { file: 'm.xlsx' } });
    expect(await refusal('m.csv', utf8('Name,ID,name\n'))).toEqual({ code: 'roster.header-repeated', where: { file: 'm.csv', line: 1, col: 3 } });
    expect(await refusal('m.csv', utf8(`ID,Name\n1,${'x'.repeat(ROSTER_LIMITS.cell + 1)}\n`))).toEqual({ code: 'roster.cell-too-long', where: { file: 'm.csv', line: 2, col: 2 } });
    expect((await refusal('m.csv', utf8(`ID,Name\n${'1,a\n'.repeat(ROSTER_LIMITS.rows + 1)}`))).code).toBe('roster.too-many-rows');
  });
});

describe('rows', () => {
  it('normalises mobile numbers to E.164 and refuses what is not one', () => {
    expect(['(213) 555-0143', '213.555.0143', '1-213-555-0143', '+52 55 1234 5678', '213-555-0143 x12'].map(normalisePhone)).toEqual(['+12135550143', '+12135550143', '+12135550143', '+525512345678', '+12135550143']);
    expect(['555-0143', '123-555-0143', 'call me', '+1234'].map(normalisePhone)).toEqual([null, null, null, null]);
  });

  it('rejects a member id or name with a character that makes it look like another (zero-width space, direction override)', async () => {
    const p = await plan([HEADER, '1001,Ana\u200B Lopez,,,,,,', '1002,Ana Lopez,,,,,,', '10\u200D03,Bo Li,,,,,,', '1004,\u202Eztiw Oh,,,,,,', '1005,Pari\u200Cnaz,,,,,,'].join('\n'));
    // The zero-width non-joiner a Persian name may need (line 6) stays.
    expect(p.rejected.map((r) => [r.line, r.field, r.code])).toEqual([[2, 'name', 'roster.invisible'], [4, 'memberId', 'roster.invisible'], [5, 'name', 'roster.invisible']]);
    expect(p.rejected[0].message).toBe('name has U+200B, an invisible character that would make it look like another member\'s');
    expect(p.adds.map((a) => a.fields.memberId)).toEqual(['1002', '1005']);
  });

  it('rejects each bad row with its line, field, reason and a valid example; the good rows go on', async () => {
    const p = await plan([
      HEADER,
      '1001,Ana Díaz,E-77,Ana@Example.org,(213) 555-0143,Alder Elementary,Teacher,Active',
      '1002,,E-78,bo@example,555-0143,Dogwood High,Teacher,On strike',
      ',Cy Ng,,,,,,',
      '1004,Di Oh,,di@example.org,,99999990000004,Counselor,',
    ].join('\n'));
    // Line 3 has four problems (name, email, phone, status); line 4 one (member id).
    expect(p.rejected.map((r) => [r.line, r.field, r.code])).toEqual([
      [3, 'name', 'roster.missing-name'], [3, 'email', 'roster.bad-email'], [3, 'mobile', 'roster.bad-phone'], [3, 'status', 'roster.unknown-status'],
      [4, 'memberId', 'roster.missing-member-id'],
    ]);
    expect(p.rejected[3]).toMatchObject({ message: '"On strike" is not a member status', hint: 'active, leave, inactive (empty means active)' });
    expect(p.rejectedRows).toBe(2);
    // 2 of 4 rows added; email lower-cased, mobile as E.164, the CDS code resolved to Dogwood High, empty status = active.
    expect(p.adds.map((a) => [a.line, a.fields.memberId, a.fields.email, a.fields.mobile, a.worksite?.name, a.fields.status])).toEqual([
      [2, '1001', 'ana@example.org', '+12135550143', 'Alder Elementary', 'active'],
      [5, '1004', 'di@example.org', null, 'Dogwood High', 'active'],
    ]);
  });
});

describe('duplicates and re-imports', () => {
  it('keeps the first row of a duplicate in the file and rejects the later one, naming the first line', async () => {
    const p = await plan([HEADER, '1001,Ana Díaz,E-77,ana@example.org,,,,', '1002,Bo Li,e-77,,,,,', '1001,Ana Again,,,,,,', '1003,Cy Ng,,ANA@example.org,,,,'].join('\n'));
    // Employee ids compare without case (E-77 = e-77); emails lower-cased.
    expect(p.rejected.map((r) => [r.line, r.field, r.code, r.duplicateOf])).toEqual([
      [3, 'employeeId', 'roster.duplicate-in-file', { line: 2 }],
      [4, 'memberId', 'roster.duplicate-in-file', { line: 2 }],
      [5, 'email', 'roster.duplicate-in-file', { line: 2 }],
    ]);
    expect(p.adds.map((a) => a.fields.memberId)).toEqual(['1001']);
  });

  it('rejects a row whose email belongs to a member who stays, and follows a swap through', async () => {
    const roster = [
      member('1001', { email: 'ana@example.org' }),
      member('1002', { email: 'bo@example.org', mobile: '+12135550143' }),
      member('1003', { email: 'cy@example.org' }),
    ];
    // 1001 and 1002 swap emails, but 1002's row is refused (bad phone), so 1002 stays as it is,
    // with bo@example.org: 1001 taking bo@ is then a duplicate too. 1004 (new) takes the email of
    // 1003, who is not in the file and stays (removeMissing off).
    const p = await plan([HEADER, '1001,Member 1001,,bo@example.org,,,,', '1002,Member 1002,,ana@example.org,12,,,', '1004,New Member,,cy@example.org,,,,'].join('\n'), roster, false);
    expect(p.rejected.map((r) => [r.line, r.code, r.duplicateOf])).toEqual([
      [2, 'roster.duplicate-in-roster', { memberId: '1002', name: 'Member 1002' }],
      [3, 'roster.bad-phone', undefined],
      [4, 'roster.duplicate-in-roster', { memberId: '1003', name: 'Member 1003' }],
    ]);
    expect({ adds: p.adds.length, changes: p.changes.length, removes: p.removes.length }).toEqual({ adds: 0, changes: 0, removes: 0 });
  });

  it('a full re-import adds, changes, removes and restores; a member whose row was rejected is not removed', async () => {
    const roster = [
      member('1001', { name: 'Ana Díaz', email: 'ana@example.org', worksite: { key: 'school:E1', name: 'Alder Elementary' } }),
      member('1002', { name: 'Bo Li' }),
      member('1003', { name: 'Cy Ng' }),
      member('1004', { name: 'Di Oh' }),
      member('1005', { name: 'Ed Po', removed: true }),
    ];
    const p = await plan([
      HEADER,
      '1001,Ana Díaz,,ana@example.org,,99999990000001,,',  // same school by CDS code: unchanged
      '1002,Bo Li,,,,Dogwood High,,Leave',                  // worksite and status change
      '1003,Cy Ng,,not-an-email,,,,',                        // rejected: stays, not removed
      '1005,Ed Po,,,,,,',                                    // was removed: restored
      '1006,Fay Qu,,,,Elm Annex,,',                          // new, at a site the dataset does not have
    ].join('\n'), roster);
    expect(p.unchanged).toBe(1);
    expect(p.changes.map((c) => [c.fields.memberId, c.changes])).toEqual([
      ['1002', [{ field: 'worksite', before: null, after: 'Dogwood High' }, { field: 'status', before: 'active', after: 'leave' }]],
    ]);
    expect(p.adds.map((a) => [a.fields.memberId, a.restored])).toEqual([['1005', true], ['1006', false]]);
    // 1004 is not in the file: removed. 1003's row was rejected: kept.
    expect(p.removes.map((m) => m.memberId)).toEqual(['1004']);
    expect(p.worksites).toEqual({
      matched: [
        { key: 'school:E1', name: 'Alder Elementary', schoolId: 'E1', cdsCode: '99999990000001', members: 1 },
        { key: 'school:H1', name: 'Dogwood High', schoolId: 'H1', cdsCode: '99999990000004', members: 1 },
      ],
      unmatched: [{ name: 'Elm Annex', members: 1, lines: [6] }],
    });
  });
});
