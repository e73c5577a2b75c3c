/**
 * The years one costing covers are bounded (MAX_COSTED_YEARS, 20): on the tiny district
 * (base year 2018-19) a proposal is refused, where it says so, when the years from the
 * earliest of the base year and its effective dates to two years after its contract ends
 * would number more than 20.
 */
import { describe, expect, it } from 'vitest';
import { costProposal } from './cost.ts';
import { InvalidInput, type Problem } from '../errors/problem.ts';
import { parseProposal } from '../proposals/parse.ts';
import { tiny } from '../../test/helpers/tiny.ts';

const head = (term: string) => `id: tiny-test\ntitle: Test\nparty: union\nunit: T\ndate: 2019-03-01\nterm:\n${term}\nterms:\n`;

function problemsOf(yaml: string): Problem[] {
  const parsed = parseProposal(yaml, 'years.yaml');
  try {
    costProposal({ dataset: tiny(), proposal: parsed.proposal, source: parsed });
  } catch (e) {
    expect(e).toBeInstanceOf(InvalidInput);
    return (e as InvalidInput).problems;
  }
  return [];
}

describe('fiscal years costed', () => {
  it('a contract ending 2036-06-30 is costed through 2037-38: 2018-19 … 2037-38 is 20 years, allowed', () => {
    expect(problemsOf(head('  start: 2029-07-01\n  end: 2036-06-30') + '  - { kind: raise, pct: 3, effective: 2030-07-01 }\n')).toEqual([]);
  });

  it('a contract ending 2037-06-30 would be costed through 2038-39: 21 years, refused at term.end (line 8, col 8)', () => {
    const problems = problemsOf(head('  start: 2029-07-01\n  end: 2037-06-30') + '  - { kind: raise, pct: 3, effective: 2030-07-01 }\n');
    expect(problems).toHaveLength(1);
    // Line 8 `  end: 2037-06-30`: 2 + "end: " (5) = 7, value at col 8. The hint: base 2018 + 20 − 3 = 2035.
    expect(problems[0]).toMatchObject({ code: 'proposal.too-many-years', where: { file: 'years.yaml', line: 8, col: 8, field: 'term.end' }, hint: expect.stringContaining('end: 2035-06-30') });
    expect(problems[0].message).toContain('costed through 2038-39');
  });

  it('a raise effective 2002-07-01 on a contract ending 2021-06-30 would be costed 2002-03 … 2022-23: 21 years, refused at its effective date', () => {
    // Last year 2021-22 + 2 = 2022-23; the first allowed is 2022 − 20 + 1 = 2003, i.e. effective: 2003-07-01.
    const problems = problemsOf(head('  start: 2018-07-01\n  end: 2021-06-30') + '  - { kind: raise, pct: 3, effective: 2003-07-01 }\n  - { kind: raise, pct: 3, effective: 2002-07-01 }\n');
    expect(problems).toHaveLength(1);
    // terms[1] is line 11; "  - { kind: raise, pct: 3, effective: " is 38 characters, value at col 39.
    expect(problems[0]).toMatchObject({ code: 'proposal.too-many-years', where: { line: 11, col: 39, field: 'terms[1].effective' }, hint: expect.stringContaining('effective: 2003-07-01') });
  });
});

it('refuses a contract that ends before the dataset\'s base year, even as a what-if on other years\' data: no total may name years never costed', () => {
  // Dated 2017-03-01 (2016-17), contract 2016-07-01 to 2018-06-30 (2016-17 and 2017-18); the tiny district's data are of 2018-19.
  const parsed = parseProposal('id: old\ntitle: Old\nparty: union\nunit: T\ndate: 2017-03-01\nterm:\n  start: 2016-07-01\n  end: 2018-06-30\nterms:\n  - { kind: raise, pct: 3, effective: 2016-07-01 }\n', 'old.yaml');
  let problems: Problem[] = [];
  try {
    costProposal({ dataset: tiny(), proposal: parsed.proposal, source: parsed, allowOtherYear: true });
  } catch (e) {
    problems = (e as InvalidInput).problems;
  }
  expect(problems).toEqual([{
    code: 'proposal.contract-before-data',
    message: 'the contract ends 2018-06-30, in 2017-18, before the dataset\'s base year 2018-19: none of the contract\'s years can be costed on this data',
    where: { file: 'old.yaml', line: 8, col: 8, field: 'term.end' },
    hint: 'cost it on a dataset of 2016-17 to 2017-18',
  }]);
});

describe('back pay paid on a date no budget office would accept', () => {
  // The tiny district's data are of 2018-19; the proposal is dated 2019-03-01, its contract 2017-07-01 to 2020-06-30,
  // a raise back to its start.
  const withPaid = (paid: string, date = '2019-03-01', allowOtherYear = false) => {
    const yaml = head('  start: 2017-07-01\n  end: 2020-06-30').replace('date: 2019-03-01', `date: ${date}`) + `  - { kind: raise, pct: 3, effective: 2017-07-01, paid: ${paid} }\n`;
    try {
      // Paid before the agreement is refused as the file is read; before the data's year, when costed.
      const parsed = parseProposal(yaml, 'paid.yaml');
      costProposal({ dataset: tiny(), proposal: parsed.proposal, source: parsed, allowOtherYear });
    } catch (e) {
      return (e as InvalidInput).problems;
    }
    return [];
  };

  it('refuses back pay paid before the agreement is reached (it was dropped from every total when that fell before the data\'s year)', () => {
    // Line 10 `  - { kind: raise, pct: 3, effective: 2017-07-01, paid: 2018-03-01 }`: "paid: " ends at col 56, the value at col 57.
    expect(withPaid('2018-03-01')).toEqual([{
      code: 'proposal.paid-before-agreement', where: { file: 'paid.yaml', line: 10, col: 57, field: 'terms[0].paid' },
      message: 'term "raise-1" (raise) has its back pay paid 2018-03-01, before the agreement\'s date 2019-03-01: back pay is paid once the agreement is reached',
      hint: 'paid: 2019-03-01   (or later; leave paid out to pay it in the agreement\'s year)',
    }]);
    expect(withPaid('2019-02-28').map((p) => p.code)).toEqual(['proposal.paid-before-agreement']);
    expect(withPaid('2019-03-01')).toEqual([]);
  });

  it('refuses back pay paid in a year before the data\'s, even on a what-if of an older agreement: it would be in no year and no total', () => {
    // On 2018-19 data an agreement dated 2018-01-10 (2017-18) paying its back pay in 2017-18 cannot be costed.
    expect(withPaid('2018-02-01', '2018-01-10', true).map((p) => [p.code, p.hint])).toEqual([['proposal.before-data', 'paid: 2018-07-01   (or later), or cost the proposal on a dataset of 2017-18']]);
  });
});

describe('a raise in dollars an hour for a unit paid by the year', () => {
  const problems = (term: string) => problemsOf(head('  start: 2018-07-01\n  end: 2021-06-30') + `  - ${term}\n`);

  it('is refused, naming the unit (it cost $0 without a word); for the hourly unit it is costed', () => {
    // Tiny's unit T (teachers) is on annual schedules; unit C (classified) is paid by the hour.
    const [p] = problems('{ kind: hourly-raise, amount: 2, effective: 2019-07-01 }');
    expect([p.code, p.where?.field, p.message]).toEqual(['proposal.no-hourly-staff', 'terms[0].kind', 'term "hourly-raise-1" gives $2.00 an hour more, but no T staff are paid by the hour in the dataset (their schedules are annual or daily), so it would cost nothing']);
    expect(problems('{ kind: wage-floor, hourly: 25, effective: 2019-07-01 }').map((x) => x.code)).toEqual(['proposal.no-hourly-staff']);
    expect(problems('{ kind: hourly-raise, unit: C, amount: 2, effective: 2019-07-01 }')).toEqual([]);
  });
});

describe('a bonus for those employed in a year before anyone it names was hired', () => {
  const problems = (term: string) => problemsOf(head('  start: 2018-07-01\n  end: 2021-06-30') + `  - ${term}\n`);

  it('is refused, naming the earliest year of hire (it cost $0 in every year without a word); from that year on it is costed', () => {
    // The tiny district's T staff were hired from 2004-08-15 (fiscal 2004-05) on; none before.
    const [p] = problems('{ kind: bonus, amount: 1000, paid: 2019-03-01, employedIn: 2003-04 }');
    expect([p.code, p.where?.field, p.hint]).toEqual(['proposal.reaches-nobody', 'terms[0].employedIn', 'employedIn: 2004-05   (or later), or leave employedIn out to pay everyone employed when it is paid']);
    expect(p.message).toContain('nobody it names in the dataset was hired by then (the earliest were hired in 2004-05)');
    expect(problems('{ kind: bonus, amount: 1000, paid: 2019-03-01, employedIn: 2004-05 }')).toEqual([]);
  });

  it('a year before 1990-91 is refused as out of range, as every date of a proposal is', () => {
    expect(() => parseProposal(head('  start: 2018-07-01\n  end: 2021-06-30') + '  - { kind: bonus, amount: 1000, paid: 2019-03-01, employedIn: 1900-01 }\n', 'p.yaml')).toThrow(/must be a fiscal year from 1990-91 to 2099-00, got "1900-01"/);
  });
});
