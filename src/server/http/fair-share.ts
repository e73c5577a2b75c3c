/**
 * Each signed-in person's requests take turns. On SQLite a request's queries answer at once, on
 * the server's one thread, so a request runs start to end in one go, and the server reads every
 * request that has arrived before it looks for new ones: one person sending 50 requests at once
 * held everyone else's (a health check waited 0.7 s behind 50 of a member's own-shifts pages,
 * 4.7 s behind 50 of an organizer's boards). Now, in this process:
 *
 * - one request of a person starts per turn of the event loop; their others wait, in order,
 *   for the next turns, and every other request read meanwhile goes between theirs;
 * - at most RUNNING of one person's requests are worked on at once (on PostgreSQL requests wait
 *   on the database, and one person's burst would hold the pool);
 * - past RUNNING + WAITING at once, 429 `request.too-many-at-once` (Retry-After 1).
 *
 * A browser sends at most 6 requests at once to one server, so pages hardly wait here. Not
 * counted: requests without a session (the public answers are kept ready; signing in has its
 * own limits) and the board's event streams, which stay open.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../errors.ts';

export const RUNNING = 4;
/** Enough for a committee entering a day's paper sign-ins at once (a waiting request is a parked promise). */
export const WAITING = 4096;

interface Turns { running: number; startedThisTurn: boolean; waiting: (() => void)[] }

/** The board's live stream: open as long as the page is, so it never holds a turn. */
const STREAM = /\/events$/;

export function fairShare(o: { running?: number; waiting?: number } = {}): MiddlewareHandler<AppEnv> {
  const running = o.running ?? RUNNING;
  const waiting = o.waiting ?? WAITING;
  const byPerson = new Map<number, Turns>();
  let turnScheduled = false;

  /** At the event loop's next turn: each person may start a request again, and one waiting request of each starts. */
  const nextTurn = () => {
    if (turnScheduled) return;
    turnScheduled = true;
    setImmediate(() => {
      turnScheduled = false;
      let again = false;
      for (const [id, t] of byPerson) {
        t.startedThisTurn = false;
        if (t.waiting.length > 0 && t.running < running) {
          t.running += 1;
          t.startedThisTurn = true;
          t.waiting.shift()!();
        }
        // Another turn while someone may start again; a person waiting for one of their own to
        // finish is started by its end instead (no turn is spent polling for it).
        if (t.startedThisTurn || (t.waiting.length > 0 && t.running < running)) again = true;
        else if (t.running === 0 && t.waiting.length === 0) byPerson.delete(id);
      }
      if (again) nextTurn();
    });
  };

  return async (c, next) => {
    const actor = c.get('actor');
    if (!actor || STREAM.test(c.req.path)) return next();
    const id = actor.person.id;
    let t = byPerson.get(id);
    if (!t) byPerson.set(id, (t = { running: 0, startedThisTurn: false, waiting: [] }));
    if (!t.startedThisTurn && t.running < running && t.waiting.length === 0) {
      t.running += 1;
      t.startedThisTurn = true;
    } else {
      if (t.running + t.waiting.length >= running + waiting) {
        throw new ApiError(429, {
          code: 'request.too-many-at-once',
          message: `more than ${running + waiting} of your requests at once: ${running} are worked on and ${waiting} wait their turn`,
          hint: 'wait for your earlier requests to be answered, then send this again',
        }, { 'Retry-After': '1' });
      }
      // Started by nextTurn, which counts it as running.
      await new Promise<void>((resolve) => t!.waiting.push(resolve));
    }
    nextTurn();
    try {
      await next();
    } finally {
      t.running -= 1;
      nextTurn();
    }
  };
}
