/**
 * The mutation check (run before a release: `npm run mutate`, or `npm run mutate -- ID …` for
 * some). For each deliberate mistake in scripts/mutations.json it plants the mistake in a
 * temporary copy of the working tree (tracked and untracked files, never the tree itself),
 * runs only the tests listed for it, and reports whether they caught it (failed) or it
 * survived (they passed). The unmutated tests must pass first. Exit code 0 only when every
 * mutation is caught; a snippet that no longer matches its file exactly once is reported as
 * stale and fails the run too (update the list when the code changes).
 */
import { spawn, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface Mutation {
  id: string;
  bug: string;
  file: string;
  original: string;
  mutant: string;
  tests: string[];
}

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const all = JSON.parse(readFileSync(join(root, 'scripts/mutations.json'), 'utf8')) as Mutation[];
const wanted = process.argv.slice(2);
const unknown = wanted.filter((id) => !all.some((m) => m.id === id));
if (unknown.length > 0) {
  console.error(`unknown mutation id(s): ${unknown.join(', ')}; known: ${all.map((m) => m.id).join(', ')}`);
  process.exit(2);
}
const mutations = wanted.length > 0 ? all.filter((m) => wanted.includes(m.id)) : all;

// A copy of the working tree beside a link to ../shared (tests read ../shared/data when it is there).
const base = mkdtempSync(join(tmpdir(), 'settle-mutate-'));
const copy = join(base, 'settle');
let child: ReturnType<typeof spawn> | null = null;
const cleanUp = () => {
  child?.kill('SIGTERM');
  rmSync(base, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping; the working tree was never changed; removing ${base}`);
    cleanUp();
    process.exit(130);
  });
}

function makeCopy(): void {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const f of files) {
    if (!existsSync(join(root, f))) continue; // deleted in the working tree
    mkdirSync(dirname(join(copy, f)), { recursive: true });
    cpSync(join(root, f), join(copy, f));
  }
  symlinkSync(realpathSync(join(root, 'node_modules')), join(copy, 'node_modules'));
  const shared = join(root, '..', 'shared');
  if (existsSync(shared)) symlinkSync(realpathSync(shared), join(base, 'shared'));
}

/** Runs vitest on some files in the copy; resolves to its exit code. */
function runTests(tests: string[]): Promise<{ code: number; failed: number; tail: string }> {
  return new Promise((resolve) => {
    const env = { ...process.env };
    delete env.CI; // a planted bug is caught by a failing assertion, not by a skip turned failure
    child = spawn(process.execPath, [join(copy, 'node_modules/vitest/vitest.mjs'), 'run', ...tests, '--reporter=dot'], { cwd: copy, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout?.on('data', (d) => (out += d));
    child.stderr?.on('data', (d) => (out += d));
    child.on('close', (code) => {
      child = null;
      // eslint-disable-next-line no-control-regex
      const plain = out.replace(/\x1b\[[0-9;]*m/g, '');
      const failed = Number(/Tests\s+(\d+) failed/.exec(plain)?.[1] ?? 0);
      resolve({ code: code ?? 1, failed, tail: plain.split('\n').slice(-25).join('\n') });
    });
  });
}

const count = (text: string, part: string) => text.split(part).length - 1;

async function main(): Promise<number> {
  makeCopy();
  console.log(`mutation check: ${mutations.length} mutation(s), in a copy of the working tree at ${copy}`);
  const allTests = [...new Set(mutations.flatMap((m) => m.tests))].sort();
  const clean = await runTests(allTests);
  if (clean.code !== 0) {
    console.error(`the tests fail without any mutation, so nothing can be judged:\n${clean.tail}`);
    return 1;
  }
  const rows: { id: string; file: string; result: string; seconds: string }[] = [];
  for (const m of mutations) {
    const path = join(copy, m.file);
    const text = readFileSync(path, 'utf8');
    const n = count(text, m.original);
    if (n !== 1) {
      rows.push({ id: m.id, file: m.file, result: `STALE (snippet found ${n} times)`, seconds: '-' });
      continue;
    }
    const t0 = Date.now();
    writeFileSync(path, text.replace(m.original, () => m.mutant));
    try {
      const r = await runTests(m.tests);
      // Caught means a test failed; a run that fails without a failing test (the mutant does not
      // load, say) is an error in the list, not a catch.
      const result = r.code === 0 ? 'SURVIVED' : r.failed > 0 ? 'caught' : 'ERROR';
      rows.push({ id: m.id, file: m.file, result: result === 'caught' ? `caught (${r.failed} failed)` : result, seconds: ((Date.now() - t0) / 1000).toFixed(1) });
      console.log(`${result.padEnd(8)} ${m.id} (${m.bug}) by ${m.tests.join(', ')}${result === 'ERROR' ? `\n${r.tail}` : ''}`);
    } finally {
      writeFileSync(path, text);
    }
  }
  const width = Math.max(...rows.map((r) => r.id.length));
  console.log(`\n${'mutation'.padEnd(width)}  ${'result'.padEnd(20)}  seconds  file`);
  for (const r of rows) console.log(`${r.id.padEnd(width)}  ${r.result.padEnd(20)}  ${r.seconds.padStart(7)}  ${r.file}`);
  const caught = rows.filter((r) => r.result.startsWith('caught')).length;
  console.log(`\n${caught} of ${rows.length} caught`);
  return caught === rows.length ? 0 : 1;
}

main().then(
  (code) => {
    cleanUp();
    process.exit(code);
  },
  (e) => {
    console.error(e);
    cleanUp();
    process.exit(1);
  },
);
