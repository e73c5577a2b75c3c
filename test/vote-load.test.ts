/**
 * One member, one vote under load (docs/votes.md), through the HTTP API: 10,000 casts at once by
 * the same 1,000 members, 10 attempts each over four ways in, in a shuffled order, all started
 * together on the in-process app:
 *
 * - online with a session (POST /api/votes/{id}/ballot, cookie + CSRF token);
 * - online with a voter token (the same route, Authorization: Voter <token>);
 * - at a kiosk a site captain opened: identify by the captain's attestation, then the ballot;
 * - paper: the election committee signs the member in at their worksite.
 *
 * Exactly one attempt per member claims the roll; every other is refused and recorded. So the
 * roll shows 1,000 voted, the box holds one ballot per online or kiosk voter (paper sign-ins store
 * none), and vote_refusals holds 9,000 rows, 9 per member.
 *
 * Lean on purpose (the first version took 188 s on SQLite): sessions, voter tokens and kiosks are
 * made once up front, written as the sign-in and code flows leave them (argon2 sign-ins and the
 * code flow's per-address limits have their own tests); the timed part is only the 10,000 casts.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { eachDatabase } from './helpers/databases.ts';
import { startTestServer } from './helpers/server.ts';
import { castingKit, httpCaster, WAYS, type Attempt, type Outcome, type Way } from './helpers/vote-casters.ts';
import { createVoteFixture, seededRandom } from './helpers/vote-fixture.ts';

// SETTLE_VOTE_LOAD_MEMBERS changes the number of members (a quick run while working); CI runs 1,000.
const ATTEMPTS_EACH = 10;
const MEMBERS = Number(process.env.SETTLE_VOTE_LOAD_MEMBERS ?? 1000);
const REFUSED = MEMBERS * (ATTEMPTS_EACH - 1); // 9 of each member's 10 attempts: 9,000
const WORKSITES = 10;

eachDatabase('one member, one vote under 10,000 concurrent casts over every channel', (dialect) => {
  it('1,000 voted on the roll, a ballot per online or kiosk voter, 9,000 recorded refusals', async () => {
    const s = await startTestServer({ dialect, empty: true });
    try {
      const t0 = performance.now();
      // The vote is open at the test server's clock (2026-01-15 16:00Z).
      const fx = await createVoteFixture(s.handle.db, { members: MEMBERS, worksites: WORKSITES, window: { opensAt: new Date('2026-01-15T00:00:00Z'), closesAt: new Date('2026-01-16T00:00:00Z') } });
      const p = await castingKit(s, fx);
      const rand = seededRandom(20260121);
      // Member k's attempts i = 0..9 take ways i mod 4: 3 with a session, 3 with a token, 2 at a kiosk, 2 on paper.
      const attempts: Attempt[] = p.members.flatMap((m) => Array.from({ length: ATTEMPTS_EACH }, (_, i): Attempt => ({ m, way: WAYS[i % 4], choice: rand() < 0.5 ? 'yes' : 'no' })));
      for (let i = attempts.length - 1; i > 0; i--) {
        const j = Math.floor(rand() * (i + 1));
        [attempts[i], attempts[j]] = [attempts[j], attempts[i]];
      }
      const setUp = (performance.now() - t0) / 1000;
      const cast = httpCaster(s, fx, p);
      const t1 = performance.now();
      // Started in the shuffled order, pausing 1 ms every 10: all overlap, but the
      // earlier ones get ahead, so each member's first attempt tends to win and the ways mix
      // (started in one go, the way with the fewest awaits before its claim, paper, won every time).
      const pending: Promise<Outcome>[] = [];
      for (const [i, a] of attempts.entries()) {
        pending.push(cast(a));
        if (i % 10 === 9) await new Promise((r) => setTimeout(r, 1));
      }
      const outcomes = await Promise.all(pending);
      const seconds = (performance.now() - t1) / 1000;

      const receipts = outcomes.flatMap((o) => (o.kind === 'ballot' ? [o.receipt] : []));
      const paper = outcomes.filter((o) => o.kind === 'signed-in').length;
      const refused = outcomes.filter((o) => o.kind === 'refused').length;
      const winners = new Map<Way, number>();
      outcomes.forEach((o, i) => o.kind !== 'refused' && winners.set(attempts[i].way, (winners.get(attempts[i].way) ?? 0) + 1));
      console.log(`${dialect}: set-up ${setUp.toFixed(1)} s; ${attempts.length} casts at once through the API in ${seconds.toFixed(1)} s (${Math.round(attempts.length / seconds)} attempts/s); voted by ${JSON.stringify(Object.fromEntries(winners))}`);

      expect(receipts.length + paper).toBe(MEMBERS); // one claim per member
      // Both outcomes of a claim happen: ballots in the box and paper sign-ins (which way wins is a race: a kiosk, two requests, wins least).
      expect(receipts.length).toBeGreaterThan(0);
      expect(paper).toBeGreaterThan(0);
      expect(new Set(receipts).size).toBe(receipts.length); // no receipt code given twice
      expect(refused).toBe(REFUSED); // 10,000 − 1,000

      const count = async (q: Promise<{ n: number | string | bigint }[]>) => Number((await q)[0].n);
      const db = s.handle.db;
      const inbox = await count(db.selectFrom('vote_inbox').select((eb) => eb.fn.countAll<number>().as('n')).where('vote_id', '=', fx.voteId).execute());
      const refusals = await count(db.selectFrom('vote_refusals').select((eb) => eb.fn.countAll<number>().as('n')).where('vote_id', '=', fx.voteId).where('reason', '=', 'already-voted').execute());
      const voted = await count(db.selectFrom('vote_voters').select((eb) => eb.fn.countAll<number>().as('n')).where('vote_id', '=', fx.voteId).where('voted_at', 'is not', null).execute());
      const onPaper = await count(db.selectFrom('vote_voters').select((eb) => eb.fn.countAll<number>().as('n')).where('vote_id', '=', fx.voteId).where('channel', '=', 'paper').execute());
      const envelopes = await count(db.selectFrom('vote_envelopes').select((eb) => eb.fn.countAll<number>().as('n')).execute());
      // inbox: the online and kiosk winners (1,000 − paper); refusals: 9 per member.
      expect({ inbox, refusals, voted, onPaper, envelopes }).toEqual({ inbox: MEMBERS - paper, refusals: REFUSED, voted: MEMBERS, onPaper: paper, envelopes: 0 });

      // Every member refused 9 times, never 10 or 8: the one that got through is theirs.
      const perMember = await sql<{ n: number | string }>`SELECT count(*) AS n FROM vote_refusals WHERE vote_id = ${fx.voteId} GROUP BY member_row_id`.execute(db);
      expect(perMember.rows).toHaveLength(MEMBERS);
      expect(new Set(perMember.rows.map((r) => Number(r.n)))).toEqual(new Set([9]));

      // The roll's channel is the way the winning attempt came in (a session and a token are both online).
      const rollChannels = await db.selectFrom('vote_voters').select(['channel']).where('vote_id', '=', fx.voteId).execute();
      const byChannel = (c: string) => rollChannels.filter((r) => r.channel === c).length;
      expect({ online: byChannel('online'), kiosk: byChannel('kiosk'), paper: byChannel('paper') })
        .toEqual({ online: (winners.get('session') ?? 0) + (winners.get('token') ?? 0), kiosk: winners.get('kiosk') ?? 0, paper: winners.get('paper') ?? 0 });
    } finally {
      await s.close();
    }
  }, 600_000);
});
