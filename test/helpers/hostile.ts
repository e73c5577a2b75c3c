/**
 * Adversarial input for the parsers: YAML alias bombs and unresolved aliases, YAML and JSON
 * nested far past any real file, numbers past what a double holds, impossible dates, control
 * characters, lone surrogates, byte-order marks and bytes that are not UTF-8. Every value here
 * is invalid where it is put (the comments say why), so each must be refused with a 4xx.
 */
import fc from 'fast-check';

/** A "billion laughs" file: `levels` anchors, each a list of ten aliases of the one before. */
export function aliasBomb(levels: number, width = 10): string {
  const lines = [`l0: &l0 [${Array(width).fill('"lol"').join(', ')}]`];
  for (let i = 1; i < levels; i++) lines.push(`l${i}: &l${i} [${Array(width).fill(`*l${i - 1}`).join(', ')}]`);
  return `${lines.join('\n')}\n`;
}

/** `[[[ … ]]]` (or `{a: {a: …}}`) `depth` deep, closed or not. */
export function deepFlow(depth: number, o: { map?: boolean; closed?: boolean } = {}): string {
  const open = o.map ? '{a: ' : '[';
  const close = o.map ? '}' : ']';
  return open.repeat(depth) + (o.closed === false ? '' : `1${close.repeat(depth)}`);
}

/** Block mappings nested by indentation, `depth` deep. */
export function deepBlock(depth: number, o: { seq?: boolean } = {}): string {
  return Array.from({ length: depth }, (_, i) => `${' '.repeat(i * 2)}${o.seq ? '- ' : ''}a${i}:`).join('\n') + ' 1\n';
}

/** Nesting deeper than 64 (the bound), from just past it to far past it. */
export const depths = fc.constantFrom(65, 100, 1_000, 10_000, 150_000);

/**
 * Proposal YAML (a valid one, `base`) with one hostile change that makes it invalid:
 * the whole file replaced by a bomb or a deep nest, or one field given a hostile value.
 */
export function hostileProposalYaml(base: string): fc.Arbitrary<{ name: string; yaml: string }> {
  const replaceLine = (key: string, value: string) => base.replace(new RegExp(`^${key}:.*$`, 'm'), `${key}: ${value}`);
  const term = (value: string) => base.replace(/^ {2}- \{ kind: raise, pct: [^,]+, effective: [^ ]+ \}$/m, `  - ${value}`);
  return fc.oneof(
    fc.integer({ min: 4, max: 9 }).map((n) => ({ name: `alias bomb (${n} levels)`, yaml: `${base}${aliasBomb(n).replace(/^l/gm, 'x')}` })),
    fc.integer({ min: 4, max: 9 }).map((n) => ({ name: `alias bomb in terms (${n} levels)`, yaml: replaceLine('terms', `&t0 [${'"x", '.repeat(9)}"x"]\n${aliasBomb(n).replace(/^l/gm, 'x')}`) })),
    // An alias must come after its anchor: none of these has one.
    fc.constantFrom(['id', '*nope'], ['terms', '*terms'], ['term', '*t'], ['title', '*'], ['unit', '*T']).map(([key, alias]) => ({ name: `an unresolved alias in ${key}`, yaml: replaceLine(key, alias) })),
    fc.constant({ name: 'an alias before its anchor', yaml: `${replaceLine('id', '*later')}later: &later x\n` }),
    fc.tuple(depths, fc.boolean(), fc.boolean()).map(([d, map, closed]) => ({ name: `flow nested ${d} deep${closed ? '' : ', unclosed'}`, yaml: replaceLine('terms', deepFlow(d, { map, closed })) })),
    fc.tuple(fc.constantFrom(65, 100, 300, 1_000), fc.boolean()).map(([d, seq]) => ({ name: `block nested ${d} deep`, yaml: `${base}${deepBlock(d, { seq })}` })),
    // pct must be a number between -100 and 100: these are not.
    fc.constantFrom('1e309', '-1e309', '1e400', '.inf', '-.inf', '.nan', '.NaN', '18446744073709551616', '9007199254740993', '1e308', '0x7fffffffffffffff', '"NaN"', '"Infinity"', '"-0"', '1_000', '0b11111111111')
      .map((v) => ({ name: `pct: ${v}`, yaml: term(`{ kind: raise, pct: ${v}, effective: 2019-07-01 }`) })),
    // Dates that are not calendar dates written YYYY-MM-DD.
    fc.constantFrom('9999-99-99', '275760-09-13', '+275760-09-13', '-000001-07-01', '2019-02-30', '2019-13-01', '2019-00-10', '0000-00-00', '20190701', '2019-7-1', '1e309', '"2019-07-01T00:00:00Z"', '2019-07-01 00:00:00')
      .chain((v) => fc.constantFrom(
        { name: `effective: ${v}`, yaml: term(`{ kind: raise, pct: 3, effective: ${v} }`) },
        { name: `date: ${v}`, yaml: replaceLine('date', v) },
        { name: `term.end: ${v}`, yaml: replaceLine('term', `{ start: 2019-07-01, end: ${v} }`) },
      )),
    // Year 0 and year 9999 as a term that ends before it starts.
    fc.constantFrom('{ start: 0000-07-01, end: 0000-06-30 }', '{ start: 9999-07-01, end: 9999-06-30 }', '{ start: 0000-07-01, end: 0000-07-01 }')
      .map((v) => ({ name: `term: ${v}`, yaml: replaceLine('term', v) })),
    // The id allows letters, digits, dots, dashes and underscores only.
    fc.constantFrom('\u0000', '\u0007', '\u001b[31m', '\u007f', '\uFFFE', '\uFEFF', '\u202E', '\u200B', '\uD800', '\uDFFF', '\uDBFF\uDBFF', '\u0085', '\u2028')
      .chain((c) => fc.constantFrom(
        { name: `the id holds U+${c.charCodeAt(0).toString(16).padStart(4, '0')}`, yaml: replaceLine('id', `bad${c}id`) },
        { name: `U+${c.charCodeAt(0).toString(16).padStart(4, '0')} in the file, and no party`, yaml: `${replaceLine('party', `"${c}"`)}` },
      )),
    // A byte-order mark is fine at the start of a file; these files are broken after it.
    fc.constantFrom('\uFEFF', '\uFEFF\uFEFF').map((bom) => ({ name: 'a byte-order mark, then an unknown field', yaml: `${bom}${base}surprise: 1\n` })),
    fc.constant({ name: 'a byte-order mark in the middle of a key', yaml: base.replace('party:', 'pa\uFEFFrty:') }),
  );
}

/** District.yaml (a valid one) with one hostile change. */
export function hostileDistrictYaml(base: string): fc.Arbitrary<{ name: string; yaml: string }> {
  const replaceLine = (key: string, value: string) => base.replace(new RegExp(`^${key}:.*$`, 'm'), `${key}: ${value}`);
  return fc.oneof(
    fc.integer({ min: 4, max: 9 }).map((n) => ({ name: `alias bomb (${n} levels)`, yaml: `${base}${aliasBomb(n)}` })),
    fc.constantFrom(['name', '*nope'], ['requiredReservePct', '*pct'], ['baseFiscalYear', '*fy']).map(([key, alias]) => ({ name: `an unresolved alias in ${key}`, yaml: replaceLine(key, alias) })),
    fc.tuple(depths, fc.boolean(), fc.boolean()).map(([d, map, closed]) => ({ name: `flow nested ${d} deep`, yaml: replaceLine('sources', deepFlow(d, { map, closed })) })),
    fc.constantFrom(65, 300, 1_000).map((d) => ({ name: `block nested ${d} deep`, yaml: `${base}${deepBlock(d)}` })),
    // A reserve is a finite percentage.
    fc.constantFrom('1e309', '-1e309', '.inf', '-.inf', '.nan', '"NaN"', '18446744073709551616').map((v) => ({ name: `requiredReservePct: ${v}`, yaml: replaceLine('requiredReservePct', v) })),
    fc.constantFrom('9999-99', '275760-09', '0000-01', '2018-20', '2018', '"2018-19\u0000"').map((v) => ({ name: `baseFiscalYear: ${v}`, yaml: replaceLine('baseFiscalYear', v) })),
    fc.constantFrom('9999-99-99', '275760-09-13', '2019-02-30', '0000-00-00').map((v) => ({ name: `a value dated ${v}`, yaml: base.replace('2018-07-01: 16', `${v}: 16`) })),
    fc.constantFrom('"\u0000"', '"\uD800"', '"a\u001bb"').map((v) => ({ name: `the CDS code is ${JSON.stringify(v)}`, yaml: replaceLine('cdsCode', v) })),
  );
}

/** JSON text nested `depth` deep: arrays or objects, alone or as the value of `field` in `base`. */
export function deepJson(base: Record<string, unknown> | undefined, fields: string[]): fc.Arbitrary<{ name: string; text: string }> {
  const nest = (d: number, map: boolean) => (map ? '{"a":'.repeat(d) + '1' + '}'.repeat(d) : '['.repeat(d) + ']'.repeat(d));
  const withField = (field: string, value: string) => {
    const rest = JSON.stringify({ ...(base ?? {}), [field]: 0 });
    return rest.replace(`${JSON.stringify(field)}:0`, `${JSON.stringify(field)}:${value}`);
  };
  return fc.tuple(depths, fc.boolean(), fc.constantFrom<string | null>(null, ...fields)).map(([d, map, field]) => ({
    name: `JSON nested ${d} deep${field ? ` in ${field}` : ''}`,
    text: field ? withField(field, nest(d, map)) : nest(d, map),
  }));
}

/** Raw JSON numbers a double cannot hold exactly, or that JSON.stringify cannot write (1e309 reads as Infinity). */
export const HUGE_NUMBERS = ['1e309', '-1e309', '1e400', '18446744073709551616', '-18446744073709551617', '9007199254740993', '1e-400', '-0', '-0.0', '0e0', '123456789012345678901234567890'];

/** JSON text with one field's value replaced by a raw number. */
export function withRawNumber(base: Record<string, unknown>, field: string, raw: string): string {
  return JSON.stringify({ ...base, [field]: 0 }).replace(`${JSON.stringify(field)}:0`, `${JSON.stringify(field)}:${raw}`);
}
