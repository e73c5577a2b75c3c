/**
 * The election committee's routes for setting up a vote (docs/votes.md): create, list, read
 * (with live turnout for the committee), edit a draft (after freezing only a later close), and
 * freeze the voter list from the roster as it stood at the cutoff. The rest: roll-routes.ts
 * (voters, challenges, rulings), count-routes.ts (count, certify, publish, ballots, results),
 * member-routes.ts (a member's own standing, receipts), public.ts (the public record).
 * Union routes only: a district caller and another union's ids get 404. Every change audited.
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { audit } from '../audit.ts';
import type { AppEnv } from '../env.ts';
import { ApiError, conflict, invalidContent } from '../errors.ts';
import { errors, IdParams, jsonBody, ok } from '../schemas.ts';
import { validateSetup, type VoteSetup } from '../../votes/setup.ts';
import { eligibleAsOf } from '../../votes/roll.ts';
import { CreateBody, EditBody, VoteAnswer, VoteList } from './schemas.ts';
import { manages, questionsOf, turnoutOf, voteActor, voteJson, voteOf, mustBeState, lockedVote, type VoteRow } from './store.ts';
import { rollRoutes } from './roll-routes.ts';
import { countRoutes } from './count-routes.ts';
import { memberRoutes } from './member-routes.ts';
import { publicVoteRoutes } from './public.ts';
import { reminderRoutes } from './reminders.ts';
import { z } from '@hono/zod-openapi';

const DEFAULT_STATUSES = ['active', 'leave'];
const CHUNK = 500;

const create = createRoute({
  method: 'post', path: '/api/votes', tags: ['votes'], summary: 'Set up a vote (election committee): a draft until frozen',
  request: jsonBody(CreateBody, 'Title, kind, questions, cutoff, window, channels, eligible statuses'),
  responses: { 201: ok(VoteAnswer, 'The draft'), ...errors(400, 401, 403, 404, 422) },
});
const list = createRoute({
  method: 'get', path: '/api/votes', tags: ['votes'], summary: 'Every vote of the union, newest window first (every union role)',
  responses: { 200: ok(VoteList, 'The votes'), ...errors(401, 403, 404) },
});
const read = createRoute({
  method: 'get', path: '/api/votes/{id}', tags: ['votes'], summary: 'One vote; for the committee also the live turnout (overall, by channel, by worksite)',
  request: { params: IdParams },
  responses: { 200: ok(VoteAnswer, 'The vote'), ...errors(400, 401, 403, 404) },
});
const edit = createRoute({
  method: 'patch', path: '/api/votes/{id}', tags: ['votes'], summary: 'Edit a draft; once frozen, only a later closesAt (election committee)',
  request: { params: IdParams, ...jsonBody(EditBody, 'The fields to change') },
  responses: { 200: ok(VoteAnswer, 'The vote as edited'), ...errors(400, 401, 403, 404, 409, 422) },
});
const freeze = createRoute({
  method: 'post', path: '/api/votes/{id}/freeze', tags: ['votes'], summary: 'Freeze the voter list from the roster as it stood at the cutoff (at or after the cutoff)',
  request: { params: IdParams },
  responses: { 200: ok(VoteAnswer.extend({ voters: z.number().int() }), 'Frozen: how many members are on the list'), ...errors(400, 401, 403, 404, 409) },
});

const setupOf = (v: VoteRow): VoteSetup => ({
  title: v.title, kind: v.kind, questions: questionsOf(v), cutoffAt: v.cutoff_at, opensAt: v.opens_at, closesAt: v.closes_at,
  channels: JSON.parse(v.channels) as string[], eligibleStatuses: JSON.parse(v.eligible_statuses) as string[],
});

/** Times are stored as the server writes them (toISOString), so they compare as text and as times alike. */
const iso = (s: string) => new Date(s).toISOString();

export function voteRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(create, async (c) => {
    const actor = voteActor(c.get('actor'), 'vote.manage');
    const deps = c.get('deps');
    const b = c.req.valid('json');
    const s: VoteSetup = { ...b, title: b.title.trim(), eligibleStatuses: b.eligibleStatuses ?? DEFAULT_STATUSES };
    const problems = validateSetup(s);
    if (problems.length > 0) throw invalidContent(problems);
    const at = deps.now().toISOString();
    const row: VoteRow = {
      id: deps.ids.next(actor.org.id), organization_id: actor.org.id, title: s.title, kind: s.kind, questions: JSON.stringify(s.questions), channels: JSON.stringify(s.channels),
      eligible_statuses: JSON.stringify(s.eligibleStatuses), cutoff_at: iso(s.cutoffAt), opens_at: iso(s.opensAt), closes_at: iso(s.closesAt), state: 'draft',
      public_results: b.publicResults ? 1 : 0, results: null, created_by: actor.person.id, created_at: at, updated_at: at,
      frozen_at: null, counted_by: null, counted_at: null, certified_at: null, published_at: null,
    };
    await deps.db.transaction().execute(async (tx) => {
      await tx.insertInto('votes').values(row).execute();
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'vote.create', subject: `votes/${row.id}`, at });
    });
    return c.json({ vote: voteJson(row, deps.now()) }, 201);
  });

  app.openapi(list, async (c) => {
    const actor = voteActor(c.get('actor'), 'vote.read');
    const deps = c.get('deps');
    const rows = await deps.db.selectFrom('votes').selectAll().where('organization_id', '=', actor.org.id).orderBy('opens_at', 'desc').orderBy('title').execute();
    return c.json({ votes: rows.map((r) => voteJson(r, deps.now())) }, 200);
  });

  app.openapi(read, async (c) => {
    const actor = voteActor(c.get('actor'), 'vote.read');
    const deps = c.get('deps');
    const v = await voteOf(deps.db, actor, c.req.valid('param').id);
    const turnout = manages(actor) && v.state !== 'draft' ? await turnoutOf(deps.db, v.id) : undefined;
    return c.json({ vote: voteJson(v, deps.now()), turnout }, 200);
  });

  app.openapi(edit, async (c) => {
    const actor = voteActor(c.get('actor'), 'vote.manage');
    const deps = c.get('deps');
    const { id } = c.req.valid('param');
    const b = c.req.valid('json');
    if (Object.keys(b).length === 0) throw new ApiError(400, { code: 'vote.nothing-to-change', message: 'name at least one field to change', where: { field: 'body' }, hint: '{"closesAt": "2027-01-22T20:00:00Z"}' });
    const at = deps.now().toISOString();
    const v = await deps.db.transaction().execute(async (tx) => {
      const v = await lockedVote(tx, actor, id);
      if (v.state === 'frozen') {
        const others = Object.keys(b).filter((k) => k !== 'closesAt');
        if (others.length > 0) throw conflict('vote.frozen', `the voter list is frozen: only closesAt can change now, not ${others.join(', ')}`, '{"closesAt": "2027-01-22T20:00:00Z"}');
        if (b.closesAt === undefined) return v;
        const problems = validateSetup({ ...setupOf(v), closesAt: b.closesAt });
        if (problems.length > 0) throw invalidContent(problems);
        // Extended while open, never reopened: after the close, whoever could see who had not voted
        // (the roll) would choose to let ballots in again.
        if (Date.parse(at) >= Date.parse(v.closes_at)) throw conflict('vote.closed', `the vote closed at ${v.closes_at}: a closed vote cannot be reopened`, 'count it (POST /api/votes/{id}/count); a new vote is a new vote (POST /api/votes)');
        if (Date.parse(b.closesAt) <= Date.parse(v.closes_at)) throw conflict('vote.close-earlier', `a frozen vote's window can only be extended: closesAt must be after ${v.closes_at}`, JSON.stringify({ closesAt: new Date(Date.parse(v.closes_at) + 86_400_000).toISOString() }));
        const next = { ...v, closes_at: iso(b.closesAt), updated_at: at };
        await tx.updateTable('votes').set({ closes_at: next.closes_at, updated_at: at }).where('id', '=', id).execute();
        await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'vote.extend', subject: `votes/${id}`, at });
        return next;
      }
      mustBeState(v, ['draft'], 'it can no longer be edited');
      const s: VoteSetup = { ...setupOf(v), ...b, title: (b.title ?? v.title).trim(), eligibleStatuses: b.eligibleStatuses ?? (JSON.parse(v.eligible_statuses) as string[]) };
      const problems = validateSetup(s);
      if (problems.length > 0) throw invalidContent(problems);
      const set = {
        title: s.title, kind: s.kind, questions: JSON.stringify(s.questions), channels: JSON.stringify(s.channels), eligible_statuses: JSON.stringify(s.eligibleStatuses),
        cutoff_at: iso(s.cutoffAt), opens_at: iso(s.opensAt), closes_at: iso(s.closesAt), public_results: b.publicResults === undefined ? v.public_results : b.publicResults ? 1 : 0, updated_at: at,
      };
      await tx.updateTable('votes').set(set).where('id', '=', id).execute();
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'vote.edit', subject: `votes/${id}`, at });
      return { ...v, ...set };
    });
    return c.json({ vote: voteJson(v, deps.now()) }, 200);
  });

  app.openapi(freeze, async (c) => {
    const actor = voteActor(c.get('actor'), 'vote.manage');
    const deps = c.get('deps');
    const { id } = c.req.valid('param');
    const now = deps.now();
    const at = now.toISOString();
    const out = await deps.db.transaction().execute(async (tx) => {
      const v = await lockedVote(tx, actor, id);
      mustBeState(v, ['draft'], 'its voter list is already frozen');
      if (now.getTime() < Date.parse(v.cutoff_at)) throw conflict('vote.before-cutoff', `the list can be frozen at or after the eligibility cutoff, ${v.cutoff_at}`, 'freeze again after the cutoff, or move cutoffAt (PATCH /api/votes/{id})');
      // The roster's history up to the cutoff says who was a member then, with what status and where.
      const history = await tx.selectFrom('roster_member_history').select(['member_row_id', 'action', 'after', 'changed_at'])
        .where('organization_id', '=', actor.org.id).where('changed_at', '<=', v.cutoff_at).execute();
      const members = eligibleAsOf(history.map((h) => ({ memberRowId: h.member_row_id, action: h.action, after: h.after, changedAt: h.changed_at })), v.cutoff_at, JSON.parse(v.eligible_statuses) as string[]);
      const sites = await tx.selectFrom('roster_worksites').select(['id', 'name']).where('organization_id', '=', actor.org.id).orderBy('created_at').execute();
      const siteId = new Map<string, number>();
      for (const s of sites) if (!siteId.has(s.name)) siteId.set(s.name, s.id);
      const rows = members.map((m) => ({ id: deps.ids.next(actor.org.id), vote_id: id, member_row_id: m.memberRowId, worksite_id: m.worksite === null ? null : siteId.get(m.worksite) ?? null, standing: 'listed', voted_at: null, channel: null }));
      for (let i = 0; i < rows.length; i += CHUNK) await tx.insertInto('vote_voters').values(rows.slice(i, i + CHUNK)).execute();
      await tx.updateTable('votes').set({ state: 'frozen', frozen_at: at, updated_at: at }).where('id', '=', id).execute();
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'vote.freeze', subject: `votes/${id}`, at });
      return { vote: { ...v, state: 'frozen', frozen_at: at, updated_at: at }, voters: rows.length };
    });
    return c.json({ vote: voteJson(out.vote, now), voters: out.voters }, 200);
  });

  rollRoutes(app);
  countRoutes(app);
  memberRoutes(app);
  publicVoteRoutes(app);
  reminderRoutes(app);
}
