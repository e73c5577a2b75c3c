/**
 * No acknowledged check-in lost, none counted twice, under kill -9 (docs/pickets.md, "Check-in:
 * durability"). A real `settle serve` child process takes check-ins from 40 signed-in members at
 * once (POST /api/pickets/check-ins, one action per request, each with a new device id); at a
 * seeded random moment 300–900 ms after the round's first answer it is killed with SIGKILL and
 * started again on the same database. Actions whose answer the kill cut off are sent again in the
 * next round, as a phone's queue would (they come back `recorded`, or `duplicate` when they had
 * committed). After the last round:
 *
 * - every action acknowledged (answered 200 `recorded` or `duplicate`) is stored, once;
 * - nothing is stored that was never sent;
 * - each (shift, member)'s stored attendance is what replaying its stored actions gives (an
 *   action counted twice, or a batch half-written, would show here);
 * - SQLite: `PRAGMA integrity_check` is ok.
 *
 * Rounds: SETTLE_CHECKIN_KILL_ROUNDS (default 25) on SQLite, SETTLE_CHECKIN_KILL_PG_ROUNDS (default 3).
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { openDatabase } from '../src/db/connect.ts';
import { replay } from '../src/pickets/attendance.ts';
import type { RecordedAction } from '../src/pickets/types.ts';
import { eachDatabase, freshDatabase } from './helpers/databases.ts';
import { actionMaker, seedMorning } from './helpers/checkin-load.ts';
import { spawnServer, type SpawnedServer } from './helpers/spawn-server.ts';
import { seededRandom } from './helpers/vote-fixture.ts';

const ROUNDS = { sqlite: Number(process.env.SETTLE_CHECKIN_KILL_ROUNDS ?? 25), postgres: Number(process.env.SETTLE_CHECKIN_KILL_PG_ROUNDS ?? 3) };
const CLIENTS = 40;
const KILL_MIN_MS = 300;
const KILL_MAX_MS = 900;

type Sent = { id: string; body: string; cookie: string; csrf: string };

eachDatabase('no acknowledged check-in lost or doubled under kill -9', (dialect) => {
  it(`survives ${ROUNDS[dialect]} kills mid-morning`, async () => {
    const fresh = await freshDatabase(dialect);
    const rounds = ROUNDS[dialect];
    const loader = await seedMorning(fresh.options, dialect, 100);
    const next = actionMaker(loader, 'kill');
    const rand = seededRandom(Number(process.env.SETTLE_CHECKIN_KILL_SEED ?? 20190114));
    // A generous start-up wait: on a machine shared with other runs a start can take well over the default 30 s.
    const spawnIt = () => spawnServer({ ...('file' in fresh.options ? { db: fresh.options.file } : { databaseUrl: fresh.options.url }), timeoutMs: 120_000 });
    const acknowledged = new Set<string>();
    const sent = new Set<string>();
    let retry: Sent[] = [];
    let cutOff = 0;
    let server: SpawnedServer | null = null;
    try {
      for (let round = 0; round < rounds; round++) {
        server = await spawnIt();
        const url = `${server.url}/api/pickets/check-ins`;
        const killAt = KILL_MIN_MS + rand() * (KILL_MAX_MS - KILL_MIN_MS);
        let killing: Promise<void> | null = null;
        let dead = false;
        const queue = [...retry];
        const inFlight: Sent[] = [];
        const take = (): Sent => {
          const q = queue.shift();
          if (q) return q;
          const a = next();
          return { id: a.id, body: a.body, cookie: a.member.cookie, csrf: a.member.csrf };
        };
        await Promise.all(Array.from({ length: CLIENTS }, async () => {
          while (!dead) {
            const s = take();
            sent.add(s.id);
            try {
              const res = await fetch(url, { method: 'POST', body: s.body, headers: { 'content-type': 'application/json', cookie: s.cookie, 'x-csrf-token': s.csrf } });
              const body = (await res.json()) as { results?: { id: string; outcome: string }[] };
              const outcome = body.results?.[0]?.outcome;
              if (res.status !== 200 || (outcome !== 'recorded' && outcome !== 'duplicate')) throw new Error(`check-in answered ${res.status}: ${JSON.stringify(body)}`);
              acknowledged.add(s.id);
              killing ??= new Promise((r) => setTimeout(r, killAt)).then(async () => {
                dead = true;
                await server?.kill();
              });
            } catch (e) {
              if (e instanceof Error && e.message.startsWith('check-in answered')) throw e;
              inFlight.push(s); // the connection died with the server: unknown, send again
              dead = true;
            }
          }
        }));
        await (killing ?? server.kill());
        retry = [...inFlight, ...queue];
        cutOff += inFlight.length;
        if (round % 5 === 4 || round === rounds - 1) console.log(`${dialect} round ${round + 1}: killed ${killAt.toFixed(0)} ms after the first answer; ${acknowledged.size} acknowledged so far, ${inFlight.length} cut off`);
      }
      // The last cut-off actions are sent once more on a server that stays up.
      server = await spawnIt();
      for (const s of retry) {
        const res = await fetch(`${server.url}/api/pickets/check-ins`, { method: 'POST', body: s.body, headers: { 'content-type': 'application/json', cookie: s.cookie, 'x-csrf-token': s.csrf } });
        expect(res.status).toBe(200);
        acknowledged.add(s.id);
      }
      await server.stop();
      server = null;

      const handle = await openDatabase(fresh.options);
      try {
        const rows = await handle.db.selectFrom('picket_actions').selectAll().where('organization_id', '=', loader.world.orgId).execute();
        const ids = rows.map((r) => r.device_action_id);
        expect(new Set(ids).size).toBe(ids.length); // none twice
        const missing = [...acknowledged].filter((id) => !ids.includes(id));
        expect(missing).toEqual([]); // every acknowledged action stored
        expect(ids.filter((id) => !sent.has(id))).toEqual([]); // nothing stored that was not sent
        // Every (shift, member)'s attendance is the replay of its stored actions.
        const byPair = new Map<string, RecordedAction[]>();
        for (const r of rows) {
          const key = `${r.shift_id} ${r.member_row_id}`;
          byPair.set(key, [...(byPair.get(key) ?? []), { deviceActionId: r.device_action_id, action: r.action as 'in', at: r.at, receivedAt: r.received_at, method: r.method as 'code', recordedBy: r.recorded_by }]);
        }
        const att = await handle.db.selectFrom('picket_attendance').selectAll().where('organization_id', '=', loader.world.orgId).execute();
        expect(att.length).toBe(byPair.size);
        const shiftTimes = await handle.db.selectFrom('picket_shifts').select(['id', 'starts_at', 'ends_at']).where('organization_id', '=', loader.world.orgId).execute();
        const times = new Map(shiftTimes.map((s) => [s.id, { startsAt: s.starts_at, endsAt: s.ends_at }]));
        const wrong = att.filter((a) => {
          const want = replay(byPair.get(`${a.shift_id} ${a.member_row_id}`) ?? [], times.get(a.shift_id) as { startsAt: string; endsAt: string }, a.updated_at);
          return want.checkedInAt !== a.checked_in_at || want.checkedOutAt !== a.checked_out_at;
        });
        expect(wrong).toEqual([]);
        console.log(`${dialect}: ${rounds} kills, ${acknowledged.size} acknowledged, ${ids.length} stored (${ids.length - acknowledged.size} committed unanswered), ${cutOff} cut off and sent again; lost: ${missing.length}`);
        if (dialect === 'sqlite') expect((await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(handle.db)).rows[0].integrity_check).toBe('ok');
      } finally {
        await handle.close();
      }
    } finally {
      await server?.kill();
      await fresh.dispose();
    }
  }, 900_000);
});
