/**
 * `settle cost` with hostile proposal files: each is refused with exit code 3 and one clear
 * problem with file (line and column where there is one); no stack trace, no overflow, and a
 * bounded amount of output: a file with hundreds of mistakes prints the first 50 and a count.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.ts';
import { aliasBomb, deepFlow } from './helpers/hostile.ts';

const TINY = fileURLToPath(new URL('./fixtures/tiny-district', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'settle-cli-hostile-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const HEAD = 'id: p\ntitle: Raise\nparty: union\nunit: T\ndate: 2019-03-01\n';
/** `n` terms, each with a wrong number, a date that does not exist and a field no term has: three problems each. */
const wrongTerms = (n: number) => `${HEAD}term: { start: 2019-07-01, end: 2021-06-30 }\nterms:\n${Array.from({ length: n }, (_, i) => `  - { kind: raise, pct: banana, effective: 2019-13-45, extra: ${i} }\n`).join('')}`;

const FILES: [name: string, content: string | Uint8Array, expected: RegExp][] = [
  ['ends-9999.yaml', `${HEAD}term: { start: 2019-07-01, end: 9999-06-30 }\nterms:\n  - { kind: raise, pct: 3, effective: 2019-07-01 }\n`, /ends-9999\.yaml:6:33 term\.end: must be a date from 1990-01-01 to 2099-12-31, got "9999-06-30".*\[proposal\.date-out-of-range\]/],
  // 5 MB of wrong terms: refused by its size before it is read (256 KB at most; the longest real contract is 7 KB).
  ['five-mb.yaml', wrongTerms(80_000), /five-mb\.yaml: the file is [\d,]+ KB; a proposal file may be at most 256 KB.*\[proposal\.too-large\]/],
  // Under the size, 3,000 wrong terms: one problem (too many terms), not 9,000.
  ['many-terms.yaml', wrongTerms(3_000), /many-terms\.yaml:108:5 terms\[100\]: a proposal may have at most 100 terms; this one has 3,000.*\[proposal\.too-many-terms\]/],
  ['bomb.yaml', aliasBomb(9), /bomb\.yaml:2:10: .*aliases.*\[proposal\.yaml-aliases\]/],
  ['unresolved.yaml', 'id: x\nterms: *terms\n', /unresolved\.yaml:2:8: .*\*terms.*\[proposal\.yaml-alias\]/],
  ['deep.yaml', `terms: ${deepFlow(100_000)}\n`, /deep\.yaml:1:\d+: .*more than 64 levels.*\[proposal\.too-deep\]/],
  // 0xff 0xfe is no UTF-8 character: the first bad byte is after `id: ` (line 1, column 5).
  ['latin1.yaml', new Uint8Array([0x69, 0x64, 0x3a, 0x20, 0xff, 0xfe, 0x0a]), /latin1\.yaml:1:5: .*not UTF-8.*\[proposal\.not-utf8\]/],
  ['nul.yaml', 'id: a\u0000b\n', /nul\.yaml:1:6: .*U\+0000.*\[proposal\.text\]/],
];

describe('settle cost refuses hostile proposal files', () => {
  for (const [name, content, expected] of FILES) {
    it(name, async () => {
      const file = join(tmp, name);
      writeFileSync(file, content);
      const r = await runCli('cost', file, '--district', TINY);
      expect(r.code).toBe(3);
      expect(r.err).toMatch(expected);
      expect(r.err).not.toMatch(/\n\s+at /); // no stack trace
      expect(r.out).toBe('');
      expect(r.err.split('\n').filter((l) => l.trim() !== '')).toHaveLength(2); // the count, and the one problem
    });
  }

  it('a folder given as the proposal file', async () => {
    const r = await runCli('cost', tmp, '--district', TINY);
    expect(r.code).toBe(3);
    expect(r.err).toContain(`${tmp}: this is a folder, not a proposal file`);
    expect(r.err).toContain('[proposal.not-a-file]');
    expect(r.err).not.toMatch(/\n\s+at /);
  });

  it('a file with 100 wrong terms prints its first 50 problems and counts the other 250', async () => {
    // 100 terms (the most a proposal may have) × 3 problems = 300.
    const file = join(tmp, 'wrong-100.yaml');
    writeFileSync(file, wrongTerms(100));
    const r = await runCli('cost', file, '--district', TINY);
    expect(r.code).toBe(3);
    const lines = r.err.split('\n').filter((l) => l.trim() !== '');
    expect(lines[0]).toBe('settle: the input has 300 problems; stopped without producing output.');
    expect(lines.slice(1, 51).every((l) => l.includes('wrong-100.yaml:'))).toBe(true);
    expect(lines[51]).toBe('  … and 250 more problems, not listed: fix the ones above (often one mistake repeated) and run again to see the rest.');
    expect(lines).toHaveLength(52);
  });
});

describe('every command refuses a folder given as its input file, naming the file and a valid example', () => {
  it.each([
    ['strike-impact --days', ['strike-impact', '--district', TINY, '--days', tmp], 'this is a folder, not a strike days file', 'days.not-a-file'],
    ['zone --space', ['zone', '--district', TINY, '--space', tmp], 'this is a folder, not a space file', 'zone.not-a-file'],
    ['generate --spec', ['generate', '--spec', tmp, '--out', join(tmp, 'out')], 'this is a folder, not a spec file', 'spec.not-a-file'],
  ])('%s', async (_name, argv, message, code) => {
    const r = await runCli(...argv);
    expect(r.code).toBe(3);
    expect(r.err).toContain(`${tmp}: ${message}`);
    expect(r.err).toContain(`[${code}]`);
    expect(r.err).not.toMatch(/\n\s+at /);
  });
});
