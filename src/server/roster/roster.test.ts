import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eachDatabase } from '../../../test/helpers/databases.ts';
import { tinyDistrictFiles } from '../../../test/helpers/security.ts';
import { startTestServer, type Client, type TestServer } from '../../../test/helpers/server.ts';

const HEADER = 'Member ID,Name,Employee #,E-mail,Cell,School,Job Title,Status';
const form = (text: string | Uint8Array, name = 'members.csv') => {
  const f = new FormData();
  f.set('file', new File([text as BlobPart], name));
  return f;
};

eachDatabase('member roster', (dialect) => {
  let s: TestServer;
  let organizer: Client;
  let admin: Client;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
    // The tiny district's schools: E1 Alder Elementary (CDS 99999990000001) … H1 Dogwood High (…0004).
    const district = await s.as('district', 'admin');
    expect((await district.request('POST', '/api/datasets', { name: 'Tiny', files: tinyDistrictFiles() })).status).toBe(201);
    organizer = await s.as('teachers', 'organizer');
    admin = await s.as('teachers', 'admin');
  }, 60_000);
  afterAll(async () => s?.close());

  const count = async (table: 'roster_members' | 'roster_member_history' | 'roster_worksites') =>
    Number((await s.handle.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('organization_id', '=', s.orgId.teachers).executeTakeFirstOrThrow()).n);
  const audits = async () => (await admin.request('GET', '/api/audit?limit=10')).body.entries.map((e: { action: string }) => e.action);
  const upload = (c: Client, csv: string | Uint8Array, name?: string) => c.request('POST', '/api/roster/imports', form(csv, name));
  const confirmAs = (c: Client, p: { import: { id: number }; mapping: unknown; removeMissing: boolean; digest: string }) =>
    c.request('POST', `/api/roster/imports/${p.import.id}/confirm`, { mapping: p.mapping, removeMissing: p.removeMissing, digest: p.digest });

  it('imports 3 rows with one bad row: the preview names the line and field, nothing is saved until confirmed', async () => {
    const up = await upload(organizer, [
      HEADER,
      '1001,Ana Díaz,E-77,ana@example.org,(213) 555-0143,Alder Elementary,Teacher,Active',
      '1002,Bo Li,E-78,bo@example,,Dogwood High,Teacher,',
      '1003,Cy Ng,E-79,cy@example.org,,99999990000004,Counselor,Leave',
    ].join('\n'));
    expect(up.status).toBe(201);
    const p = up.body;
    expect(p.mapping).toEqual({ memberId: 'Member ID', name: 'Name', employeeId: 'Employee #', email: 'E-mail', mobile: 'Cell', worksite: 'School', jobClass: 'Job Title', status: 'Status' });
    expect(p.mappingProblems).toEqual([]);
    expect(p.sample[0]).toEqual({ line: 2, cells: ['1001', 'Ana Díaz', 'E-77', 'ana@example.org', '(213) 555-0143', 'Alder Elementary', 'Teacher', 'Active'] });
    // 3 rows: line 3's email has no dot after the @ → rejected; 2 added.
    expect(p.counts).toEqual({ rows: 3, accepted: 2, rejectedRows: 1, duplicates: 0, adds: 2, changes: 0, removes: 0, unchanged: 0 });
    expect(p.rejected).toEqual([{ line: 3, field: 'email', code: 'roster.bad-email', message: '"bo@example" is not an email address', hint: 'ana.diaz@example.org', duplicateOf: null }]);
    // Both accepted rows' schools matched (by name, by CDS code): Alder Elementary and Dogwood High.
    expect(p.worksites.matched.map((w: { schoolId: string; members: number }) => [w.schoolId, w.members])).toEqual([['E1', 1], ['H1', 1]]);
    expect(await count('roster_members')).toBe(0);
    expect(await audits()).toContain('roster.import-upload');

    const done = await confirmAs(organizer, p);
    expect(done.status).toBe(200);
    expect(done.body.applied).toEqual({ added: 2, restored: 0, changed: 0, removed: 0, unchanged: 0, rejectedRows: 1 });
    expect(await count('roster_members')).toBe(2);
    expect(await count('roster_member_history')).toBe(2);
    const list = await organizer.request('GET', '/api/roster/members');
    expect(list.body.total).toBe(2);
    expect(list.body.members.map((m: { memberId: string; mobile: string | null; status: string; worksite: { name: string } }) => [m.memberId, m.mobile, m.status, m.worksite.name])).toEqual([
      ['1001', '+12135550143', 'active', 'Alder Elementary'],
      ['1003', null, 'leave', 'Dogwood High'],
    ]);
    expect((await audits())[0]).toBe('roster.import-apply');
    // Search: part of a name, member id or email; % and _ are plain characters, not wildcards.
    const found = async (q: string) => (await organizer.request('GET', `/api/roster/members?q=${encodeURIComponent(q)}`)).body.members.map((m: { memberId: string }) => m.memberId);
    expect({ ana: await found('ANA'), id: await found('003'), email: await found('cy@example'), percent: await found('%'), underscore: await found('10_1') })
      .toEqual({ ana: ['1001'], id: ['1003'], email: ['1003'], percent: [], underscore: [] });
    const page = await organizer.request('GET', '/api/roster/members?limit=1&offset=1');
    expect([page.body.total, page.body.members.map((m: { memberId: string }) => m.memberId)]).toEqual([2, ['1003']]);
    // Confirming twice applies nothing more.
    expect((await confirmAs(organizer, p)).status).toBe(409);
  });

  it('a re-import shows what it adds, changes and removes, refuses a stale preview, and keeps the history', async () => {
    const up = await upload(organizer, [
      HEADER,
      '1001,Ana Díaz,E-77,ana@example.org,(213) 555-0143,Birch Elementary,Teacher,Active', // moves school
      '1004,Di Oh,E-80,di@example.org,,Elm Annex,Teacher,',                                // new, unmatched site
      '1005,Ed Po,E-77,,,,,',                                                              // employee id of line 2
    ].join('\n'));
    // A file is first read as additions and changes only: removing everyone not in it (a file of ten new members removing the other thousands) is asked for, never assumed.
    expect(up.body.removeMissing).toBe(false);
    expect(up.body.counts.removes).toBe(0);
    const whole = await organizer.request('POST', `/api/roster/imports/${up.body.import.id}/preview`, { mapping: up.body.mapping, removeMissing: true });
    const p = whole.body;
    expect(p.counts).toEqual({ rows: 3, accepted: 2, rejectedRows: 1, duplicates: 1, adds: 1, changes: 1, removes: 1, unchanged: 0 });
    expect(p.rejected).toMatchObject([{ line: 4, field: 'employeeId', code: 'roster.duplicate-in-file', duplicateOf: { line: 2 } }]);
    expect(p.changes).toEqual([{ line: 2, memberId: '1001', name: 'Ana Díaz', changes: [{ field: 'worksite', before: 'Alder Elementary', after: 'Birch Elementary' }] }]);
    expect(p.removes).toEqual([{ memberId: '1003', name: 'Cy Ng', worksite: 'Dogwood High' }]);
    expect(p.worksites.unmatched).toEqual([{ name: 'Elm Annex', members: 1, lines: [3] }]);

    // As an addition only (removeMissing false), 1003 stays: a different plan, so the digest of the first is refused.
    const partial = await organizer.request('POST', `/api/roster/imports/${p.import.id}/preview`, { mapping: p.mapping, removeMissing: false });
    expect(partial.body.counts.removes).toBe(0);
    const stale = await organizer.request('POST', `/api/roster/imports/${p.import.id}/confirm`, { mapping: p.mapping, removeMissing: false, digest: p.digest });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('roster.preview-stale');
    expect(await count('roster_member_history')).toBe(2);

    // Cy (1003, to be removed) captains Dogwood High until the import removes him.
    const cy = await s.handle.db.selectFrom('roster_members').select(['id', 'worksite_id']).where('organization_id', '=', s.orgId.teachers).where('member_id', '=', '1003').executeTakeFirstOrThrow();
    const captain = await organizer.request('POST', `/api/roster/worksites/${cy.worksite_id}/captains`, { member: cy.id });
    expect(captain.status).toBe(201);

    const done = await confirmAs(admin, p);
    expect(done.body.applied).toEqual({ added: 1, restored: 0, changed: 1, removed: 1, unchanged: 0, rejectedRows: 1 });
    expect(await s.handle.db.selectFrom('roster_site_captains').select('ended_at').where('id', '=', captain.body.captain.id).executeTakeFirstOrThrow()).toEqual({ ended_at: s.clock.now.toISOString() });
    const history = await s.handle.db.selectFrom('roster_member_history as h').innerJoin('roster_members as m', 'm.id', 'h.member_row_id')
      .select(['m.member_id', 'h.action', 'h.before', 'h.after', 'h.import_id']).where('h.import_id', '=', p.import.id).orderBy('m.member_id').execute();
    expect(history.map((h) => [h.member_id, h.action, h.before && JSON.parse(h.before).worksite, h.after && JSON.parse(h.after).worksite])).toEqual([
      ['1001', 'change', 'Alder Elementary', 'Birch Elementary'],
      ['1003', 'remove', 'Dogwood High', null],
      ['1004', 'add', null, 'Elm Annex'],
    ]);
    // 1003 is removed from the list, not deleted.
    expect((await organizer.request('GET', '/api/roster/members')).body.members.map((m: { memberId: string }) => m.memberId)).toEqual(['1001', '1004']);
    expect(await s.handle.db.selectFrom('roster_members').select('removed_at').where('member_id', '=', '1003').where('organization_id', '=', s.orgId.teachers).executeTakeFirstOrThrow()).toEqual({ removed_at: s.clock.now.toISOString() });
  });

  it('flags a duplicate against the roster, and maps unusual columns in the mapping step', async () => {
    const up = await upload(organizer, 'Union No,Last First,Personal Mail\n1006,Fay Qu,ana@example.org\n', 'export.csv');
    // "Union No" is no name the suggestion knows: the mapping step must choose it.
    expect(up.body.mappingProblems).toEqual([{ field: 'memberId', message: 'memberId is required: choose the column that holds it', hint: 'one of "Union No", "Last First", "Personal Mail"' }]);
    const mapping = { memberId: 'Union No', name: 'Last First', employeeId: null, email: 'Personal Mail', mobile: null, worksite: null, jobClass: null, status: null };
    const wrong = await organizer.request('POST', `/api/roster/imports/${up.body.import.id}/preview`, { mapping: { ...mapping, email: 'Email' }, removeMissing: false });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ code: 'roster.mapping', where: { field: 'mapping.email' } });
    const p = await organizer.request('POST', `/api/roster/imports/${up.body.import.id}/preview`, { mapping, removeMissing: false });
    expect(p.body.rejected).toMatchObject([{ line: 2, field: 'email', code: 'roster.duplicate-in-roster', duplicateOf: { memberId: '1001', name: 'Ana Díaz' } }]);
    expect(p.body.counts.adds).toBe(0);
  });

  it('reads an XLSX upload as it reads CSV', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Roster');
    ws.addRow(['Member ID', 'Name', 'School']);
    ws.addRow([1001, 'Ana Díaz', 'E2']);
    const up = await upload(organizer, new Uint8Array(await wb.xlsx.writeBuffer()), 'roster.xlsx');
    expect(up.status).toBe(201);
    // School id E2 is Birch Elementary: Ana's worksite is unchanged; 1004 is not in this file.
    expect(up.body.import).toMatchObject({ format: 'xlsx', rows: 1 });
    expect(up.body.counts).toMatchObject({ unchanged: 0, changes: 1, removes: 0 });
    // The change is the fields this file leaves empty (employee id, email, mobile, job class), not the school.
    expect(up.body.changes[0].changes.map((c: { field: string }) => c.field)).toEqual(['employeeId', 'email', 'mobile', 'jobClass']);
  });

  it('names and ends site captains, audited', async () => {
    const sites = (await organizer.request('GET', '/api/roster/worksites')).body.worksites;
    expect(sites.map((w: { name: string; matched: boolean; members: number }) => [w.name, w.matched, w.members])).toEqual([
      ['Alder Elementary', true, 0], ['Birch Elementary', true, 1], ['Dogwood High', true, 0], ['Elm Annex', false, 1],
    ]);
    const birch = sites[1].id;
    const ana = (await organizer.request('GET', `/api/roster/members?worksite=${birch}`)).body.members[0];
    const named = await organizer.request('POST', `/api/roster/worksites/${birch}/captains`, { member: ana.id });
    expect(named.status).toBe(201);
    expect(named.body.captain).toMatchObject({ worksiteId: birch, member: { id: ana.id, memberId: '1001', name: 'Ana Díaz' } });
    expect((await organizer.request('POST', `/api/roster/worksites/${birch}/captains`, { member: ana.id })).status).toBe(409);
    expect((await organizer.request('GET', '/api/roster/worksites')).body.worksites[1].captains).toHaveLength(1);
    expect((await audits())[0]).toBe('roster.captain-assign');
    const ended = await organizer.request('DELETE', `/api/roster/captains/${named.body.captain.id}`);
    expect(ended.status).toBe(200);
    expect((await organizer.request('DELETE', `/api/roster/captains/${named.body.captain.id}`)).status).toBe(404);
    expect((await organizer.request('GET', '/api/roster/worksites')).body.worksites[1].captains).toEqual([]);
    expect((await audits())[0]).toBe('roster.captain-end');
    // The ended assignment is kept.
    expect(await s.handle.db.selectFrom('roster_site_captains').select(['ended_at']).where('id', '=', named.body.captain.id).executeTakeFirstOrThrow()).toEqual({ ended_at: s.clock.now.toISOString() });
  });

  it('shows nothing of the roster to the district, to other unions or to roles without it', async () => {
    const imp = await s.handle.db.selectFrom('roster_imports').select('id').where('organization_id', '=', s.orgId.teachers).executeTakeFirstOrThrow();
    const site = await s.handle.db.selectFrom('roster_worksites').select('id').where('organization_id', '=', s.orgId.teachers).executeTakeFirstOrThrow();
    const paths: [string, string, unknown?][] = [
      ['GET', '/api/roster/members'], ['GET', '/api/roster/worksites'], ['GET', `/api/roster/members?worksite=${site.id}`],
      ['POST', `/api/roster/imports/${imp.id}/preview`, { mapping: { memberId: 'Member ID', name: 'Name', employeeId: null, email: null, mobile: null, worksite: null, jobClass: null, status: null }, removeMissing: true }],
    ];
    for (const [org, role] of [['district', 'admin'], ['district', 'negotiator'], ['teachers', 'bargaining-team'], ['teachers', 'site-captain'], ['teachers', 'member']] as const) {
      const c = await s.as(org, role);
      for (const [method, path, body] of paths) {
        const a = await c.request(method, path, body);
        expect(a.status, `${org} ${role} ${method} ${path}`).toBe(403);
        expect(JSON.stringify(a.body)).not.toMatch(/Ana|1001|Birch|total/);
      }
      expect((await c.request('POST', '/api/roster/imports', form(`${HEADER}\n1,X Y,,,,,,`))).status).toBe(403);
    }
    // Another union at the same table: its own (empty) roster, and 404 for the teachers' import and worksite.
    const other = await s.as('classified', 'admin');
    expect((await other.request('GET', '/api/roster/members')).body).toEqual({ members: [], total: 0, limit: 100, offset: 0 });
    expect((await other.request('POST', paths[3][1], paths[3][2])).status).toBe(404);
    expect((await other.request('POST', `/api/roster/worksites/${site.id}/captains`, { member: 1 })).status).toBe(404);
  });
});
