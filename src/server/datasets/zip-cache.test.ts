/** The kept zips: one build per key at a time, a failed build not kept, and the size and count bounds. */
import { expect, it } from 'vitest';
import { ZipCache } from './zip-cache.ts';

const bytes = (n: number) => new Uint8Array(n);

it('shares one build among concurrent asks, keeps the result, and forgets a failed build', async () => {
  const cache = new ZipCache(100, 10);
  let builds = 0;
  const build = async () => { builds += 1; await new Promise((r) => setTimeout(r, 5)); return bytes(10); };
  const got = await Promise.all([cache.get('a', build), cache.get('a', build), cache.get('a', build)]);
  expect(builds).toBe(1);
  expect(got[0]).toBe(got[1]);
  expect(await cache.get('a', build)).toBe(got[0]);
  expect(builds).toBe(1);
  await expect(cache.get('b', async () => { throw new Error('no'); })).rejects.toThrow('no');
  expect(await cache.get('b', build)).toHaveLength(10);
  expect(builds).toBe(2);
});

it('keeps at most its bytes and its count, dropping the least recently used first, and never keeps a zip larger than its bytes', async () => {
  const cache = new ZipCache(100, 3);
  let builds = 0;
  const of = (n: number) => async () => { builds += 1; return bytes(n); };
  for (const k of ['a', 'b', 'c']) await cache.get(k, of(30));
  await cache.get('a', of(30)); // a used again: b is now the oldest
  await cache.get('d', of(30)); // 4 entries > 3: b goes
  expect(builds).toBe(4);
  await cache.get('a', of(30));
  await cache.get('c', of(30));
  await cache.get('d', of(30));
  expect(builds).toBe(4);
  await cache.get('b', of(30));
  expect(builds).toBe(5);
  await cache.get('big', of(101));
  await cache.get('big', of(101));
  expect(builds).toBe(7);
  await cache.get('e', of(90)); // 90 + anything else > 100: only e stays
  await cache.get('d', of(30));
  expect(builds).toBe(9);
});
