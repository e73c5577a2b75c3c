/**
 * Drafting: a new proposal, a new version of one, and costing without saving (the editor's
 * preview). Every draft is costed on a costing thread (the server keeps answering meanwhile)
 * and checked against the workspace's side and units; any problem → 422 with every problem,
 * and nothing is stored. A version, once written, never changes: a new draft is a new version.
 * Reading is in read.ts; passing across the table and publishing in table.ts; countersigning
 * a tentative agreement in countersign.ts.
 */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { allow } from '../authz.ts';
import { audit } from '../audit.ts';
import type { Draft } from '../costing/work.ts';
import type { Actor, AppEnv, Deps } from '../env.ts';
import { conflict } from '../errors.ts';
import { errors, IdParams, jsonBody, ok } from '../schemas.ts';
import { rawJson, versionText } from './answer.ts';
import { costDraft, datasetVersionFor, rulesFor, yamlOf } from './input.ts';
import { readRoutes } from './read.ts';
import { CostingBody, CostResultSchema, CreateBody, VersionBody, VersionSchema } from './schemas.ts';
import { lockProposal, ownProposal, versions } from './store.ts';
import { isUniqueViolation } from '../../errors/code.ts';
import { tableRoutes } from './table.ts';
import { countersignRoutes } from './countersign.ts';

const create = createRoute({
  method: 'post', path: '/api/proposals', tags: ['proposals'], summary: 'Draft a new proposal (YAML or JSON): costed, stored as its version 1',
  request: jsonBody(CreateBody, 'The proposal, and optionally its name in your workspace and the dataset version to cost on'),
  responses: { 201: ok(VersionSchema, 'Version 1, with its costing result'), ...errors(400, 401, 403, 404, 409, 413, 422, 429, 503) },
});

const addVersion = createRoute({
  method: 'post', path: '/api/proposals/{id}/versions', tags: ['proposals'], summary: 'Draft the next version of one of your proposals',
  request: { params: IdParams, ...jsonBody(VersionBody, 'The new version') },
  responses: { 201: ok(VersionSchema, 'The new version, with its costing result'), ...errors(400, 401, 403, 404, 409, 413, 422, 429, 503) },
});

const preview = createRoute({
  method: 'post', path: '/api/costings', tags: ['proposals'], summary: 'Cost a proposal without saving it (the editor\'s preview)',
  request: {
    query: z.object({
      positions: z.enum(['all', 'none']).default('all').openapi({
        param: { name: 'positions', in: 'query' },
        description: 'none: leave out the list of positions added school by school (most of a large answer; the editor does not show it)',
      }),
    }),
    ...jsonBody(CostingBody, 'The proposal, and optionally the dataset version to cost on'),
  },
  responses: { 200: ok(CostResultSchema, 'The costing result'), ...errors(400, 401, 403, 404, 409, 413, 422, 429, 503) },
});

async function insertVersion(tx: Transaction<Database>, deps: Deps, v: { proposalId: number; version: number; datasetVersionId: number; yaml: string; draft: Draft; actor: Actor; at: string }): Promise<number> {
  const row = await tx
    .insertInto('proposal_versions')
    .values({
      id: deps.ids.next(v.actor.org.id), proposal_id: v.proposalId, version: v.version, dataset_version_id: v.datasetVersionId, yaml: v.yaml, result: v.draft.resultJson,
      summary: v.draft.summaryJson, cost_lines: v.draft.costLinesJson, created_by: v.actor.person.id, created_at: v.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The version just written, as GET /api/proposal-versions/{id} answers it (the result spliced in as costed). */
async function written(deps: Deps, actor: Actor, id: number, yaml: string, draft: Draft): Promise<string> {
  const row = await versions(deps.db).where('pv.id', '=', id).executeTakeFirstOrThrow();
  return versionText(row, JSON.parse(draft.summaryJson), actor, undefined, yaml, draft.resultJson);
}

export function proposalRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(create, async (c) => {
    const actor = allow(c.get('actor'), 'proposal.write');
    const deps = c.get('deps');
    const body = c.req.valid('json');
    const datasetVersionId = await datasetVersionFor(deps, actor, body.datasetVersionId);
    const yaml = yamlOf(body);
    const draft = await costDraft(deps, { datasetVersionId, yaml, rules: await rulesFor(deps, actor), allowOtherYear: body.allowOtherYear });
    const at = deps.now().toISOString();
    const id = await deps.db.transaction().execute(async (tx) => {
      const p = await tx.insertInto('proposals').values({ id: deps.ids.next(actor.org.id), organization_id: actor.org.id, title: body.title ?? draft.title, created_by: actor.person.id, created_at: at }).returning('id').executeTakeFirstOrThrow();
      const vid = await insertVersion(tx, deps, { proposalId: p.id, version: 1, datasetVersionId, yaml, draft, actor, at });
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'proposal.create', subject: `proposals/${p.id}`, at });
      return vid;
    });
    return rawJson(c, await written(deps, actor, id, yaml, draft), 201);
  });

  app.openapi(addVersion, async (c) => {
    const actor = allow(c.get('actor'), 'proposal.write');
    const deps = c.get('deps');
    const { id: proposalId } = c.req.valid('param');
    const body = c.req.valid('json');
    await ownProposal(deps.db, actor, proposalId);
    const datasetVersionId = await datasetVersionFor(deps, actor, body.datasetVersionId);
    const yaml = yamlOf(body);
    const draft = await costDraft(deps, { datasetVersionId, yaml, rules: await rulesFor(deps, actor), allowOtherYear: body.allowOtherYear });
    const at = deps.now().toISOString();
    // The next number is read and used in one transaction, the proposal's row held (PostgreSQL);
    // the unique (proposal, version) constraint is the last word, so a lost race tries again.
    for (let attempt = 1; ; attempt++) {
      try {
        const id = await deps.db.transaction().execute(async (tx) => {
          await lockProposal(tx, deps, proposalId);
          const last = await tx.selectFrom('proposal_versions').select((eb) => eb.fn.max('version').as('n')).where('proposal_id', '=', proposalId).executeTakeFirst();
          const vid = await insertVersion(tx, deps, { proposalId, version: Number(last?.n ?? 0) + 1, datasetVersionId, yaml, draft, actor, at });
          await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'proposal.version', subject: `proposal-versions/${vid}`, at });
          return vid;
        });
        return rawJson(c, await written(deps, actor, id, yaml, draft), 201);
      } catch (e) {
        if (!isUniqueViolation(e)) throw e;
        if (attempt >= 5) throw conflict('proposal.busy', 'other versions of this proposal were being saved at the same moment; this one was not saved', 'send it again');
      }
    }
  });

  app.openapi(preview, async (c) => {
    const actor = allow(c.get('actor'), 'costing.run');
    const deps = c.get('deps');
    const body = c.req.valid('json');
    const datasetVersionId = await datasetVersionFor(deps, actor, body.datasetVersionId);
    const draft = await costDraft(deps, { datasetVersionId, yaml: yamlOf(body), allowOtherYear: body.allowOtherYear });
    if (c.req.valid('query').positions === 'none') return rawJson(c, JSON.stringify({ ...JSON.parse(draft.resultJson), positions: [] }), 200);
    return rawJson(c, draft.resultJson, 200);
  });

  readRoutes(app);
  tableRoutes(app);
  countersignRoutes(app);
}
