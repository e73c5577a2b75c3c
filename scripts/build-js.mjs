// Builds dist/, so the installed `settle` command runs plain JavaScript without TypeScript hooks.
// esbuild bundles the command (src/cli/main.ts) and the worker threads' entries, with the
// libraries they use, into dist/cli/: a command loads a few files instead of hundreds of modules,
// which is most of a short command's time. Code every command needs is in main.js; code only some
// commands load (spreadsheets, charts, the server) is in chunks loaded when asked for. Types are
// checked by `npm test` (tsc --noEmit); this only emits, in a few seconds.
//
// Everything is in one folder two levels below the checkout (dist/cli/), as each source file was
// in the per-file build, so paths made from `import.meta.url` (../../web/dist, ../../examples,
// ../.built, ./worker.js) find the same files.
//
// dist/.built marks a finished build: bin/settle.js uses dist/ only when that mark is newer than
// every source file. The new build is made beside the old one and swapped in, so a command
// started meanwhile finds either a whole build or none (and then runs the sources).
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * zod's index of error-message languages, with English only: settle's messages are its own, in
 * English, and the other forty-odd languages were half of what a command loaded to check a file.
 */
const englishOnly = {
  name: 'zod-english-only',
  setup(b) {
    b.onResolve({ filter: /\/locales\/index\.js$/ }, (a) => (a.importer.includes('/node_modules/zod/') ? { path: 'zod-locales', namespace: 'zod-locales', pluginData: resolve(a.resolveDir, a.path, '..') } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (a) => ({ contents: 'export { default as en } from "./en.js";\n', resolveDir: a.pluginData, loader: 'js' }));
  },
};

const path = (p) => fileURLToPath(new URL(`../${p}`, import.meta.url));
const [dist, fresh, old] = [path('dist'), path('dist.new'), path('dist.old')];
rmSync(fresh, { recursive: true, force: true });
try {
  await build({
    absWorkingDir: path(''),
    entryPoints: ['src/cli/main.ts', 'src/zone/workers/worker.ts', 'src/server/costing/thread.ts', 'src/server/datasets/cde-thread.ts', 'src/server/pickets/checkin-thread.ts'],
    outdir: `${fresh}/cli`,
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Native addons and the browser driver stay in node_modules: they find files beside themselves.
    // So do the CommonJS libraries loaded with import() (the password checker's): split into a
    // chunk, such a library keeps only its default export; Node gives it its named exports too.
    external: ['better-sqlite3', 'argon2', 'pg-native', 'playwright-core', '@zxcvbn-ts/core', '@zxcvbn-ts/language-common'],
    // Bundled CommonJS libraries call require() for Node's own modules.
    banner: { js: "import { createRequire as __settleRequire } from 'node:module'; const require = __settleRequire(import.meta.url);" },
    plugins: [englishOnly],
    logLevel: 'warning',
  });
} catch {
  rmSync(fresh, { recursive: true, force: true });
  console.error('settle: building dist/ failed (see above); `settle` runs the TypeScript sources instead');
  process.exit(1);
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
