// Where the command line is told to write something it cannot, or is missing an option: a usage error (exit 2) naming the
// flag, the path and what to give instead, before any work, and nothing left behind; never an
// internal error with a stack trace.
import { mkdtempSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { writeWhole } from '../src/cli/output.ts';
import { runCli } from './helpers/cli.ts';

const TINY = fileURLToPath(new URL('./fixtures/tiny-district', import.meta.url));
const PAY = fileURLToPath(new URL('./fixtures/proposals/valid/pay-terms.yaml', import.meta.url));

it('refuses an output file in a folder that does not exist, or named like a folder', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'settle-out-'));
  const missing = join(dir, 'no-such-folder', 'x.xlsx');
  const a = await runCli('cost', PAY, '--district', TINY, '--format', 'xlsx', '--out', missing);
  expect(a.code).toBe(2);
  expect(a.err).toContain(`--out ${missing}: the folder ${join(dir, 'no-such-folder')} does not exist; create it first`);
  expect(a.err).not.toContain('internal error');

  mkdirSync(join(dir, 'reports'));
  const b = await runCli('cost', PAY, '--district', TINY, '--out', join(dir, 'reports'));
  expect(b.code).toBe(2);
  expect(b.err).toContain(`--out ${join(dir, 'reports')} is a folder: name a file inside it, such as --out ${join(dir, 'reports', 'cost.txt')}`);

  const c = await runCli('cost', PAY, '--district', TINY, '--chart', join(dir, 'nope', 'c.svg'));
  expect(c.code).toBe(2);
  expect(c.err).toContain('--chart');
  // Nothing was written anywhere, no temporary file left.
  expect(readdirSync(dir)).toEqual(['reports']);
  expect(readdirSync(join(dir, 'reports'))).toEqual([]);
});

it('refuses a dataset folder whose name is a file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'settle-out-'));
  const file = join(dir, 'afile');
  writeFileSync(file, 'x');
  const r = await runCli('generate', '--out', file);
  expect(r.code).toBe(2);
  expect(r.err).toContain(`--out ${file} is a file: name a folder to write into (it is made if missing), such as --out ${file}-dataset`);
});

it('says why a file could not be written, and leaves no temporary file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'settle-out-'));
  mkdirSync(join(dir, 'taken'));
  // The target became a folder after the command's first check.
  expect(() => writeWhole(join(dir, 'taken'), 'text')).toThrow(`cannot write ${join(dir, 'taken')}: it is a folder; nothing was written`);
  expect(readdirSync(dir)).toEqual(['taken']);
});

it('strike-impact: --substitutes with no day rate anywhere is the option missing, not a problem on every line', async () => {
  // A file with no substitutes columns (as the published daily attendance of 2019).
  const days = join(mkdtempSync(join(tmpdir(), 'settle-out-')), 'days.csv');
  writeFileSync(days, 'date,students_attending\n2019-03-04,600\n2019-03-05,800\n');
  const r = await runCli('strike-impact', '--district', TINY, '--days', days, '--substitutes', '40');
  expect(r.code).toBe(2);
  expect(r.err).toContain(`--substitutes 40 needs their day rate: ${days} has no substitute_day_rate column, so add --substitute-rate, such as --substitute-rate 300`);
  expect((await runCli('strike-impact', '--district', TINY, '--days', days, '--substitutes', '40', '--substitute-rate', '300')).code).toBe(0);
});

it('names every file it wrote, with its size, on stderr (stdout stays empty), as md, html, json or a chart', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'settle-out-'));
  const runs: [string[], string[]][] = [
    [['cost', PAY, '--district', TINY, '--out', join(dir, 'cost.txt')], ['cost.txt']],
    [['cost', PAY, '--district', TINY, '--json', '--out', join(dir, 'cost.json'), '--chart', join(dir, 'cost.svg')], ['cost.svg', 'cost-reserve.svg', 'cost.json']],
    [['disclose', PAY, '--district', TINY, '--format', 'html', '--out', join(dir, 'd.html')], ['d.html']],
    [['compare', PAY, PAY, '--district', TINY, '--out', join(dir, 'c.md')], ['c.md']],
  ];
  for (const [args, files] of runs) {
    const r = await runCli(...args);
    expect([r.code, r.out]).toEqual([0, '']);
    for (const f of files) {
      const size = statSync(join(dir, f)).size;
      // Under 10 KB in bytes, else in KB (1,024 bytes), rounded.
      const shown = size < 10_240 ? `${size.toLocaleString('en-US')} bytes` : `${Math.round(size / 1024).toLocaleString('en-US')} KB`;
      expect(r.err).toContain(`Wrote ${join(dir, f)} (${shown})\n`);
    }
  }
});
