/**
 * Ballot secrecy, proven against an attacker with a copy of the database (docs/votes.md,
 * "Secrecy"): 300 members vote one by one (online, kiosk and paper labels; choices drawn by a
 * seeded generator and kept here as the ground truth), 2 members not on the list cast
 * challenged ballots (one upheld, one destroyed unopened), and the committee counts.
 *
 * Twice, while the vote is open and after the count, the test takes everything an attacker
 * without the ballot key could read (vote-evidence.ts: file bytes, the write-ahead log, every
 * row with rowid or ctid/xmin/xmax, pg_dump, log lines, the audit log) and runs every linking
 * strategy of vote-linking.ts. None may beat chance. So that this cannot pass because the
 * strategies are blind, the same strategies attack a naive store (plaintext ballots written
 * with the roll's row, in the same transaction) and must find the links there.
 *
 * Voting is sequential, one second apart, which gives order-based strategies their best chance.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase, type SqlDialect } from '../src/db/connect.ts';
import { randomIds } from '../src/db/ids.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import type { Database } from '../src/db/schema.ts';
import { audit } from '../src/server/audit.ts';
import { castBallot } from '../src/server/votes/cast.ts';
import { destroyEnvelope, openTheBox, sweepAfterTheCount, upholdEnvelope } from '../src/server/votes/count.ts';
import type { Channel } from '../src/votes/types.ts';
import { eachDatabase, freshDatabase, type Fresh } from './helpers/databases.ts';
import { gatherEvidence, type Evidence } from './helpers/vote-evidence.ts';
import { createVoteFixture, seededRandom, type VoteFixture } from './helpers/vote-fixture.ts';
import { choiceOf, runStrategies, verdictTable } from './helpers/vote-linking.ts';

const MEMBERS = 300;
const SEED = Number(process.env.SETTLE_SECRECY_SEED ?? 20260120);
const CHANNELS: Channel[] = ['online', 'kiosk', 'paper'];

interface World {
  fresh: Fresh;
  handle: OpenDatabase;
  fx: VoteFixture;
  logs: string[];
  truth: Map<number, string>;
  evidence(): Promise<Evidence>;
}

async function world(dialect: SqlDialect): Promise<World> {
  const fresh = await freshDatabase(dialect);
  const handle = await openDatabase(fresh.options);
  await migrateToLatest(handle.db, dialect);
  const fx = await createVoteFixture(handle.db, { members: MEMBERS, worksites: 12, outsiders: 2 });
  const logs: string[] = [];
  const o = fresh.options;
  return {
    fresh, handle, fx, logs, truth: new Map(),
    evidence: () => gatherEvidence({ db: handle.db, dialect, file: 'file' in o ? o.file : undefined, url: 'url' in o ? o.url : undefined, logs }),
  };
}

/** Who votes in which order, at what time, by which channel and how (the ground truth). */
function plan(fx: VoteFixture, rand: () => number) {
  const everyone = [...fx.members.map((m) => ({ ...m, outsider: false })), ...fx.outsiders.map((m) => ({ ...m, outsider: true }))];
  for (let i = everyone.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [everyone[i], everyone[j]] = [everyone[j], everyone[i]];
  }
  return everyone.map((m, i) => ({ ...m, choice: rand() < 0.5 ? 'yes' : 'no', channel: CHANNELS[Math.floor(rand() * 3)], at: new Date(fx.opensAt.getTime() + i * 1000) }));
}

async function rule(db: Kysely<Database>, fx: VoteFixture, memberRowId: number, ruling: 'upheld' | 'denied', key: Buffer, at: Date): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const voter = await tx.selectFrom('vote_voters').select('id').where('vote_id', '=', fx.voteId).where('member_row_id', '=', memberRowId).executeTakeFirstOrThrow();
    const done = ruling === 'upheld' ? await upholdEnvelope(tx, { voteId: fx.voteId, voterId: voter.id, key }) : await destroyEnvelope(tx, { voteId: fx.voteId, voterId: voter.id });
    expect(done).toBe(true);
    await tx.updateTable('vote_voters').set({ standing: ruling === 'upheld' ? 'added' : 'struck' }).where('id', '=', voter.id).execute();
    await audit(tx, randomIds, { organizationId: fx.orgId, personId: fx.committeeId, action: `vote.challenge.${ruling}`, subject: `votes/${fx.voteId}/voters/${voter.id}`, at: at.toISOString() });
  });
}

/**
 * How many of these sealed ballots can still be found after the count: SQLite, in the main file
 * or the write-ahead log (freed pages, old frames); PostgreSQL, in the raw pages of the inbox
 * and envelope tables (dead tuples), read with pageinspect as a copy of the data directory would.
 */
async function leftovers(w: World, dialect: SqlDialect, sealed: Buffer[]): Promise<number> {
  const probes = sealed.map((b) => b.subarray(0, 40)); // IV, tag and the first ciphertext bytes: unique per seal
  let haystacks: Buffer[];
  if (dialect === 'sqlite') {
    const file = (w.fresh.options as { file: string }).file;
    haystacks = [readFileSync(file), existsSync(`${file}-wal`) ? readFileSync(`${file}-wal`) : Buffer.alloc(0)];
  } else {
    await sql`CREATE EXTENSION IF NOT EXISTS pageinspect`.execute(w.handle.db);
    haystacks = [];
    for (const table of ['vote_inbox', 'vote_envelopes']) {
      const pages = await sql<{ n: string }>`SELECT pg_relation_size(${table}::regclass) / current_setting('block_size')::int AS n`.execute(w.handle.db);
      for (let p = 0; p < Number(pages.rows[0].n); p++) {
        const raw = await sql<{ page: Uint8Array }>`SELECT get_raw_page(${table}, ${p}) AS page`.execute(w.handle.db);
        haystacks.push(Buffer.from(raw.rows[0].page));
      }
    }
  }
  return probes.filter((p) => haystacks.some((h) => h.includes(p))).length;
}

function assertNoneWins(title: string, views: Parameters<typeof runStrategies>[0], truth: Map<number, string>): void {
  const verdicts = runStrategies(views, truth);
  console.log(verdictTable(title, verdicts));
  expect(verdicts.filter((v) => v.wins).map((v) => v.strategy)).toEqual([]);
}

eachDatabase('ballot secrecy against a copy of the database', (dialect) => {
  it('no strategy links a voter to a choice, while the vote is open or after the count', async () => {
    const w = await world(dialect);
    try {
      const key = randomBytes(32);
      const votes = plan(w.fx, seededRandom(SEED));
      for (const v of votes) {
        const outcome = await castBallot(w.handle.db, { voteId: w.fx.voteId, organizationId: w.fx.orgId, memberRowId: v.rowId, channel: v.channel, choices: { strike: v.choice }, now: v.at, key, ids: randomIds, worksiteId: v.worksiteId });
        expect(outcome).toMatchObject({ kind: 'cast', challenged: v.outsider });
        w.truth.set(v.rowId, v.choice);
      }
      expect(w.truth.size).toBe(302); // 300 on the list + 2 outsiders

      const open = await w.evidence();
      expect(open.rows.filter((r) => r.table === 'vote_inbox')).toHaveLength(300);
      expect(open.rows.filter((r) => r.table === 'vote_envelopes')).toHaveLength(2);
      if (dialect === 'sqlite') expect(open.files.get('wal')?.length ?? 0).toBeGreaterThan(0);
      assertNoneWins(`${dialect}, while the vote is open`, { now: open }, w.truth);

      const [upheld, destroyed] = w.fx.outsiders;
      const after = new Date(w.fx.opensAt.getTime() + 8 * 86_400_000);
      await rule(w.handle.db, w.fx, upheld.rowId, 'upheld', key, after);
      await rule(w.handle.db, w.fx, destroyed.rowId, 'denied', key, new Date(after.getTime() + 60_000));
      const opened = await w.handle.db.transaction().execute(async (tx) => {
        const ballots = await openTheBox(tx, { voteId: w.fx.voteId, key });
        const at = new Date(after.getTime() + 120_000).toISOString();
        await tx.updateTable('votes').set({ state: 'counted', counted_by: w.fx.committeeId, counted_at: at }).where('id', '=', w.fx.voteId).execute();
        await audit(tx, randomIds, { organizationId: w.fx.orgId, personId: w.fx.committeeId, action: 'vote.count', subject: `votes/${w.fx.voteId}`, at });
        return ballots;
      });

      // The count is right: every ballot but the destroyed one, yes and no as cast.
      const counted = [...w.truth].filter(([m]) => m !== destroyed.rowId).map(([, c]) => c);
      expect(opened).toHaveLength(301); // 300 + 1 upheld
      expect(opened.filter((c) => c.strike === 'yes').length).toBe(counted.filter((c) => c === 'yes').length);

      expect(await sweepAfterTheCount(w.handle.db, dialect)).toBe(true);
      const done = await w.evidence();
      const stored = done.rows.filter((r) => r.table === 'vote_ballots').map((r) => choiceOf(String(r.values.choices)));
      expect(stored.filter((c) => c === 'yes').length).toBe(counted.filter((c) => c === 'yes').length);
      expect(done.rows.filter((r) => r.table === 'vote_inbox')).toHaveLength(0);
      assertNoneWins(`${dialect}, after the count`, { now: done, before: open }, w.truth);

      // After the count no key helps (docs/votes.md): no sealed ballot of the open vote is left
      // anywhere readable, or someone holding the key could open it and, by its place, link it.
      const sealed = open.rows.filter((r) => r.values.sealed instanceof Uint8Array).map((r) => Buffer.from(r.values.sealed as Uint8Array));
      expect(sealed).toHaveLength(302);
      const left = await leftovers(w, dialect, sealed);
      console.log(`${dialect}: sealed ballots still readable after the count: ${left} of ${sealed.length}`);
      expect(left).toBe(0);
    } finally {
      await w.handle.close();
      await w.fresh.dispose();
    }
  }, 120_000);

  it('the same strategies do find the links in a naive store (plaintext ballots written with the roll)', async () => {
    const w = await world(dialect);
    try {
      await sql`CREATE TABLE naive_ballots (id ${sql.raw(dialect === 'sqlite' ? 'INTEGER PRIMARY KEY AUTOINCREMENT' : 'BIGSERIAL PRIMARY KEY')}, vote_id BIGINT NOT NULL, choices TEXT NOT NULL)`.execute(w.handle.db);
      const naive = w.handle.db as unknown as Kysely<{ naive_ballots: { vote_id: number; choices: string } }>;
      for (const v of plan(w.fx, seededRandom(SEED)).filter((v) => !v.outsider)) {
        await w.handle.db.transaction().execute(async (tx) => {
          await tx.updateTable('vote_voters').set({ voted_at: v.at.toISOString(), channel: v.channel }).where('vote_id', '=', w.fx.voteId).where('member_row_id', '=', v.rowId).execute();
          await (tx as unknown as typeof naive).insertInto('naive_ballots').values({ vote_id: w.fx.voteId, choices: JSON.stringify({ strike: v.choice }) }).execute();
        });
        w.truth.set(v.rowId, v.choice);
      }
      const verdicts = runStrategies({ now: await w.evidence() }, w.truth);
      console.log(verdictTable(`${dialect}, naive store (must be found)`, verdicts));
      expect(verdicts.filter((v) => v.wins).length).toBeGreaterThanOrEqual(1);
    } finally {
      await w.handle.close();
      await w.fresh.dispose();
    }
  }, 120_000);
});

describe('the linking judge', () => {
  it('counts a coin as chance and an exact mapping as a win', async () => {
    const { judge } = await import('./helpers/vote-linking.ts');
    const truth = new Map(Array.from({ length: 100 }, (_, i) => [i, i % 2 ? 'yes' : 'no'] as [number, string]));
    // Claiming "yes" for everyone: 50 right of 100, chance 100 × 0.5 = 50: no win.
    expect(judge('all yes', [...truth.keys()].map((m) => ({ memberRowId: m, choice: 'yes' })), truth)).toMatchObject({ claimed: 100, correct: 50, chance: 50, wins: false });
    // The truth itself: 100 of 100.
    expect(judge('truth', [...truth].map(([m, c]) => ({ memberRowId: m, choice: c })), truth)).toMatchObject({ correct: 100, wins: true });
    // 70 of 100 right: 70% > 60%, and 70 − 50 = 20 > 4σ = 4 × √25 = 20? Not more than 20: no win.
    const seventy = [...truth].map(([m, c], i) => ({ memberRowId: m, choice: i < 70 ? c : c === 'yes' ? 'no' : 'yes' }));
    expect(judge('seventy', seventy, truth)).toMatchObject({ correct: 70, wins: false });
    // 71 of 100: 21 > 20: a win.
    const seventyOne = [...truth].map(([m, c], i) => ({ memberRowId: m, choice: i < 71 ? c : c === 'yes' ? 'no' : 'yes' }));
    expect(judge('seventy-one', seventyOne, truth)).toMatchObject({ correct: 71, wins: true });
  });
});
