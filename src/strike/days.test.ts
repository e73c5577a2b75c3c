import { describe, expect, it } from 'vitest';
import { tiny } from '../../test/helpers/tiny.ts';
import { InvalidInput, formatProblem } from '../errors/problem.ts';
import { readStrikeDays, type StrikeDefaults } from './days.ts';

const NONE: StrikeDefaults = { shares: {}, substitutes: 0, substituteRateCents: null };
const read = (text: string, defaults: StrikeDefaults = NONE) => readStrikeDays({ text, file: 'days.csv', dataset: tiny(), defaults });
/** The problems a days file has, formatted as the command line prints them. */
function problems(text: string, defaults: StrikeDefaults = NONE): string[] {
  try {
    read(text, defaults);
  } catch (e) {
    if (e instanceof InvalidInput) return e.problems.map(formatProblem);
    throw e;
  }
  throw new Error('expected the file to be refused');
}

describe('reading a strike-days file', () => {
  it('takes command-line defaults for missing columns and empty cells; a share may be written as a percent', () => {
    const { days, warnings } = read('date,students_attending,strike_share_C,substitutes\n2019-03-04,600,,3\n2019-03-05,700,50%,\n',
      { shares: { T: 0.9 }, substitutes: 1, substituteRateCents: 20_000 });
    expect(warnings).toEqual([]);
    expect(days).toEqual([
      { line: 2, date: '2019-03-04', studentsAttending: 600, shares: { T: 0.9, C: 0 }, substitutes: 3, substituteRateCents: 20_000, otherCostsCents: 0, note: '' },
      { line: 3, date: '2019-03-05', studentsAttending: 700, shares: { T: 0.9, C: 0.5 }, substitutes: 1, substituteRateCents: 20_000, otherCostsCents: 0, note: '' },
    ]);
  });

  it('accepts the informational columns and quoted notes, and negative other costs (savings)', () => {
    const { days } = read('strike_day,date,weekday,students_attending,other_costs,note\n1,2019-03-04,Mon,"1,200",-500.00,"buses idle, saved fuel"\n');
    expect(days[0]).toMatchObject({ studentsAttending: 1200, otherCostsCents: -50_000, note: 'buses idle, saved fuel' });
  });

  it('refuses a day listed twice or out of order, naming the earlier line', () => {
    expect(problems('date,students_attending\n2019-03-05,600\n2019-03-05,600\n2019-03-04,600\n')).toEqual([
      'days.csv:3:1 date: 2019-03-05 is already on line 2: each strike day is one row. Example: 2019-03-06 [strike.date-order]',
      'days.csv:4:1 date: dates must go forward: 2019-03-04 comes after 2019-03-05 (line 2). Example: 2019-03-06 [strike.date-order]',
    ]);
  });

  it('reports every bad cell at once, each with line, column and an example', () => {
    expect(problems('date,students_attending,strike_share_T,substitutes,substitute_day_rate\n2019-3-4,lots,-0.1,2.5,\n2019-03-05,2000,90,4,\n')).toEqual([
      'days.csv:2:1 date: date must be a date written YYYY-MM-DD, got "2019-3-4". Example: 2019-01-14 [strike.not-a-date]',
      'days.csv:2:2 students_attending: students_attending must be a whole number from 0, got "lots". Example: 156774 [strike.not-a-count]',
      'days.csv:2:3 strike_share_T: strike_share_T must be a share from 0 to 1, got -0.1. Example: 0.9 (90% of the unit on strike) [strike.share-out-of-range]',
      'days.csv:2:4 substitutes: substitutes must be a whole number from 0, got "2.5". Example: 400 [strike.not-a-count]',
      'days.csv:3:3 strike_share_T: strike_share_T must be a share from 0 to 1, got 90 (for 90% write 0.9 or 90%). Example: 0.9 (90% of the unit on strike) [strike.share-out-of-range]',
      'days.csv:3:4 substitutes: 4 substitutes on this day but no day rate: fill substitute_day_rate or give --substitute-rate. Example: substitute_day_rate 300.00 [strike.no-substitute-rate]',
      // The tiny district has 1,805 students; a third of its normal 1,714.75 is about 572.
      'days.csv:3:2 students_attending: 2000 students attending is more than the 1805 enrolled in 2018-19 (the dataset\'s enrollment). Example: 572 [strike.more-than-enrolled]',
    ]);
  });

  it('refuses a day rate above $10,000 and other costs beyond $1 billion either way (a slip that would also cost the total its cents)', () => {
    expect(problems('date,students_attending,substitutes,substitute_day_rate,other_costs\n2019-03-04,600,3900,99999999999.99,0\n2019-03-05,600,0,,-1000000000.01\n')).toEqual([
      'days.csv:2:4 substitute_day_rate: substitute_day_rate must be from $0 to $10,000, got 99999999999.99. Example: 300.00 [strike.out-of-range]',
      'days.csv:3:5 other_costs: other_costs must be from -$1,000,000,000 to $1,000,000,000, got -1000000000.01. Example: 150000.00 [strike.out-of-range]',
    ]);
    // The bounds themselves are taken.
    expect(read('date,students_attending,substitutes,substitute_day_rate,other_costs\n2019-03-04,600,1,10000.00,-1000000000.00\n').days[0]).toMatchObject({ substituteRateCents: 1_000_000, otherCostsCents: -100_000_000_000 });
  });

  it('refuses a file with no days, and an unknown column', () => {
    expect(problems('date,students_attending\n')).toEqual(['days.csv:2: the file has a header but no strike days. Example: 2019-01-14,156774 [strike.no-days]']);
    expect(problems('date,students_attending,teachers_out\n2019-03-04,600,5\n')[0]).toBe('days.csv:1:3 teachers_out: unknown column "teachers_out". Example: date,students_attending,strike_share_T,substitutes,substitute_day_rate,other_costs,note [strike.csv-unknown-column]');
  });

  it('warns when more students came than on a normal day (the revenue lost is then negative)', () => {
    const { warnings } = read('date,students_attending\n2019-03-04,1800\n');
    expect(warnings.map(formatProblem)).toEqual(['days.csv:2:2 students_attending: 1800 students attending is more than on a normal day (1714.75): the day\'s revenue lost is negative [strike.more-than-normal]']);
  });
});
