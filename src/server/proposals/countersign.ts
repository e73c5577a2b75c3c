/**
 * Countersigning: a tentative agreement (a version written `party: joint`) drafted by one side
 * becomes the table's agreement only when the other side countersigns that same version.
 * Only the organization it was passed to may countersign (its negotiators), only a joint
 * version, and only once; the countersignature never changes after. Both sides' audit logs
 * record it in the same transaction (the drafting side's without a name from across the table).
 */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { allow } from '../authz.ts';
import { audit } from '../audit.ts';
import type { AppEnv } from '../env.ts';
import { conflict, notFound } from '../errors.ts';
import { errors, IdParams, ok } from '../schemas.ts';
import { Countersigned } from './schemas.ts';
import { lockProposal, versions } from './store.ts';
import { isUniqueViolation } from '../../errors/code.ts';
import { publicRecordChanged } from '../public/record.ts';
import { summaryOf } from './summaries.ts';

const countersign = createRoute({
  method: 'post', path: '/api/proposal-versions/{id}/countersign', tags: ['proposals'],
  summary: 'Countersign a tentative agreement (a joint version) the other side passed to you: from then on it is the table\'s agreement (once; it never changes after)',
  request: { params: IdParams },
  responses: {
    201: ok(z.object({ id: z.number().int(), countersigned: Countersigned, public: z.string().nullable().openapi({ description: 'its address in the public record, if the drafting side published it' }) }), 'Countersigned'),
    ...errors(400, 401, 403, 404, 409),
  },
});

export function countersignRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(countersign, async (c) => {
    const actor = allow(c.get('actor'), 'proposal.countersign');
    const deps = c.get('deps');
    const { id } = c.req.valid('param');
    const row = await versions(deps.db)
      .select('pv.summary')
      .where('pv.id', '=', id)
      .where((eb) => eb.or([eb('owner.id', '=', actor.org.id), eb('target.id', '=', actor.org.id)]))
      .executeTakeFirst();
    if (!row) throw notFound('proposal version', id);
    if (row.owner_id === actor.org.id) {
      throw conflict('proposal.own-version', `version ${id} was drafted by your own organization; only the other side of the table countersigns it`, row.passed_at === null ? `pass it across first (POST /api/proposal-versions/${id}/pass); the other side then countersigns it` : `${row.target_name ?? 'the other side'} countersigns it`);
    }
    const summary = await summaryOf(deps.db, row);
    const party = summary.proposal.party;
    if (party !== 'joint') {
      throw conflict('proposal.not-joint', `version ${id} is a ${party} proposal, not a tentative agreement (party: joint); only an agreement is countersigned`, `to agree to these terms, draft them as a version with party: joint, pass it across, and ${row.owner_name} countersigns it`);
    }
    // A what-if costed on another year's data is a question, not terms to sign: the agreement's figures must be on its own year's data.
    if (summary.otherYear) {
      throw conflict('proposal.what-if', `version ${id} was costed as a what-if on data of ${summary.otherYear.datasetYear}, and the agreement is of ${summary.otherYear.proposalYear}: an agreement is countersigned only on the figures of its own year's data`,
        `${row.owner_name} drafts it again on a dataset of ${summary.otherYear.proposalYear} and passes that version; it is countersigned then`);
    }
    const already = (at: string) => conflict('proposal.already-countersigned', `version ${id} was countersigned at ${at}; a countersignature is given once and never changes`, 'nothing to do: it is the table\'s agreement');
    if (row.countersigned_at !== null) throw already(row.countersigned_at);
    const at = deps.now().toISOString();
    try {
      await deps.db.transaction().execute(async (tx) => {
        await lockProposal(tx, deps, row.proposal_id);
        await tx.insertInto('countersignatures').values({ id: deps.ids.next(actor.org.id), proposal_version_id: id, organization_id: actor.org.id, countersigned_by: actor.person.id, countersigned_at: at }).execute();
        await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'proposal.countersign', subject: `proposal-versions/${id}`, at });
        // The drafting side's log says its agreement was countersigned, never by whom.
        await audit(tx, deps.ids, { organizationId: row.owner_id, personId: null, action: 'proposal.countersigned', subject: `proposal-versions/${id}`, at });
      });
    } catch (e) {
      throw isUniqueViolation(e) ? already('the same moment') : e;
    }
    publicRecordChanged(deps.db);
    return c.json({
      id,
      countersigned: { at, organization: { id: actor.org.id, name: actor.org.name }, by: actor.person.name },
      public: row.published_at === null ? null : `/api/public/proposals/${id}`,
    }, 201);
  });
}
