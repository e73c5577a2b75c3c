/**
 * ECharts with only what the web app's charts use (bars, lines, grid, tooltip, mark lines;
 * the SVG renderer). Loaded on demand by Chart.tsx, so a page's text and figures do not wait
 * for the chart library, and pages without charts never load it.
 */
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, MarkLineComponent, TooltipComponent, SVGRenderer]);

export const init = (box: HTMLElement) => echarts.init(box, null, { renderer: 'svg' });
export type EChart = ReturnType<typeof init>;
