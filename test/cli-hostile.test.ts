/**
 * `settle cost` with hostile proposal files: each is refused with exit code 3 and one clear
 * problem with file, line and column; no stack trace, no overflow.
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

const FILES: [name: string, content: string | Uint8Array, expected: RegExp][] = [
  ['bomb.yaml', aliasBomb(9), /bomb\.yaml:2:10: .*aliases.*\[proposal\.yaml-aliases\]/],
  ['unresolved.yaml', 'id: x\nterms: *terms\n', /unresolved\.yaml:2:8: .*\*terms.*\[proposal\.yaml-alias\]/],
  ['deep.yaml', `terms: ${deepFlow(150_000)}\n`, /deep\.yaml:1:\d+: .*more than 64 levels.*\[proposal\.too-deep\]/],
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
    });
  }
});
