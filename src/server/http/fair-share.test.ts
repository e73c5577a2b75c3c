/**
 * Each person's requests take turns (fair-share.ts), in a Hono app whose route answers at once or
 * waits until the test lets it answer: a burst whose requests answer at once lets a request of
 * someone else's go between theirs; a person's fifth request waits for one of their first four, another
 * person's goes at once, the waiting ones go in order as turns free up, a request past the
 * waiting limit is refused with 429, and the event stream and requests without a session never
 * wait.
 */
import { Hono } from 'hono';
import { expect, it } from 'vitest';
import type { Actor, AppEnv } from '../env.ts';
import { ApiError } from '../errors.ts';
import { fairShare } from './fair-share.ts';

function world(o: { running: number; waiting: number }) {
  const started: string[] = [];
  const gates = new Map<string, () => void>();
  const app = new Hono<AppEnv>();
  app.onError((e, c) => (e instanceof ApiError ? c.json(e.body, e.status, e.headers) : c.text(String(e), 500)));
  app.use('*', async (c, next) => {
    const person = c.req.header('x-person');
    c.set('actor', person ? ({ person: { id: Number(person) } } as unknown as Actor) : null);
    await next();
  });
  app.use('*', fairShare(o));
  app.get('*', async (c) => {
    const tag = c.req.query('tag') ?? '';
    started.push(tag);
    // A request whose work is done at once (as on SQLite), or one that waits until the test lets it answer.
    if (tag.startsWith('sync')) return c.text(tag);
    await new Promise<void>((resolve) => gates.set(tag, resolve));
    if (tag.startsWith('fail')) throw new Error(`${tag} failed`);
    return c.text(tag);
  });
  const send = (person: number | null, tag: string, path = '/api/x') => app.request(`${path}?tag=${tag}`, { headers: person === null ? {} : { 'x-person': String(person) } });
  const open = (tag: string) => gates.get(tag)?.();
  const settle = () => new Promise((r) => setTimeout(r, 20));
  return { started, send, open, settle };
}

it('runs at most `running` of one person\'s requests at once; the rest wait in order, and other people do not wait', async () => {
  const w = world({ running: 4, waiting: 2 });
  const a = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'].map((t) => w.send(1, t));
  await w.settle();
  expect(w.started).toEqual(['a1', 'a2', 'a3', 'a4']);
  // Another person, someone without a session, and the first person's event stream go at once.
  const b = w.send(2, 'b1');
  const anon = w.send(null, 'n1');
  const stream = w.send(1, 's1', '/api/pickets/days/1/board/events');
  await w.settle();
  expect(w.started).toEqual(['a1', 'a2', 'a3', 'a4', 'b1', 'n1', 's1']);
  // Past the 4 running and 2 waiting: refused at once, with when to try again.
  const refused = await w.send(1, 'a7');
  expect([refused.status, refused.headers.get('retry-after'), ((await refused.json()) as { code: string }).code]).toEqual([429, '1', 'request.too-many-at-once']);
  expect(w.started).not.toContain('a7');
  // A turn freed goes to the first waiting request, then the next.
  w.open('a2');
  await w.settle();
  expect(w.started.slice(7)).toEqual(['a5']);
  w.open('a1');
  await w.settle();
  expect(w.started.slice(7)).toEqual(['a5', 'a6']);
  for (const t of ['a3', 'a4', 'a5', 'a6', 'b1', 'n1', 's1']) w.open(t);
  const answers = await Promise.all([...a, b, anon, stream]);
  expect(await Promise.all(answers.map((r) => r.text()))).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'b1', 'n1', 's1']);
  // Every turn was given back: four more go at once.
  const again = ['c1', 'c2', 'c3', 'c4'].map((t) => w.send(1, t));
  await w.settle();
  expect(w.started.slice(-4)).toEqual(['c1', 'c2', 'c3', 'c4']);
  for (const t of ['c1', 'c2', 'c3', 'c4']) w.open(t);
  await Promise.all(again);
});

it('gives the turn back when a request fails', async () => {
  const w = world({ running: 1, waiting: 1 });
  const first = w.send(1, 'fail1');
  const second = w.send(1, 'x2');
  await w.settle();
  expect(w.started).toEqual(['fail1']);
  w.open('fail1');
  expect((await first).status).toBe(500);
  await w.settle();
  expect(w.started).toEqual(['fail1', 'x2']);
  w.open('x2');
  await second;
});

it('starts one request of a person per turn of the event loop: someone else\'s request goes between theirs even when each answers at once', async () => {
  const w = world({ running: 4, waiting: 64 });
  // All sent in the same turn, as a burst read from many connections at once.
  const burst = ['sync1', 'sync2', 'sync3'].map((t) => w.send(1, t));
  const other = w.send(2, 'sync-b');
  const anon = w.send(null, 'sync-n');
  await Promise.all([...burst, other, anon]);
  // Without the turns, the first person's three would all have run before the others were read.
  expect(w.started).toEqual(['sync1', 'sync-b', 'sync-n', 'sync2', 'sync3']);
});
