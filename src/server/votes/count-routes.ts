/**
 * After the close: the count (one transaction: the sealed ballots opened and shuffled by
 * openTheBox, the accepted paper tallies added, the tally stored), two different committee
 * members' certifications, publication, the opened ballots for anyone to recount, and the
 * results (the committee once counted; every member once published).
 */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { audit } from '../audit.ts';
import type { AppEnv } from '../env.ts';
import { ApiError, conflict } from '../errors.ts';
import { errors, IdParams, ok } from '../schemas.ts';
import { SMALL_SITE, tally, type Results } from '../../votes/tally.ts';
import type { Choices, PaperCounts } from '../../votes/types.ts';
import { openTheBox, sweepAfterTheCount } from './count.ts';
import { BallotsQuery, BallotsSchema, CertificationsSchema, ResultsSchema, VoteAnswer, VoteSchema } from './schemas.ts';
import { lockedVote, manages, mustBeState, questionsOf, rollOf, voteActor, voteJson, voteOf } from './store.ts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Two different committee members certify a count. */
export const CERTIFICATIONS_NEEDED = 2;

const count = createRoute({
  method: 'post', path: '/api/votes/{id}/count', tags: ['votes'], summary: 'Count the vote: after the close, with no challenge pending and every paper site\'s tally accepted (election committee)',
  request: { params: IdParams },
  responses: { 200: ok(z.object({ vote: VoteSchema, results: ResultsSchema }), 'Counted'), ...errors(400, 401, 403, 404, 409) },
});
const certify = createRoute({
  method: 'post', path: '/api/votes/{id}/certify', tags: ['votes'], summary: 'Certify the count: once per committee member; the second different member certifies the vote',
  request: { params: IdParams },
  responses: { 200: ok(CertificationsSchema, 'Certified by you'), ...errors(400, 401, 403, 404, 409) },
});
const publish = createRoute({
  method: 'post', path: '/api/votes/{id}/publish', tags: ['votes'], summary: 'Publish a certified vote\'s results to members (and the public page if the vote says so)',
  request: { params: IdParams },
  responses: { 200: ok(VoteAnswer, 'Published'), ...errors(400, 401, 403, 404, 409) },
});
const ballots = createRoute({
  method: 'get', path: '/api/votes/{id}/ballots', tags: ['votes'], summary: 'The opened ballots in their shuffled order, for a recount (the committee once counted; members once published)',
  request: { params: IdParams, query: BallotsQuery },
  responses: { 200: ok(BallotsSchema, 'A page of ballots'), ...errors(400, 401, 403, 404, 409) },
});
const results = createRoute({
  method: 'get', path: '/api/votes/{id}/results', tags: ['votes'], summary: 'The results (the committee once counted; members once published)',
  request: { params: IdParams },
  responses: {
    200: ok(z.object({
      vote: VoteSchema, results: ResultsSchema,
      certifications: CertificationsSchema.shape.certifications.openapi({ description: 'who certified the count and when, first first (two different committee members certify it)' }),
    }), 'The results'),
    ...errors(400, 401, 403, 404, 409),
  },
});

/** The committee sees a count at once; members once it is published. */
function mustBeShown(v: { state: string; published_at: string | null }, committee: boolean): void {
  if (committee ? v.state === 'draft' || v.state === 'frozen' : v.published_at === null) {
    throw conflict('vote.not-published', committee ? 'this vote has not been counted yet' : 'the results of this vote are not published yet');
  }
}

async function certificationsOf(db: Kysely<Database> | Transaction<Database>, voteId: number) {
  const rows = await db.selectFrom('vote_certifications as c').innerJoin('people as p', 'p.id', 'c.person_id').select(['p.id', 'p.name', 'c.certified_at'])
    .where('c.vote_id', '=', voteId).orderBy('c.certified_at').orderBy('p.name').execute();
  return rows.map((r) => ({ person: { id: r.id, name: r.name }, certifiedAt: r.certified_at }));
}

/** Sweeps now; if a reader still holds old pages, tries again in the background (every 5 s, for a minute). */
async function sweepUntilClean(deps: { db: Parameters<typeof sweepAfterTheCount>[0]; dialect: Parameters<typeof sweepAfterTheCount>[1]; log: (line: string) => void }): Promise<void> {
  if (await sweepAfterTheCount(deps.db, deps.dialect)) return;
  let tries = 0;
  const again = (): void => {
    const t = setTimeout(() => {
      void sweepAfterTheCount(deps.db, deps.dialect).then((done) => {
        if (!done && ++tries < 12) again();
        else if (!done) deps.log('after a vote count: deleted sealed ballots could not be swept from storage within a minute; the next count sweeps again');
      }, (e: unknown) => deps.log(`after a vote count: sweeping deleted sealed ballots failed: ${String(e)}`));
    }, 5000);
    t.unref();
  };
  again();
}

export function countRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(count, async (c) => {
    const actor = voteActor(c.get('actor'), 'vote.manage');
    const deps = c.get('deps');
    const { id } = c.req.valid('param');
    const now = deps.now();
    const at = now.toISOString();
    const out = await deps.db.transaction().execute(async (tx) => {
      const v = await lockedVote(tx, actor, id);
      mustBeState(v, ['frozen'], 'only a frozen vote, after its close, can be counted');
      if (now.getTime() < Date.parse(v.closes_at)) throw conflict('vote.not-closed', `the vote closes at ${v.closes_at}: count after that`);
      const pending = await tx.selectFrom('vote_challenges').select((eb) => eb.fn.countAll().as('n')).where('vote_id', '=', id).where('status', '=', 'pending').executeTakeFirstOrThrow();
      if (Number(pending.n) > 0) throw conflict('vote.challenges-pending', `${Number(pending.n)} challenge(s) wait for a ruling: the count waits for them`, `GET /api/votes/${id}/challenges, then POST …/challenges/{challengeId}/ruling`);
      const sealed = await tx.selectFrom('vote_envelopes').select((eb) => eb.fn.countAll().as('n')).where('vote_id', '=', id).executeTakeFirstOrThrow();
      if (Number(sealed.n) > 0) throw conflict('vote.envelopes-pending', `${Number(sealed.n)} challenged ballot(s) wait for a ruling on their voter`, `raise a challenge about each member in GET /api/votes/${id}/challenges (envelopesWithoutChallenge) and rule on it`);
      // A member signed in on paper is marked voted on the roll; their ballot is only in the site's
      // accepted tally. Counting before every such site's tally is accepted would count them in the
      // turnout and leave their ballots out.
      const signedIn = await tx.selectFrom('vote_voters').select('worksite_id').where('vote_id', '=', id).where('channel', '=', 'paper').distinct().execute();
      const accepted = new Set((await tx.selectFrom('vote_paper_sites').select('worksite_id').where('vote_id', '=', id).where('accepted_at', 'is not', null).execute()).map((r) => r.worksite_id));
      const waiting = signedIn.filter((r) => r.worksite_id === null || !accepted.has(r.worksite_id)).length;
      if (waiting > 0) throw conflict('vote.paper-pending', `${waiting} site(s) signed members in on paper without an accepted tally: their ballots are in no count yet, so the count waits for them`, `GET /api/votes/${id}/paper: enter each site's tally twice and have its observer sign it off`);
      const opened: Choices[] = await openTheBox(tx, { voteId: id, key: deps.ballotKey });
      const paperRows = await tx.selectFrom('vote_paper_sites').select('counts').where('vote_id', '=', id).where('accepted_at', 'is not', null).execute();
      const paper = paperRows.filter((p) => p.counts !== null).map((p) => JSON.parse(p.counts!) as PaperCounts);
      const r = tally({ questions: questionsOf(v), ballots: opened, paper, roll: await rollOf(tx, id) });
      await tx.updateTable('votes').set({ state: 'counted', results: JSON.stringify(r), counted_by: actor.person.id, counted_at: at, updated_at: at }).where('id', '=', id).execute();
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'vote.count', subject: `votes/${id}`, at });
      return { vote: { ...v, state: 'counted', counted_by: actor.person.id, counted_at: at, updated_at: at }, results: r };
    });
    // The sealed ballots are deleted; now remove what the engine keeps of deleted rows, so that
    // after the count not even the ballot key opens anything (count.ts). Outside the transaction.
    await sweepUntilClean(deps);
    return c.json({ vote: voteJson(out.vote, now), results: out.results }, 200);
  });

  app.openapi(certify, async (c) => {
    const actor = voteActor(c.get('actor'), 'vote.certify');
    const deps = c.get('deps');
    const { id } = c.req.valid('param');
    const now = deps.now();
    const at = now.toISOString();
    const out = await deps.db.transaction().execute(async (tx) => {
      let v = await lockedVote(tx, actor, id);
      mustBeState(v, ['counted', 'certified'], 'only a counted vote can be certified');
      const mine = await tx.selectFrom('vote_certifications').select('id').where('vote_id', '=', id).where('person_id', '=', actor.person.id).executeTakeFirst();
      if (mine) throw conflict('vote.already-certified', 'you have already certified this count: a second certification must come from another committee member');
      await tx.insertInto('vote_certifications').values({ id: deps.ids.next(actor.org.id), vote_id: id, person_id: actor.person.id, certified_at: at }).execute();
      const certifications = await certificationsOf(tx, id);
      if (v.state === 'counted' && certifications.length >= CERTIFICATIONS_NEEDED) {
        await tx.updateTable('votes').set({ state: 'certified', certified_at: at, updated_at: at }).where('id', '=', id).execute();
        v = { ...v, state: 'certified', certified_at: at, updated_at: at };
      }
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'vote.certify', subject: `votes/${id}`, at });
      return { vote: v, certifications };
    });
    return c.json({ vote: voteJson(out.vote, now), certifications: out.certifications }, 200);
  });

  app.openapi(publish, async (c) => {
    const actor = voteActor(c.get('actor'), 'vote.manage');
    const deps = c.get('deps');
    const { id } = c.req.valid('param');
    const now = deps.now();
    const at = now.toISOString();
    const v = await deps.db.transaction().execute(async (tx) => {
      const v = await lockedVote(tx, actor, id);
      mustBeState(v, ['certified'], 'only a certified vote can be published', 'two different committee members certify it first (POST /api/votes/{id}/certify)');
      if (v.published_at !== null) throw conflict('vote.published', `this vote was published at ${v.published_at}`);
      await tx.updateTable('votes').set({ published_at: at, updated_at: at }).where('id', '=', id).execute();
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'vote.publish', subject: `votes/${id}`, at });
      return { ...v, published_at: at, updated_at: at };
    });
    return c.json({ vote: voteJson(v, now) }, 200);
  });

  app.openapi(ballots, async (c) => {
    const actor = voteActor(c.get('actor'), 'vote.read');
    const deps = c.get('deps');
    const { id } = c.req.valid('param');
    const { limit, offset } = c.req.valid('query');
    const v = await voteOf(deps.db, actor, id);
    mustBeShown(v, manages(actor));
    const { n } = await deps.db.selectFrom('vote_ballots').select((eb) => eb.fn.countAll().as('n')).where('vote_id', '=', id).executeTakeFirstOrThrow();
    // A handful of ballots listed one by one would show how those few voted (the roll names who
    // voted online or at a kiosk): below the same 5 under which a worksite's turnout is folded, the
    // results count them and nothing lists them.
    if (Number(n) > 0 && Number(n) < SMALL_SITE) {
      throw conflict('vote.few-ballots', `fewer than ${SMALL_SITE} ballots were cast online and at kiosks: listed one by one, they would show how the members who cast them voted`, `the results count them (GET /api/votes/${id}/results)`);
    }
    // Ids are random (openTheBox): ordering by id is one more shuffle, and the same order every time.
    const rows = await deps.db.selectFrom('vote_ballots').select('choices').where('vote_id', '=', id).orderBy('id').limit(limit).offset(offset).execute();
    return c.json({ ballots: rows.map((r) => JSON.parse(r.choices) as Choices), total: Number(n), limit, offset }, 200);
  });

  app.openapi(results, async (c) => {
    const actor = voteActor(c.get('actor'), 'vote.read');
    const deps = c.get('deps');
    const v = await voteOf(deps.db, actor, c.req.valid('param').id);
    mustBeShown(v, manages(actor));
    if (v.results === null) throw new ApiError(409, { code: 'vote.not-published', message: 'this vote has no results' });
    return c.json({ vote: voteJson(v, deps.now()), results: JSON.parse(v.results) as Results, certifications: await certificationsOf(deps.db, v.id) }, 200);
  });
}
