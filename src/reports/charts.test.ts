import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { costProposal } from '../costing/cost.ts';
import { parseProposal } from '../proposals/parse.ts';
import { proposal as tinyProposal, tiny } from '../../test/helpers/tiny.ts';
import { axisDollars, costByTerm, costChart, costChartsSvg, renderSvg, reserveChart } from './charts.ts';

// The union's pay proposal on the tiny district: ten terms, nine of which cost something
// (the $16.50 wage floor is below every rate after the raises, so it adds nothing), costed
// for 2018-19 through 2021-22 (the end of the budget; the term ends in 2020-21).
const PAY = new URL('../../test/fixtures/proposals/valid/pay-terms.yaml', import.meta.url);
const result = costProposal({ dataset: tiny(), proposal: parseProposal(readFileSync(PAY, 'utf8'), 'pay-terms.yaml').proposal });

/** The text a reader sees in an SVG: every <text> element, in order, entities decoded. */
function svgText(svg: string): string {
  const decode = (t: string) => t.replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => decode(m[1])).join(' ');
}

describe('cost by term chart', () => {
  it('has one stacked bar series per costed term, in dollars, and the years on the x axis', () => {
    const { option } = costChart(result);
    const series = option.series as { name: string; stack: string; data: number[] }[];
    expect(series.map((s) => s.name)).toEqual(costByTerm(result).map((t) => t.title));
    expect(series).toHaveLength(9);
    expect(new Set(series.map((s) => s.stack))).toEqual(new Set(['cost']));
    // Stacked, the bars of a year add up to the engine's total for it (cents → dollars).
    result.years.forEach((y, i) => {
      expect(Math.round(series.reduce((s, x) => s + x.data[i], 0) * 100)).toBe(y.totalCents);
    });
    // The 3% raise on unit T's 2018-19 pay of $3,940,000 is $118,200, plus 17.5% statutory
    // benefits ($20,685): $138,885 in the first bar.
    expect(series[0].data[0]).toBe(138_885);
  });

  it('draws every term title and every fiscal year label in the SVG', () => {
    const text = svgText(costChartsSvg(result).cost);
    for (const t of costByTerm(result)) expect(text).toContain(t.title);
    for (const y of result.years) expect(text).toContain(y.fy);
    expect(text).toContain('$300K');
  });
});

describe('reserve chart', () => {
  it('draws the reserve with and without the proposal and the required minimum as a dashed line', () => {
    const { option } = reserveChart(result);
    const [withP, withoutP, minimum] = option.series as { name: string; data: number[]; lineStyle?: { type?: string } }[];
    expect(withP.data).toEqual(result.projection.map((y) => y.reservePct));
    // Without the proposal, 2018-19: (3,000,000 + 20,000,000 − 20,500,000 − 500,000 committed) ÷ 20,500,000 = 9.76%.
    expect(withoutP.data[0]).toBe(9.76);
    expect(minimum.name).toBe('Required minimum 3%');
    expect(minimum.data).toEqual(result.projection.map(() => 3));
    expect(minimum.data.length).toBeGreaterThan(0);
    expect(minimum.lineStyle?.type).toBe('dashed');
    const text = svgText(costChartsSvg(result).reserve);
    expect(text).toContain('Required minimum 3%');
    expect(text).toContain('8.56%');
    for (const y of result.projection) expect(text).toContain(y.fy);
  });
});

describe('rendering', () => {
  it('gives the same SVG for the same input, whatever was drawn before', () => {
    const first = costChartsSvg(result);
    renderSvg(reserveChart(result));
    renderSvg(costChart(result), { id: 'other' });
    const second = costChartsSvg(result);
    expect(second.cost).toBe(first.cost);
    expect(second.reserve).toBe(first.reserve);
  });

  it('names the two charts apart, so they can share one HTML page', () => {
    const { cost, reserve } = costChartsSvg(result);
    expect(cost).toMatch(/class="cost-cls-0"/);
    expect(reserve).toMatch(/class="reserve-cls-0"/);
    expect(cost).not.toContain('reserve-');
    expect(cost.startsWith('<svg role="img" aria-label="Added cost by term and fiscal year"')).toBe(true);
    expect(cost).toContain('font-family:\'Liberation Sans\'');
  });

  it('writes dollars on the axis the short way', () => {
    expect(axisDollars(0)).toBe('$0');
    expect(axisDollars(250_000)).toBe('$250K');
    expect(axisDollars(1_500_000)).toBe('$1.5M');
    expect(axisDollars(-3_000_000_000)).toBe('-$3B');
  });
});

describe('extrapolated years on the reserve chart', () => {
  it('stars the years past the district\'s budget on the axis, and says so under the title', () => {
    // A contract to 2023-06-30 on the tiny budget (2018-19 to 2021-22): 2022-23 is extrapolated.
    const r = costProposal({ dataset: tiny(), proposal: tinyProposal({ terms: [], term: { start: '2019-07-01', end: '2023-06-30' } }) });
    const { option } = reserveChart(r);
    expect((option.xAxis as { data: string[] }).data).toEqual(['2018-19', '2019-20', '2020-21', '2021-22', '2022-23*']);
    expect(svgText(costChartsSvg(r).reserve)).toContain('past the district\'s budget, extrapolated');
  });
});
