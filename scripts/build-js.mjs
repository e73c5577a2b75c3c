// Compiles src/ to dist/ (plain JavaScript, same layout), so the installed `settle` command runs
// without TypeScript hooks. Types are checked by `npm test` (tsc --noEmit); this only emits, in a
// few seconds. dist/.built marks a finished build: bin/settle.js uses dist/ only when that mark is
// newer than every source file. The new build is made beside the old one and swapped in, so a
// command started meanwhile finds either a whole build or none (and then runs the sources).
import { spawnSync } from 'node:child_process';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const path = (p) => fileURLToPath(new URL(`../${p}`, import.meta.url));
const [dist, fresh, old] = [path('dist'), path('dist.new'), path('dist.old')];
rmSync(fresh, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const r = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', fresh], { cwd: path(''), stdio: 'inherit' });
if (r.status !== 0) {
  rmSync(fresh, { recursive: true, force: true });
  console.error('settle: compiling src/ to dist/ failed (see above); `settle` runs the TypeScript sources instead');
  process.exit(r.status ?? 1);
}
writeFileSync(`${fresh}/.built`, `${new Date().toISOString()} ${process.pid}\n`);
rmSync(old, { recursive: true, force: true });
try {
  renameSync(dist, old);
} catch {
  // No earlier build.
}
renameSync(fresh, dist);
rmSync(old, { recursive: true, force: true });
