/**
 * What keeps a board's event stream honest while it stays open: a bound on the streams one person
 * may hold open in this process (a tab left open on every phone is fine, a loop opening streams
 * is not), and a check of the session every `recheckMs` (30 s), so a person removed, signed out
 * or moved to a role without the board loses the stream within that time, not at their next
 * request.
 */
import type { Actor, Deps } from '../env.ts';
import { may } from '../authz.ts';
import { ApiError } from '../errors.ts';

export const STREAM_LIMITS = { perPerson: 5, heartbeatMs: 15_000, recheckMs: 30_000 };

const open = new WeakMap<Deps, Map<number, number>>();

/** Takes one of the person's stream slots, or throws 429; give it back with the function returned. */
export function takeStreamSlot(deps: Deps, personId: number): () => void {
  let counts = open.get(deps);
  if (!counts) open.set(deps, (counts = new Map()));
  const n = counts.get(personId) ?? 0;
  if (n >= STREAM_LIMITS.perPerson) {
    throw new ApiError(429, {
      code: 'picket.too-many-streams',
      message: `you already have ${n} live boards open on this server, the most one person may`,
      hint: 'close a board in another tab or device, or reload this page in a minute',
    }, { 'Retry-After': '30' });
  }
  counts.set(personId, n + 1);
  let given = false;
  return () => {
    if (given) return;
    given = true;
    const left = (counts.get(personId) ?? 1) - 1;
    if (left <= 0) counts.delete(personId);
    else counts.set(personId, left);
  };
}

/** Whether the session that opened the stream is still signed in, the person still there, and their role still sees the board. */
export async function stillAllowed(deps: Deps, actor: Actor): Promise<boolean> {
  const row = await deps.db.selectFrom('sessions').innerJoin('people', 'people.id', 'sessions.person_id')
    .select(['sessions.expires_at', 'people.role', 'people.organization_id'])
    .where('sessions.id', '=', actor.sessionId).where('people.id', '=', actor.person.id).where('people.removed_at', 'is', null)
    .executeTakeFirst();
  if (!row || row.expires_at <= deps.now().toISOString() || row.organization_id !== actor.org.id) return false;
  return may({ ...actor, person: { ...actor.person, role: row.role } }, 'picket.board');
}
