// Asked for JSON (--json, --format json), a command that fails also writes its failure to stdout
// as one JSON object, so a script reads the problems as it reads results; people still read stderr.
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { runCli } from './helpers/cli.ts';

const TINY = fileURLToPath(new URL('./fixtures/tiny-district', import.meta.url));
const BAD_DATE = fileURLToPath(new URL('./fixtures/proposals/errors/bad-date.yaml', import.meta.url));
const PAY = fileURLToPath(new URL('./fixtures/proposals/valid/pay-terms.yaml', import.meta.url));

it('writes invalid input as {"error": {kind, exitCode, problems}} with each problem\'s code, place and example', async () => {
  for (const asked of [['--json'], ['--format', 'json'], ['--format=json']]) {
    const r = await runCli('cost', BAD_DATE, '--district', TINY, ...asked);
    expect(r.code).toBe(3);
    const { error } = JSON.parse(r.out) as { error: { kind: string; exitCode: number; message: string; problems: { code: string; where: { file: string; line: number; field: string }; hint?: string; message: string }[] } };
    expect([error.kind, error.exitCode, error.message]).toEqual(['invalid-input', 3, 'the input has 1 problem']);
    // bad-date.yaml line 6 is `date: 2019-13-01` (there is no month 13).
    expect(error.problems).toEqual([expect.objectContaining({ code: 'proposal.bad-date', where: expect.objectContaining({ file: BAD_DATE, line: 6, field: 'date' }) })]);
    expect(error.problems[0].message).toContain('got "2019-13-01"');
    // The text for people is still on stderr.
    expect(r.err).toContain('stopped without producing output');
  }
});

it('writes a usage error the same way, and nothing to stdout without --json', async () => {
  const unknown = await runCli('cost', PAY, '--district', TINY, '--json', '--colour');
  expect(unknown.code).toBe(2);
  expect(JSON.parse(unknown.out)).toEqual({ error: { kind: 'usage', exitCode: 2, message: expect.stringContaining("unknown option '--colour'") } });
  const missing = await runCli('zone', '--json', '--district', TINY);
  expect(missing.code).toBe(2);
  expect(JSON.parse(missing.out).error).toMatchObject({ kind: 'usage', exitCode: 2 });
  const text = await runCli('cost', BAD_DATE, '--district', TINY);
  expect([text.code, text.out]).toEqual([3, '']);
  // --json with another --format: which was meant is not guessed (it printed JSON).
  const both = await runCli('cost', PAY, '--district', TINY, '--json', '--format', 'table');
  expect(both.code).toBe(2);
  expect(JSON.parse(both.out).error.message).toBe('--json prints JSON, and --format table asks for table: give one of them');
});
