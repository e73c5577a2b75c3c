import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseFiscalYear } from '../../calendar/fiscal-year.ts';
import { costProposal } from '../../costing/cost.ts';
import { project } from '../../projection/project.ts';
import { parseProposal } from '../../proposals/parse.ts';
import type { Proposal } from '../../proposals/types.ts';
import { proposal as tinyProposal, tiny } from '../../../test/helpers/tiny.ts';
import { disclosureMarkdown } from './index.ts';
import { notCostedHeading } from '../../costing/outside-term.ts';
import { costTable } from '../cost-table.ts';
import { addDays, longDate } from './dates.ts';
import { buildDisclosure } from './model.ts';
import { projectionWithout } from './without.ts';

const PAY = new URL('../../../test/fixtures/proposals/valid/pay-terms.yaml', import.meta.url);
const proposal = parseProposal(readFileSync(PAY, 'utf8'), 'pay-terms.yaml').proposal;
const dataset = tiny();
const result = costProposal({ dataset, proposal });

describe('the projection without the agreement', () => {
  it('is the engine\'s projection run with no proposal cost, figure for figure', () => {
    const years = result.years.map((y) => parseFiscalYear(y.fy) as number);
    const engine = project({ dataset, years, costCents: () => 0 });
    expect(projectionWithout(result)).toEqual(engine.years);
  });
});

describe('section A from the engine\'s lines', () => {
  const m = buildDisclosure({ dataset, proposal, result });
  const c = m.compensation;

  it('adds up, category by category, to the engine\'s total, one-time and ongoing cents', () => {
    c.years.forEach((fy, i) => {
      const y = result.years[i];
      expect(fy).toBe(y.fy);
      const sum = (pick: (a: { total: number; oneTime: number; ongoing: number }) => number) => c.categories.reduce((s, k) => s + pick(k.years[i]), 0);
      expect(sum((a) => a.total)).toBe(y.totalCents);
      expect(sum((a) => a.oneTime)).toBe(y.oneTimeCents);
      expect(sum((a) => a.ongoing)).toBe(y.ongoingCents);
      expect(c.total[i]).toEqual({ total: y.totalCents, oneTime: y.oneTimeCents, ongoing: y.ongoingCents });
      for (const k of c.categories) expect(k.years[i].total).toBe(y.byKind[k.kind]);
    });
  });

  it('compares with the status quo of the units the agreement reaches (T, and C through its classified terms)', () => {
    expect(c.units).toEqual(['T', 'C']);
    // 2018-19 pay: T 3,940,000 + C 273,600 = 4,213,600; statutory T 17.5% (689,500) + C 25.5% (69,768) = 759,268;
    // health 69 T staff + 5 C custodians at $10,000 = 740,000; total 5,712,868.
    expect(c.prior).toEqual({ salaryCents: 421_360_000, statutoryCents: 75_926_800, healthCents: 74_000_000, totalCents: 571_286_800 });
    // Step and column, 2019-20: T 4,022,000 − 3,940,000 = 82,000; C 279,360 − 273,600 = 5,760; 87,760 in all.
    expect(c.stepAndColumn).toEqual([null, 8_776_000, 1_200_000]);
  });

  it('splits salary into ongoing and one-time as the engine books them', () => {
    const salary = c.categories[0].years[0];
    // One-time in 2018-19: the 1% bonus on T pay after the 3% raise, 3,940,000 × 1.03 × 1% = 40,582,
    // and $500 × 13 classified staff = 6,500: 47,082.
    expect(salary.oneTime).toBe(4_708_200);
    // Ongoing: the 3% raise on 3,940,000 = 118,200, and $1.25 × 14,400 hours × 6/12 = 9,000: 127,200.
    expect(salary.ongoing).toBe(12_720_000);
  });

  it('keeps the part falling on unit C apart, for the note', () => {
    expect(c.otherUnits).toEqual(['C']);
    result.years.slice(0, 3).forEach((y, i) => {
      expect(c.otherUnitsCents[i]).toBe(y.lines.filter((l) => l.unit === 'C').reduce((s, l) => s + l.cents, 0));
    });
  });
});

describe('the header', () => {
  it('dates the budget revisions 45 days after the board meeting', () => {
    expect(addDays('2019-03-01', 45)).toBe('2019-04-15'); // 30 days left in March, then 15 of April
    expect(addDays('2019-12-20', 45)).toBe('2020-02-03'); // 11 + 31 + 3, across the new year
    expect(longDate('2019-01-22')).toBe('January 22, 2019');
    const m = buildDisclosure({ dataset, proposal, result, options: { boardDate: '2019-05-20', unitStatus: { C: 'settled' }, reopener: true } });
    expect(m.budgetRevisionDue).toBe('2019-07-04');
    expect(m.otherUnits).toEqual([{ id: 'C', name: 'Classified support staff', kind: 'classified', union: 'Tiny Classified Union', fte: 8.5, status: 'settled' }]);
    expect(m.agreement).toBe('reopener');
    // 2018-07-01 to 2021-06-30: fiscal years 2018-19, 2019-20 and 2020-21.
    expect(m.term.years).toBe(3);
  });

  it('refuses a unit the dataset does not have', () => {
    expect(() => buildDisclosure({ dataset, proposal, result, options: { unitStatus: { X: 'settled' } } })).toThrow(/no bargaining unit X/);
  });
});

describe('the certification\'s years in the disclosure', () => {
  // The tiny budget runs 2018-19 to 2021-22 (COLA 3%, required reserve 3%).
  const md = (p: Proposal, allowOtherYear = false) => disclosureMarkdown({ dataset, proposal: p, result: costProposal({ dataset, proposal: p, allowOtherYear }) });

  it('lists a later contract year that falls short, marked extrapolated, after a positive certification', () => {
    // No terms, dated 2019-03-01, contract to 2023-06-30: certified 2018-19 to 2020-21 (reserves 9.76,
    // 7.62, 5.56: positive); 2021-22 meets (3.14%); 2022-23 is past the budget (extrapolated):
    // ending 1,200,000 + 21,800,000 × 1.03 − 22,300,000 × 1.03 = 685,000; (685,000 − 500,000) ÷ 22,969,000 = 0.81% < 3%.
    const text = md(tinyProposal({ terms: [], term: { start: '2019-07-01', end: '2023-06-30' } }));
    expect(text).toContain('| Years the certification covers | 2018-19, 2019-20 and 2020-21 |');
    expect(text).toContain('| Certification that results, with the agreement | positive |');
    expect(text).toContain('| Later contract years short, with the agreement | 2022-23 * (extrapolated) |');
    expect(text).toContain('The contract runs past the certified years: with the agreement the reserve falls below the required 3% in 2022-23 * (extrapolated).');
    expect(text).toContain('| 2022-23 * |');
    // The cost table marks the extrapolated year too, and its total column names the years it adds.
    expect(text).toContain('| Term of the agreement | 2018-19 | 2019-20 | 2020-21 | 2021-22 | 2022-23 * | Total, 2018-19 to 2022-23 |');
    expect(text).toContain('2022-23 (marked *): extrapolated, past the last year of the district\'s budget');
    // Rounded rows do not always foot to the exact totals: the document says so where a reader adds them.
    expect(text).toContain('the last column adds the years 2018-19 to 2022-23, in exact cents before rounding (so rounded rows may differ from it by a few dollars)');
    expect(text).toContain('so a row or column may differ from its total by a few dollars');
  });

  it('says it was costed on data of another year, and does not certify years the budget lacks', () => {
    // Dated 2020-09-01 (2020-21) on data of 2018-19: the certification needs 2020-21 to 2022-23; the budget ends 2021-22.
    const text = md(tinyProposal({ terms: [], date: '2020-09-01', term: { start: '2019-07-01', end: '2021-06-30' } }), true);
    expect(text).toContain('Costed on data of another year: the agreement was made in 2020-21, but the district\'s data is of 2018-19.');
    expect(text).toContain('| Certification that results, with the agreement | not certified (the budget does not reach every year it covers) |');
    expect(text).toContain('Not certified: the certification covers 2020-21, 2021-22 and 2022-23, and the district\'s budget does not reach 2022-23.');
  });
});

describe('the deficit question for an agreement that saves money', () => {
  // The tiny budget spends more than it takes in every year (2018-19: 20,000,000 − 20,500,000 = −500,000).
  // A 5% pay cut lowers expenditures; cut deep enough it reduces the deficit, and the disclosure says so, not "—".
  const cut = tinyProposal({ date: '2019-03-01', term: { start: '2018-07-01', end: '2021-06-30' }, terms: [{ id: 'cut', kind: 'raise', pct: -5, effective: '2018-07-01' }] });
  const saved = costProposal({ dataset, proposal: cut });
  const m = buildDisclosure({ dataset, proposal: cut, result: saved });

  it('names the years whose deficit it reduces or ends', () => {
    for (const d of m.deficit) {
      // Each year: with the agreement, revenues less expenditures is higher (less negative) than without.
      expect(d.netWithCents).toBeGreaterThan(d.netWithoutCents);
      expect(d.effect).toBe(d.netWithCents >= 0 ? 'ends' : 'reduces');
    }
    const md = disclosureMarkdown(m);
    expect(md).toMatch(/\| (reduces|ends) the deficit \|/);
    expect(md).toContain('| Fiscal year | Expenditures: change |');
  });
});

describe('a step dated after the last year costed', () => {
  // 2 nurses from 2020-07-01 and 3 more from 2024-07-01: the contract ends 2023-06-30, so the last year costed is
  // 2022-23 and the three are in no year and no total. Every surface says so with the same words.
  const late = tinyProposal({ id: 'late-nurses', terms: [{ id: 'nurses', kind: 'hire', role: 'nurse', outsideTerm: true, phases: [{ from: '2020-07-01', count: 2 }, { from: '2024-07-01', count: 3 }] }] });
  const r = costProposal({ dataset, proposal: late });
  const message = 'phases[1] of term "nurses" (hire) takes effect 2024-07-01, after the last year costed (2022-23): what it sets from then is not costed and is in no year and no total (terms[0].phases[1].from)';

  it('is listed in the disclosure right under its totals, and in the command line\'s table, with the engine\'s sentence', () => {
    expect(r.total.to).toBe('2022-23');
    expect(r.notCosted.map((n) => n.message)).toEqual([message]);
    const md = disclosureMarkdown({ dataset, proposal: late, result: r });
    const heading = `**${notCostedHeading('2022-23')}**`;
    expect(md).toContain(heading);
    expect(md).toContain(`- ${message}`);
    // Beside the totals it is not part of: after "Total cost over the contract", before section A.
    expect(md.indexOf(heading)).toBeGreaterThan(md.indexOf('Total cost over the contract'));
    expect(md.indexOf(heading)).toBeLessThan(md.indexOf('A. Cost of the proposed agreement'));
    const table = costTable(r);
    expect(table).toContain(notCostedHeading('2022-23'));
    expect(table).toContain(`  - ${message}`);
  });

  it('is not listed when nothing falls after the years costed', () => {
    const md = disclosureMarkdown({ dataset, proposal, result });
    expect(result.notCosted).toEqual([]);
    expect(md).not.toContain('Dated after the last year costed');
  });
});
