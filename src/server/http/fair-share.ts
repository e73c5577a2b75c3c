/**
 * Each signed-in person's requests take turns. At most RUNNING of one person's requests are
 * worked on at once in this process; more wait, in order, for one of theirs to finish (up to
 * WAITING; beyond that 429 `request.too-many-at-once`, Retry-After 1). On SQLite a request's
 * queries run on the server's one thread, so one person sending 50 requests at once held
 * everyone else's for seconds; now they hold RUNNING turns, and everyone else's requests go
 * between theirs. A browser sends at most 6 at once to one server, so the pages never wait long
 * here. Not counted: requests without a session (the public answers are kept ready; signing in
 * has its own limits) and the board's event streams, which stay open.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../errors.ts';

export const RUNNING = 4;
export const WAITING = 64;

interface Turns { running: number; waiting: (() => void)[] }

/** The board's live stream: open as long as the page is, so it never holds a turn. */
const STREAM = /\/events$/;

export function fairShare(o: { running?: number; waiting?: number } = {}): MiddlewareHandler<AppEnv> {
  const running = o.running ?? RUNNING;
  const waiting = o.waiting ?? WAITING;
  const byPerson = new Map<number, Turns>();
  return async (c, next) => {
    const actor = c.get('actor');
    if (!actor || STREAM.test(c.req.path)) return next();
    const id = actor.person.id;
    let t = byPerson.get(id);
    if (!t) byPerson.set(id, (t = { running: 0, waiting: [] }));
    if (t.running >= running) {
      if (t.waiting.length >= waiting) {
        throw new ApiError(429, {
          code: 'request.too-many-at-once',
          message: `more than ${running + waiting} of your requests at once: ${running} are worked on and ${waiting} wait their turn`,
          hint: 'wait for your earlier requests to be answered, then send this again',
        }, { 'Retry-After': '1' });
      }
      await new Promise<void>((resolve) => t!.waiting.push(resolve));
    } else {
      t.running += 1;
    }
    try {
      await next();
    } finally {
      // The turn passes to this person's next waiting request, else it is given back.
      const nextUp = t.waiting.shift();
      if (nextUp) nextUp();
      else {
        t.running -= 1;
        if (t.running === 0) byPerson.delete(id);
      }
    }
  };
}
