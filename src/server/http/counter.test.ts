import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../db/connect.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { eachDatabase, freshDatabase, type Fresh } from '../../../test/helpers/databases.ts';
import { giveBack, sweepCounters, take, takeMany } from './counter.ts';

const HOUR_MS = 3600_000;
const at = (iso: string) => new Date(iso);

eachDatabase('rate-limit counters in the database', (dialect) => {
  let target: Fresh;
  let h: OpenDatabase;
  let second: OpenDatabase;

  beforeAll(async () => {
    target = await freshDatabase(dialect);
    h = await openDatabase(target.options);
    await migrateToLatest(h.db, dialect);
    // A second handle on the same database, as a second process would hold (on SQLite: a second connection to the file).
    second = await openDatabase(target.options);
  }, 60_000);
  afterAll(async () => {
    await second?.close();
    await h?.close();
    await target?.dispose();
  });

  it('lets exactly the limit through when 50 takes for one key arrive at once, from two handles', async () => {
    const now = at('2026-01-15T16:00:00.000Z');
    const takes = await Promise.all(Array.from({ length: 50 }, (_, i) => take(i % 2 ? second.db : h.db, { key: 'burst', limit: 10, windowMs: HOUR_MS, now })));
    // Each take adds 1 atomically, so the 50 answers are the counts 1…50, each once; the first 10 are within the limit.
    expect(takes.map((t) => t.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(takes.filter((t) => !t.passed).length).toBe(10);
    // The window opened at 16:00 and ends at 17:00: 3600 s to wait.
    expect(new Set(takes.map((t) => t.retryAfter))).toEqual(new Set([3600]));
  }, 60_000);

  it('opens a new window once the last one ended, and tells the wait until the end', async () => {
    const key = 'window';
    const first = await take(h.db, { key, limit: 2, windowMs: HOUR_MS, now: at('2026-01-15T16:00:00.000Z') });
    await take(h.db, { key, limit: 2, windowMs: HOUR_MS, now: at('2026-01-15T16:20:00.000Z') });
    const third = await take(h.db, { key, limit: 2, windowMs: HOUR_MS, now: at('2026-01-15T16:59:59.500Z') });
    expect([first.count, first.passed]).toEqual([1, false]);
    // 3 > 2 passed; the window ends at 17:00:00, 0.5 s later: rounded up to 1 s.
    expect([third.count, third.passed, third.retryAfter]).toEqual([3, true, 1]);
    const next = await take(h.db, { key, limit: 2, windowMs: HOUR_MS, now: at('2026-01-15T17:00:00.000Z') });
    // 17:00 is the old window's end: a new one opens, count 1, ending 18:00 (3600 s).
    expect([next.count, next.passed, next.retryAfter]).toEqual([1, false, 3600]);
  });

  it('takes several at once, gives back, and rolls back with a transaction', async () => {
    const now = at('2026-01-15T16:00:00.000Z');
    const t = await take(h.db, { key: 'several', limit: 10, windowMs: HOUR_MS, now, amount: 4 });
    expect(t.count).toBe(4);
    await giveBack(h.db, [{ key: 'several', amount: 3 }]);
    expect((await take(h.db, { key: 'several', limit: 10, windowMs: HOUR_MS, now })).count).toBe(2); // 4 − 3 + 1
    await giveBack(h.db, [{ key: 'several', amount: 99 }]); // never below 0
    expect((await take(h.db, { key: 'several', limit: 10, windowMs: HOUR_MS, now })).count).toBe(1);
    await expect(h.db.transaction().execute(async (tx) => {
      expect((await take(tx, { key: 'several', limit: 10, windowMs: HOUR_MS, now, amount: 5 })).count).toBe(6);
      throw new Error('the batch failed');
    })).rejects.toThrow('the batch failed');
    expect((await take(h.db, { key: 'several', limit: 10, windowMs: HOUR_MS, now })).count).toBe(2); // 1 + 1: the 5 were rolled back
  });

  it('takes and gives back several keys in one statement each, each key counted on its own', async () => {
    const now = at('2026-01-15T16:00:00.000Z');
    await take(h.db, { key: 'many b', limit: 3, windowMs: HOUR_MS, now, amount: 2 });
    const t = await takeMany(h.db, [{ key: 'many a', amount: 1 }, { key: 'many b', amount: 2 }, { key: 'many c', amount: 4 }], { limit: 3, windowMs: HOUR_MS, now });
    // a: 1 (within 3); b: 2 before + 2 = 4 (passed); c: 4 at once (passed).
    expect(t.map((x) => [x.count, x.passed])).toEqual([[1, false], [4, true], [4, true]]);
    await giveBack(h.db, [{ key: 'many a', amount: 0 }, { key: 'many b', amount: 2 }, { key: 'many c', amount: 1 }]);
    const rows = await h.db.selectFrom('rate_limits').select(['key', 'count']).where('key', 'like', 'many %').orderBy('key').execute();
    expect(rows.map((r) => [r.key, Number(r.count)])).toEqual([['many a', 1], ['many b', 2], ['many c', 3]]); // 1 − 0, 4 − 2, 4 − 1
  });

  it('sweeps only the counters whose window ended', async () => {
    await h.db.deleteFrom('rate_limits').execute();
    await take(h.db, { key: 'old', limit: 1, windowMs: 60_000, now: at('2026-01-15T10:00:00.000Z') }); // ends 10:01
    await take(h.db, { key: 'young', limit: 1, windowMs: HOUR_MS, now: at('2026-01-15T10:00:00.000Z') }); // ends 11:00
    expect(await sweepCounters(h.db, at('2026-01-15T10:30:00.000Z'))).toBe(1);
    expect((await h.db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key)).toEqual(['young']);
  });
});
