import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { eachDatabase, freshDatabase, type Fresh } from '../../../test/helpers/databases.ts';
import { openDatabase, type OpenDatabase } from '../../db/connect.ts';
import { changeBusFor, LISTENER_NAME, parsePayload, type ChangeBus, type PicketChange } from './changes.ts';

const waitFor = async (check: () => boolean, ms = 3000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

it('reads only `orgId:dayId` payloads', () => {
  expect(parsePayload('12:34')).toEqual({ organizationId: 12, strikeDayId: 34 });
  for (const bad of ['', '12', '12:', ':3', '012:3', '1:2:3', '1: 2', 'a:b', '99999999999999999:1', undefined]) expect(parsePayload(bad)).toBeNull();
});

eachDatabase('the picket change bus', (dialect) => {
  let target: Fresh;
  let handle: OpenDatabase;
  const buses: ChangeBus[] = [];
  const logs: string[] = [];
  const busFor = async () => {
    const bus = await changeBusFor({ dialect, url: 'url' in target.options ? target.options.url : undefined, db: handle.db, log: (l) => void logs.push(l) });
    buses.push(bus);
    return bus;
  };

  beforeAll(async () => {
    target = await freshDatabase(dialect);
    handle = await openDatabase(target.options);
  });
  afterAll(async () => {
    for (const b of buses) await b.close();
    await handle?.close();
    await target?.dispose();
  });

  it('delivers a change to the listeners of its union only', async () => {
    const bus = await busFor();
    const heard: PicketChange[] = [];
    const other: PicketChange[] = [];
    bus.subscribe(1, (c) => heard.push(c));
    bus.subscribe(2, (c) => other.push(c));
    bus.publish({ organizationId: 1, strikeDayId: 7 });
    await waitFor(() => heard.length === 1);
    expect(heard).toEqual([{ organizationId: 1, strikeDayId: 7 }]);
    await new Promise((r) => setTimeout(r, 100));
    expect(heard).toHaveLength(1); // once, not once locally and once more from the database
    expect(other).toEqual([]);
  });

  if (dialect === 'postgres') {
    it('delivers a change published by one process to the others (LISTEN/NOTIFY), and keeps doing so after the listening connection is killed', async () => {
      const a = await busFor();
      const b = await busFor();
      const heard: PicketChange[] = [];
      b.subscribe(5, (c) => heard.push(c));
      a.publish({ organizationId: 5, strikeDayId: 9 });
      await waitFor(() => heard.length === 1);
      // Kill every listening connection on this database (as a restart of PostgreSQL or a network cut would).
      const admin = new pg.Client({ connectionString: (target.options as { url: string }).url });
      await admin.connect();
      try {
        const killed = await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()`, [LISTENER_NAME]);
        expect(killed.rowCount).toBeGreaterThanOrEqual(2);
        // b reconnects and tells its boards that anything may have changed.
        await waitFor(() => heard.some((c) => c.strikeDayId === null));
        await waitFor(() => logs.some((l) => l.includes('reconnecting')));
        // A change published on a after the cut still reaches b through the database.
        const before = heard.length;
        a.publish({ organizationId: 5, strikeDayId: 10 });
        await waitFor(() => heard.slice(before).some((c) => c.strikeDayId === 10));
      } finally {
        await admin.end();
      }
    });
  } else {
    it('stays within the process on SQLite (one process serves a SQLite file)', async () => {
      const a = await busFor();
      const b = await busFor();
      const heard: PicketChange[] = [];
      b.subscribe(5, (c) => heard.push(c));
      a.publish({ organizationId: 5, strikeDayId: 9 });
      await new Promise((r) => setTimeout(r, 100));
      expect(heard).toEqual([]);
    });
  }
});
