#!/usr/bin/env node
// The `settle` command. It runs the compiled JavaScript in dist/ (made by `npm run build`, which
// `npm install` runs), with no TypeScript hooks. In a checkout whose sources are newer than that
// build (someone is editing them) it runs the TypeScript sources through tsx's loader instead, so
// an edit is never silently ignored.
import { statSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';

const src = new URL('../src/', import.meta.url);
const built = new URL('../dist/.built', import.meta.url);

function builtAt() {
  try {
    return statSync(built).mtimeMs;
  } catch {
    return -1;
  }
}

/**
 * True when a .ts file under src/ changed after the build (or src/ is not there: an installed
 * package). Asynchronous: its few hundred file checks run while dist/ is loading.
 */
async function sourcesNewerThan(time) {
  let entries;
  try {
    entries = await readdir(src, { recursive: true, withFileTypes: true });
  } catch {
    return false;
  }
  const times = await Promise.all(entries
    .filter((e) => e.isFile() && (e.name.endsWith('.ts') || e.name.endsWith('.mjs')) && !e.name.endsWith('.test.ts'))
    .map((e) => stat(`${e.parentPath}/${e.name}`).then((s) => s.mtimeMs, () => 0)));
  return times.some((t) => t > time);
}

// A reader that stops early (`settle cost … | head`) closes the pipe: stop quietly, as other
// commands do, instead of printing a stack trace about a write that no one will read.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e) => {
    if (e.code !== 'EPIPE') throw e;
    process.exit(process.exitCode ?? 0);
  });
}

const time = builtAt();
// dist/ is loaded while the sources are checked, and set aside when one of them is newer.
const [newer, build] = time < 0 ? [true, null] : await Promise.all([
  sourcesNewerThan(time),
  import('../dist/cli/main.js').then((m) => ({ main: m.main }), (error) => ({ error })),
]);
const compiled = !newer;
// SETTLE_WHICH_BUILD=1 says which code runs: a question worth a line when a change seems ignored.
if (process.env.SETTLE_WHICH_BUILD === '1') process.stderr.write(compiled ? 'settle: running dist/ (compiled JavaScript)\n' : 'settle: running src/ (TypeScript through tsx)\n');
let main;
if (compiled) {
  if (build.error) throw build.error;
  ({ main } = build);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../src/cli/main.ts'));
}
process.exitCode = await main(process.argv.slice(2));
