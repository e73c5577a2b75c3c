/**
 * One member, one vote under load (docs/votes.md): 10,000 casts at once by the same 1,000
 * members, 10 attempts each over the online, kiosk and paper channels in a shuffled order,
 * all started together. Exactly one attempt per member is a ballot; the 9,000 others are
 * refused and recorded; the roll shows 1,000 voted.
 *
 * The attempts go through castBallot on the server's own database handle (one SQLite
 * connection, or a pool of 10 PostgreSQL connections racing on row locks). When the cast
 * route exists, `Caster` gets an HTTP implementation beside `direct` and the same checks run.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../src/db/connect.ts';
import { randomIds } from '../src/db/ids.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { castBallot } from '../src/server/votes/cast.ts';
import type { Channel } from '../src/votes/types.ts';
import { eachDatabase, freshDatabase } from './helpers/databases.ts';
import { createVoteFixture, seededRandom, type VoteFixture } from './helpers/vote-fixture.ts';

const MEMBERS = 1000;
const ATTEMPTS_EACH = 10;
const CHANNELS: Channel[] = ['online', 'kiosk', 'paper'];

interface Attempt { memberRowId: number; channel: Channel; choice: 'yes' | 'no' }
type Caster = (a: Attempt) => Promise<{ kind: 'cast'; receipt: string } | { kind: 'refused' }>;

function direct(handle: OpenDatabase, fx: VoteFixture, key: Buffer): Caster {
  return async (a) => {
    const o = await castBallot(handle.db, { voteId: fx.voteId, organizationId: fx.orgId, memberRowId: a.memberRowId, channel: a.channel, choices: { strike: a.choice }, now: new Date(fx.opensAt.getTime() + 3_600_000), key, ids: randomIds });
    return o.kind === 'cast' ? { kind: 'cast', receipt: o.receipt } : { kind: 'refused' };
  };
}

eachDatabase('one member, one vote under 10,000 concurrent casts', (dialect) => {
  it('counts exactly 1,000 ballots and 9,000 recorded refusals; the roll shows 1,000 voted', async () => {
    const fresh = await freshDatabase(dialect);
    const handle = await openDatabase(fresh.options);
    try {
      await migrateToLatest(handle.db, dialect);
      const fx = await createVoteFixture(handle.db, { members: MEMBERS, worksites: 40 });
      const rand = seededRandom(20260121);
      const attempts: Attempt[] = fx.members.flatMap((m) => Array.from({ length: ATTEMPTS_EACH }, (_, i) => ({ memberRowId: m.rowId, channel: CHANNELS[i % 3], choice: rand() < 0.5 ? 'yes' : 'no' } as Attempt)));
      for (let i = attempts.length - 1; i > 0; i--) {
        const j = Math.floor(rand() * (i + 1));
        [attempts[i], attempts[j]] = [attempts[j], attempts[i]];
      }
      const cast = direct(handle, fx, randomBytes(32));
      const t0 = performance.now();
      const outcomes = await Promise.all(attempts.map((a) => cast(a)));
      const seconds = (performance.now() - t0) / 1000;
      console.log(`${dialect}: ${attempts.length} casts at once in ${seconds.toFixed(1)} s (${Math.round(attempts.length / seconds)} attempts/s)`);

      const receipts = outcomes.flatMap((o) => (o.kind === 'cast' ? [o.receipt] : []));
      expect(receipts).toHaveLength(1000); // one per member
      expect(new Set(receipts).size).toBe(1000); // no receipt code given twice
      expect(outcomes.filter((o) => o.kind === 'refused')).toHaveLength(9000); // 10,000 − 1,000

      const count = async (q: Promise<{ n: number | string | bigint }[]>) => Number((await q)[0].n);
      const inbox = await count(handle.db.selectFrom('vote_inbox').select((eb) => eb.fn.countAll<number>().as('n')).where('vote_id', '=', fx.voteId).execute());
      const refusals = await count(handle.db.selectFrom('vote_refusals').select((eb) => eb.fn.countAll<number>().as('n')).where('vote_id', '=', fx.voteId).where('reason', '=', 'already-voted').execute());
      const voted = await count(handle.db.selectFrom('vote_voters').select((eb) => eb.fn.countAll<number>().as('n')).where('vote_id', '=', fx.voteId).where('voted_at', 'is not', null).execute());
      const envelopes = await count(handle.db.selectFrom('vote_envelopes').select((eb) => eb.fn.countAll<number>().as('n')).execute());
      expect({ inbox, refusals, voted, envelopes }).toEqual({ inbox: 1000, refusals: 9000, voted: 1000, envelopes: 0 });

      // Every member refused 9 times, never 10 or 8: the one that got through is theirs.
      const perMember = await sql<{ n: number | string }>`SELECT count(*) AS n FROM vote_refusals WHERE vote_id = ${fx.voteId} GROUP BY member_row_id`.execute(handle.db);
      expect(perMember.rows).toHaveLength(1000);
      expect(new Set(perMember.rows.map((r) => Number(r.n)))).toEqual(new Set([9]));

      // A voter's channel on the roll is one of the channels they tried.
      const channels = await handle.db.selectFrom('vote_voters').select(['channel']).where('vote_id', '=', fx.voteId).execute();
      expect(channels.every((c) => CHANNELS.includes(c.channel as Channel))).toBe(true);
    } finally {
      await handle.close();
      await fresh.dispose();
    }
  }, 600_000);
});
