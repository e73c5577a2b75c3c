/**
 * Paper voting at a worksite (docs/votes.md, "Channels"): the captain signs members in on the
 * roll (one vote per member across channels holds for paper too: a member who already voted is
 * refused, and the refusal recorded); two people enter the site's tally separately; an observer
 * signs off. Paper ballots are counted as site tallies, so no ballot is stored per member. The
 * audit trail records how many were signed in, each entry and the sign-off, never who voted.
 */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Actor } from '../../env.ts';
import type { AppEnv } from '../../env.ts';
import { audit } from '../../audit.ts';
import { ApiError, conflict, forbidden, invalidContent } from '../../errors.ts';
import { errors, IdParams, jsonBody, ok } from '../../schemas.ts';
import { entryStatus, paperProblems, withinSignIns } from '../../../votes/paper.ts';
import { loadVote, openVote } from './open-vote.ts';
import { paperSite, reconcile, siteView } from './paper-store.ts';
import { EntryBody, ObserverBody, PaperSiteSchema, SignInSchema, SignInsBody, SiteParams } from './schemas.ts';
import { captainsSite, isCommittee, memberByNumber, mustRunSite, unionActor, worksiteOf } from './who.ts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

const signIns = createRoute({
  method: 'post', path: '/api/votes/{id}/paper/{worksiteId}/sign-ins', tags: ['votes'], summary: 'Sign members in to vote on paper at a worksite (its site captain, or the election committee)',
  request: { params: SiteParams, ...jsonBody(SignInsBody, 'Member ids from the site\'s roll') },
  responses: { 200: ok(SignInSchema, 'Each member: signed in, refused (and why) or not found'), ...errors(400, 401, 403, 404, 409) },
});
const entries = createRoute({
  method: 'post', path: '/api/votes/{id}/paper/{worksiteId}/entries', tags: ['votes'], summary: 'Enter the site\'s paper tally (one entry per person; two people enter it separately)',
  request: { params: SiteParams, ...jsonBody(EntryBody, 'The tally as you counted it') },
  responses: { 201: ok(PaperSiteSchema, 'Entered: the site\'s status'), ...errors(400, 401, 403, 404, 409, 422) },
});
const observer = createRoute({
  method: 'post', path: '/api/votes/{id}/paper/{worksiteId}/observer', tags: ['votes'], summary: 'The observer\'s sign-off of an agreed tally (by someone other than the two who entered it)',
  request: { params: SiteParams, ...jsonBody(ObserverBody, 'The observer\'s name') },
  responses: { 200: ok(PaperSiteSchema, 'Signed off: the site\'s tally is accepted'), ...errors(400, 401, 403, 404, 409) },
});
const list = createRoute({
  method: 'get', path: '/api/votes/{id}/paper', tags: ['votes'], summary: 'Each paper site: sign-ins, whether the entries agree, the observer, accepted',
  request: { params: IdParams },
  responses: { 200: ok(z.object({ sites: z.array(PaperSiteSchema) }), 'Sites by name'), ...errors(400, 401, 403, 404) },
});

/** The vote, if it takes paper and has opened (tallies are entered after it closes, until the count). */
async function paperVote(tx: Db, actor: Actor, id: number, now: Date) {
  const v = await loadVote(tx, actor.org.id, id);
  if (v.state !== 'frozen') throw conflict(v.state === 'draft' ? 'vote.not-open' : 'vote.closed', v.state === 'draft' ? 'this vote is still being set up' : 'this vote has been counted: its paper tallies can no longer change');
  if (now.toISOString() < v.opensAt) throw conflict('vote.not-open', `this vote opens at ${v.opensAt}`);
  if (!v.channels.includes('paper')) throw conflict('vote.channel-off', `this vote takes no paper ballots; it takes ${v.channels.join(', ')}`);
  return v;
}

const accepted = () => conflict('vote.paper-accepted', 'this site\'s paper tally is already accepted: nothing about it can change now', 'ask the election committee if it must be corrected');

export function paperRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(signIns, async (c) => {
    const deps = c.get('deps');
    const { id, worksiteId } = c.req.valid('param');
    const { memberIds } = c.req.valid('json');
    const actor = unionActor(c.get('actor'), id);
    const now = deps.now();
    const at = now.toISOString();
    const answer = await deps.db.transaction().execute(async (tx) => {
      const vote = await openVote(tx, actor.org.id, id, now, 'paper');
      await worksiteOf(tx, actor.org.id, worksiteId);
      await mustRunSite(tx, actor, worksiteId, 'sign members in at this worksite');
      if ((await paperSite(tx, id, worksiteId)).accepted) throw accepted();
      const results: { memberId: string; result: 'signed-in' | 'refused' | 'not-found'; reason?: string }[] = [];
      for (const memberId of [...new Set(memberIds)]) {
        const m = await memberByNumber(tx, vote.organizationId, memberId);
        if (!m) { results.push({ memberId, result: 'not-found' }); continue; }
        const reason = await claimPaper(tx, id, worksiteId, m.id, at);
        if (reason) {
          await tx.insertInto('vote_refusals').values({ id: deps.ids.next(actor.org.id), vote_id: id, member_row_id: m.id, channel: 'paper', reason, at }).execute();
          results.push({ memberId, result: 'refused', reason });
        } else results.push({ memberId, result: 'signed-in' });
      }
      const signedIn = results.filter((r) => r.result === 'signed-in').length;
      await reconcile(tx, deps.ids, { voteId: id, orgId: actor.org.id, worksiteId });
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: `vote.paper-sign-ins:${signedIn}`, subject: `votes/${id}/paper/${worksiteId}`, at });
      return { results, signIns: (await paperSite(tx, id, worksiteId)).signIns };
    });
    return c.json(answer, 200);
  });

  app.openapi(entries, async (c) => {
    const deps = c.get('deps');
    const { id, worksiteId } = c.req.valid('param');
    const { counts } = c.req.valid('json');
    const actor = unionActor(c.get('actor'), id);
    const now = deps.now();
    const view = await deps.db.transaction().execute(async (tx) => {
      const vote = await paperVote(tx, actor, id, now);
      const site = await worksiteOf(tx, actor.org.id, worksiteId);
      await mustRunSite(tx, actor, worksiteId, 'enter this worksite\'s paper tally');
      const problems = paperProblems(vote.questions, counts);
      if (problems.length) throw invalidContent(problems.map((p) => ({ code: 'vote.paper-counts', message: p.message, where: { field: p.field }, hint: JSON.stringify(exampleCounts(vote.questions)) })));
      const before = await paperSite(tx, id, worksiteId);
      if (before.accepted) throw accepted();
      const { status, enterers } = entryStatus(before.entries);
      if (status === 'agree') throw conflict('vote.paper-agreed', 'the two entries of this site\'s tally already agree: it needs an observer\'s sign-off, not another entry', `POST /api/votes/${id}/paper/${worksiteId}/observer {"observerName": "…"}`);
      if (status === 'one-entry' && enterers.includes(actor.person.id)) throw conflict('vote.paper-entered', 'you have entered this site\'s tally already: a second person must count and enter it separately', 'ask another captain or a committee member to enter it');
      // Entries are compared newest first: a new entry is always later than the ones before it.
      const last = before.entries.at(-1)?.at;
      const at = last && last >= now.toISOString() ? new Date(Date.parse(last) + 1).toISOString() : now.toISOString();
      await tx.insertInto('vote_paper_entries').values({ id: deps.ids.next(actor.org.id), vote_id: id, worksite_id: worksiteId, counts: JSON.stringify(counts), entered_by: actor.person.id, entered_at: at }).execute();
      await reconcile(tx, deps.ids, { voteId: id, orgId: actor.org.id, worksiteId });
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'vote.paper-entry', subject: `votes/${id}/paper/${worksiteId}`, at: now.toISOString() });
      return siteView(site, await paperSite(tx, id, worksiteId));
    });
    return c.json(view, 201);
  });

  app.openapi(observer, async (c) => {
    const deps = c.get('deps');
    const { id, worksiteId } = c.req.valid('param');
    const { observerName } = c.req.valid('json');
    const actor = unionActor(c.get('actor'), id);
    const now = deps.now();
    const at = now.toISOString();
    const view = await deps.db.transaction().execute(async (tx) => {
      await paperVote(tx, actor, id, now);
      const site = await worksiteOf(tx, actor.org.id, worksiteId);
      await mustRunSite(tx, actor, worksiteId, 'sign off this worksite\'s paper tally');
      const s = await paperSite(tx, id, worksiteId);
      if (s.accepted) throw accepted();
      const { agreed, enterers } = entryStatus(s.entries);
      if (!agreed) throw conflict('vote.paper-not-agreed', 'two people\'s entries of this site\'s tally must agree before an observer signs off', `POST /api/votes/${id}/paper/${worksiteId}/entries`);
      if (enterers.includes(actor.person.id)) throw new ApiError(403, { code: 'vote.paper-observer', message: 'the observer\'s sign-off must come from someone other than the two people who entered the tally', hint: 'ask another captain or a committee member to record the sign-off' });
      if (!withinSignIns(agreed, s.signIns)) {
        throw conflict('vote.paper-over-sign-ins', `the tally has ${agreed.ballots} ballots and ${agreed.spoiled} spoiled, ${agreed.ballots + agreed.spoiled} in all, but only ${s.signIns} members signed in to vote on paper here`, 'recount the box, or sign in the members who voted, then enter the tally again');
      }
      await tx.updateTable('vote_paper_sites').set({ observer_name: observerName, observer_signed_by: actor.person.id, observer_signed_at: at, accepted_at: at }).where('vote_id', '=', id).where('worksite_id', '=', worksiteId).execute();
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'vote.paper-observer', subject: `votes/${id}/paper/${worksiteId}`, at });
      return siteView(site, await paperSite(tx, id, worksiteId));
    });
    return c.json(view, 200);
  });

  app.openapi(list, async (c) => {
    const deps = c.get('deps');
    const { id } = c.req.valid('param');
    const actor = unionActor(c.get('actor'), id);
    await loadVote(deps.db, actor.org.id, id);
    if (!isCommittee(actor) && actor.person.role !== 'site-captain') throw forbidden(`see paper tallies: only the election committee and site captains may (your role: ${actor.person.role})`);
    const sites = await paperSiteIds(deps.db, id);
    const mine = isCommittee(actor) ? sites : await filterAsync(sites, (ws) => captainsSite(deps.db, actor, ws));
    const rows = mine.length ? await deps.db.selectFrom('roster_worksites').select(['id', 'name']).where('id', 'in', mine).where('organization_id', '=', actor.org.id).orderBy('name').execute() : [];
    const out = [];
    for (const w of rows) out.push(siteView(w, await paperSite(deps.db, id, w.id)));
    return c.json({ sites: out }, 200);
  });
}

/**
 * Claims the member's roll row for a paper vote at this site, like a cast claims it; returns why
 * not (recorded as a refusal) or null when signed in. A member with no roll row, or in doubt, casts
 * a challenged ballot, which paper cannot keep apart: they vote online or at a kiosk instead.
 */
async function claimPaper(tx: Db, voteId: number, worksiteId: number, memberRowId: number, at: string): Promise<string | null> {
  const roll = await tx.selectFrom('vote_voters').select(['id', 'worksite_id', 'standing', 'voted_at']).where('vote_id', '=', voteId).where('member_row_id', '=', memberRowId).executeTakeFirst();
  // Another site's member is refused as that, before anything about them is looked at: whether
  // they voted, were struck or are on the list is not this site's to learn (a captain could
  // otherwise sign in 500 member ids of the union and read who has voted).
  const site = roll ? roll.worksite_id : (await tx.selectFrom('roster_members').select('worksite_id').where('id', '=', memberRowId).executeTakeFirst())?.worksite_id ?? null;
  if (site !== worksiteId) return 'other-worksite';
  if (!roll) return 'not-on-list';
  if (roll.voted_at) return 'already-voted';
  if (roll.standing === 'struck') return 'struck';
  const pending = await tx.selectFrom('vote_challenges').select('id').where('vote_id', '=', voteId).where('member_row_id', '=', memberRowId).where('status', '=', 'pending').executeTakeFirst();
  if (roll.standing === 'challenged' || pending) return 'challenged';
  const claimed = await tx.updateTable('vote_voters').set({ voted_at: at, channel: 'paper' }).where('id', '=', roll.id).where('voted_at', 'is', null).executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1 ? null : 'already-voted';
}

async function paperSiteIds(db: Db, voteId: number): Promise<number[]> {
  const a = await db.selectFrom('vote_voters').select('worksite_id').where('vote_id', '=', voteId).where('channel', '=', 'paper').distinct().execute();
  const b = await db.selectFrom('vote_paper_entries').select('worksite_id').where('vote_id', '=', voteId).distinct().execute();
  const d = await db.selectFrom('vote_paper_sites').select('worksite_id').where('vote_id', '=', voteId).execute();
  return [...new Set([...a, ...b, ...d].map((r) => r.worksite_id).filter((x): x is number => x !== null))];
}

async function filterAsync<T>(xs: T[], f: (x: T) => Promise<boolean>): Promise<T[]> {
  const out: T[] = [];
  for (const x of xs) if (await f(x)) out.push(x);
  return out;
}

function exampleCounts(questions: { key: string; options: { key: string }[] }[]) {
  return { counts: { ballots: 3, spoiled: 0, answers: Object.fromEntries(questions.map((q) => [q.key, { ...Object.fromEntries(q.options.map((o, i) => [o.key, i === 0 ? 3 : 0])), blank: 0 }])) } };
}
