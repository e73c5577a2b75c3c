import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatProblem, InvalidInput, type Problem } from '../errors/problem.ts';
import { describeTerm } from './describe.ts';
import { parseProposal } from './parse.ts';
import { termSchema } from './schema.ts';
import type { Term, TermKind } from './types.ts';

const DIR = fileURLToPath(new URL('../../test/fixtures/proposals/', import.meta.url));
const read = (sub: string, name: string) => readFileSync(`${DIR}${sub}/${name}`, 'utf8');
const yamlFiles = (sub: string) => readdirSync(`${DIR}${sub}`).filter((f) => f.endsWith('.yaml')).sort();

interface Expected {
  code: string;
  line: number;
  col: number;
  /** Field path; absent for problems with the file as a whole (YAML syntax, not a mapping). */
  field?: string;
  /** Fragments that must appear in the message and in the hint. */
  message: string;
  hint: string;
}

/*
 * One entry per file in test/fixtures/proposals/errors/. Most fixtures share a 7-line head:
 *   1 # comment   2 id:   3 title:   4 party:   5 unit:   6 date:   7 term: { … }
 * so `terms:` is line 8 and the first term's `  - kind: …` is line 9, its mapping starting at
 * col 5 (after "  - "). Columns are 1-based; a value's column is the length of what precedes it + 1.
 * A missing field points at the mapping it is missing from (or at the key that holds that mapping).
 */
const ERRORS: Record<string, Expected | Expected[]> = {
  // Line 7 `term: { start: 2018-07-01, end: 2021-06-30` has no `}`; the { is at col 7 ("term: " is 6 chars).
  'yaml-syntax.yaml': { code: 'proposal.yaml-syntax', line: 7, col: 7, message: 'the { that starts here is not closed with }', hint: 'term: { start: 2017-07-01, end: 2022-06-30 }' },
  // Line 3 `title: "Test proposal` — the quote is at col 8 ("title: " is 7 chars).
  'yaml-unclosed-quote.yaml': { code: 'proposal.yaml-syntax', line: 3, col: 8, message: 'the quote that starts here is never closed', hint: 'same quote mark' },
  // Line 9 starts with a tab, col 1.
  'tab-indent.yaml': { code: 'proposal.yaml-syntax', line: 9, col: 1, message: 'Tabs are not allowed as indentation', hint: 'indent with spaces' },
  // `party:` on line 4, again on line 6 (after `unit:` on line 5); the second is reported, at col 1.
  'duplicate-key.yaml': { code: 'proposal.duplicate-key', line: 6, col: 1, field: 'party', message: '"party" is given twice (first on line 4)', hint: 'keep one of the two lines' },
  // Only a comment on line 1: nothing to point at but the start of the file.
  'empty-file.yaml': { code: 'proposal.not-a-mapping', line: 1, col: 1, message: 'the file is empty', hint: 'id, title, party, unit, date, term and terms' },
  // Line 2 `- id: tiny-test` starts a list, col 1.
  'not-a-mapping.yaml': { code: 'proposal.not-a-mapping', line: 2, col: 1, message: 'must be made of `key: value` lines, got a list', hint: 'id, title, party, unit, date, term and terms' },
  // Line 8 `sumary: …` (the 8th line of the file, after the 7-line head); the key is at col 1.
  // 9: `  - { kind: flat-amount, roles: [nurse], amount: 1,000, …`: the "000" after the comma starts at column 52 (after 51 characters).
  'comma-in-braces.yaml': { code: 'proposal.unknown-field', line: 9, col: 52, field: 'terms[0].0', message: 'inside { } a comma separates fields, so a number written with a thousands comma (1,000) is read as 1', hint: 'amount' },
  'unknown-field.yaml': { code: 'proposal.unknown-field', line: 8, col: 1, field: 'sumary', message: 'unknown field "sumary"', hint: 'optionally summary and sources' },
  // Line 12 `    role: [nurse]` is the 4th line of the term (9 kind, 10 pct, 11 effective); key at col 5.
  'unknown-term-field.yaml': { code: 'proposal.unknown-field', line: 12, col: 5, field: 'terms[0].role', message: 'unknown field "role"', hint: 'a raise term may have: pct, effective, roles, paid' },
  // Line 9 `  - { title: Board agenda, url: … }`: "  - { " (6) + "title: Board agenda, " (21) = 27, so `url` is at col 28.
  'source-unknown-field.yaml': { code: 'proposal.unknown-field', line: 9, col: 28, field: 'sources[0].url', message: 'unknown field "url"', hint: 'href:' },
  // `percent` instead of `pct`: pct is missing (from the term's mapping, line 9 col 5) and percent unknown (line 10 col 5).
  'misspelled-required-field.yaml': [
    { code: 'proposal.missing-field', line: 9, col: 5, field: 'terms[0].pct', message: 'is required', hint: 'pct: 3' },
    { code: 'proposal.unknown-field', line: 10, col: 5, field: 'terms[0].percent', message: 'unknown field "percent"', hint: '{ kind: raise, pct: 3, effective: 2018-07-01 }' },
  ],
  // No `id:` line, so the file's mapping starts with `title:` on line 2 (line 1 is the comment).
  'missing-id.yaml': { code: 'proposal.missing-field', line: 2, col: 1, field: 'id', message: 'is required', hint: 'id: utla-2019-settlement' },
  // No `party:`; the mapping starts on line 2.
  'missing-party.yaml': { code: 'proposal.missing-field', line: 2, col: 1, field: 'party', message: 'is required', hint: 'party: union' },
  // No `date:`; the mapping starts on line 2.
  'missing-date.yaml': { code: 'proposal.missing-field', line: 2, col: 1, field: 'date', message: 'is required', hint: 'date: 2019-01-22' },
  // No `terms:`; the mapping starts on line 2.
  'missing-terms.yaml': { code: 'proposal.missing-field', line: 2, col: 1, field: 'terms', message: 'is required', hint: 'terms: [{ kind: raise' },
  // `term:` on line 7 (col 1) has `start:` (line 8) but no `end:`.
  'missing-term-end.yaml': { code: 'proposal.missing-field', line: 7, col: 1, field: 'term.end', message: 'is required', hint: 'end: 2022-06-30' },
  // The raise on line 9 (mapping at col 5) has no `effective:`.
  'missing-effective.yaml': { code: 'proposal.missing-field', line: 9, col: 5, field: 'terms[0].effective', message: 'is required', hint: 'effective: 2019-07-01' },
  // The term on line 9 `  - pct: 3` has no kind; mapping at col 5.
  'missing-kind.yaml': { code: 'proposal.missing-field', line: 9, col: 5, field: 'terms[0].kind', message: 'is required', hint: 'kind: raise   (or hourly-raise' },
  // The staffing term on line 9 has no `schools:`.
  'staffing-missing-schools.yaml': { code: 'proposal.missing-field', line: 9, col: 5, field: 'terms[0].schools', message: 'is required', hint: 'schools: {} for every school' },
  // The me-too term is terms[1], on line 12 (after the raise on lines 9-11); mapping at col 5.
  'me-too-missing-unit.yaml': { code: 'proposal.missing-field', line: 12, col: 5, field: 'terms[1].unit', message: 'is required', hint: 'the bargaining unit that gets the same terms' },
  // Line 10 `    pct: "three"`: 4 spaces + "pct: " (5) = 9, value at col 10.
  'wrong-type-pct.yaml': { code: 'proposal.wrong-type', line: 10, col: 10, field: 'terms[0].pct', message: 'must be a number, got "three"', hint: 'pct: 3' },
  // Line 10 `    pct: 300`: value at col 10.
  'pct-too-big.yaml': { code: 'proposal.too-big', line: 10, col: 10, field: 'terms[0].pct', message: 'must be at most 100, got 300', hint: 'pct: 3' },
  // Line 11 `    effective: 2018-07-01`: 4 + "effective: " (11) = 15, value at col 16; the agreement is dated 2019-03-01 (line 6).
  'retro-cut.yaml': { code: 'proposal.retro-cut', line: 11, col: 16, field: 'terms[0].effective', message: 'cuts pay from 2018-07-01, before the agreement\'s date 2019-03-01: pay already earned cannot be taken back', hint: 'effective: 2019-03-01' },
  // Line 12 `    effective: 2018-07-01`: value at col 16, as above.
  'retro-cut-hours.yaml': { code: 'proposal.retro-cut', line: 12, col: 16, field: 'terms[0].effective', message: 'term "added-hours-1" (added-hours) cuts pay from 2018-07-01', hint: 'effective: 2019-03-01' },
  // Line 10 `    pct: 0.03`: 4 + "pct: " (5) = 9, value at col 10; 0.03 × 100 = 3.
  'pct-tiny.yaml': { code: 'proposal.pct-tiny', line: 10, col: 10, field: 'terms[0].pct', message: 'is a percent: 0.03 means 0.03%, less than a tenth of one percent; write 3 for 3%', hint: 'pct: 3' },
  // `terms:` on line 8 holds a mapping starting on line 9 `  kind: raise`, col 3.
  'terms-not-a-list.yaml': { code: 'proposal.wrong-type', line: 9, col: 3, field: 'terms', message: 'must be a list, got a mapping', hint: 'terms: [{ kind: raise' },
  // Line 10 `    roles: nurse`: 4 + "roles: " (7) = 11, value at col 12.
  'roles-not-a-list.yaml': { code: 'proposal.wrong-type', line: 10, col: 12, field: 'terms[0].roles', message: 'must be a list, got "nurse"', hint: 'roles: [nurse]' },
  // Line 12 `    roles: []`: value at col 12.
  'empty-roles.yaml': { code: 'proposal.too-small', line: 12, col: 12, field: 'terms[0].roles', message: 'must list at least 1 item, got an empty list', hint: 'roles: [nurse]' },
  // Line 11 `    hourly: 0` (9 kind, 10 unit): 4 + "hourly: " (8) = 12, value at col 13.
  'wage-floor-zero.yaml': { code: 'proposal.too-small', line: 11, col: 13, field: 'terms[0].hourly', message: 'must be more than 0, got 0', hint: 'hourly: 22.52' },
  // Line 4 `party: teachers`: "party: " is 7 chars, value at col 8.
  'bad-party.yaml': { code: 'proposal.invalid-value', line: 4, col: 8, field: 'party', message: 'must be one of "union", "district", "joint", "fact-finder", got "teachers"', hint: 'party: union' },
  // Line 6 `date: 2019-13-01`: "date: " is 6 chars, value at col 7.
  'bad-date.yaml': { code: 'proposal.bad-date', line: 6, col: 7, field: 'date', message: 'must be a date written YYYY-MM-DD, got "2019-13-01"', hint: 'date: 2019-01-22' },
  // Line 2 `id: tiny test`: value at col 5.
  'bad-id.yaml': { code: 'proposal.invalid-format', line: 2, col: 5, field: 'id', message: 'letters, digits, dots, dashes or underscores, got "tiny test"', hint: 'id: utla-2019-settlement' },
  // Line 9 `  end: 2018-06-30` (8 is start): 2 + "end: " (5) = 7, value at col 8.
  'term-end-before-start.yaml': { code: 'proposal.term-order', line: 9, col: 8, field: 'term.end', message: 'must end after it starts (2021-07-01)', hint: 'end: 2022-06-30' },
  // Line 9 `  - kind: pay-rise`: "  - kind: " is 10 chars, value at col 11.
  'unknown-kind.yaml': { code: 'proposal.unknown-kind', line: 9, col: 11, field: 'terms[0].kind', message: '"pay-rise" is not a known kind; must be one of "raise"', hint: 'kind: raise   (or hourly-raise' },
  // The bonus on line 9 (col 5) has pct (line 10) and amount (line 11): the term as a whole is wrong.
  'bonus-pct-and-amount.yaml': { code: 'proposal.bonus-basis', line: 9, col: 5, field: 'terms[0]', message: 'give exactly one of pct (percent of annual pay) and amount', hint: '{ kind: bonus, amount: 1000' },
  // The bonus on line 9 has neither.
  'bonus-no-basis.yaml': { code: 'proposal.bonus-basis', line: 9, col: 5, field: 'terms[0]', message: 'give exactly one of pct', hint: '{ kind: bonus' },
  // The health term on line 9 has neither perEmployee nor partTimeMinHours.
  'health-no-basis.yaml': { code: 'proposal.health-basis', line: 9, col: 5, field: 'terms[0]', message: 'give exactly one of perEmployee', hint: '{ kind: health, partTimeMinHours: 4' },
  // Line 13 `        cap: -24` (11 grades, 12 from): 8 + "cap: " (5) = 13, value at col 14.
  'class-size-negative-cap.yaml': { code: 'proposal.too-small', line: 13, col: 14, field: 'terms[0].caps[0].cap', message: 'must be at least 10, got -24', hint: 'cap: 35' },
  // Line 13 `        cap: 1`: value at col 14; the smallest cap is MIN_CLASS_SIZE_CAP (10).
  'class-size-cap-too-small.yaml': { code: 'proposal.too-small', line: 13, col: 14, field: 'terms[0].caps[0].cap', message: 'must be at least 10, got 1', hint: 'cap: 35' },
  // The cap on line 11 `      - grades: K-3` (mapping at col 9, after 6 spaces and "- ") has cap and reduceBy.
  'class-size-cap-and-reduce-by.yaml': { code: 'proposal.cap-basis', line: 11, col: 9, field: 'terms[0].caps[0]', message: 'give exactly one of cap (students) and reduceBy', hint: 'caps: [{ grades: 4-6' },
  // Line 14 `        highNeedCap: 26`: 8 + "highNeedCap: " (13) = 21, value at col 22; the hint is the cap (24) less 2.
  'high-need-cap-above-cap.yaml': { code: 'proposal.high-need-cap', line: 14, col: 22, field: 'terms[0].caps[0].highNeedCap', message: 'the high-need cap (26) must not be above the cap for other schools (24)', hint: 'highNeedCap: 22' },
  // Line 11 `      - grades: 3-K`: 6 + "- " + "grades: " = 16, value at col 17.
  'bad-grade-span.yaml': { code: 'proposal.bad-grade-span', line: 11, col: 17, field: 'terms[0].caps[0].grades', message: '"3-K" is not a grade span like K-3 or 9-12', hint: 'grades: 4-6' },
  // Line 11 `      - { grades: K-3, measure: median, …`: 6 + "- { " (4) + "grades: K-3, " (13) + "measure: " (9) = 32, value at col 33.
  'bad-measure.yaml': { code: 'proposal.invalid-value', line: 11, col: 33, field: 'terms[0].caps[0].measure', message: 'must be one of "maximum", "average", got "median"', hint: 'measure: maximum' },
  // The third cap (line 13) is K-3 from 2019 after the K-3 cap from 2020 (line 11); the 4-5 cap between does not count.
  // Line 13: 6 + "- { " (4) + "grades: K-3, " (13) + "from: " (6) = 29, value at col 30.
  'class-size-out-of-order.yaml': { code: 'proposal.phase-order', line: 13, col: 30, field: 'terms[0].caps[2].from', message: 'caps for grades K-3 must be listed in date order; the cap from 2019-07-01 is listed after the one from 2020-07-01', hint: 'list the cap from 2019-07-01 before the one from 2020-07-01' },
  // The phase on line 13 `      - from: 2019-07-01` (mapping at col 9) has perSchool and studentsPerStaff.
  'staffing-both-bases.yaml': { code: 'proposal.staffing-basis', line: 13, col: 9, field: 'terms[0].phases[0]', message: 'give exactly one of perSchool (FTE at each school) and studentsPerStaff', hint: 'perSchool: 1 }   (or { from: 2019-07-01, studentsPerStaff: 500 })' },
  // Line 11 `    schools: { types: [primary] }`: 4 + "schools: " (9) + "{ " (2) + "types: " (7) + "[" (1) = 23, value at col 24.
  'bad-school-type.yaml': { code: 'proposal.invalid-value', line: 11, col: 24, field: 'terms[0].schools.types[0]', message: 'got "primary"', hint: 'types: [middle, high]' },
  // Second hiring phase, line 13 `      - { from: 2019-07-01, …`: 6 + "- { " (4) + "from: " (6) = 16, value at col 17.
  'phases-out-of-order.yaml': { code: 'proposal.phase-order', line: 13, col: 17, field: 'terms[0].phases[1].from', message: 'the phase from 2019-07-01 is listed after the one from 2020-07-01', hint: 'list the phase from 2019-07-01 before the one from 2020-07-01' },
  // The second term's `  - id: raise` is line 13 (first term: lines 9-12); "  - id: " is 8 chars, value at col 9.
  // Line 15 `      - { grades: 5, …` (terms[1].caps[1]): 6 spaces + "- { " + "grades: " = 18 characters, so col 19.
  'class-size-twice.yaml': { code: 'proposal.class-size-twice', line: 15, col: 19, field: 'terms[1].caps[1].grades', message: 'grade 5 is already capped by terms[0]', hint: 'one class-size term' },
  'duplicate-term-id.yaml': { code: 'proposal.duplicate-id', line: 13, col: 9, field: 'terms[1].id', message: 'term id "raise" is already used by terms[0]', hint: 'id: raise-2' },
  // The second term (line 13, mapping at col 5) has no id, so gets raise-2 (kind raise, 2nd term), as the first term's id.
  'duplicate-default-term-id.yaml': { code: 'proposal.duplicate-id', line: 13, col: 5, field: 'terms[1]', message: 'this term has no id, so it gets "raise-2", which terms[0] already uses', hint: 'id: raise-2-b' },
  // Line 14 `    terms: [raise-2]` (me-too on 12-14): 4 + "terms: " (7) + "[" = 12, value at col 13.
  // The raise is the 1st term, so its id is raise-1.
  'me-too-unknown-term.yaml': { code: 'proposal.unknown-term', line: 14, col: 13, field: 'terms[1].terms[0]', message: 'no term with id "raise-2" in this proposal', hint: 'one of: raise-1' },
  // Line 13 `    terms: [non-cost-1]` (non-cost on 9-10, me-too on 11-13): value at col 13.
  'me-too-non-cost-term.yaml': { code: 'proposal.me-too-target', line: 13, col: 13, field: 'terms[1].terms[0]', message: 'not a non-cost term', hint: 'the id of a raise, bonus or other costed term' },
  // Line 11 `    terms: []`: 4 + "terms: " (7) = 11, value at col 12.
  'me-too-no-terms.yaml': { code: 'proposal.too-small', line: 11, col: 12, field: 'terms[0].terms', message: 'must list at least 1 item, got an empty list', hint: 'terms: [raise-1, bonus-2]' },
  // Line 12 `    employedIn: 2018-2020`: 4 + "employedIn: " (12) = 16, value at col 17.
  // Limits on the work one proposal asks for (src/proposals/limits.ts).
  // Terms start on line 9, one a line, so terms[100] (the 101st) is on line 109; its mapping `{` at col 5 (after "  - ").
  'too-many-terms.yaml': { code: 'proposal.too-many-terms', line: 109, col: 5, field: 'terms[100]', message: 'at most 100 terms; this one has 101', hint: 'at most 100 terms' },
  // Line 9 `  end: 2029-06-30`: 2 + "end: " (5) = 7, value at col 8. From 2018-07-01 a term must end before 2028-07-01.
  'contract-too-long.yaml': { code: 'proposal.contract-too-long', line: 9, col: 8, field: 'term.end', message: 'at most 10 years; this one runs from 2018-07-01 to 2029-06-30', hint: 'end: 2021-06-30   (before 2028-07-01)' },
  // Line 9 `  end: 9999-06-30`: value at col 8.
  'date-out-of-range.yaml': { code: 'proposal.date-out-of-range', line: 9, col: 8, field: 'term.end', message: 'must be a date from 1990-01-01 to 2099-12-31, got "9999-06-30"', hint: 'end: 2022-06-30' },
  // Phases start on line 12, one a line, so phases[40] (the 41st) is on line 52; its `{` at col 9 (after "      - ").
  'too-many-phases.yaml': { code: 'proposal.too-many-phases', line: 52, col: 9, field: 'terms[0].phases[40]', message: 'a hire term may list at most 40 phases; this one lists 41', hint: 'at most 40 phases' },
  // 60 raises (lines 9-68) count 60; the first me-too clause (terms[60], its list on line 71) makes the 101st
  // costed term at its 41st name, r41. Line 71 `    terms: [r1, r2, …`: "    terms: [" is 12 characters, r1…r9 take
  // 4 each ("r1, ") = 36 and r10…r40 take 5 each = 155, so r41 starts at col 12 + 36 + 155 + 1 = 204.
  'too-many-copies.yaml': { code: 'proposal.too-many-copies', line: 71, col: 204, field: 'terms[60].terms[40]', message: 'more than 100 terms', hint: 'at most 100' },
  'bad-employed-in.yaml': { code: 'proposal.bad-fiscal-year', line: 12, col: 17, field: 'terms[0].employedIn', message: '"2018-2020" is not a fiscal year like 2020-21', hint: 'employedIn: 2020-21' },
};

function problemsOf(text: string, file: string): Problem[] {
  try {
    parseProposal(text, file);
  } catch (e) {
    expect(e).toBeInstanceOf(InvalidInput);
    return (e as InvalidInput).problems;
  }
  throw new Error(`${file} parsed without problems`);
}

describe('proposal error fixtures', () => {
  const files = yamlFiles('errors');

  it('every fixture has an expectation, and every expectation a fixture', () => {
    expect(files).toEqual(Object.keys(ERRORS).sort());
  });

  for (const name of files) {
    it(name, () => {
      const expected = [ERRORS[name] ?? []].flat();
      const problems = problemsOf(read('errors', name), name);
      expect(problems).toHaveLength(expected.length);
      problems.forEach((p, i) => {
        const want = expected[i];
        expect({ code: p.code, file: p.where?.file, line: p.where?.line, col: p.where?.col, field: p.where?.field }).toEqual({
          code: want.code,
          file: name,
          line: want.line,
          col: want.col,
          field: want.field,
        });
        expect(p.message).toContain(want.message);
        expect(p.hint ?? '').toContain(want.hint);
        // Every problem tells the person what a valid value looks like.
        expect(p.hint?.trim()).toBeTruthy();
        // The printed form leads with file:line:col.
        expect(formatProblem(p)).toContain(`${name}:${want.line}:${want.col}`);
      });
    });
  }
});

describe('valid proposal fixtures', () => {
  const files = yamlFiles('valid');

  it('all parse', () => {
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const name of files) expect(() => parseProposal(read('valid', name), name)).not.toThrow();
  });

  it('together use every term kind the schema knows', () => {
    const kinds = new Set(files.flatMap((name) => parseProposal(read('valid', name), name).proposal.terms.map((t) => t.kind)));
    // Read from the schema, so a new kind without a valid fixture fails here.
    const all = termSchema.options.map((o) => (o.shape.kind as { value: TermKind }).value);
    expect(all).toEqual(expect.arrayContaining(['raise', 'hourly-raise', 'flat-amount', 'bonus', 'wage-floor', 'added-hours', 'health', 'class-size', 'staffing', 'hire', 'me-too', 'non-cost']));
    expect([...kinds].sort()).toEqual([...all].sort());
  });

  it('pay-terms.yaml: ids default to <kind>-<position>, units to the proposal unit, titles to describeTerm', () => {
    const { proposal } = parseProposal(read('valid', 'pay-terms.yaml'), 'pay-terms.yaml');
    expect(proposal.id).toBe('tiny-2019-union');
    expect(proposal.party).toBe('union');
    expect(proposal.sources).toEqual([{ title: 'Tiny Teachers Association bulletin' }, { title: 'Board agenda item 12', href: 'https://example.org/agenda-12' }]);
    // Position n is 1-based: the 3rd term, an hourly raise, is hourly-raise-3; the 2nd keeps its own id.
    expect(proposal.terms.map((t) => t.id)).toEqual([
      'raise-1', 'nurse-raise', 'hourly-raise-3', 'flat-amount-4', 'bonus-5', 'bonus-6', 'wage-floor-7', 'added-hours-8', 'health-9', 'health-10',
    ]);
    // Terms 3, 6, 7, 8 and 10 say unit C; the rest take the proposal's unit T.
    expect(proposal.terms.map((t) => t.unit)).toEqual(['T', 'T', 'C', 'T', 'T', 'C', 'C', 'C', 'T', 'C']);
    // Only nurse-raise has its own title.
    proposal.terms.forEach((t: Term) => expect(t.title).toBe(t.id === 'nurse-raise' ? 'Nurse raise' : describeTerm(t)));
    expect(proposal.terms[0].title).toBe('3% raise from 2018-07-01');
    const bonus = proposal.terms[5];
    expect(bonus.kind === 'bonus' && bonus.employedIn).toBe(2018);
    expect(bonus.title).toBe('one-time bonus of $500 for staff employed in 2018-19, paid 2019-06-01');
  });

  it('position-terms.yaml: caps, staffing, hiring, me-too and non-cost terms', () => {
    const { proposal } = parseProposal(read('valid', 'position-terms.yaml'), 'position-terms.yaml');
    expect(proposal.terms.map((t) => t.id)).toEqual(['caps', 'nurses', 'staffing-3', 'hire-4', 'raise-5', 'me-too-6', 'program-7', 'non-cost-8']);
    expect(proposal.terms.map((t) => t.unit)).toEqual(['T', 'T', 'T', 'C', 'T', 'C', 'T', 'T']);
    const caps = proposal.terms[0];
    if (caps.kind !== 'class-size') throw new Error('expected class-size');
    // A bare `grades: 6` (a number in YAML) is the single grade 6.
    expect(caps.caps.map((c) => c.grades)).toEqual([['K', '1', '2', '3'], ['K', '1', '2', '3'], ['4', '5'], ['9', '10', '11', '12'], ['6']]);
    expect(proposal.terms[5]).toMatchObject({ kind: 'me-too', unit: 'C', terms: ['raise-5'], title: 'me-too: C gets raise-5' });
    expect(proposal.terms[6].title).toBe('After-school tutoring');
    expect(proposal.terms[7].title).toBe('Teachers may leave campus during their preparation period.');
  });

  it('minimal.yaml: no sources, summary or terms', () => {
    const { proposal } = parseProposal(read('valid', 'minimal.yaml'), 'minimal.yaml');
    expect(proposal).toMatchObject({ id: 'tiny-empty', party: 'joint', unit: 'C', sources: [], terms: [] });
    expect(proposal.summary).toBeUndefined();
  });
});

describe('the size of a proposal', () => {
  const head = 'id: p\ntitle: Raise\nparty: union\nunit: T\ndate: 2019-03-01\nterm: { start: 2019-07-01, end: 2021-06-30 }\nterms:\n  - { kind: raise, pct: 3, effective: 2019-07-01 }\n';
  const problemOf = (text: string): Problem => {
    try {
      parseProposal(text, 'p.yaml');
    } catch (e) {
      if (e instanceof InvalidInput) return e.problems[0];
    }
    throw new Error('parsed');
  };
  it('refuses more than 256 KB, by its size alone (the server and the command line alike)', () => {
    // 262,144 characters is the most: a comment line fills the file to one more than that.
    const over = head + `# ${'x'.repeat(256 * 1024 - head.length - 2)}\n`;
    expect(over.length).toBe(256 * 1024 + 1);
    expect(problemOf(over)).toMatchObject({ code: 'proposal.too-large', message: 'the proposal is 257 KB; a proposal may be at most 256 KB (the longest real contract in examples/ is 7 KB)' });
    // One character less is read (and here valid).
    expect(parseProposal(over.slice(0, -2) + '\n', 'p.yaml').proposal.id).toBe('p');
  });
});
