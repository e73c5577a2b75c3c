import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../db/connect.ts';
import { randomIds } from '../../db/ids.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { freshDatabase, type Fresh } from '../../../test/helpers/databases.ts';
import { insertStrikeMorning, type CheckinWorld } from '../../../test/helpers/checkin-world.ts';
import { ApiError } from '../errors.ts';
import type { CheckInJob } from './checkin-batch.ts';
import { startCheckInThread, type CheckInWriter } from './checkin-writer.ts';
import { Coalescer } from './coalescer.ts';

// The SQLite server's check-in writer: a thread with its own connection to the file
// (src/server/pickets/checkin-writer.ts), writing while the server's own connection writes too.
describe('the check-in writer\'s thread (SQLite)', () => {
  let fresh: Fresh;
  let main: OpenDatabase;
  let w: CheckinWorld;
  let organizer: number;
  let writer: CheckInWriter;
  const logged: string[] = [];
  const now = '2019-01-14T16:00:00.000Z';

  beforeAll(async () => {
    fresh = await freshDatabase('sqlite');
    main = await openDatabase(fresh.options);
    await migrateToLatest(main.db, 'sqlite');
    const orgId = randomIds.next(null);
    await main.db.insertInto('organizations').values({ id: orgId, kind: 'union', name: 'Thread Teachers', created_at: '2019-01-01T00:00:00.000Z', district_id: null, unit: 'T' }).execute();
    organizer = randomIds.next(orgId);
    await main.db.insertInto('people').values({ id: organizer, organization_id: orgId, email: 'o@thread.test', name: 'Organizer', role: 'organizer', password_hash: null, created_at: '2019-01-01T00:00:00.000Z' }).execute();
    w = await insertStrikeMorning(main.db, randomIds, { orgId, by: organizer, perSite: 5 });
    writer = startCheckInThread((fresh.options as { file: string }).file, (line) => logged.push(line));
  }, 60_000);
  afterAll(async () => {
    await writer?.close();
    await main?.close();
    await fresh?.dispose();
  });

  let n = 0;
  const job = (action: 'in' | 'undo', minute: number): CheckInJob => ({
    organizationId: w.orgId, personId: organizer, role: 'organizer', receivedAt: now,
    actions: w.membersA.map((m) => ({ id: `thread-${String(++n).padStart(6, '0')}`, shiftId: w.shifts.a, action, at: `2019-01-14T15:${String(minute).padStart(2, '0')}:00.000Z`, memberRowId: m })),
  });

  it('writes while the server\'s connection reads then writes in its own transactions: neither fails, each action is stored once', async () => {
    const rounds = 25;
    const answers = [];
    for (let round = 0; round < rounds; round++) {
      // The server's transaction reads, lets the writer's batch run, then writes. Begun DEFERRED, it
      // would fail with SQLITE_BUSY on its write whenever the batch committed in between; begun
      // IMMEDIATE (src/db/connect.ts), one waits for the other.
      const serverSide = main.db.transaction().execute(async (tx) => {
        const before = await tx.selectFrom('organizations').select('name').where('id', '=', w.orgId).executeTakeFirstOrThrow();
        await new Promise((r) => setTimeout(r, 5));
        await tx.updateTable('organizations').set({ name: `${before.name.replace(/ \d+$/, '')} ${round}` }).where('id', '=', w.orgId).execute();
      });
      const [batch] = await Promise.all([writer.write([job(round % 2 === 0 ? 'in' : 'undo', round)], now), serverSide]);
      answers.push(batch);
    }
    // 25 batches of the 5 members of site A, each recorded.
    expect(answers.flat().map((a) => ('results' in a ? a.results.map((r) => r.outcome) : a))).toEqual(Array.from({ length: rounds }, () => Array(5).fill('recorded')));
    const stored = await main.db.selectFrom('picket_actions').select(['device_action_id']).where('organization_id', '=', w.orgId).execute();
    expect(stored.length).toBe(rounds * 5);
    expect(new Set(stored.map((s) => s.device_action_id)).size).toBe(rounds * 5);
    // Round 24 (the last) wrote its number last.
    expect((await main.db.selectFrom('organizations').select('name').where('id', '=', w.orgId).executeTakeFirstOrThrow()).name).toBe('Thread Teachers 24');
    // The last round (24, even) checked everyone in at 15:24, after round 23's undo at 15:23.
    const rows = await main.db.selectFrom('picket_attendance').select(['checked_in_at']).where('organization_id', '=', w.orgId).execute();
    expect(rows.map((r) => r.checked_in_at)).toEqual(Array(5).fill('2019-01-14T15:24:00.000Z'));
  }, 120_000);

  it('sends refusals across as they were made: an ApiError stays one, an unknown session falls back to the ordinary route', async () => {
    // The organizer has no roster row, so a check-in with a code is refused with 409 picket.no-member-row.
    const [refused, unknown] = await writer.write([
      { organizationId: w.orgId, personId: organizer, role: 'organizer', receivedAt: now, actions: [{ id: 'thread-code-1', shiftId: w.shifts.a, action: 'in', at: now, code: '123456' }] },
      { tokenHash: 'f'.repeat(64), receivedAt: now, actions: [{ id: 'thread-code-2', shiftId: w.shifts.a, action: 'in', at: now, code: '123456' }] },
    ], now);
    expect('error' in refused && refused.error).toBeInstanceOf(ApiError);
    expect('error' in refused && [refused.error.status, refused.error.body.code]).toEqual([409, 'picket.no-member-row']);
    expect(unknown).toEqual({ fallback: true });
  });

  it('batches handed over together are written in fewer transactions, each answered with its own results', async () => {
    const audits = async () => (await main.db.selectFrom('audit_log').select('id').where('organization_id', '=', w.orgId).where('action', '=', 'picket.check-ins').execute()).length;
    const before = await audits();
    // Ten batches at once (as the coalescer hands them over, without waiting for the last one's
    // commit): the thread starts on the first and writes the nine that arrive meanwhile in one
    // more transaction. The batch's audit entry is written once per transaction
    // (checkin-batch.ts auditBatch), so ten transactions would leave ten entries.
    const batches = Array.from({ length: 10 }, (_, i) => job(i % 2 === 0 ? 'in' : 'undo', 30 + i));
    const answers = await Promise.all(batches.map((b) => writer.write([b], now)));
    answers.forEach(([a], i) => {
      expect('results' in a && a.results.map((r) => [r.id, r.outcome])).toEqual(batches[i].actions.map((x) => [x.id, 'recorded']));
    });
    const written = (await audits()) - before;
    expect(written).toBeGreaterThanOrEqual(1);
    expect(written).toBeLessThan(10);
    // Written in order: the last batch (i = 9, an undo at 15:39) left everyone checked out of the
    // shift again, the in at 15:38 undone (attendance replayed from all of a member's actions).
    const rows = await main.db.selectFrom('picket_attendance').select(['checked_in_at']).where('organization_id', '=', w.orgId).execute();
    expect(rows.map((r) => r.checked_in_at)).toEqual(Array(5).fill(null));
  });

  it('the coalescer hands the thread its next batch before the last one committed, and idle() waits for every answer', async () => {
    // The thread's own writer, watched: how many batches it holds unanswered at once.
    let holding = 0;
    let most = 0;
    const watched: CheckInWriter = {
      async write(batch, at) {
        most = Math.max(most, ++holding);
        try {
          return await writer.write(batch, at);
        } finally {
          holding--;
        }
      },
      close: () => writer.close(),
    };
    const coalescer = new Coalescer({ db: main.db, dialect: 'sqlite', ids: randomIds, now: () => new Date(now), log: (l) => logged.push(l), checkIns: watched });
    // Twenty requests arriving in successive turns of the event loop, as from many connections.
    let answered = 0;
    const pending = [];
    for (let i = 0; i < 20; i++) {
      pending.push(coalescer.submit(job('in', 40 + (i % 10))).then((a) => (answered++, a)));
      await new Promise((r) => setImmediate(r));
    }
    await coalescer.idle();
    expect(answered).toBe(20);
    for (const a of await Promise.all(pending)) expect('results' in a && a.results.map((r) => r.outcome)).toEqual(Array(5).fill('recorded'));
    // Waiting for each commit before handing over the next batch, it would never hold two.
    expect(most).toBeGreaterThan(1);
  });

  it('a file it cannot open: every batch fails with the reason, none waits forever, and close() returns', async () => {
    const lost: string[] = [];
    const broken = startCheckInThread(join(mkdtempSync(join(tmpdir(), 'settle-thread-')), 'no-such-folder', 'x.sqlite'), (l) => lost.push(l));
    await expect(broken.write([job('in', 0)], now)).rejects.toThrow(/could not open .*x\.sqlite/);
    await expect(broken.write([job('in', 0)], now)).rejects.toThrow(/could not open .*x\.sqlite/);
    await broken.close();
    await expect(broken.write([job('in', 0)], now)).rejects.toThrow(/stopping/);
  });

  it('close() writes what it was given first, then the thread stops and takes no more', async () => {
    const own = startCheckInThread((fresh.options as { file: string }).file, () => undefined);
    const pending = own.write([job('in', 50)], now);
    await own.close();
    const [done] = await pending;
    expect('results' in done && done.results.map((r) => r.outcome)).toEqual(Array(5).fill('recorded'));
    await expect(own.write([job('in', 51)], now)).rejects.toThrow(/stopping/);
    expect(logged).toEqual([]);
  });
});
