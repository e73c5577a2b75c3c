/**
 * Every worked example under examples/ costs without error on the LAUSD demo dataset of its
 * year (the 2023 ones on 2022-23, the others on 2018-19), its totals add up, its non-cost terms
 * are listed, and its folder's README lists it. A few sanity checks then compare engine
 * figures with figures derived here from the demo dataset itself (staff rows, schedule cells,
 * parameters) and docs/costing.md.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fiscalYearOf, fyLabel, fyStart } from '../src/calendar/fiscal-year.ts';
import { costProposal, lastYear } from '../src/costing/cost.ts';
import { changesBetween } from '../src/reports/changes.ts';
import type { CostLine, CostResult } from '../src/costing/result.ts';
import { lausdSpec } from '../src/district/demo/lausd.ts';
import { lausd2022Spec } from '../src/district/demo/lausd-2022-23.ts';
import { generateDistrict } from '../src/district/generate/generate.ts';
import { valueAt } from '../src/district/parameters.ts';
import type { Dataset, UnitKind } from '../src/district/types.ts';
import { parseProposal, type ParsedProposal } from '../src/proposals/parse.ts';
import type { Term } from '../src/proposals/types.ts';
import { termLabel } from '../src/reports/provisions.ts';

const EXAMPLES = fileURLToPath(new URL('../examples/', import.meta.url));

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).sort().flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return yamlFiles(path);
    return name.endsWith('.yaml') || name.endsWith('.yml') ? [path] : [];
  });
}

/** Proposals are the YAML files with a list of terms (a zone's space and limits files have none). */
const isProposal = (file: string) => /^terms:/m.test(readFileSync(file, 'utf8'));
const FILES = yamlFiles(EXAMPLES).filter(isProposal);
const rel = (f: string) => relative(EXAMPLES, f);

// The demo datasets, generated in memory once (as `settle demo` does before writing them out).
const dataset: Dataset = generateDistrict(lausdSpec());
const dataset2022: Dataset = generateDistrict(lausd2022Spec());
/** The 2023 examples are costed on the data of their own year, 2022-23; the others on 2018-19. */
const datasetOf = (file: string) => (rel(file).startsWith('lausd-2023/') ? dataset2022 : dataset);

const parsed = new Map<string, ParsedProposal>();
const results = new Map<string, CostResult>();
function parsedOf(file: string): ParsedProposal {
  let p = parsed.get(file);
  if (!p) parsed.set(file, (p = parseProposal(readFileSync(file, 'utf8'), rel(file))));
  return p;
}
function costOf(file: string): CostResult {
  let r = results.get(file);
  if (!r) {
    const p = parsedOf(file);
    results.set(file, (r = costProposal({ dataset: datasetOf(file), proposal: p.proposal, source: p })));
  }
  return r;
}
/** The cost result of the example whose proposal id is `id`. */
function byId(id: string): CostResult {
  const file = FILES.find((f) => parsedOf(f).proposal.id === id);
  if (!file) throw new Error(`no example with id ${id} (have ${FILES.map((f) => parsedOf(f).proposal.id).join(', ')})`);
  return costOf(file);
}
function linesOf(r: CostResult, fy: string, q: Partial<CostLine>): CostLine[] {
  const y = r.years.find((x) => x.fy === fy);
  if (!y) throw new Error(`no year ${fy}`);
  return y.lines.filter((l) => Object.entries(q).every(([k, v]) => (l as unknown as Record<string, unknown>)[k] === v));
}
const centsOf = (r: CostResult, fy: string, q: Partial<CostLine>) => linesOf(r, fy, q).reduce((s, l) => s + l.cents, 0);
const usd = (dollars: number) => Math.round(dollars * 100);

/** Sum of the employer statutory rates (percent) for a unit kind on a date, from a dataset. */
function statutoryPct(kind: UnitKind, date: string, ds: Dataset = dataset): number {
  return Object.values(ds.district.parameters.statutory[kind]).reduce((s, p) => s + valueAt(p, date), 0);
}

describe('the worked examples', () => {
  it('are found: at least the five 2019 and four 2023 proposals', () => {
    expect(FILES.map(rel)).toEqual(expect.arrayContaining([
      'lausd-2019/fact-finder-2018-12-18.yaml', 'lausd-2019/district-offer-2019-01-07.yaml', 'lausd-2019/utla-demands.yaml',
      'lausd-2019/district-offer-2019-01-11.yaml', 'lausd-2019/settlement-2019-01-22.yaml',
      'lausd-2023/seiu99-demands-2023.yaml', 'lausd-2023/seiu99-district-offer-2023-03-20.yaml',
      'lausd-2023/seiu99-settlement-2023-03-24.yaml', 'lausd-2023/utla-settlement-2023-04-18.yaml',
    ]));
  });

  it('have distinct proposal ids', () => {
    const ids = FILES.map((f) => parsedOf(f).proposal.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  describe.each(FILES.map((f) => [rel(f), f]))('%s', (_name, file) => {
    it('parses and names only units and roles the demo dataset has', () => {
      const { proposal } = parsedOf(file);
      const dataset = datasetOf(file);
      const units = new Set(dataset.units.map((u) => u.id));
      const roles = new Set(dataset.staff.map((s) => s.role));
      expect(units.has(proposal.unit)).toBe(true);
      for (const t of proposal.terms) {
        expect(units.has(t.unit), `${t.id}: unit ${t.unit}`).toBe(true);
        const named = [...('roles' in t && t.roles ? t.roles : []), ...('role' in t ? [t.role] : [])];
        for (const role of named) expect(roles.has(role), `${t.id}: role ${role}`).toBe(true);
      }
      // Every example says where its terms come from.
      expect(proposal.sources.length).toBeGreaterThan(0);
    });

    it('costs without error on the data of its own year, for every year from the base year to the end of the term or of the budget', () => {
      const r = costOf(file);
      const { proposal } = parsedOf(file);
      const dataset = datasetOf(file);
      const base = dataset.district.baseFiscalYear;
      expect(fiscalYearOf(proposal.date)).toBe(base);
      expect(r.otherYear).toBeNull();
      const last = Math.max(fiscalYearOf(proposal.term.end), dataset.budget[dataset.budget.length - 1].fy);
      expect(r.years.map((y) => y.fy)).toEqual(Array.from({ length: last - base + 1 }, (_, i) => fyLabel(base + i)));
      // Certified: the year of its date and the two after it.
      expect(r.certificationYears).toEqual([0, 1, 2].map((k) => fyLabel(base + k)));
    });

    it('has yearly totals equal to the sum of their lines (and of their parts)', () => {
      for (const y of costOf(file).years) {
        const lines = y.lines.reduce((s, l) => s + l.cents, 0);
        expect(y.totalCents, y.fy).toBe(lines);
        expect(y.ongoingCents + y.oneTimeCents, y.fy).toBe(y.totalCents);
        expect(y.byKind.salary + y.byKind.statutory + y.byKind.health + y.byKind.other, y.fy).toBe(y.totalCents);
        for (const l of y.lines) expect(Number.isInteger(l.cents), `${y.fy} ${l.label}`).toBe(true);
      }
    });

    it('lists its non-cost terms, and costs nothing under them', () => {
      const r = costOf(file);
      const nonCost = parsedOf(file).proposal.terms.filter((t): t is Extract<Term, { kind: 'non-cost' }> => t.kind === 'non-cost');
      expect(r.nonCostTerms.map((t) => t.id)).toEqual(nonCost.map((t) => t.id));
      expect(r.nonCostTerms.map((t) => t.text)).toEqual(nonCost.map((t) => t.text));
      const ids = new Set(nonCost.map((t) => t.id));
      for (const y of r.years) expect(y.lines.filter((l) => ids.has(l.term))).toEqual([]);
    });
  });

  describe.each(readdirSync(EXAMPLES).filter((d) => statSync(join(EXAMPLES, d)).isDirectory()).sort())('folder %s', (folder) => {
    it('has a README.md that lists every YAML file in it', () => {
      const dir = join(EXAMPLES, folder);
      const yamls = readdirSync(dir).filter((f) => f.endsWith('.yaml') || f.endsWith('.yml'));
      expect(yamls.length).toBeGreaterThan(0);
      const readme = readFileSync(join(dir, 'README.md'), 'utf8');
      for (const f of yamls) expect(readme, `README.md of ${folder} does not mention ${f}`).toContain(f);
    });
  });
});

describe('sanity checks against the demo datasets', () => {
  // The 2023 examples' checks read the 2022-23 dataset; the 2019 ones, the 2018-19 dataset.
  const seiuRows = dataset2022.staff.filter((s) => s.unit === 'SEIU99');
  const base = dataset2022.district.baseFiscalYear;

  it('SEIU settlement: 2022-23 carries the one-time back pay for 2021-22, about 6% of what SEIU staff earned then', () => {
    const r = byId('seiu99-settlement-2023');
    // The agreement is dated 2023-03-24 (in 2022-23), so the 6% from 2021-07-01 on pay earned in
    // 2021-22 is paid, and booked, in 2022-23 as one-time money (docs/costing.md, "Retroactive pay").
    const retro = linesOf(r, '2022-23', { term: 'raise-2021', kind: 'salary', earnedFy: '2021-22' });
    expect(retro).toHaveLength(1);
    expect(retro[0].nature).toBe('one-time');
    // Nothing is booked in 2021-22: it is before the dataset's base year 2022-23, and the pay was not paid then.
    expect(r.years[0].fy).toBe('2022-23');
    // What SEIU staff earned in 2021-22, from the 2022-23 dataset: a year before the base year,
    // each row sat one step lower (not below the lane's first), and its pay was the column drift
    // of 2022-23 lower (÷ 1.003); staff hired in 2022-23 (hire date 2022-08-15) earned nothing
    // in 2021-22. Times hours a day × days a year × people.
    const fy = 2021;
    const drift = 1 / (1 + valueAt(dataset2022.district.parameters.columnDrift.classified, fyStart(base)) / 100);
    let pay2021 = 0;
    for (const s of seiuRows) {
      if (s.hired !== null && s.hired > '2022-06-30') continue;
      const lane = dataset2022.schedules.filter((c) => c.unit === s.unit && c.schedule === s.schedule && c.lane === s.lane);
      const firstStep = Math.min(...lane.map((c) => c.step));
      const step = Math.max(s.step + (fy - base), firstStep);
      const rate = lane.find((c) => c.step === step)!.rate * drift;
      pay2021 += rate * s.hoursPerDay * s.daysPerYear * s.count;
    }
    // 6% of it; the engine rounds each pay group to cents, so allow a cent per staff row.
    expect(Math.abs(retro[0].cents - 0.06 * pay2021 * 100)).toBeLessThan(seiuRows.length);
    // Statutory benefits on the back pay at the 2022-23 classified rates (the year it is paid).
    const statutory = linesOf(r, '2022-23', { term: 'raise-2021', kind: 'statutory', earnedFy: '2021-22' });
    expect(statutory[0].cents).toBe(usd(((retro[0].cents / 100) * statutoryPct('classified', '2022-07-01', dataset2022)) / 100));
    // And 2022-23's one-time money is exactly that back pay, its statutory benefits and the $1,000 bonus.
    const oneTime = linesOf(r, '2022-23', { nature: 'one-time' }).map((l) => l.term);
    expect(new Set(oneTime)).toEqual(new Set(['raise-2021', 'appreciation-bonus']));
  });

  it('SEIU settlement: the $1,000 bonus goes to every employee hired by 2020-21, not to those hired since', () => {
    const r = byId('seiu99-settlement-2023');
    // Eligible: SEIU staff hired by 2021-06-30 (unknown hire dates count as long-serving). In the
    // 2022-23 demo, staff at step 1 were hired on 2021-08-15 or 2022-08-15, so they are not.
    const eligible = seiuRows.filter((s) => s.hired === null || s.hired <= '2021-06-30').reduce((n, s) => n + s.count, 0);
    expect(eligible).toBeGreaterThan(0);
    expect(eligible).toBe(seiuRows.filter((s) => s.step > 1).reduce((n, s) => n + s.count, 0));
    const bonus = linesOf(r, '2022-23', { term: 'appreciation-bonus', kind: 'salary' });
    expect(bonus.reduce((s, l) => s + l.cents, 0)).toBe(usd(1_000 * eligible));
    expect(bonus.every((l) => l.nature === 'one-time')).toBe(true);
    // Paid once: nothing in any other year.
    for (const y of r.years) if (y.fy !== '2022-23') expect(y.lines.filter((l) => l.term === 'appreciation-bonus'), y.fy).toEqual([]);
  });

  it('SEIU settlement: the $22.52 floor adds nothing on the demo, whose lowest rate reaches it through the raises alone', () => {
    const r = byId('seiu99-settlement-2023');
    // The lowest classified cell is the $16.91 entry rate; every rate is at least that, and
    // steps and drift only raise it. Percent raises, then the $2 (docs/costing.md: percent
    // raises, hourly raises, then floors) take 16.91 to 16.91 × 1.06 × 1.07 × 1.07 + 2 = 22.5218
    // by 2024-01-01, the floor's date: above 22.52, so the floor lifts nobody.
    const lowest = Math.min(...dataset2022.schedules.filter((c) => c.unit === 'SEIU99').map((c) => c.rate));
    expect(lowest).toBe(16.91);
    expect(lowest * 1.06 * 1.07 * 1.07 + 2).toBeGreaterThanOrEqual(22.52);
    for (const y of r.years) expect(centsOf(r, y.fy, { term: 'minimum-wage' }), y.fy).toBe(0);
  });

  it('SEIU settlement: part-time health from 2024-01-01 covers the hourly staff working 4 hours or more but under 6', () => {
    const r = byId('seiu99-settlement-2023');
    const threshold = dataset2022.district.parameters.healthEligibleMinHours.classified;
    expect(threshold).toBe(6);
    const hourly = new Set(dataset2022.schedules.filter((c) => c.basis === 'hourly').map((c) => `${c.unit}|${c.schedule}|${c.lane}`));
    const newly = seiuRows
      .filter((s) => hourly.has(`${s.unit}|${s.schedule}|${s.lane}`) && s.hoursPerDay >= 4 && s.hoursPerDay < threshold)
      .reduce((n, s) => n + s.count, 0);
    expect(newly).toBeGreaterThan(0);
    // Half of 2023-24 (from January 1) and all of 2024-25, at the dataset's health and welfare rate.
    // The rate is $15,306 (SEIU Local 99, 2023 plan year): 15,306 × 0.5 = 7,653 per person in 2023-24.
    expect(valueAt(dataset2022.district.parameters.healthPerEmployee, '2023-07-01')).toBe(15_306);
    expect(centsOf(r, '2023-24', { term: 'part-time-health', kind: 'health' })).toBe(usd(newly * 7_653));
    expect(centsOf(r, '2024-25', { term: 'part-time-health', kind: 'health' })).toBe(usd(newly * 15_306));
    expect(centsOf(r, '2022-23', { term: 'part-time-health' })).toBe(0);
  });

  it('SEIU proposals: the 1.2 added hours are the demo\'s average shortfall of special-education assistants from 7 hours a day', () => {
    const sea = seiuRows.filter((s) => s.role === 'special-education-assistant');
    const people = sea.reduce((n, s) => n + s.count, 0);
    const shortfall = sea.reduce((h, s) => h + Math.max(0, 7 - s.hoursPerDay) * s.count, 0) / people;
    for (const id of ['seiu99-settlement-2023', 'seiu99-district-offer-2023-03-20', 'seiu99-demands-2023']) {
      const file = FILES.find((f) => parsedOf(f).proposal.id === id)!;
      const term = parsedOf(file).proposal.terms.find((t) => t.id === 'special-education-hours');
      expect(term?.kind).toBe('added-hours');
      expect(Math.abs((term as Extract<Term, { kind: 'added-hours' }>).hoursPerDay - shortfall), id).toBeLessThan(0.05);
    }
  });

  it('UTLA 2023: the nurses\' $20,000 costs $20,000 × nurse FTE a year, grown by the raises dated after it', () => {
    const r = byId('utla-settlement-2023');
    // 2022-23: the 400 nurses of 2018-19 and the 300 the 2019 agreement added.
    const nurseFte = dataset2022.staff.filter((s) => s.role === 'nurse').reduce((f, s) => f + s.fte * s.count, 0);
    expect(nurseFte).toBe(700);
    // The add-on starts 2023-07-01, the same day as a 3% raise, which applies first (raises
    // before flat amounts on the same date); the later raises compound on the $20,000 and
    // docs/costing.md puts that compounding on the flat amount's line.
    // 2023-24: July-December 20,000; January-June × 1.04 (the 2024-01-01 raise):
    //   20,000 × (0.5 + 0.5 × 1.04) = 20,400 per FTE.
    expect(centsOf(r, '2023-24', { term: 'nurses', kind: 'salary' })).toBe(usd(20_400 * nurseFte));
    // 2024-25: × 1.04 × 1.03 from July, × 1.04 more from January: 20,000 × 1.0712 × 1.02 = 21,852.48.
    expect(centsOf(r, '2024-25', { term: 'nurses', kind: 'salary' })).toBe(usd(21_852.48 * nurseFte));
    // The contract and the budget end in 2024-25, so there is no 2025-26 (the 2025-01-01 raise is its last half-year).
    expect(r.years[r.years.length - 1].fy).toBe('2024-25');
    // Statutory benefits at the certificated rates of 2023-24 (CalSTRS 19.1 + Medicare 1.45 + other 1.55 = 22.1%).
    expect(statutoryPct('certificated', '2023-07-01', dataset2022)).toBeCloseTo(22.1, 10);
    expect(centsOf(r, '2023-24', { term: 'nurses', kind: 'statutory' })).toBe(usd((20_400 * nurseFte * 22.1) / 100));
    // Nothing before it starts.
    expect(centsOf(r, '2022-23', { term: 'nurses' })).toBe(0);
  });

  it('UTLA 2023: the 67 counselors go one each to high schools of 900 or more students', () => {
    const r = byId('utla-settlement-2023');
    const students = new Map<string, number>();
    for (const e of dataset2022.enrollment) students.set(e.school, (students.get(e.school) ?? 0) + e.students);
    const type = new Map(dataset2022.schools.map((s) => [s.id, s.type]));
    const placed = r.positions.filter((p) => p.term === 'counselors' && p.fy === '2023-24');
    expect(placed.reduce((f, p) => f + p.fte, 0)).toBe(67);
    expect(new Set(placed.map((p) => p.school)).size).toBe(placed.length);
    for (const p of placed) {
      expect(type.get(p.school), p.school).toBe('high');
      expect(students.get(p.school) ?? 0, p.school).toBeGreaterThanOrEqual(900);
    }
    // 67 is the number of 2022-23 demo high schools with 900+ students in 2023-24: each grade's
    // 2022-23 count grown by the enrollment trend for one year (× 0.98), rounded (docs/costing.md).
    let factor = 1;
    for (let y = base + 1; y <= 2023; y++) factor *= 1 + valueAt(dataset2022.district.parameters.enrollmentTrend, fyStart(y)) / 100;
    expect(factor).toBeCloseTo(0.98, 10);
    const projected = new Map<string, number>();
    for (const e of dataset2022.enrollment) projected.set(e.school, (projected.get(e.school) ?? 0) + Math.round(e.students * factor));
    const big = dataset2022.schools.filter((s) => s.type === 'high' && (projected.get(s.id) ?? 0) >= 900);
    expect(big.length).toBe(67);
  });

  it('UTLA 2023: class sizes cost nothing before 2023-24, and in 2023-24 add teachers only at high-need schools', () => {
    const r = byId('utla-settlement-2023');
    expect(centsOf(r, '2022-23', { term: 'class-size' })).toBe(0);
    const highNeed = new Set(dataset2022.schools.filter((s) => s.highNeed).map((s) => s.id));
    const first = r.positions.filter((p) => p.term === 'class-size' && p.fy === '2023-24');
    expect(first.length).toBeGreaterThan(0);
    for (const p of first) expect(highNeed.has(p.school), p.school).toBe(true);
    // In 2024-25 every school's caps are 1 lower, so ordinary schools add teachers too.
    expect(r.positions.some((p) => p.term === 'class-size' && p.fy === '2024-25' && !highNeed.has(p.school))).toBe(true);
  });

  it('UTLA 2023: the class-size step from July 1, 2025, after the contract and the last year costed, is said to be in no year and no total', () => {
    const r = byId('utla-settlement-2023');
    // Costed 2022-23 to 2024-25 (the contract and the budget both end in 2024-25); the third cap step starts in 2025-26.
    expect(r.total).toMatchObject({ from: '2022-23', to: '2024-25' });
    const file = FILES.find((f) => parsedOf(f).proposal.id === 'utla-settlement-2023')!;
    const { proposal } = parsedOf(file);
    const k = proposal.terms.findIndex((t) => t.id === 'class-size');
    expect(r.notCosted).toEqual([{
      term: 'class-size', field: `terms[${k}].caps[2].from`, date: '2025-07-01',
      message: `caps[2] of term "class-size" (class-size) takes effect 2025-07-01, after the last year costed (2024-25): what it sets from then is not costed and is in no year and no total (terms[${k}].caps[2].from)`,
    }]);
    // Without outsideTerm: true the step, after the contract's end, is refused; it would add $0.00 in the years costed.
    const { outsideTerm: _meant, ...unmarked } = proposal.terms[k] as Extract<Term, { kind: 'class-size' }>;
    const refused = (() => {
      try {
        costProposal({ dataset: dataset2022, proposal: { ...proposal, terms: proposal.terms.map((t, i) => (i === k ? unmarked : t)) } });
      } catch (e) {
        return (e as { problems: { code: string; where?: { field?: string }; message: string }[] }).problems;
      }
      return [];
    })();
    expect(refused.map((x) => [x.code, x.where?.field])).toEqual([['proposal.after-term', `terms[${k}].caps[2].from`]]);
    expect(refused[0].message).toMatch(/would add \$0\.00 over the years costed \(2022-23 to 2024-25\), none of them on or after that date$/);
  });

  it('January 7, 2019 offer: "double nursing" brings every elementary school without a nurse to 0.4 FTE', () => {
    const r = byId('lausd-offer-2019-01-07');
    const nurseFte = new Map<string, number>();
    for (const s of dataset.staff) if (s.role === 'nurse') nurseFte.set(s.site, (nurseFte.get(s.site) ?? 0) + s.fte * s.count);
    const needed = dataset.schools.filter((s) => s.type === 'elementary').reduce((f, s) => f + Math.max(0, 0.4 - (nurseFte.get(s.id) ?? 0)), 0);
    const added = r.positions.filter((p) => p.term === 'nurses' && p.fy === '2019-20').reduce((f, p) => f + p.fte, 0);
    expect(added).toBeCloseTo(needed, 6);
  });

  it('fact-finder, December 2018: 6% with 2017-18 back pay booked in 2018-19, and $30 million a year from 2019-20, no positions', () => {
    const r = byId('fact-finder-2018-12-18');
    expect(linesOf(r, '2018-19', { term: 'raise-2017', earnedFy: '2017-18', kind: 'salary' })[0].nature).toBe('one-time');
    expect(centsOf(r, '2018-19', { term: 'staff-and-class-size-funding' })).toBe(0);
    for (const fy of ['2019-20', '2020-21', '2021-22']) expect(centsOf(r, fy, { term: 'staff-and-class-size-funding', kind: 'other' }), fy).toBe(usd(30_000_000));
    expect(r.positions).toEqual([]);
  });

  it('what changed from the January 11 offer to the settlement: each term\'s row is its own lines, and the rows add up over the named years', () => {
    const file = (id: string) => FILES.find((f) => parsedOf(f).proposal.id === id) as string;
    const from = parsedOf(file('lausd-offer-2019-01-11')).proposal;
    const to = parsedOf(file('utla-settlement-2019')).proposal;
    const c = changesBetween(dataset, from, to);
    // Both are costed through the later last year of the two: the 2018-19 budget's end, 2022-23.
    const through = Math.max(lastYear(dataset, from), lastYear(dataset, to));
    expect(c.span).toEqual({ from: '2018-19', to: fyLabel(through) });
    // The earlier version with the later one's date and term (after the header row), and the later one.
    const before = costProposal({ dataset, proposal: { ...from, date: to.date, term: to.term }, through });
    const after = costProposal({ dataset, proposal: to, through });
    const own = (r: CostResult, id: string, fy: string) => centsOf(r, fy, { term: id });
    for (const y of c.toCents) {
      const start = c.fromCents.find((f) => f.fy === y.fy)?.cents ?? 0;
      const rows = [...(c.header ? [c.header] : []), ...c.changes];
      expect(start + rows.reduce((s, x) => s + (x.effect.find((e) => e.fy === y.fy)?.cents ?? 0), 0), y.fy).toBe(y.cents);
      for (const x of c.changes) {
        const cents = x.effect.find((e) => e.fy === y.fy)?.cents;
        if (x.type === 'added') expect(cents, `${x.title} ${y.fy}`).toBe(own(after, x.term, y.fy));
        if (x.type === 'removed') expect(cents, `${x.title} ${y.fy}`).toBe(-own(before, x.term, y.fy));
      }
    }
    // A changed or moved term with the same id in both: its row is its own lines after less before,
    // so a raise's cost on the positions the settlement adds is on the raise's row.
    const fromIds = new Set(from.terms.map((t) => t.id));
    for (const x of c.changes.filter((x) => (x.type === 'modified' || x.type === 'moved') && fromIds.has(x.term))) {
      for (const y of after.years) expect(x.effect.find((e) => e.fy === y.fy)?.cents, `${x.title} ${y.fy}`).toBe(own(after, x.term, y.fy) - own(before, x.term, y.fy));
    }
    // There is such an interaction here: pay terms cost something on added positions in the settlement.
    const onAdded = after.years.flatMap((y) => y.lines).filter((l) => l.population === 'added' && !['class-size', 'staffing', 'hire'].includes(l.termKind));
    expect(onAdded.reduce((s, l) => s + l.cents, 0)).toBeGreaterThan(0);
    // Rows are labelled in plain words, never ids: a moved term by its title, any other by its short name
    // (its words are in before and after).
    for (const x of c.changes) {
      const term = to.terms.find((t) => t.id === x.term) ?? from.terms.find((t) => t.id === x.term);
      expect(x.title).toBe(x.type === 'moved' ? term?.title : termLabel(term!));
      expect(x.title).not.toBe(x.term);
    }
  });
});
