/**
 * The voter roll and challenges to it (docs/votes.md): the committee reads the roll (a site
 * captain only their own worksite's), a member challenges the list about themselves (the
 * committee about anyone), and the committee rules. An upheld ruling puts the member on the
 * roll (`added`) and their sealed challenged ballot, if any, into the box; a denied one strikes
 * them and destroys that ballot unopened. The content of a challenged ballot is never shown.
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { sql } from 'kysely';
import { audit } from '../audit.ts';
import type { Actor, AppEnv } from '../env.ts';
import { ApiError, conflict, forbidden, notFound } from '../errors.ts';
import { errors, IdParams, jsonBody, ok } from '../schemas.ts';
import { destroyEnvelope, upholdEnvelope } from './count.ts';
import { ChallengeBody, ChallengeParams, ChallengeSchema, ChallengesSchema, RulingBody, VotersQuery, VotersSchema } from './schemas.ts';
import { lockedVote, manages, mustBeState, voteActor, voteOf } from './store.ts';
import { bearerOf, voterOfToken } from './channels/who.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { z } from '@hono/zod-openapi';

const voters = createRoute({
  method: 'get', path: '/api/votes/{id}/voters', tags: ['votes'], summary: 'The voter roll, a page at a time: member, worksite, standing, voted or not (the committee; a site captain their worksite only)',
  request: { params: IdParams, query: VotersQuery },
  responses: { 200: ok(VotersSchema, 'A page of the roll and how many match'), ...errors(400, 401, 403, 404) },
});
const raise = createRoute({
  method: 'post', path: '/api/votes/{id}/challenges', tags: ['votes'], summary: 'Challenge the voter list: a member about themselves (signed in, or with the voter token of a one-time code), the committee about any member',
  request: { params: IdParams, ...jsonBody(ChallengeBody, 'Whom (the committee) and why') },
  responses: { 201: ok(z.object({ challenge: ChallengeSchema }), 'Raised: pending until the committee rules'), ...errors(400, 401, 403, 404, 409) },
});
const challenges = createRoute({
  method: 'get', path: '/api/votes/{id}/challenges', tags: ['votes'], summary: 'Challenges and whether a sealed ballot waits on each (never its content) (the committee)',
  request: { params: IdParams },
  responses: { 200: ok(ChallengesSchema, 'Oldest first'), ...errors(400, 401, 403, 404) },
});
const ruling = createRoute({
  method: 'post', path: '/api/votes/{id}/challenges/{challengeId}/ruling', tags: ['votes'], summary: 'Rule on a challenge: upheld (the member votes; their sealed ballot joins the box) or denied (struck; the ballot destroyed unopened)',
  request: { params: ChallengeParams, ...jsonBody(RulingBody, 'The ruling and a note') },
  responses: { 200: ok(z.object({ challenge: ChallengeSchema }), 'Ruled'), ...errors(400, 401, 403, 404, 409) },
});

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** The worksites a signed-in site captain currently captains (through the roster member their sign-in belongs to). */
async function captainedSites(db: Kysely<Database>, actor: Actor): Promise<number[]> {
  if (actor.person.role !== 'site-captain') return [];
  const rows = await db.selectFrom('people as p').innerJoin('roster_site_captains as k', 'k.member_row_id', 'p.member_row_id')
    .select('k.worksite_id').where('p.id', '=', actor.person.id).where('k.organization_id', '=', actor.org.id).where('k.ended_at', 'is', null).execute();
  return rows.map((r) => r.worksite_id);
}

type ChallengeRow = { id: number; member_row_id: number; member_id: string; name: string; reason: string; raised_at: string; status: string; ruled_at: string | null; ruling_note: string | null; envelope: number | null };

const challengeJson = (r: ChallengeRow) => ({
  id: r.id, member: { id: r.member_row_id, memberId: r.member_id, name: r.name }, reason: r.reason, raisedAt: r.raised_at,
  status: r.status as 'pending' | 'upheld' | 'denied', ruledAt: r.ruled_at, note: r.ruling_note, envelope: r.envelope !== null,
});

function challengeRows(db: Kysely<Database>, voteId: number) {
  return db.selectFrom('vote_challenges as c').innerJoin('roster_members as m', 'm.id', 'c.member_row_id')
    .leftJoin('vote_voters as v', (j) => j.onRef('v.vote_id', '=', 'c.vote_id').onRef('v.member_row_id', '=', 'c.member_row_id'))
    .leftJoin('vote_envelopes as e', 'e.voter_id', 'v.id')
    .select(['c.id', 'c.member_row_id', 'm.member_id', 'm.name', 'c.reason', 'c.raised_at', 'c.status', 'c.ruled_at', 'c.ruling_note', 'e.id as envelope'])
    .where('c.vote_id', '=', voteId);
}

export function rollRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(voters, async (c) => {
    const actor = voteActor(c.get('actor'), 'vote.read');
    const deps = c.get('deps');
    const { id } = c.req.valid('param');
    const { worksite, q, limit, offset } = c.req.valid('query');
    // Who may read the roll at all is settled before the vote is looked up (403 before 404, as for any permission).
    let only: number[] | null = null;
    if (!manages(actor)) {
      only = await captainedSites(deps.db, actor);
      if (only.length === 0) throw forbidden('read the voter roll (the election committee, or a site captain for their worksite)');
    }
    const v = await voteOf(deps.db, actor, id);
    if (only && worksite !== undefined && !only.includes(worksite)) throw notFound('worksite', worksite);
    let base = deps.db.selectFrom('vote_voters as v').innerJoin('roster_members as m', 'm.id', 'v.member_row_id').leftJoin('roster_worksites as w', 'w.id', 'v.worksite_id').where('v.vote_id', '=', v.id);
    if (only) base = base.where('v.worksite_id', 'in', only);
    if (worksite !== undefined) base = base.where('v.worksite_id', '=', worksite);
    if (q) {
      const like = `%${escapeLike(q.toLowerCase())}%`;
      base = base.where((eb) => eb.or([eb(sql`lower(m.name)`, 'like', sql`${like} escape '\\'`), eb(sql`lower(m.member_id)`, 'like', sql`${like} escape '\\'`)]));
    }
    const { n } = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const rows = await base.select(['m.id', 'm.member_id', 'm.name', 'w.id as worksite_id', 'w.name as worksite_name', 'v.standing', 'v.voted_at', 'v.channel'])
      .orderBy('m.name').orderBy('m.member_id').limit(limit).offset(offset).execute();
    return c.json({
      voters: rows.map((r) => ({
        member: { id: r.id, memberId: r.member_id, name: r.name }, worksite: r.worksite_id === null || r.worksite_name === null ? null : { id: r.worksite_id, name: r.worksite_name },
        standing: r.standing, voted: r.voted_at !== null, channel: r.channel,
      })),
      total: Number(n), limit, offset,
    }, 200);
  });

  app.openapi(raise, async (c) => {
    const deps = c.get('deps');
    const { id } = c.req.valid('param');
    const { memberId, reason } = c.req.valid('json');
    const at = deps.now().toISOString();
    // A member with no sign-in raises a challenge about themselves with the voter token of the
    // one-time-code flow (which works from the freeze, before voting opens).
    const token = c.get('actor') ? null : bearerOf(c.req.header('authorization'), 'Voter');
    const challenge = await deps.db.transaction().execute(async (tx) => {
      let orgId: number;
      let raisedBy: number | null;
      let own: number | null;
      let committee = false;
      if (token) {
        const access = await voterOfToken(tx, token, id, new Date(at));
        await tx.updateTable('votes').set((eb) => ({ state: eb.ref('state') })).where('id', '=', id).execute();
        const v = await tx.selectFrom('votes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        mustBeState(v, ['frozen'], 'the list can be challenged only while it is frozen and not yet counted');
        [orgId, raisedBy, own] = [access.organizationId, null, access.memberRowId];
      } else {
        const actor = voteActor(c.get('actor'), 'vote.read');
        const v = await lockedVote(tx, actor, id);
        mustBeState(v, ['frozen'], 'the list can be challenged only while it is frozen and not yet counted');
        const me = await tx.selectFrom('people').select('member_row_id').where('id', '=', actor.person.id).executeTakeFirst();
        [orgId, raisedBy, own, committee] = [actor.org.id, actor.person.id, me?.member_row_id ?? null, manages(actor)];
      }
      let member: { id: number; member_id: string; name: string } | undefined;
      if (memberId !== undefined) {
        member = await tx.selectFrom('roster_members').select(['id', 'member_id', 'name']).where('organization_id', '=', orgId).where('member_id', '=', memberId).executeTakeFirst();
        if (!member) throw new ApiError(404, { code: 'not-found', message: `there is no member ${memberId} that you can see`, where: { field: 'memberId' }, hint: 'a member id from the roll (GET /api/votes/{id}/voters)' });
        if (member.id !== own && !committee) throw forbidden('challenge the list about another member (the election committee can)');
      } else {
        if (own === null) throw new ApiError(400, { code: 'vote.member-required', message: 'name the member the challenge is about: your sign-in is not linked to a roster member', where: { field: 'memberId' }, hint: '{"memberId": "1001", "reason": "…"}' });
        member = await tx.selectFrom('roster_members').select(['id', 'member_id', 'name']).where('id', '=', own).executeTakeFirstOrThrow();
      }
      const pending = await tx.selectFrom('vote_challenges').select('id').where('vote_id', '=', id).where('member_row_id', '=', member.id).where('status', '=', 'pending').executeTakeFirst();
      if (pending) throw conflict('vote.challenge-pending', `a challenge about ${member.name} is already waiting for a ruling`, `GET /api/votes/${id}/challenges`);
      // A ballot already in the box cannot be taken out again (nothing links it to its voter): a
      // challenge must come before the member votes, or be about a challenged ballot still sealed apart.
      const roll = await tx.selectFrom('vote_voters').select(['voted_at', 'standing']).where('vote_id', '=', id).where('member_row_id', '=', member.id).executeTakeFirst();
      if (roll?.voted_at && roll.standing !== 'challenged') throw conflict('vote.already-in-box', `${member.name} has already voted: their ballot is in the box and can no longer be told apart`, 'challenge a member before they vote');
      const row = { id: deps.ids.next(orgId), vote_id: id, member_row_id: member.id, raised_by: raisedBy, reason, raised_at: at, status: 'pending', ruled_by: null, ruled_at: null, ruling_note: null };
      await tx.insertInto('vote_challenges').values(row).execute();
      await audit(tx, deps.ids, { organizationId: orgId, personId: raisedBy, action: 'vote.challenge', subject: `votes/${id}/challenges/${row.id}`, at });
      return challengeJson({ ...row, member_id: member.member_id, name: member.name, envelope: roll?.standing === 'challenged' ? 1 : null });
    });
    return c.json({ challenge }, 201);
  });

  app.openapi(challenges, async (c) => {
    const actor = voteActor(c.get('actor'), 'vote.manage');
    const deps = c.get('deps');
    const v = await voteOf(deps.db, actor, c.req.valid('param').id);
    const rows = await challengeRows(deps.db, v.id).orderBy('c.raised_at').orderBy('m.name').execute();
    const named = new Set(rows.filter((r) => r.status === 'pending').map((r) => r.member_row_id));
    const sealed = await deps.db.selectFrom('vote_envelopes as e').innerJoin('vote_voters as v', 'v.id', 'e.voter_id').innerJoin('roster_members as m', 'm.id', 'v.member_row_id')
      .select(['m.id', 'm.member_id', 'm.name']).where('e.vote_id', '=', v.id).orderBy('m.name').execute();
    return c.json({
      challenges: rows.map(challengeJson),
      envelopesWithoutChallenge: sealed.filter((m) => !named.has(m.id)).map((m) => ({ member: { id: m.id, memberId: m.member_id, name: m.name } })),
    }, 200);
  });

  app.openapi(ruling, async (c) => {
    const actor = voteActor(c.get('actor'), 'vote.manage');
    const deps = c.get('deps');
    const { id, challengeId } = c.req.valid('param');
    const { ruling: decision, note } = c.req.valid('json');
    const at = deps.now().toISOString();
    const challenge = await deps.db.transaction().execute(async (tx) => {
      const v = await lockedVote(tx, actor, id);
      const ch = await tx.selectFrom('vote_challenges').select(['id', 'member_row_id', 'status']).where('id', '=', challengeId).where('vote_id', '=', v.id).executeTakeFirst();
      if (!ch) throw notFound('challenge', challengeId);
      mustBeState(v, ['frozen'], 'challenges can be ruled on only before the count');
      if (ch.status !== 'pending') throw conflict('vote.challenge-ruled', `this challenge was already ${ch.status}`);
      const roll = await tx.selectFrom('vote_voters').select(['id', 'standing']).where('vote_id', '=', v.id).where('member_row_id', '=', ch.member_row_id).executeTakeFirst();
      if (decision === 'upheld') {
        if (roll) {
          if (roll.standing !== 'listed') await tx.updateTable('vote_voters').set({ standing: 'added' }).where('id', '=', roll.id).execute();
          await upholdEnvelope(tx, { voteId: v.id, voterId: roll.id, key: deps.ballotKey });
        } else {
          // Not on the list and not yet voted: on the roll from now on, at their current worksite.
          const m = await tx.selectFrom('roster_members').select('worksite_id').where('id', '=', ch.member_row_id).executeTakeFirstOrThrow();
          await tx.insertInto('vote_voters').values({ id: deps.ids.next(actor.org.id), vote_id: v.id, member_row_id: ch.member_row_id, worksite_id: m.worksite_id, standing: 'added', voted_at: null, channel: null }).execute();
        }
      } else if (roll) {
        await tx.updateTable('vote_voters').set({ standing: 'struck' }).where('id', '=', roll.id).execute();
        await destroyEnvelope(tx, { voteId: v.id, voterId: roll.id });
      } else {
        // A struck row, so that a later attempt to vote is refused rather than sealed as a new challenged ballot.
        await tx.insertInto('vote_voters').values({ id: deps.ids.next(actor.org.id), vote_id: v.id, member_row_id: ch.member_row_id, worksite_id: null, standing: 'struck', voted_at: null, channel: null }).execute();
      }
      await tx.updateTable('vote_challenges').set({ status: decision, ruled_by: actor.person.id, ruled_at: at, ruling_note: note ?? null }).where('id', '=', ch.id).execute();
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: `vote.challenge-${decision}`, subject: `votes/${v.id}/challenges/${ch.id}`, at });
      return challengeRows(tx, v.id).where('c.id', '=', ch.id).executeTakeFirstOrThrow();
    });
    return c.json({ challenge: challengeJson(challenge) }, 200);
  });
}
