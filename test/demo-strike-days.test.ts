/**
 * Each worked case of strike days is loaded by one command (docs/sites.md, "The worked cases in the
 * demo"): `settle serve --demo --strike-days 2019` or `--strike-days 2023` on a new database loads
 * that case alone, published; a value that is not a case, or the flag without --demo, is a usage
 * error that starts nothing.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/server/serve.ts';
import { runCli } from './helpers/cli.ts';

const started: RunningServer[] = [];
afterAll(async () => {
  for (const s of started) await s.close();
});

/** The demo with one case of strike days (no roster: it is not what this checks). */
async function demoWith(sites: '2019' | '2023') {
  const s = await startServer({ database: { file: join(mkdtempSync(join(tmpdir(), 'settle-days-')), 'settle.sqlite') }, port: 0, host: '127.0.0.1', demo: true, demoMembers: false, demoSites: sites, webRoot: false, log: () => undefined });
  started.push(s);
  const days = await s.handle.db.selectFrom('site_days').select(['date', 'published_version']).orderBy('date').execute();
  const admins = await s.handle.db.selectFrom('site_admins').select('id').execute();
  return { days, admins };
}

it('loads the 2019 open-schools strike alone: six days, January 14–22, 2019, each published', async () => {
  const { days, admins } = await demoWith('2019');
  // UTLA struck January 14–22, 2019: six school days (Monday the 21st was the Martin Luther King Jr. holiday).
  expect(days.map((d) => d.date)).toEqual(['2019-01-14', '2019-01-15', '2019-01-16', '2019-01-17', '2019-01-18', '2019-01-22']);
  expect(days.every((d) => d.published_version !== null)).toBe(true);
  expect(admins).toEqual([]); // the site administrator belongs to the 2023 case
}, 300_000);

it('loads the 2023 closure alone: three days, March 21–23, 2023, each published, with its site administrator', async () => {
  const { days, admins } = await demoWith('2023');
  expect(days.map((d) => d.date)).toEqual(['2023-03-21', '2023-03-22', '2023-03-23']);
  expect(days.every((d) => d.published_version !== null)).toBe(true);
  expect(admins).toHaveLength(1);
}, 300_000);

it('refuses a case it does not know, and the flag without --demo, before starting anything', async () => {
  const bad = await runCli('serve', '--demo', '--strike-days', '2020', '--db', join(mkdtempSync(join(tmpdir(), 'settle-days-')), 'x.sqlite'));
  expect(bad.code).toBe(2);
  expect(bad.err).toContain('--strike-days must be one of both, 2019, 2023, none (got "2020"), such as --strike-days 2019');
  const alone = await runCli('serve', '--strike-days', '2019', '--db', join(mkdtempSync(join(tmpdir(), 'settle-days-')), 'x.sqlite'));
  expect(alone.code).toBe(2);
  expect(alone.err).toContain('add --demo');
});
