/**
 * The two labelled totals of a result (src/costing/totals.ts): each names its years and is the
 * exact sum of them.
 */
import { describe, expect, it } from 'vitest';
import { spanTotals } from './totals.ts';

// Five years costed, 2018-19 to 2022-23, of 100, 200, 300, 400 and 500 cents.
const years = ['2018-19', '2019-20', '2020-21', '2021-22', '2022-23'].map((fy, i) => ({ fy, totalCents: (i + 1) * 100 }));

describe('labelled totals', () => {
  it('sums every year costed, and the contract\'s own fiscal years from its start to its end inclusive', () => {
    // A contract from July 1, 2019 (2019-20) to June 30, 2021 (2020-21): 200 + 300 = 500.
    expect(spanTotals(years, 2019, 2020)).toEqual({
      total: { from: '2018-19', to: '2022-23', cents: 1_500 }, // 100 + 200 + 300 + 400 + 500
      contractTotal: { from: '2019-20', to: '2020-21', cents: 500 },
    });
  });

  it('clips the contract to the years costed, and names the contract\'s own years when none is costed', () => {
    // Signed in 2017-18, to 2019-20: only 2018-19 and 2019-20 are costed, 100 + 200 = 300.
    expect(spanTotals(years, 2017, 2019).contractTotal).toEqual({ from: '2018-19', to: '2019-20', cents: 300 });
    // Entirely before the data: nothing of it is costed.
    expect(spanTotals(years, 2014, 2016).contractTotal).toEqual({ from: '2014-15', to: '2016-17', cents: 0 });
  });
});
