/**
 * A strike morning happening now, for the check-in benchmark and the kill -9 test: one union with
 * two sites of `perSite` members each, a shift at each site that started an hour ago and ends in
 * three hours, every member signed in (sessions written up front: test/helpers/vote-sessions.ts)
 * and a maker of check-in bodies: each call gives the next member's next action, with the code of
 * the current window, under a new device id.
 */
import { openDatabase, type OpenOptions, type SqlDialect } from '../../src/db/connect.ts';
import { randomIds } from '../../src/db/ids.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { codeFor, windowOf } from '../../src/pickets/codes.ts';
import { insertStrikeMorning, type CheckinWorld } from './checkin-world.ts';
import { memberSessions, type MemberSession } from './vote-sessions.ts';

export interface Loader {
  world: CheckinWorld;
  members: (MemberSession & { shiftId: number; secret: string })[];
}

export async function seedMorning(options: OpenOptions, dialect: SqlDialect, perSite: number): Promise<Loader> {
  const handle = await openDatabase(options);
  try {
    await migrateToLatest(handle.db, dialect);
    const now = Date.now();
    const at = new Date(now).toISOString();
    const orgId = randomIds.next(null);
    await handle.db.insertInto('organizations').values({ id: orgId, kind: 'union', name: 'Load Teachers', created_at: at, district_id: null, unit: 'T' }).execute();
    const by = randomIds.next(orgId);
    await handle.db.insertInto('people').values({ id: by, organization_id: orgId, email: `organizer-${orgId}@load.test`, name: 'Organizer', role: 'organizer', password_hash: null, created_at: at }).execute();
    const world = await insertStrikeMorning(handle.db, randomIds, {
      orgId, by, perSite, signedUp: perSite, prefix: 'L', times: { startsAt: new Date(now - 3600_000).toISOString(), endsAt: new Date(now + 3 * 3600_000).toISOString() },
    });
    const sa = await memberSessions(handle.db, { orgId, memberRowIds: world.membersA, now: new Date(now) });
    const sb = await memberSessions(handle.db, { orgId, memberRowIds: world.membersB, now: new Date(now) });
    return {
      world,
      members: [...sa.map((m) => ({ ...m, shiftId: world.shifts.a, secret: world.secrets.a })), ...sb.map((m) => ({ ...m, shiftId: world.shifts.b, secret: world.secrets.b }))],
    };
  } finally {
    await handle.close();
  }
}

/** Round-robin over the members: in, out, in, out… each with a fresh device id (the time, then `${run}-${n}`). */
export function actionMaker(l: Loader, run: string) {
  let n = 0;
  let cachedWindow = -1;
  const codes = new Map<number, string>();
  return (): { member: Loader['members'][number]; id: string; body: string } => {
    const k = n++;
    const member = l.members[k % l.members.length];
    const nowMs = Date.now();
    const w = windowOf(nowMs);
    if (w !== cachedWindow) {
      cachedWindow = w;
      codes.clear();
    }
    let code = codes.get(member.shiftId);
    if (!code) codes.set(member.shiftId, (code = codeFor(member.secret, w)));
    // In time order, as the web app makes them (web/src/components/pickets/queue.ts, actionId).
    const id = `${nowMs.toString(16).padStart(12, '0')}-${run}-${String(k).padStart(8, '0')}`;
    const action = Math.floor(k / l.members.length) % 2 === 0 ? 'in' : 'out';
    return { member, id, body: JSON.stringify({ actions: [{ id, shiftId: member.shiftId, action, at: new Date(nowMs).toISOString(), code }] }) };
  };
}
