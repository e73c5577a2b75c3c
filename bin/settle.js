#!/usr/bin/env node
// The `settle` command. It runs the compiled JavaScript in dist/ (made by `npm run build`, which
// `npm install` runs), with no TypeScript hooks. In a checkout whose sources are newer than that
// build (someone is editing them) it runs the TypeScript sources through tsx's loader instead, so
// an edit is never silently ignored.
import { readdirSync, statSync } from 'node:fs';

const src = new URL('../src/', import.meta.url);
const built = new URL('../dist/.built', import.meta.url);

function builtAt() {
  try {
    return statSync(built).mtimeMs;
  } catch {
    return -1;
  }
}

/** True when a .ts file under src/ changed after the build (or src/ is not there: an installed package). */
function sourcesNewerThan(time) {
  let entries;
  try {
    entries = readdirSync(src, { recursive: true, withFileTypes: true });
  } catch {
    return false;
  }
  for (const e of entries) {
    if (e.isFile() && (e.name.endsWith('.ts') || e.name.endsWith('.mjs')) && !e.name.endsWith('.test.ts')) {
      if (statSync(`${e.parentPath}/${e.name}`).mtimeMs > time) return true;
    }
  }
  return false;
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
const compiled = time >= 0 && !sourcesNewerThan(time);
// SETTLE_WHICH_BUILD=1 says which code runs: a question worth a line when a change seems ignored.
if (process.env.SETTLE_WHICH_BUILD === '1') process.stderr.write(compiled ? 'settle: running dist/ (compiled JavaScript)\n' : 'settle: running src/ (TypeScript through tsx)\n');
let main;
if (compiled) {
  ({ main } = await import('../dist/cli/main.js'));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../src/cli/main.ts'));
}
process.exitCode = await main(process.argv.slice(2));
