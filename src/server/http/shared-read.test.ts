import { expect, it } from 'vitest';
import { SharedReads } from './shared-read.ts';

/** A read that ends when told to, counting how often it was started. */
function gate() {
  let started = 0;
  const ends: ((v: string) => void)[] = [];
  const make = () => new Promise<string>((resolve) => { started += 1; ends.push(resolve); });
  return { make, started: () => started, end: (i: number, v: string) => ends[i](v) };
}

it('shares one read among the requests that came while another was under way, and starts it only after that one ended', async () => {
  const reads = new SharedReads<string>();
  const g = gate();
  const first = reads.read('day 1', g.make);
  // Nine more while the first read is under way: they wait for the next one, not this one.
  const later = Array.from({ length: 9 }, () => reads.read('day 1', g.make));
  expect(g.started()).toBe(1);
  g.end(0, 'board 1');
  expect(await first).toBe('board 1');
  await new Promise((r) => setImmediate(r));
  // 10 requests → 2 reads: the first, and one for the nine that came during it.
  expect(g.started()).toBe(2);
  g.end(1, 'board 2');
  expect(await Promise.all(later)).toEqual(Array(9).fill('board 2'));
  expect(reads.size).toBe(0);
});

it('keeps keys apart, and a failed read fails only those sharing it', async () => {
  const reads = new SharedReads<string>();
  let n = 0;
  const failing = reads.read('a', async () => { n += 1; throw new Error('no such day'); });
  const other = reads.read('b', async () => { n += 1; return 'b'; });
  await expect(failing).rejects.toThrow('no such day');
  expect(await other).toBe('b');
  // The failure is not kept: the next request reads again.
  expect(await reads.read('a', async () => { n += 1; return 'a'; })).toBe('a');
  expect(n).toBe(3);
  expect(reads.size).toBe(0);
});
