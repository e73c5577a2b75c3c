// Benchmark: `settle` as whole processes at LAUSD scale, the way a user runs it, beside `node -e 0`
// and beside LibreOffice recalculating the same proposal's exported workbook (also a whole
// process). Medians of several runs. Prints figures; never fails on time.
// Run: npx tsx bench/startup.ts   (it builds dist/ first when the sources are newer)
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { findSoffice, writeRecalcProfile } from '../test/helpers/libreoffice.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const BIN = join(ROOT, 'bin/settle.js');
const PROPOSAL = join(ROOT, 'examples/lausd-2019/settlement-2019-01-22.yaml');
const RUNS = Number(process.env.SETTLE_BENCH_RUNS ?? 9);
const tmp = mkdtempSync(join(tmpdir(), 'settle-startup-'));
const cache = join(tmp, 'cache');
const env = { ...process.env, SETTLE_CACHE_DIR: cache };

function wall(cmd: string, args: string[], opts: { env?: NodeJS.ProcessEnv; before?: () => void } = {}): number {
  opts.before?.();
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { env: opts.env ?? env, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${r.stderr}`);
  return ms;
}
function median(n: number, run: () => number): { median: number; min: number; max: number } {
  const ms = Array.from({ length: n }, run).sort((a, b) => a - b);
  return { median: ms[Math.floor(ms.length / 2)], min: ms[0], max: ms[ms.length - 1] };
}
const s = (ms: number) => `${(ms / 1000).toFixed(3)} s`;

const which = spawnSync(process.execPath, [BIN, '--help'], { env: { ...env, SETTLE_WHICH_BUILD: '1' }, encoding: 'utf8' });
if (!which.stderr.includes('running dist/')) {
  console.log('Building dist/ (the sources are newer than the build)…');
  execFileSync(process.execPath, [join(ROOT, 'scripts/build-js.mjs')], { stdio: 'inherit' });
}
const district = join(tmp, 'lausd');
execFileSync(process.execPath, [BIN, 'generate', '--out', district], { env, stdio: 'ignore' });
const workbook = join(tmp, 'settlement.xlsx');
execFileSync(process.execPath, [BIN, 'cost', PROPOSAL, '--district', district, '--format', 'xlsx', '--out', workbook], { env, stdio: 'ignore' });

console.log(`settle as whole processes, LAUSD 2018-19 demo dataset (52,539 staff rows), ${cpus().length} cores, ${RUNS} runs each (median, min–max)`);
const rows: [string, { median: number; min: number; max: number }][] = [];
const node0 = median(RUNS, () => wall(process.execPath, ['-e', '0']));
rows.push(['node -e 0', node0]);
const help = median(RUNS, () => wall(process.execPath, [BIN, '--help']));
rows.push(['settle --help', help]);
const cost = ['cost', PROPOSAL, '--district', district];
const cold = median(Math.min(RUNS, 5), () => wall(process.execPath, [BIN, ...cost], { before: () => rmSync(cache, { recursive: true, force: true }) }));
rows.push(['settle cost, first run (reads, checks and caches the dataset)', cold]);
const warm = median(RUNS, () => wall(process.execPath, [BIN, ...cost]));
rows.push(['settle cost, dataset unchanged (from the cache)', warm]);
const json = median(RUNS, () => wall(process.execPath, [BIN, ...cost, '--json']));
rows.push(['settle cost --json, from the cache', json]);

const soffice = findSoffice();
let lo: { median: number; min: number; max: number } | null = null;
if (soffice) {
  // The recalculation the spreadsheet tests use (test/helpers/libreoffice.ts): a fresh profile that recalculates on load, re-saved as XLSX.
  const profile = join(tmp, 'lo-profile');
  const out = join(tmp, 'recalculated');
  lo = median(Math.min(RUNS, 5), () => wall(soffice, [
    '--headless', '--norestore', '--nologo', '--nodefault', '--nolockcheck', `-env:UserInstallation=file://${profile}`,
    '--convert-to', 'xlsx:Calc MS Excel 2007 XML', '--outdir', out, workbook,
  ], {
    before: () => {
      rmSync(profile, { recursive: true, force: true });
      writeRecalcProfile(profile);
    },
  }));
  rows.push(['LibreOffice recalculating the same proposal\'s workbook', lo]);
}
const w = Math.max(...rows.map(([l]) => l.length));
for (const [label, m] of rows) console.log(`  ${label.padEnd(w)}  ${s(m.median)}  (${s(m.min)}–${s(m.max)})`);
console.log(`  settle --help beyond node -e 0: ${s(help.median - node0.median)} (target: within 0.1 s)`);
console.log(`  settle cost from the cache: ${s(warm.median)} (target: under 0.4 s)`);
if (lo) console.log(`  LibreOffice ÷ settle cost: ${(lo.median / warm.median).toFixed(1)}× (goal: at least 5×)`);
else console.log('  LibreOffice: not installed (soffice not found), no comparison');
rmSync(tmp, { recursive: true, force: true });
