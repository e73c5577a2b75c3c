import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseYaml } from './yaml.ts';
import { flowTooDeepAt, MAX_YAML_DEPTH } from './yaml-limits.ts';
import { aliasBomb, deepBlock, deepFlow } from '../../test/helpers/hostile.ts';

/** Any mapping: what is tested here is what happens before the schema. */
const anything = { file: 'in.yaml', schema: z.record(z.string(), z.unknown()), codePrefix: 'proposal' };

const problemsOf = (text: string) => {
  const r = parseYaml(text, anything);
  return r.ok ? [] : r.problems;
};

describe('YAML that would exhaust the parser is refused with where, never thrown', () => {
  it('refuses a billion-laughs file (9 levels of 10 aliases: 10^9 copies) at its first alias', () => {
    const [p, ...rest] = problemsOf(aliasBomb(9));
    expect(rest).toEqual([]);
    // Line 1 is the anchor l0; line 2 is `l1: &l1 [*l0, …]`, the first alias at column 10.
    expect(p).toMatchObject({ code: 'proposal.yaml-aliases', where: { file: 'in.yaml', line: 2, col: 10 } });
  });

  it('keeps a few aliases working (3 copies of a 3-item list is 9 values, under the 100 allowed)', () => {
    const r = parseYaml('a: &a [1, 2, 3]\nb: [*a, *a, *a]\n', anything);
    expect(r.ok && r.value).toEqual({ a: [1, 2, 3], b: [[1, 2, 3], [1, 2, 3], [1, 2, 3]] });
  });

  it('names an alias with no anchor before it, with its line and column', () => {
    expect(problemsOf('id: x\ntitle: *nope\n')).toEqual([
      expect.objectContaining({ code: 'proposal.yaml-alias', message: expect.stringContaining('*nope'), where: { file: 'in.yaml', line: 2, col: 8 } }),
    ]);
    // The anchor after the alias does not count.
    expect(problemsOf('a: *later\nb: &later 1\n')[0]).toMatchObject({ code: 'proposal.yaml-alias', where: { line: 1, col: 4 } });
  });

  it('does not throw on a top-level list of aliases (not a mapping)', () => {
    expect(problemsOf('- *nope\n')[0]).toMatchObject({ code: 'proposal.not-a-mapping' });
    expect(problemsOf(`- &a [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\n- &b [${'*a, '.repeat(9)}*a]\n- [${'*b, '.repeat(9)}*b]\n`)[0]).toMatchObject({ code: 'proposal.not-a-mapping', message: expect.stringContaining('a list') });
  });

  it(`refuses flow nesting past ${MAX_YAML_DEPTH} levels, up to 150,000 deep, at the [ that goes too deep`, () => {
    for (const depth of [MAX_YAML_DEPTH + 1, 1_000, 150_000]) {
      const [p] = problemsOf(`x: ${deepFlow(depth)}\n`);
      expect(p, `depth ${depth}`).toMatchObject({ code: 'proposal.too-deep', where: { file: 'in.yaml', line: 1 } });
    }
    // The top mapping is level 1, so the 64th [ is level 65: `x: ` is 3 characters, the 64th [ is at column 67.
    expect(problemsOf(`x: ${deepFlow(MAX_YAML_DEPTH)}\n`)[0]).toMatchObject({ where: { line: 1, col: 67 } });
    // One level less is within the bound.
    expect(problemsOf(`x: ${deepFlow(MAX_YAML_DEPTH - 1)}\n`)).toEqual([]);
    // Unclosed, and as mappings.
    expect(problemsOf(`x: ${deepFlow(150_000, { map: true, closed: false })}\n`)[0]).toMatchObject({ code: 'proposal.too-deep' });
  });

  it(`refuses block nesting past ${MAX_YAML_DEPTH} levels, at the line that goes too deep`, () => {
    // deepBlock(n): line i (from 1) is key a{i-1} indented 2(i-1) spaces; line 65 is the 65th level, at column 129.
    expect(problemsOf(deepBlock(100))[0]).toMatchObject({ code: 'proposal.too-deep', where: { line: 65, col: 129 } });
    expect(problemsOf(deepBlock(MAX_YAML_DEPTH))).toEqual([]);
  });

  it('says what 1e309 and .nan are instead of printing null', () => {
    const r = parseYaml('pct: 1e309\nother: .nan\n', { file: 'in.yaml', schema: z.object({ pct: z.number().max(100), other: z.number() }).strict(), codePrefix: 'proposal' });
    const messages = r.ok ? [] : r.problems.map((p) => p.message);
    expect(messages.join(' | ')).not.toMatch(/null/);
    expect(messages.join(' | ')).toMatch(/infinity/);
  });
});

describe('warnings', () => {
  it('writes nothing to the process warnings for a mapping used as a key', async () => {
    const warnings: Error[] = [];
    const listen = (w: Error) => void warnings.push(w);
    process.on('warning', listen);
    try {
      const r = parseYaml('? { $ne: null }\n: 1\n', anything);
      await new Promise((resolve) => setImmediate(resolve));
      expect(r.ok).toBe(true);
      expect(warnings.map((w) => w.message)).toEqual([]);
    } finally {
      process.off('warning', listen);
    }
  });
});

describe('the quick bracket count', () => {
  it('does not count brackets in quotes or comments', () => {
    const inQuotes = `a: "${'['.repeat(300)}"\nb: '${'{'.repeat(300)}'\n# ${'['.repeat(300)}\n`;
    expect(flowTooDeepAt(inQuotes, 256)).toBe(-1);
    expect(flowTooDeepAt(`a: ${'['.repeat(257)}`, 256)).toBe(3 + 256);
  });
});
