import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The costing core must give the same answer for the same inputs: it may not read files,
// the network, the clock or random numbers. Everything that does sits at the edges
// (src/cli, src/district/read-folder.ts, src/district/write-folder.ts, and src/zone/workers,
// which starts the worker threads that scan the settlement zone: threads are an edge too).
const root = fileURLToPath(new URL('../src/', import.meta.url));
const CORE = ['money', 'calendar', 'proposals', 'costing', 'projection', 'district/generate', 'district/demo', 'district/import', 'strike', 'zone', 'roster', 'pickets'];
/** Folders inside the core folders that are edges. */
const EDGES = ['zone/workers'];
const CORE_FILES = ['district/types.ts', 'district/grades.ts', 'district/parameters.ts', 'district/load.ts', 'district/tables.ts', 'district/cells.ts', 'district/district-yaml.ts', 'district/serialize.ts', 'text/yaml.ts', 'text/csv.ts'];
const FORBIDDEN: [RegExp, string][] = [
  [/from ['"]node:(fs|net|http|https|child_process|worker_threads|os)['"]/, 'a node I/O module'],
  [/from ['"](fs|pg|better-sqlite3)['"]/, 'an I/O library'],
  [/\bDate\.now\(|new Date\(\)|performance\.now\(/, 'the clock'],
  [/\bMath\.random\(/, 'unseeded randomness'],
  [/\bprocess\.(env|argv|cwd)/, 'the process environment'],
];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
}

describe('the costing core is pure', () => {
  const isEdge = (f: string) => EDGES.some((e) => relative(join(root, e), f).split(/[\\/]/)[0] !== '..');
  const core = [...CORE.flatMap((d) => files(join(root, d))).filter((f) => !isEdge(f)), ...CORE_FILES.map((f) => join(root, f))];

  it('leaves the edges inside core folders out, and only them', () => {
    expect(core.some((f) => relative(root, f).startsWith('zone/workers'))).toBe(false);
    expect(core.some((f) => relative(root, f) === join('zone', 'evaluate.ts'))).toBe(true);
  });

  it('covers the core folders', () => {
    // Every folder listed exists and holds code, so the check below cannot pass vacuously.
    expect(core.length).toBeGreaterThan(40);
  });

  for (const file of core) {
    it(`${relative(root, file)} touches no file, network, clock or randomness`, () => {
      const text = readFileSync(file, 'utf8');
      const hits = FORBIDDEN.filter(([re]) => re.test(text)).map(([, what]) => what);
      expect(hits).toEqual([]);
    });
  }
});
