/**
 * The command as installed: compiled JavaScript in dist/ that runs without TypeScript hooks
 * (falling back to the sources only when they are newer than the build), and the dataset cache
 * that lets a command skip reading and checking a dataset whose files have not changed.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeDataset, encodeDataset } from '../src/district/cache-codec.ts';
import { generateDistrict } from '../src/district/generate/generate.ts';
import { lausdSpec } from '../src/district/demo/lausd.ts';
import { datasetKey, entryBytes, readDatasetFolder } from '../src/district/read-folder.ts';
import { serializeDataset } from '../src/district/serialize.ts';
import { writeFiles } from '../src/district/write-folder.ts';
import { TINY_DIR } from './helpers/tiny.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const BIN = join(ROOT, 'bin/settle.js');
const tmp = mkdtempSync(join(tmpdir(), 'settle-compiled-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const bins = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.bin'));

describe('the dataset cache format', () => {
  it('gives back exactly the dataset it was made from, frozen like a freshly read one', () => {
    // A 5% LAUSD: every kind of column (numbers, repeated strings, nulls, lists of grades, booleans).
    const ds = generateDistrict(lausdSpec({ scale: 0.05 }));
    const back = decodeDataset(structuredClone(encodeDataset(ds)));
    expect(back).toEqual(ds);
    expect(JSON.stringify(back)).toBe(JSON.stringify(ds));
    expect(Object.isFrozen(back)).toBe(true);
    expect(Object.isFrozen(back.staff)).toBe(true);
    expect(Object.isFrozen(back.staff[0])).toBe(true);
    expect(Object.isFrozen(back.schools[0].grades)).toBe(true);
    expect(Object.isFrozen(back.district.parameters)).toBe(true);
  });
});

describe('reading a dataset folder through the cache', () => {
  const dir = join(tmp, 'tiny');
  const cacheDir = join(tmp, 'cache');
  beforeAll(() => cpSync(TINY_DIR, dir, { recursive: true }));

  it('checks the files once, then reads the same dataset from the cache', () => {
    const first = readDatasetFolder(dir, { dir: cacheDir, stamp: 'build-1' });
    expect(bins(cacheDir)).toHaveLength(1);
    const again = readDatasetFolder(dir, { dir: cacheDir, stamp: 'build-1' });
    expect(again).toEqual(first);
    expect(again).toEqual(readDatasetFolder(dir));
    expect(bins(cacheDir)).toHaveLength(1);
  });

  it('reads the entry, not the files, while the files are unchanged', () => {
    // Put a dataset with another name in the entry for these files: it is what comes back.
    const [entry] = bins(cacheDir);
    const ds = readDatasetFolder(dir);
    writeFileSync(join(cacheDir, entry), entryBytes({ ...ds, district: { ...ds.district, name: 'From the cache' } }, undefined));
    expect(readDatasetFolder(dir, { dir: cacheDir, stamp: 'build-1' }).district.name).toBe('From the cache');
  });

  it('reads a large list of rows from the entry only when a command asks for its rows', () => {
    const lazyDir = join(tmp, 'cache-lazy');
    readDatasetFolder(dir, { dir: lazyDir, stamp: 'build-1' });
    const [entry] = bins(lazyDir);
    const ds = readDatasetFolder(dir);
    // Every list of rows after the head (a threshold of 0 bytes), in the dataset's order, the
    // budget's last: cut the entry inside the budget's columns and every other list still reads.
    const whole = entryBytes(ds, undefined, 0);
    writeFileSync(join(lazyDir, entry), whole);
    expect(readDatasetFolder(dir, { dir: lazyDir, stamp: 'build-1' })).toEqual(ds);
    writeFileSync(join(lazyDir, entry), whole.subarray(0, whole.length - 10));
    const cut = readDatasetFolder(dir, { dir: lazyDir, stamp: 'build-1' });
    expect(cut.schools).toEqual(ds.schools);
    expect(cut.staff).toEqual(ds.staff);
    expect(() => cut.budget).toThrow(/ends early/);
  });

  it('takes the hash from its note while the files are left alone, and hashes them again when one changes', async () => {
    const noteDir = join(tmp, 'cache-noted');
    const folder = join(tmp, 'tiny-noted');
    cpSync(TINY_DIR, folder, { recursive: true });
    // Files written within settledMs of the note could change again unseen: hashed every time.
    expect(datasetKey(folder, { dir: noteDir, stamp: 'build-1' }).how).toBe('hashed');
    expect(datasetKey(folder, { dir: noteDir, stamp: 'build-1' }).how).toBe('hashed');
    await new Promise((r) => setTimeout(r, 50));
    const cache = { dir: noteDir, stamp: 'build-1', settledMs: 20 };
    const first = datasetKey(folder, cache);
    expect(first.how).toBe('hashed');
    const noted = datasetKey(folder, cache);
    expect(noted).toEqual({ key: first.key, how: 'noted' });
    // The same key either way: the note only saves reading the files.
    expect(datasetKey(folder, { dir: join(tmp, 'cache-fresh'), stamp: 'build-1' }).key).toBe(first.key);
    // One digit changed, the file's size and modification time put back as they were: its change time still tells.
    const budget = join(folder, 'budget.csv');
    const { atime, mtime } = statSync(budget);
    writeFileSync(budget, readFileSync(budget, 'utf8').replace('20000000.00', '20000001.00'));
    utimesSync(budget, atime, mtime);
    const changed = datasetKey(folder, cache);
    expect(changed.how).toBe('hashed');
    expect(changed.key).not.toBe(first.key);
    expect(readDatasetFolder(folder, cache).budget[0].revenues).toBe(2_000_000_100);
  });

  it('keeps work derived from the dataset beside it, and gives it back with the dataset', () => {
    const derivedDir = join(tmp, 'cache-derived');
    const loaded: unknown[] = [];
    const derived = { save: (ds: { staff: readonly unknown[] }) => ({ rows: ds.staff.length }), load: (_: unknown, kept: unknown) => void loaded.push(kept) };
    readDatasetFolder(dir, { dir: derivedDir, stamp: 'build-1', derived });
    expect(loaded).toEqual([]);
    const again = readDatasetFolder(dir, { dir: derivedDir, stamp: 'build-1', derived });
    // The tiny fixture's staff.csv has 10 rows (test/helpers/tiny.ts: groups G1 to G10, one row each).
    expect(loaded).toEqual([{ rows: 10 }]);
    expect(again.staff).toHaveLength(10);
  });

  it('reads the files again when one byte of them changes, or settle is rebuilt', () => {
    const budget = join(dir, 'budget.csv');
    const before = readFileSync(budget, 'utf8');
    // The tiny fixture's 2018-19 revenue, 20,000,000.00 dollars, becomes 20,000,001.00 (2,000,000,100 cents).
    writeFileSync(budget, before.replace('20000000.00', '20000001.00'));
    expect(before).not.toBe(readFileSync(budget, 'utf8'));
    const changed = readDatasetFolder(dir, { dir: cacheDir, stamp: 'build-1' });
    expect(changed.budget[0].revenues).toBe(2_000_000_100);
    expect(changed.district.name).not.toBe('From the cache');
    expect(bins(cacheDir)).toHaveLength(2);
    writeFileSync(budget, before);
    expect(readDatasetFolder(dir, { dir: cacheDir, stamp: 'build-2' }).district.name).not.toBe('From the cache');
    expect(bins(cacheDir)).toHaveLength(3);
  });

  it('reads the files when an entry is damaged, and a cache it cannot write costs nothing but time', () => {
    for (const f of bins(cacheDir)) writeFileSync(join(cacheDir, f), 'not a cache entry');
    expect(readDatasetFolder(dir, { dir: cacheDir, stamp: 'build-1' })).toEqual(readDatasetFolder(dir));
    const blocked = join(tmp, 'a-file-not-a-folder');
    writeFileSync(blocked, '');
    expect(readDatasetFolder(dir, { dir: join(blocked, 'datasets'), stamp: 'build-1' })).toEqual(readDatasetFolder(dir));
  });
});

describe('which code bin/settle.js runs', () => {
  // A copy of the launcher in a folder shaped like the repository, with a stand-in build and sources.
  const repo = join(tmp, 'repo');
  const run = () => spawnSync(process.execPath, [join(repo, 'bin/settle.js')], { encoding: 'utf8', env: { ...process.env, SETTLE_WHICH_BUILD: '1' } });
  beforeAll(() => {
    mkdirSync(join(repo, 'bin'), { recursive: true });
    mkdirSync(join(repo, 'dist/cli'), { recursive: true });
    mkdirSync(join(repo, 'src/cli'), { recursive: true });
    copyFileSync(BIN, join(repo, 'bin/settle.js'));
    writeFileSync(join(repo, 'package.json'), '{ "type": "module" }\n');
    symlinkSync(join(ROOT, 'node_modules'), join(repo, 'node_modules'));
    writeFileSync(join(repo, 'dist/cli/main.js'), 'export async function main() { console.log("compiled"); return 0; }\n');
    writeFileSync(join(repo, 'src/cli/main.ts'), 'export async function main(): Promise<number> { console.log("sources"); return 0; }\n');
    const old = new Date(Date.now() - 60_000);
    utimesSync(join(repo, 'src/cli/main.ts'), old, old);
    writeFileSync(join(repo, 'dist/.built'), 'stand-in build\n');
  });

  it('runs the build when it is newer than every source file', () => {
    const r = run();
    expect(r.stdout).toBe('compiled\n');
    expect(r.stderr).toContain('running dist/');
  });

  it('runs the sources when one changed after the build (an edit is never ignored)', () => {
    const later = new Date(statSync(join(repo, 'dist/.built')).mtimeMs + 5_000);
    utimesSync(join(repo, 'src/cli/main.ts'), later, later);
    const r = run();
    expect(r.stdout).toBe('sources\n');
    expect(r.stderr).toContain('running src/');
  });

  it('runs the sources when there is no finished build, and the build when there are no sources (an installed package)', () => {
    rmSync(join(repo, 'dist/.built'));
    expect(run().stdout).toBe('sources\n');
    writeFileSync(join(repo, 'dist/.built'), 'stand-in build\n');
    rmSync(join(repo, 'src'), { recursive: true });
    expect(run().stdout).toBe('compiled\n');
  });
});

describe('the compiled command', () => {
  const cache = join(tmp, 'cli-cache');
  const env = { ...process.env, SETTLE_CACHE_DIR: cache, SETTLE_WHICH_BUILD: '1' };
  const settle = (args: string[], extra: NodeJS.ProcessEnv = {}) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { ...env, ...extra }, cwd: ROOT });
  const lausd = join(tmp, 'lausd-small');
  beforeAll(() => {
    // The build npm install makes; made here when the sources changed since (a checkout being edited).
    const probe = spawnSync(process.execPath, [BIN, '--help'], { encoding: 'utf8', env: { ...process.env, SETTLE_WHICH_BUILD: '1' } });
    if (!probe.stderr.includes('running dist/')) execFileSync(process.execPath, [join(ROOT, 'scripts/build-js.mjs')], { cwd: ROOT, stdio: 'pipe' });
    writeFiles(lausd, serializeDataset(generateDistrict(lausdSpec({ scale: 0.05 }))));
  }, 120_000);

  it('runs without TypeScript hooks: --help, and a costing whose figures equal the sources\'', () => {
    const help = settle(['--help']);
    expect(help.status).toBe(0);
    expect(help.stderr).toContain('running dist/');
    expect(help.stdout).toContain('Usage: settle');
    const proposal = join(ROOT, 'examples/lausd-2019/settlement-2019-01-22.yaml');
    const compiled = settle(['cost', proposal, '--district', lausd, '--json'], { SETTLE_CACHE: 'off' });
    expect(compiled.status).toBe(0);
    const sources = spawnSync(process.execPath, ['--import', 'tsx', '-e', `const { main } = await import(${JSON.stringify(join(ROOT, 'src/cli/main.ts'))}); process.exitCode = await main(${JSON.stringify(['cost', proposal, '--district', lausd, '--json'])});`, '--input-type=module'], { encoding: 'utf8', cwd: ROOT });
    expect(sources.status).toBe(0);
    expect(JSON.parse(compiled.stdout)).toEqual(JSON.parse(sources.stdout));
  }, 60_000);

  it('leaves every library the sources load with import() to Node, which gives a CommonJS one its named exports', () => {
    // Bundled into a chunk of its own, a CommonJS library keeps only its default export: the
    // password checker's constructor was undefined, and accepting an invitation failed.
    const sources = readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const libraries = new Set(sources.flatMap((f) => [...readFileSync(join(ROOT, 'src', f), 'utf8').matchAll(/import\('([^.'][^']*)'\)/g)].map((m) => m[1])));
    expect([...libraries].sort()).toEqual(['@zxcvbn-ts/core', '@zxcvbn-ts/language-common', 'playwright-core']);
    const built = readdirSync(join(ROOT, 'dist/cli')).map((f) => readFileSync(join(ROOT, 'dist/cli', f), 'utf8')).join('\n');
    for (const lib of libraries) expect(built, lib).toContain(`import("${lib}")`);
  });

  it('stops quietly when the reader of its output goes away (settle cost … | true)', () => {
    const proposal = join(ROOT, 'examples/lausd-2019/settlement-2019-01-22.yaml');
    // `true` exits without reading, so the command writes into a closed pipe (EPIPE).
    const r = spawnSync('bash', ['-c', `"${process.execPath}" "${BIN}" cost "${proposal}" --district "${lausd}" --trace | true; echo "exit \${PIPESTATUS[0]}" >&2`], { encoding: 'utf8', env, cwd: ROOT });
    expect(r.stderr).not.toMatch(/EPIPE|Error|\n\s+at /);
    expect(r.stderr).toMatch(/^exit 0$/m);
  }, 60_000);

  it('keeps the dataset it checked, and answers the same from it', () => {
    rmSync(cache, { recursive: true, force: true });
    const proposal = join(ROOT, 'examples/lausd-2019/settlement-2019-01-22.yaml');
    const first = settle(['cost', proposal, '--district', lausd]);
    expect(first.status).toBe(0);
    expect(bins(join(cache, 'datasets'))).toHaveLength(1);
    const second = settle(['cost', proposal, '--district', lausd]);
    expect(second.stdout).toBe(first.stdout);
    expect(bins(join(cache, 'datasets'))).toHaveLength(1);
    rmSync(cache, { recursive: true, force: true });
    const off = settle(['cost', proposal, '--district', lausd], { SETTLE_CACHE: 'off' });
    expect(off.stdout).toBe(first.stdout);
    expect(() => readdirSync(cache)).toThrow();
  }, 60_000);
});
