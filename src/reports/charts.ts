import * as echarts from 'echarts/core';
import { BarChart, LineChart, type BarSeriesOption, type LineSeriesOption } from 'echarts/charts';
import {
  GridComponent, LegendComponent, TitleComponent,
  type GridComponentOption, type LegendComponentOption, type TitleComponentOption,
} from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { CostResult } from '../costing/result.ts';
import { escapeHtml } from '../text/html.ts';
import { withoutInvisible } from '../text/invisible.ts';
import { projectionWithout } from './disclosure/without.ts';

/**
 * Charts shared by the reports and (later) the web app: the same option objects render as
 * SVG on the server and in the browser. The option builders are pure; `renderSvg` draws one
 * on the server (ECharts server-side rendering, SVG, no animation, fixed size).
 */
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TitleComponent, SVGRenderer]);

export type ChartOption = echarts.ComposeOption<
  BarSeriesOption | LineSeriesOption | GridComponentOption | LegendComponentOption | TitleComponentOption
>;

/** A chart: its title (for screen readers), the option object and the size it is drawn at. */
export interface Chart {
  title: string;
  option: ChartOption;
  width: number;
  height: number;
}

export interface ChartSvgs {
  /** Added cost by term, stacked, per fiscal year. */
  cost: string;
  /** Reserve % per year with and without the proposal, against the required minimum. */
  reserve: string;
}

/**
 * Fonts installed with the Debian packages fonts-liberation and fonts-dejavu-core. Liberation
 * Sans comes first: it has Arial's metrics, which are the ones ECharts assumes when it lays
 * text out on the server (it cannot measure there), so legends and labels do not overlap.
 */
export const CHART_FONT = "'Liberation Sans', 'DejaVu Sans', sans-serif";
const WIDTH = 720;
const PLOT_HEIGHT = 300;
/** Height of a legend text line, the gap between entries, and the characters a line may take (about 6 px each at 11 px). */
const LEGEND_LINE = 15;
const LEGEND_GAP = 6;
const LEGEND_CHARS = 105;
const PALETTE = ['#1f5a96', '#d9822b', '#3a8f5c', '#b5403a', '#7a5aa6', '#8c6d31', '#c2569b', '#5f6b73', '#2aa3b8', '#a3a83c'];

/** "$1.5M", "$250K", "-$3B": dollars for axis ticks. */
export function axisDollars(dollars: number): string {
  const abs = Math.abs(dollars);
  const sign = dollars < 0 ? '-' : '';
  const short = (x: number, unit: string) => `${sign}$${Number(x.toFixed(2)).toLocaleString('en-US')}${unit}`;
  if (abs >= 1e9) return short(abs / 1e9, 'B');
  if (abs >= 1e6) return short(abs / 1e6, 'M');
  if (abs >= 1e3) return short(abs / 1e3, 'K');
  return short(abs, '');
}

/** The terms that cost something, in order of first appearance (as in `settle cost`), with cents per year. */
export function costByTerm(result: CostResult): { term: string; title: string; cents: number[] }[] {
  const out = new Map<string, { term: string; title: string; cents: number[] }>();
  result.years.forEach((y, i) => {
    for (const l of y.lines) {
      let t = out.get(l.term);
      if (!t) out.set(l.term, (t = { term: l.term, title: l.termTitle, cents: result.years.map(() => 0) }));
      t.cents[i] += l.cents;
    }
  });
  return [...out.values()];
}

/** Breaks a legend entry into lines of at most LEGEND_CHARS characters, at spaces. */
function wrap(text: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > LEGEND_CHARS) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  return [...lines, line];
}

const base = (title: string, subtext: string) => ({
  animation: false,
  color: PALETTE,
  textStyle: { fontFamily: CHART_FONT },
  title: { text: title, subtext, left: 0, textStyle: { fontSize: 15, fontFamily: CHART_FONT }, subtextStyle: { fontSize: 11, color: '#555', fontFamily: CHART_FONT } },
});

/** Added cost by term and fiscal year: stacked bars, one series per term. */
export function costChart(result: CostResult): Chart {
  const terms = costByTerm(result);
  const legendLines = terms.reduce((n, t) => n + wrap(t.title).length, 0);
  const legendHeight = Math.max(1, legendLines) * LEGEND_LINE + Math.max(0, terms.length - 1) * LEGEND_GAP;
  const height = 70 + PLOT_HEIGHT + legendHeight + 20;
  const series: BarSeriesOption[] = terms.map((t) => ({
    type: 'bar',
    name: withoutInvisible(t.title),
    stack: 'cost',
    barMaxWidth: 56,
    data: t.cents.map((c) => c / 100),
  }));
  const option: ChartOption = {
    ...base('Added cost by term and fiscal year', 'The proposal\'s cost over the status quo, from settle cost (docs/costing.md)'),
    grid: { left: 90, right: 20, top: 70, height: PLOT_HEIGHT - 40 },
    legend: {
      orient: 'vertical', left: 10, top: 70 + PLOT_HEIGHT, itemGap: LEGEND_GAP, itemHeight: 10, itemWidth: 16,
      textStyle: { fontSize: 11, fontFamily: CHART_FONT, lineHeight: LEGEND_LINE },
      formatter: (name: string) => wrap(name).join('\n'),
    },
    xAxis: { type: 'category', data: result.years.map((y) => y.fy), axisLabel: { fontSize: 11, fontFamily: CHART_FONT } },
    yAxis: { type: 'value', axisLabel: { fontSize: 11, fontFamily: CHART_FONT, formatter: (v: number) => axisDollars(v) } },
    series,
  };
  return { title: 'Added cost by term and fiscal year', option, width: WIDTH, height };
}

/** Reserve % each year with and without the proposal, and the required minimum as a dashed line. */
export function reserveChart(result: CostResult): Chart {
  const fys = result.projection.map((y) => y.fy);
  // Extrapolated years (past the district's budget) are starred on the axis, as in the tables.
  const axis = result.projection.map((y) => (y.extrapolated ? `${y.fy}*` : y.fy));
  const min = result.district.requiredReservePct;
  const label = (position: 'top' | 'bottom') => ({ show: true, position, fontSize: 10, fontFamily: CHART_FONT, formatter: (p: { value: unknown }) => `${Number(p.value).toFixed(2)}%`, backgroundColor: 'rgba(255,255,255,0.85)', padding: 1 });
  const series: LineSeriesOption[] = [
    { type: 'line', name: 'With the proposal', data: result.projection.map((y) => y.reservePct), symbolSize: 6, label: label('bottom'), lineStyle: { width: 2.5 } },
    { type: 'line', name: 'Without the proposal', data: projectionWithout(result).map((y) => y.reservePct), symbolSize: 6, label: label('top'), lineStyle: { width: 2.5 } },
    {
      type: 'line', name: `Required minimum ${min}%`, data: fys.map(() => min), symbol: 'none',
      lineStyle: { type: 'dashed', width: 1.5, color: '#b5403a' }, itemStyle: { color: '#b5403a' },
    },
  ];
  const option: ChartOption = {
    ...base('Reserve by fiscal year', `Available fund balance as a % of expenditures, from settle cost (docs/costing.md, "Projection and the reserve test")${result.projection.some((y) => y.extrapolated) ? '; * past the district\'s budget, extrapolated' : ''}`),
    color: ['#1f5a96', '#8a9aa8', '#b5403a'],
    grid: { left: 60, right: 30, top: 80, bottom: 60 },
    legend: {
      bottom: 10, left: 10, textStyle: { fontSize: 11, fontFamily: CHART_FONT },
      // The minimum is a line only: no point marker in its legend entry.
      data: [series[0].name as string, series[1].name as string, { name: series[2].name as string, itemStyle: { opacity: 0 } }],
    },
    xAxis: { type: 'category', data: axis, boundaryGap: true, axisLine: { onZero: false }, axisLabel: { fontSize: 11, fontFamily: CHART_FONT } },
    yAxis: {
      type: 'value',
      // Room above and below the lines for their value labels.
      boundaryGap: ['10%', '10%'],
      axisLabel: { fontSize: 11, fontFamily: CHART_FONT, formatter: (v: number) => `${v}%` },
    },
    series,
  };
  return { title: 'Reserve by fiscal year', option, width: WIDTH, height: 380 };
}

/**
 * Draws a chart as an SVG string (server-side rendering). ECharts names the SVG's classes and
 * clip paths after counters that grow with every chart drawn in the process; they are
 * renamed after `id` and renumbered in order of appearance, so that the same input always
 * gives the same SVG and two charts inlined in one HTML page do not share names.
 */
export function renderSvg(chart: Chart, opts: { id?: string } = {}): string {
  const instance = echarts.init(null, null, { renderer: 'svg', ssr: true, width: chart.width, height: chart.height });
  let svg: string;
  try {
    instance.setOption(chart.option);
    svg = instance.renderToSVGString();
  } finally {
    instance.dispose();
  }
  const id = opts.id ?? 'chart';
  const renumbered = new Map<string, string>();
  const counts = new Map<string, number>();
  return svg
    .replace(/(class="|\.|url\(#|id=")zr\d+-(cls-|c)(\d+)/g, (_m, before: string, kind: string, n: string) => {
      const key = kind + n;
      let name = renumbered.get(key);
      if (name === undefined) {
        const next = counts.get(kind) ?? 0;
        counts.set(kind, next + 1);
        renumbered.set(key, (name = `${id}-${kind}${next}`));
      }
      return before + name;
    })
    .replace(/^<svg /, `<svg role="img" aria-label="${escapeHtml(chart.title)}" `);
}

export function costChartsSvg(result: CostResult): ChartSvgs {
  return { cost: renderSvg(costChart(result), { id: 'cost' }), reserve: renderSvg(reserveChart(result), { id: 'reserve' }) };
}
