import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../db/connect.ts';
import { randomIds } from '../../db/ids.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { replay } from '../../pickets/attendance.ts';
import type { RecordedAction } from '../../pickets/types.ts';
import { eachDatabase, freshDatabase, type Fresh } from '../../../test/helpers/databases.ts';
import { insertStrikeMorning, SHIFT_TIMES, type CheckinWorld } from '../../../test/helpers/checkin-world.ts';
import { inWriteTransaction, writeBatch, type CheckInJob } from './checkin-batch.ts';

// Two server processes write batches for the same members at the same moment (each its own
// database connection, as two `settle serve` on one PostgreSQL): every stored attendance row must
// still be the replay of all the actions stored for it.
eachDatabase('two writers at once', (dialect) => {
  let fresh: Fresh;
  let a: OpenDatabase;
  let b: OpenDatabase;
  let w: CheckinWorld;
  let organizer: number;
  beforeAll(async () => {
    fresh = await freshDatabase(dialect);
    a = await openDatabase(fresh.options);
    b = await openDatabase(fresh.options);
    await migrateToLatest(a.db, dialect);
    const orgId = randomIds.next(null);
    await a.db.insertInto('organizations').values({ id: orgId, kind: 'union', name: 'Two Writers', created_at: '2019-01-01T00:00:00.000Z', district_id: null, unit: 'T' }).execute();
    organizer = randomIds.next(orgId);
    await a.db.insertInto('people').values({ id: organizer, organization_id: orgId, email: 'o@two.test', name: 'Organizer', role: 'organizer', password_hash: null, created_at: '2019-01-01T00:00:00.000Z' }).execute();
    w = await insertStrikeMorning(a.db, randomIds, { orgId, by: organizer, perSite: 5 });
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await fresh?.dispose();
  });

  it('20 rounds of two batches at once on the same 5 members: every attendance row equals the replay of its stored actions', async () => {
    const now = '2019-01-14T16:00:00.000Z';
    let n = 0;
    const job = (minute: number, action: 'in' | 'undo'): CheckInJob => ({
      organizationId: w.orgId, personId: organizer, role: 'organizer', receivedAt: now,
      actions: w.membersA.map((m) => ({ id: `two-${String(++n).padStart(6, '0')}`, shiftId: w.shifts.a, action, at: `2019-01-14T15:${String(minute).padStart(2, '0')}:00.000Z`, memberRowId: m })),
    });
    for (let round = 0; round < 20; round++) {
      // Writer b undoes at 15:mm, writer a checks everyone in at 15:mm+1 (later by device time: the check-in holds,
      // at a's time). A writer that replayed without the other's action would store the earlier check-in's time.
      const first = () => inWriteTransaction(a.db, dialect, (tx) => writeBatch(tx, randomIds, [job(round * 2 + 1, 'in')], now, dialect));
      const second = () => inWriteTransaction(b.db, dialect, (tx) => writeBatch(tx, randomIds, [job(round * 2, 'undo')], now, dialect));
      // A SQLite file is served by one process (docs/pickets.md): its writers take turns, and two
      // connections in one thread would wait on each other's lock. PostgreSQL: truly at once.
      if (dialect === 'sqlite') {
        await first();
        await second();
      } else await Promise.all([first(), second()]);
    }
    const actions = await a.db.selectFrom('picket_actions').selectAll().where('organization_id', '=', w.orgId).execute();
    expect(actions.length).toBe(20 * 2 * 5);
    const rows = await a.db.selectFrom('picket_attendance').selectAll().where('organization_id', '=', w.orgId).execute();
    expect(rows.length).toBe(5);
    for (const r of rows) {
      const mine: RecordedAction[] = actions.filter((x) => x.member_row_id === r.member_row_id).map((x) => ({ deviceActionId: x.device_action_id, action: x.action as 'in', at: x.at, receivedAt: x.received_at, method: x.method as 'organizer', recordedBy: x.recorded_by }));
      const want = replay(mine, SHIFT_TIMES, now);
      expect([r.checked_in_at, r.checked_out_at]).toEqual([want.checkedInAt, want.checkedOutAt]);
      // The last actions by device time: round 19's undo at 15:38 (2 × 19), then its check-in at 15:39.
      expect(r.checked_in_at).toBe('2019-01-14T15:39:00.000Z');
    }
  }, 120_000);
});
