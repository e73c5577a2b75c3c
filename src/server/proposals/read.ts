/**
 * Reading proposals. Your own organization's proposals and all their versions; of the other
 * side's, only the versions passed to you (`received`), named by the organization that passed
 * them. A union's drafts never reach the district: a version not passed to you answers 404,
 * exactly as one that does not exist. The list also carries each table's rounds: every version
 * passed either way, by the proposals' dates and contract terms (across.ts).
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { allow } from '../authz.ts';
import type { AppEnv } from '../env.ts';
import { notFound } from '../errors.ts';
import { errors, IdParams, ok } from '../schemas.ts';
import { briefOf, countersignedOf, rawJson, standingOf, versionText, yearTotals } from './answer.ts';
import { ProposalDetail, ProposalList, VersionSchema } from './schemas.ts';
import { ownProposal, passNumbers, versions } from './store.ts';
import { summariesOf, summaryOf } from './summaries.ts';
import { totalsOf } from '../costing/summary.ts';
import { crossedVersions, tablesAcross } from './across.ts';

const list = createRoute({
  method: 'get', path: '/api/proposals', tags: ['proposals'], summary: 'Your proposals (latest version of each), the versions passed to you, and each bargaining table\'s rounds by date',
  responses: { 200: ok(ProposalList, 'Newest first'), ...errors(401, 403) },
});

const detail = createRoute({
  method: 'get', path: '/api/proposals/{id}', tags: ['proposals'], summary: 'One of your proposals and every version of it',
  request: { params: IdParams },
  responses: { 200: ok(ProposalDetail, 'The proposal, versions in order'), ...errors(400, 401, 403, 404) },
});

const version = createRoute({
  method: 'get', path: '/api/proposal-versions/{id}', tags: ['proposals'], summary: 'A version: its YAML and its costing result with every trace',
  request: { params: IdParams },
  responses: { 200: ok(VersionSchema, 'The version'), ...errors(400, 401, 403, 404) },
});

export function readRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(list, async (c) => {
    const actor = allow(c.get('actor'), 'proposal.read');
    const db = c.get('deps').db;
    const proposals = await db.selectFrom('proposals').select(['id', 'title', 'created_at']).where('organization_id', '=', actor.org.id).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    const latest = await versions(db)
      .select('pv.summary')
      .where('owner.id', '=', actor.org.id)
      .where((eb) => eb('pv.version', '=', eb.selectFrom('proposal_versions as v2').select((e) => e.fn.max('v2.version').as('n')).whereRef('v2.proposal_id', '=', 'pv.proposal_id')))
      .execute();
    const received = await versions(db).select('pv.summary').where('target.id', '=', actor.org.id).orderBy('ps.passed_at', 'desc').orderBy('pv.id', 'desc').execute();
    const crossed = await crossedVersions(db, actor);
    const summaries = await summariesOf(db, [...latest, ...crossed]);
    const numbers = await passNumbers(db, [...latest, ...crossed].filter((r) => r.passed_at !== null).map((r) => r.proposal_id));
    const byProposal = new Map(latest.map((r) => [r.proposal_id, r]));
    return c.json({
      proposals: proposals.map((p) => {
        const v = byProposal.get(p.id);
        if (!v) throw new Error(`proposal ${p.id} has no version`);
        return { id: p.id, title: p.title, createdAt: p.created_at, versions: v.version, latest: briefOf(v, summaries.get(v.id)!, numbers.get(v.id)) };
      }),
      received: received.map((r) => {
        const s = summaries.get(r.id)!;
        return {
          id: r.id, version: numbers.get(r.id) ?? 1, title: s.proposal.title, unit: s.proposal.unit, from: { id: r.owner_id, name: r.owner_name, kind: r.owner_kind },
          passedAt: r.passed_at as string, publishedAt: r.published_at, datasetVersionId: r.dataset_version_id, years: yearTotals(s), ...totalsOf(s), certification: s.certification,
          ...standingOf(r, s), countersigned: countersignedOf(r, actor.org.id),
        };
      }),
      tables: tablesAcross(actor, crossed, summaries, numbers),
    }, 200);
  });

  app.openapi(detail, async (c) => {
    const actor = allow(c.get('actor'), 'proposal.read');
    const db = c.get('deps').db;
    const { id } = c.req.valid('param');
    const p = await ownProposal(db, actor, id);
    const rows = await versions(db).select('pv.summary').where('pv.proposal_id', '=', id).orderBy('pv.version').execute();
    const summaries = await summariesOf(db, rows);
    const numbers = await passNumbers(db, [id]);
    const creator = await db.selectFrom('people').select('name').where('id', '=', p.created_by).executeTakeFirstOrThrow();
    return c.json({
      id: p.id, title: p.title, createdAt: p.created_at, createdBy: creator.name,
      versions: rows.map((r) => briefOf(r, summaries.get(r.id)!, numbers.get(r.id))),
    }, 200);
  });

  app.openapi(version, async (c) => {
    const actor = allow(c.get('actor'), 'proposal.read');
    const db = c.get('deps').db;
    const { id } = c.req.valid('param');
    const row = await versions(db)
      .select(['pv.yaml', 'pv.result', 'pv.summary'])
      .where('pv.id', '=', id)
      .where((eb) => eb.or([eb('owner.id', '=', actor.org.id), eb('target.id', '=', actor.org.id)]))
      .executeTakeFirst();
    if (!row) throw notFound('proposal version', id);
    const numbers = row.passed_at === null ? new Map<number, number>() : await passNumbers(db, [row.proposal_id]);
    return rawJson(c, versionText(row, await summaryOf(db, row), actor, numbers.get(row.id), row.yaml, row.result), 200);
  });
}
