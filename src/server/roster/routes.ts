/**
 * The union's member roster (docs/api.md, "Roster"): upload a CSV or XLSX file, preview what it
 * would do with a column mapping (rejected rows, duplicates, adds, changes, removes), confirm
 * it, or discard it; list members and worksites (site captains: captains.ts). A pending import
 * (a whole file of personal data) is kept 24 hours at most (store.ts). Reading the file and
 * working out the import run on a costing thread (work.ts). Union admins and organizers
 * only; every other role is refused (403) and another organization's import, worksite or
 * captain answers 404, as if there were none.
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { sql } from 'kysely';
import { audit } from '../audit.ts';
import { allow } from '../authz.ts';
import { latestDatasetVersion } from '../datasets/store.ts';
import type { AppEnv } from '../env.ts';
import { ApiError, conflict } from '../errors.ts';
import { errors, IdParams, jsonBody, ok } from '../schemas.ts';
import { applyImport } from './apply.ts';
import { computePlan, importJson, mustMap, previewJson } from './preview.ts';
import { captainRoutes, currentCaptains } from './captains.ts';
import { AppliedSchema, ConfirmBody, DiscardedSchema, MembersQuery, MembersSchema, PreviewBody, PreviewSchema, UploadForm, WorksitesSchema } from './schemas.ts';
import { expireImports, importOf, mustBePending } from './store.ts';
import { checkXlsxZip } from './xlsx-zip.ts';

const mayWrite: MiddlewareHandler<AppEnv> = async (c, next) => {
  allow(c.get('actor'), 'roster.write');
  if (!/^multipart\/form-data/i.test(c.req.header('content-type') ?? '')) {
    throw new ApiError(415, { code: 'request.content-type', message: 'send the roster file as multipart/form-data, in a field named "file"', hint: 'curl -F file=@members.csv …' });
  }
  await next();
};

const upload = createRoute({
  method: 'post', path: '/api/roster/imports', tags: ['roster'], middleware: [mayWrite] as const,
  summary: 'Upload a roster file (CSV or XLSX): stored as a pending import, answered with its preview (union admins and organizers)',
  description: 'The preview uses the mapping suggested from the header and reads the file as additions and changes only (removeMissing: false: no one is removed for being absent from it); POST …/preview to change either, removeMissing: true when the file is the whole roster. Nothing changes in the roster until POST …/confirm.',
  request: { body: { content: { 'multipart/form-data': { schema: UploadForm } }, required: true, description: 'The file, in a field named `file`' } },
  responses: { 201: ok(PreviewSchema, 'Stored as a pending import; what it would do'), ...errors(400, 401, 403, 413, 415, 422) },
});

const preview = createRoute({
  method: 'post', path: '/api/roster/imports/{id}/preview', tags: ['roster'],
  summary: 'What a pending import would do with this mapping, against the roster as it is now (changes nothing)',
  request: { params: IdParams, ...jsonBody(PreviewBody, 'The column mapping, and whether members missing from the file are removed') },
  responses: { 200: ok(PreviewSchema, 'The preview'), ...errors(400, 401, 403, 404, 409, 410, 422) },
});

const confirm = createRoute({
  method: 'post', path: '/api/roster/imports/{id}/confirm', tags: ['roster'],
  summary: 'Apply a pending import as previewed, in one transaction, with the history of every member it changes',
  request: { params: IdParams, ...jsonBody(ConfirmBody, 'The mapping and removeMissing of the preview, and its digest') },
  responses: { 200: ok(AppliedSchema, 'Applied'), ...errors(400, 401, 403, 404, 409, 410, 422) },
});

const discard = createRoute({
  method: 'delete', path: '/api/roster/imports/{id}', tags: ['roster'],
  summary: 'Discard a pending import: its file (names, emails, phone numbers) is deleted now rather than after 24 hours; the roster is unchanged',
  request: { params: IdParams },
  responses: { 200: ok(DiscardedSchema, 'Discarded'), ...errors(400, 401, 403, 404, 409, 410) },
});

const members = createRoute({
  method: 'get', path: '/api/roster/members', tags: ['roster'], summary: 'Current members, by name, a page at a time; by worksite or a search',
  request: { query: MembersQuery },
  responses: { 200: ok(MembersSchema, 'A page of members and how many match'), ...errors(400, 401, 403) },
});

const worksites = createRoute({
  method: 'get', path: '/api/roster/worksites', tags: ['roster'], summary: 'The union\'s worksites: matched to the district\'s schools or not, their members and captains',
  responses: { 200: ok(WorksitesSchema, 'Worksites by name'), ...errors(401, 403) },
});

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

export function rosterRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(upload, async (c) => {
    const actor = allow(c.get('actor'), 'roster.write');
    const deps = c.get('deps');
    const { file } = c.req.valid('form');
    const fileName = (file.name || 'roster').slice(0, 200);
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (bytes[0] === 0x50 && bytes[1] === 0x4b) await checkXlsxZip(fileName, bytes);
    const at = deps.now();
    await expireImports(deps.db, at);
    const datasetVersionId = await latestDatasetVersion(deps.db, actor);
    // A header the suggestion cannot map (no member id or name column) still previews: the
    // answer names the columns, and the mapping step chooses.
    const computed = await computePlan(deps, deps.db, actor, { file: { name: fileName, bytes }, datasetVersionId }, { mapping: null, removeMissing: false });
    const stored = computed.answer.stored!;
    const id = deps.ids.next(actor.org.id);
    const row = {
      id, organization_id: actor.org.id, file_name: fileName, format: stored.format, rows: stored.rows, table_gz: stored.tableGz, dataset_version_id: datasetVersionId,
      status: 'pending', summary: null, created_by: actor.person.id, created_at: at.toISOString(), applied_by: null, applied_at: null,
    };
    await deps.db.transaction().execute(async (tx) => {
      await tx.insertInto('roster_imports').values(row).execute();
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'roster.import-upload', subject: `roster-imports/${id}`, at: row.created_at });
    });
    return c.json(previewJson({ id, fileName, format: stored.format, rows: stored.rows, status: 'pending', createdAt: row.created_at, datasetVersionId, tableGz: stored.tableGz }, computed), 201);
  });

  app.openapi(preview, async (c) => {
    const actor = allow(c.get('actor'), 'roster.write');
    const deps = c.get('deps');
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const imp = await importOf(deps.db, actor, id);
    mustBePending(imp, deps.now());
    const computed = await computePlan(deps, deps.db, actor, { imp }, body);
    mustMap(computed);
    return c.json(previewJson(imp, computed), 200);
  });

  app.openapi(confirm, async (c) => {
    const actor = allow(c.get('actor'), 'roster.write');
    const deps = c.get('deps');
    const { id } = c.req.valid('param');
    const { digest, ...o } = c.req.valid('json');
    const now = deps.now();
    await expireImports(deps.db, now);
    const result = await deps.db.transaction().execute(async (tx) => {
      // The import's row is locked first (PostgreSQL), so two confirmations cannot both apply.
      await tx.updateTable('roster_imports').set({ status: sql`status` }).where('id', '=', id).where('organization_id', '=', actor.org.id).execute();
      const imp = await importOf(tx, actor, id);
      mustBePending(imp, now);
      const computed = await computePlan(deps, tx, actor, { imp }, { ...o, withPlan: true });
      mustMap(computed);
      if (computed.answer.digest !== digest) {
        throw conflict('roster.preview-stale', 'the roster or the mapping changed since this preview: what it would do is no longer what was shown', 'preview again (POST /api/roster/imports/{id}/preview) and confirm with the new digest');
      }
      const applied = await applyImport(tx, deps, actor, imp, { plan: computed.answer.plan!, roster: computed.roster });
      return { import: importJson({ ...imp, status: 'applied' }), applied };
    });
    return c.json(result, 200);
  });

  app.openapi(discard, async (c) => {
    const actor = allow(c.get('actor'), 'roster.write');
    const deps = c.get('deps');
    const { id } = c.req.valid('param');
    const now = deps.now();
    const at = now.toISOString();
    await expireImports(deps.db, now);
    const imp = await deps.db.transaction().execute(async (tx) => {
      await tx.updateTable('roster_imports').set({ status: sql`status` }).where('id', '=', id).where('organization_id', '=', actor.org.id).execute();
      const imp = await importOf(tx, actor, id);
      mustBePending(imp, now);
      await tx.updateTable('roster_imports').set({ status: 'discarded', table_gz: new Uint8Array(0) }).where('id', '=', id).execute();
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'roster.import-discard', subject: `roster-imports/${id}`, at });
      return imp;
    });
    return c.json({ import: importJson({ ...imp, status: 'discarded' }) }, 200);
  });

  app.openapi(members, async (c) => {
    const actor = allow(c.get('actor'), 'roster.read');
    const { db } = c.get('deps');
    const q = c.req.valid('query');
    let base = db.selectFrom('roster_members as m').leftJoin('roster_worksites as w', 'w.id', 'm.worksite_id')
      .where('m.organization_id', '=', actor.org.id).where('m.removed_at', 'is', null);
    if (q.worksite !== undefined) base = base.where('m.worksite_id', '=', q.worksite);
    if (q.q) {
      const pattern = `%${escapeLike(q.q.toLowerCase())}%`;
      base = base.where((eb) => eb.or([
        eb(sql`lower(m.name)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(m.member_id)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(coalesce(m.email, ''))`, 'like', sql`${pattern} escape '\\'`),
      ]));
    }
    const { n } = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .select(['m.id', 'm.member_id', 'm.name', 'm.employee_id', 'm.email', 'm.mobile', 'm.job_class', 'm.status', 'm.updated_at', 'm.worksite_id', 'w.name as worksite_name'])
      .orderBy('m.name').orderBy('m.member_id').limit(q.limit).offset(q.offset).execute();
    return c.json({
      members: rows.map((r) => ({
        id: r.id, memberId: r.member_id, name: r.name, employeeId: r.employee_id, email: r.email, mobile: r.mobile, jobClass: r.job_class, status: r.status, updatedAt: r.updated_at,
        worksite: r.worksite_id !== null && r.worksite_name !== null ? { id: r.worksite_id, name: r.worksite_name } : null,
      })),
      total: Number(n), limit: q.limit, offset: q.offset,
    }, 200);
  });

  app.openapi(worksites, async (c) => {
    const actor = allow(c.get('actor'), 'roster.read');
    const { db } = c.get('deps');
    const sites = await db.selectFrom('roster_worksites as w')
      .select((eb) => ['w.id', 'w.name', 'w.school_id', 'w.cds_code',
        // The organization too, so the count uses the (organization, worksite) index: without it,
        // each of UTLA's ~900 worksites scanned all 31,800 members (10 s for the list).
        eb.selectFrom('roster_members as m').select((e) => e.fn.countAll().as('n')).where('m.organization_id', '=', actor.org.id).whereRef('m.worksite_id', '=', 'w.id').where('m.removed_at', 'is', null).as('members')])
      .where('w.organization_id', '=', actor.org.id).orderBy('w.name').orderBy('w.created_at').execute();
    const captains = await currentCaptains(db, actor.org.id);
    return c.json({
      worksites: sites.map((w) => ({
        id: w.id, name: w.name, schoolId: w.school_id, cdsCode: w.cds_code, matched: w.school_id !== null, members: Number(w.members ?? 0),
        captains: captains.filter((k) => k.worksiteId === w.id),
      })),
    }, 200);
  });

  captainRoutes(app);
}

