/**
 * The coverage board of a strike day (docs/pickets.md, "Coverage board"): as JSON, and as a live
 * event stream (`event: board` with the same JSON on connect and at most every 500 ms after a
 * change, `: ping` every 15 s). Organizers and admins; a district account gets the 404 of a path
 * with no route. The stream is authorized when it opens and again every 30 s (board-stream.ts).
 */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { streamSSE } from 'hono/streaming';
import type { AppEnv } from '../env.ts';
import { allowUnion } from '../authz.ts';
import { errors, ok } from '../schemas.ts';
import { boardJsonOf } from './board-cache.ts';
import { strikeDayOf } from './board-store.ts';
import { boardFeedsOf } from './board-feed.ts';
import { STREAM_LIMITS, stillAllowed, takeStreamSlot } from './board-stream.ts';
import { AsOfQuery, BoardSchema, DayParams } from './board-schemas.ts';
import { atRiskRoutes } from './at-risk-routes.ts';

const BOARD_PATH = '/api/pickets/days/{dayId}/board';
const EVENTS_PATH = '/api/pickets/days/{dayId}/board/events';

const board = createRoute({
  method: 'get', path: BOARD_PATH, tags: ['pickets'], summary: 'The coverage board of a strike day: by region, site and shift, signed up, checked in now, below minimum, no captain (organizers)',
  request: { params: DayParams, query: AsOfQuery },
  responses: { 200: ok(BoardSchema, 'The board now, or as of `at`'), ...errors(400, 401, 403, 404) },
});

const events = createRoute({
  method: 'get', path: EVENTS_PATH, tags: ['pickets'],
  summary: 'The coverage board, live (text/event-stream): `event: board` with the board\'s JSON on connect and at most every 500 ms after a change; `: ping` every 15 s; at most 5 open per person (organizers)',
  request: { params: DayParams },
  responses: {
    200: { content: { 'text/event-stream': { schema: z.string().openapi({ example: 'event: board\ndata: {"day":{…},"asOf":"…","totals":{…},"regions":[…]}\n\n' }) } }, description: 'The stream; it ends when the session ends or the person loses the board' },
    ...errors(400, 401, 403, 404, 429),
  },
});

const pathOf = (template: string, dayId: number) => template.replace('{dayId}', String(dayId));

export function boardRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(board, async (c) => {
    const { dayId } = c.req.valid('param');
    const { at } = c.req.valid('query');
    const actor = allowUnion(c.get('actor'), 'picket.board', 'GET', pathOf(BOARD_PATH, dayId));
    const deps = c.get('deps');
    // The same JSON c.json would send, made once for everyone asking at the same time.
    return c.body(await boardJsonOf(deps, actor.org.id, dayId, at ? new Date(at) : undefined), 200, { 'content-type': 'application/json' }) as never;
  });

  app.openapi(events, (async (c) => {
    const { dayId } = c.req.valid('param');
    const actor = allowUnion(c.get('actor'), 'picket.board', 'GET', pathOf(EVENTS_PATH, dayId));
    const deps = c.get('deps');
    await strikeDayOf(deps.db, actor.org.id, dayId);
    const give = takeStreamSlot(deps, actor.person.id);
    const feeds = boardFeedsOf(deps);
    return streamSSE(c, async (stream) => {
      let finish: () => void = () => undefined;
      const ended = new Promise<void>((resolve) => { finish = resolve; });
      // Writes go one after another; a board made while an earlier one is still being written waits its turn.
      let writing = Promise.resolve();
      const write = (text: string) => { writing = writing.then(() => stream.write(text).then(() => undefined)); };
      const stopWatching = feeds.watch(actor.org.id, dayId, (json) => write(`event: board\ndata: ${json}\n\n`));
      const heartbeat = setInterval(() => write(': ping\n\n'), STREAM_LIMITS.heartbeatMs);
      const recheck = setInterval(() => {
        void stillAllowed(deps, actor).then((yes) => { if (!yes) finish(); }, () => undefined);
      }, STREAM_LIMITS.recheckMs);
      const stopEnding = feeds.onEnd(() => finish());
      stream.onAbort(() => finish());
      await ended;
      clearInterval(heartbeat);
      clearInterval(recheck);
      stopWatching();
      stopEnding();
      give();
      await writing.catch(() => undefined);
    }, async () => { give(); });
    // The stream's answer is text/event-stream, which the JSON route types do not describe.
  }) as Parameters<typeof app.openapi<typeof events>>[1]);

  atRiskRoutes(app);
}
