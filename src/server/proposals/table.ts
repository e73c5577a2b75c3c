/**
 * Across the table. Passing shares one version with the other side, for good: a union passes
 * to its district; a district to the union at its table that bargains for the proposal's unit.
 * A version passes once and never changes after (a new draft is a new version). Publishing
 * makes a passed version part of the public record, once. Both: own organization's versions only.
 */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { allow } from '../authz.ts';
import { audit } from '../audit.ts';
import type { Actor, AppEnv, Deps } from '../env.ts';
import { conflict, notFound } from '../errors.ts';
import { counterparts } from '../orgs/counterparts.ts';
import { errors, IdParams, ok } from '../schemas.ts';
import { Passed, Published } from './schemas.ts';
import { lockProposal, passNumbers, versions } from './store.ts';
import { isUniqueViolation } from '../../errors/code.ts';
import { publicRecordChanged } from '../public/record.ts';
import { summaryOf } from './summaries.ts';

const pass = createRoute({
  method: 'post', path: '/api/proposal-versions/{id}/pass', tags: ['proposals'], summary: 'Pass a version across the table (shared with the other side; it never changes after)',
  request: { params: IdParams },
  responses: { 201: ok(z.object({ id: z.number().int(), passed: Passed }), 'Passed'), ...errors(400, 401, 403, 404, 409) },
});

const publish = createRoute({
  method: 'post', path: '/api/proposal-versions/{id}/publish', tags: ['proposals'], summary: 'Publish a passed version: it joins the public record',
  request: { params: IdParams },
  responses: { 201: ok(z.object({ id: z.number().int(), published: Published, public: z.string() }), 'Published; `public` is its address in the public record'), ...errors(400, 401, 403, 404, 409) },
});

/** A version of the actor's own organization, with its pass and publication, or 404. */
async function ownVersion(deps: Deps, actor: Actor, id: number) {
  const row = await versions(deps.db).select('pv.summary').where('pv.id', '=', id).where('owner.id', '=', actor.org.id).executeTakeFirst();
  if (!row) throw notFound('proposal version', id);
  return row;
}

const alreadyPassed = (row: { id: number; proposal_id: number }, to: string, at: string) =>
  conflict('proposal.already-passed', `version ${row.id} was passed to ${to} at ${at}; a passed version does not change and passes only once`, `draft a new version (POST /api/proposals/${row.proposal_id}/versions) and pass that`);

/** Who receives a version: a union's district; for a district, the union bargaining for the unit. */
async function receiverOf(deps: Deps, actor: Actor, unit: string) {
  const across = await counterparts(deps.db, actor.org);
  const to = actor.org.kind === 'union' ? across : across.filter((o) => o.unit === unit);
  if (to.length === 1) return to[0];
  const who = actor.org.kind === 'union' ? 'your district has no workspace on this server' : to.length === 0 ? `no union at your table bargains for unit ${unit}` : `${to.length} unions at your table bargain for unit ${unit}`;
  throw conflict('proposal.no-counterpart', `there is no one to pass this version to: ${who}`, 'the server operator opens the other side\'s workspace (settle org create)');
}

export function tableRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(pass, async (c) => {
    const actor = allow(c.get('actor'), 'proposal.pass');
    const deps = c.get('deps');
    const { id } = c.req.valid('param');
    const row = await ownVersion(deps, actor, id);
    if (row.passed_at !== null) throw alreadyPassed(row, row.target_name ?? '', row.passed_at);
    const to = await receiverOf(deps, actor, (await summaryOf(deps.db, row)).proposal.unit);
    const at = deps.now().toISOString();
    try {
      await deps.db.transaction().execute(async (tx) => {
        await lockProposal(tx, deps, row.proposal_id);
        await tx.insertInto('passes').values({ id: deps.ids.next(actor.org.id), proposal_version_id: id, from_organization_id: actor.org.id, to_organization_id: to.id, passed_by: actor.person.id, passed_at: at }).execute();
        // The receiving side's log says what arrived and from which organization, never from whom.
        // Each entry holds its organization's row until the end: both are taken in id order, so a
        // pass the other way at the same moment waits instead of deadlocking.
        const entries = [
          { organizationId: actor.org.id, personId: actor.person.id, action: 'proposal.pass', subject: `proposal-versions/${id}`, at },
          { organizationId: to.id, personId: null, action: 'proposal.receive', subject: `proposal-versions/${id}`, at },
        ].sort((a, b) => a.organizationId - b.organizationId);
        for (const e of entries) await audit(tx, deps.ids, e);
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw alreadyPassed(row, to.name, 'the same moment');
      throw e;
    }
    const number = (await passNumbers(deps.db, [row.proposal_id])).get(id) ?? 1;
    return c.json({ id, passed: { number, from: { id: actor.org.id, name: actor.org.name }, to: { id: to.id, name: to.name }, at, by: actor.person.name } }, 201);
  });

  app.openapi(publish, async (c) => {
    const actor = allow(c.get('actor'), 'proposal.publish');
    const deps = c.get('deps');
    const { id } = c.req.valid('param');
    const row = await ownVersion(deps, actor, id);
    if (row.passed_at === null) throw conflict('proposal.not-passed', `version ${id} has not been passed across the table; only what the other side has seen is published`, `pass it first: POST /api/proposal-versions/${id}/pass`);
    const already = () => conflict('proposal.already-published', `version ${id} is already in the public record`, `it is at /api/public/proposals/${id}`);
    if (row.published_at !== null) throw already();
    // A what-if costed on another year's data (allowOtherYear) is a private question, not the side's position: the public record shows figures on a proposal's own year only.
    const whatIf = (await summaryOf(deps.db, row)).otherYear;
    if (whatIf) {
      throw conflict('proposal.what-if', `version ${id} was costed as a what-if on data of ${whatIf.datasetYear}, and the proposal is of ${whatIf.proposalYear}: the public record shows only figures costed on the data of a proposal's own year`,
        `draft a version on a dataset of ${whatIf.proposalYear} (POST /api/proposals/${row.proposal_id}/versions with its datasetVersionId), pass it and publish that one`);
    }
    const at = deps.now().toISOString();
    try {
      await deps.db.transaction().execute(async (tx) => {
        await tx.insertInto('publications').values({ id: deps.ids.next(actor.org.id), proposal_version_id: id, published_by: actor.person.id, published_at: at }).execute();
        await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'proposal.publish', subject: `proposal-versions/${id}`, at });
      });
    } catch (e) {
      throw isUniqueViolation(e) ? already() : e;
    }
    publicRecordChanged(deps.db);
    return c.json({ id, published: { at, by: actor.person.name }, public: `/api/public/proposals/${id}` }, 201);
  });
}
