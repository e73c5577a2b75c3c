import { runCli } from './helpers/cli.ts';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, cpSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readDatasetFolder } from '../src/district/read-folder.ts';
import { formatDollars } from '../src/money/cents.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const TINY = here('./fixtures/tiny-district');
const PAY = here('./fixtures/proposals/valid/pay-terms.yaml');
const POSITIONS = here('./fixtures/proposals/valid/position-terms.yaml');
const tmp = mkdtempSync(join(tmpdir(), 'settle-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const run = runCli;
const dollars = (cents: number) => formatDollars(cents);

describe('settle cost', () => {
  it('prints the JSON fields other programs rely on, with totals equal to the sum of lines', async () => {
    const r = await run('cost', PAY, '--district', TINY, '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.proposal.id).toBe('tiny-2019-union');
    // Base year 2018-19 to the end of the term (2020-21) or of the budget (2021-22), whichever is later.
    expect(j.years.map((y: { fy: string }) => y.fy)).toEqual(['2018-19', '2019-20', '2020-21', '2021-22']);
    // Dated 2019-03-01: certified on 2018-19, 2019-20 and 2020-21, each projection year flagged.
    expect(j.certificationYears).toEqual(['2018-19', '2019-20', '2020-21']);
    expect(j.projection.map((p: { certified: boolean }) => p.certified)).toEqual([true, true, true, false]);
    expect(j.projection.map((p: { extrapolated: boolean }) => p.extrapolated)).toEqual([false, false, false, false]);
    expect(j).toHaveProperty('laterShortYears');
    expect(j.otherYear).toBeNull();
    for (const y of j.years) {
      for (const l of y.lines) expect(Object.keys(l)).toEqual(expect.arrayContaining(['term', 'kind', 'cents', 'fte']));
      expect(y.totalCents).toBe(y.lines.reduce((s: number, l: { cents: number }) => s + l.cents, 0));
    }
    for (const p of j.projection) {
      expect(Object.keys(p)).toEqual(expect.arrayContaining(['fy', 'revenueCents', 'expenditureCents', 'endingBalanceCents', 'reservePct', 'requiredReservePct', 'meetsReserve']));
    }
    expect(j).toHaveProperty('firstShortYear');
    expect(['positive', 'qualified', 'negative', 'not-certified']).toContain(j.certification);
  });

  it('gives byte-identical output for the same inputs', async () => {
    const a = await run('cost', POSITIONS, '--district', TINY, '--json', '--trace');
    const b = await run('cost', POSITIONS, '--district', TINY, '--json', '--trace');
    expect(a.code).toBe(0);
    expect(a.out).toBe(b.out);
  });

  it('prints a table by default and, with --trace, the formula and inputs of every line', async () => {
    const r = await run('cost', PAY, '--district', TINY, '--trace');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Total cost');
    expect(r.out).toContain('Reserve (required 3%)');
    expect(r.out).toContain('How each figure was made');
    expect(r.out).toMatch(/= Σ over pay groups/);
    // Every total names its years: all years costed, and the contract's own (2018-07-01 to 2021-06-30).
    const j = JSON.parse((await run('cost', PAY, '--district', TINY, '--json')).out);
    expect(r.out).toContain(`Total, 2018-19 to 2021-22 (every year costed): ${dollars(j.total.cents)}`);
    expect(r.out).toContain(`Total over the contract, 2018-19 to 2020-21: ${dollars(j.contractTotal.cents)}`);
  });

  it('writes the two charts as SVG with --chart', async () => {
    const file = join(tmp, 'cost.svg');
    const r = await run('cost', PAY, '--district', TINY, '--chart', file);
    expect(r.code).toBe(0);
    const cost = readFileSync(file, 'utf8');
    const reserve = readFileSync(join(tmp, 'cost-reserve.svg'), 'utf8');
    expect(cost.startsWith('<svg')).toBe(true);
    // Every fiscal year of the result is on the cost chart's axis; the reserve chart shows the 3% minimum.
    for (const fy of ['2018-19', '2019-20', '2020-21', '2021-22']) expect(cost).toContain(fy);
    expect(reserve).toContain('3%');
  });

  it('exits 2 when --district is missing, naming the option', async () => {
    const r = await run('cost', PAY);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--district is required');
  });

  it('exits 2 for an unknown command', async () => {
    expect((await run('costt')).code).toBe(2);
  });

  it('exits 3 for a broken proposal, with file:line:col, and prints no result on stdout (with --json, only the error)', async () => {
    const bad = join(tmp, 'bad.yaml');
    writeFileSync(bad, readFileSync(PAY, 'utf8').replace('pct: 3\n', 'pct: three\n'));
    const r = await run('cost', bad, '--district', TINY, '--json');
    expect(r.code).toBe(3);
    expect(Object.keys(JSON.parse(r.out))).toEqual(['error']);
    expect((await run('cost', bad, '--district', TINY)).out).toBe('');
    // `pct: three` is on line 16 of pay-terms.yaml, its value at column 10.
    expect(r.err).toContain(`${bad}:16:10 terms[0].pct: must be a number, got "three"`);
  });

  it('exits 3 for a proposal naming a unit the dataset does not have, pointing at the field', async () => {
    const bad = join(tmp, 'unit.yaml');
    writeFileSync(bad, readFileSync(PAY, 'utf8').replace('unit: T\n', 'unit: TEACHERS\n'));
    const r = await run('cost', bad, '--district', TINY);
    expect(r.code).toBe(3);
    // `unit: TEACHERS` is on line 7, value at column 7.
    expect(r.err).toContain(`${bad}:7:7 unit: the dataset has no bargaining unit "TEACHERS"`);
  });

  it('refuses a hiring phase after the contract ends, and with outsideTerm: true lists a step after the last year costed as in no total', async () => {
    const yaml = (meant: string) => [
      'id: late-hire', 'title: Late hiring', 'party: union', 'unit: T', 'date: 2019-03-01',
      'term: { start: 2019-07-01, end: 2020-06-30 }', 'terms:', `  - id: nurses${meant}`, '    kind: hire', '    role: nurse',
      '    phases:', '      - { from: 2020-07-01, count: 2 }', '      - { from: 2022-07-01, count: 3 }', '',
    ].join('\n');
    const refused = join(tmp, 'late-hire.yaml');
    writeFileSync(refused, yaml(''));
    const r = await run('cost', refused, '--district', TINY);
    expect(r.code).toBe(3);
    expect(r.out).toBe('');
    // Both phases are after the contract's end (2020-06-30): phases[0] on line 12, phases[1] on line 13, `from` at column 17.
    expect(r.err).toContain(`${refused}:12:17 terms[0].phases[0].from: term "nurses" phases[0] (hire) takes effect 2020-07-01, after the contract ends (2020-06-30)`);
    expect(r.err).toContain(`${refused}:13:17 terms[0].phases[1].from: term "nurses" phases[1] (hire) takes effect 2022-07-01, after the contract ends (2020-06-30)`);
    expect(r.err).toContain('proposal.after-term');

    const meant = join(tmp, 'late-hire-meant.yaml');
    writeFileSync(meant, yaml('\n    outsideTerm: true'));
    const table = await run('cost', meant, '--district', TINY);
    expect(table.code).toBe(0);
    // Costed 2018-19 to 2021-22: the 3 nurses from 2022-07-01 (2022-23) are in no year and no total, and the table says so.
    expect(table.out).toContain('Dated after the last year costed (2021-22), so in no year and no total above:\n  - phases[1] of term "nurses" (hire) takes effect 2022-07-01, after the last year costed (2021-22): what it sets from then is not costed and is in no year and no total (terms[0].phases[1].from)');
    const j = JSON.parse((await run('cost', meant, '--district', TINY, '--json')).out);
    expect(j.notCosted.map((n: { field: string }) => n.field)).toEqual(['terms[0].phases[1].from']);
  });

  it('exits 3 for a broken dataset and reports it together with proposal problems', async () => {
    const dir = join(tmp, 'broken');
    cpSync(TINY, dir, { recursive: true });
    writeFileSync(join(dir, 'units.csv'), 'id,name,kind,union\nT,Teachers,teachers,Tiny\n');
    const r = await run('cost', join(tmp, 'missing.yaml'), '--district', dir);
    expect(r.code).toBe(3);
    expect(r.err).toContain('missing.yaml: no such proposal file');
    expect(r.err).toContain(`${join(dir, 'units.csv')}:2:3 kind: kind must be one of certificated, classified`);
  });
});

describe('settle compare', () => {
  it('gives one cost result per proposal, each the same as costing it alone, over the same years', async () => {
    const both = await run('compare', PAY, POSITIONS, '--district', TINY, '--json');
    expect(both.code).toBe(0);
    const j = JSON.parse(both.out);
    expect(j.proposals).toHaveLength(2);
    const alone = JSON.parse((await run('cost', POSITIONS, '--district', TINY, '--json')).out);
    // POSITIONS' term ends 2020-06-30 and PAY's 2021-06-30; the budget ends in 2021-22, so alone
    // and beside PAY both run through 2021-22, and the years are identical.
    expect(alone.years.map((y: { fy: string }) => y.fy)).toEqual(['2018-19', '2019-20', '2020-21', '2021-22']);
    expect(j.proposals[0].years.map((y: { fy: string }) => y.fy)).toEqual(['2018-19', '2019-20', '2020-21', '2021-22']);
    expect(j.proposals[1].years).toEqual(alone.years);
    // The answer names its years, and each proposal's totals are labelled with theirs.
    expect(j.span).toEqual({ from: '2018-19', to: '2021-22' });
    for (const p of j.proposals) {
      expect(p.total.from).toBe('2018-19');
      expect(p.total.to).toBe('2021-22');
      expect(p.total.cents).toBe(p.years.reduce((s: number, y: { totalCents: number }) => s + y.totalCents, 0));
    }
    // PAY's contract runs 2018-07-01 to 2021-06-30: its own years are 2018-19 to 2020-21.
    expect(j.proposals[0].contractTotal).toMatchObject({ from: '2018-19', to: '2020-21' });
  });

  it('prints the proposals side by side', async () => {
    const r = await run('compare', PAY, POSITIONS, '--district', TINY);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Added cost by fiscal year');
    expect(r.out).toContain('tiny-2019-union (union)');
    expect(r.out).toContain('Certification');
    expect(r.out).toContain('Costed over 2018-19 to 2021-22, the same years for every proposal');
    expect(r.out).toContain('Total, 2018-19 to 2021-22');
    expect(r.out).toContain('Contract years total (years)');
    expect(r.out).toMatch(/\$[\d,]+ \(2018-19 to 2020-21\)/);
  });
});

describe('settle compare --changes', () => {
  it('shows what changed between two versions, with the cost effect of each change', async () => {
    const r = await run('compare', '--changes', PAY, POSITIONS, '--district', TINY);
    expect(r.code).toBe(0);
    // Titles in plain words, never term ids; the years named in the heading, the total column and the check.
    expect(r.out).toContain('What changed from Union proposal of March 1, 2019 (2019-03-01) to District counter-proposal (2019-04-15), costed over 2018-19 to 2021-22');
    expect(r.out).toContain('added: After-school tutoring');
    expect(r.out).not.toContain('added: caps');
    expect(r.out).toContain('Total, 2018-19 to 2021-22');
    expect(r.out).toContain('Check: the first row plus every change equals the last row, in each year and over exactly 2018-19 to 2021-22.');
    const j = JSON.parse((await run('compare', '--changes', PAY, POSITIONS, '--district', TINY, '--json')).out);
    expect(j.span).toEqual({ from: '2018-19', to: '2021-22' });
    expect(j.toCents.map((y: { fy: string }) => y.fy)).toEqual(['2018-19', '2019-20', '2020-21', '2021-22']);
    // The effects add up to the later version's total in every year.
    for (const y of j.toCents) {
      const from = j.fromCents.find((f: { fy: string }) => f.fy === y.fy).cents;
      const sum = [j.header, ...j.changes].filter(Boolean).reduce((s: number, c: { effect: { fy: string; cents: number }[] }) => s + (c.effect.find((e) => e.fy === y.fy)?.cents ?? 0), 0);
      expect(from + sum).toBe(y.cents);
    }
  });

  it('exits 2 unless given exactly two versions', async () => {
    const r = await run('compare', '--changes', PAY, '--district', TINY);
    expect(r.code).toBe(2);
    expect(r.err).toContain('give exactly two proposal files');
  });
});

describe('settle demo', () => {
  it('writes the LAUSD demo and the three 2019 proposals, which load and cost', async () => {
    const out = join(tmp, 'demo');
    const r = await run('demo', '--out', out);
    expect(r.code).toBe(0);
    for (const id of ['utla-demands-2019', 'lausd-offer-2019-01-11', 'utla-settlement-2019']) expect(r.out).toContain(id);
    expect(existsSync(join(out, 'proposals', 'settlement-2019-01-22.yaml'))).toBe(true);
    // Listed together, the 2019 proposals are costed over the same years, named: the 2018-19
    // data's base year through its budget's last year, 2022-23 (later than every 2019 contract's end).
    expect(r.out).toContain('Costed over 2018-19 to 2022-23, the same years for every proposal');
    expect(r.out).toContain('Total, 2018-19 to 2022-23');
    expect(r.out).toContain('Costed over 2022-23 to 2024-25, the same years for every proposal');
    // The folder (in the system's temporary folder, outside this one) is named in full, as typed
    // next, never as ../../…
    expect(relative(process.cwd(), out).startsWith('..')).toBe(true);
    expect(r.out).toContain(`Files: ${out}/ (dataset) and ${out}/proposals/ (proposals).`);
    expect(r.out).toContain(`npx settle cost ${join(out, 'proposals', 'settlement-2019-01-22.yaml')} --district ${out}\n`);
    expect(r.out).not.toContain('../');
    const ds = readDatasetFolder(out);
    // The demo is calibrated to 500,000 district-run K-12 students and 63,600 employees.
    expect(ds.enrollment.reduce((s, e) => s + e.students, 0)).toBe(500_000);
    expect(ds.staff.reduce((s, x) => s + x.count, 0)).toBe(63_600);
    const cost = await run('cost', join(out, 'proposals', 'settlement-2019-01-22.yaml'), '--district', out, '--json');
    expect(cost.code).toBe(0);
    expect(JSON.parse(cost.out).years[0].totalCents).toBeGreaterThan(0);

    // Beside it, the 2022-23 demo with the four 2023 proposals, calibrated to 420,000 K-12 students
    // and 59,328 positions (UTLA 27,528 + SEIU 99 30,000 + others 1,800).
    const out23 = join(tmp, 'lausd-2022-23');
    for (const id of ['seiu99-settlement-2023', 'utla-settlement-2023']) expect(r.out).toContain(id);
    expect(r.out).toContain('2022-23 to 2024-25');
    const ds23 = readDatasetFolder(out23);
    expect(ds23.district.baseFiscalYear).toBe(2022);
    expect(ds23.enrollment.reduce((s, e) => s + e.students, 0)).toBe(420_000);
    expect(ds23.staff.reduce((s, x) => s + x.count, 0)).toBe(59_328);
    const seiu = join(out23, 'proposals', 'seiu99-settlement-2023-03-24.yaml');
    const ok = await run('cost', seiu, '--district', out23);
    expect(ok.code).toBe(0);
    expect(ok.out).toContain('Certification of 2022-23, 2023-24 and 2024-25 (the year the agreement is made and the two after it): positive');

    // On the 2018-19 data, a 2023 proposal is refused, naming both years...
    const refused = await run('cost', seiu, '--district', out);
    expect(refused.code).not.toBe(0);
    expect(refused.err).toContain('fiscal year 2022-23');
    expect(refused.err).toContain('data of 2018-19');
    expect(refused.err).toContain('--allow-other-year');
    // ...unless asked for as a what-if, and then the report says so; the 2018-19 budget ends in
    // 2022-23, so 2023-24 and 2024-25 are missing and there is no certification.
    const whatIf = await run('cost', seiu, '--district', out, '--allow-other-year');
    expect(whatIf.code).toBe(0);
    expect(whatIf.out).toContain('Costed on data of another year: the proposal was made in 2022-23, the dataset holds data of 2018-19');
    expect(whatIf.out).toContain('Not certified');
    expect(whatIf.out).toContain('does not reach 2023-24 and 2024-25');
    const json = JSON.parse((await run('cost', seiu, '--district', out, '--allow-other-year', '--json')).out);
    expect(json.otherYear).toEqual({ datasetYear: '2018-19', proposalYear: '2022-23' });
    expect(json.certification).toBe('not-certified');
    expect(json.missingYears).toEqual(['2023-24', '2024-25']);
  }, 120_000);
});

describe('settle generate --year', () => {
  it('builds the 2022-23 demo, and refuses a year it has no spec for', async () => {
    const out = join(tmp, 'gen-2022-23');
    const r = await run('generate', '--year', '2022-23', '--out', out);
    expect(r.code).toBe(0);
    expect(r.out).toContain('synthetic demo, 2022-23');
    expect(readDatasetFolder(out).budget.map((b) => b.fy)).toEqual([2022, 2023, 2024]);
    const bad = await run('generate', '--year', '2030-31', '--out', join(tmp, 'gen-bad'));
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--year must be one of 2018-19, 2022-23');
  });
});
