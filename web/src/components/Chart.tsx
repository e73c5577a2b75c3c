/**
 * An ECharts chart in the page, drawn as SVG (crisp on phones, light to draw), resized with
 * its box. The same option objects render on the server for the PDF (src/reports/charts.ts).
 * For screen readers the chart is an image with a label; pass the numbers as a table in
 * `children` and they are shown under a "Numbers" disclosure for everyone.
 */
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, MarkLineComponent, TooltipComponent, SVGRenderer]);

export function Chart({ option, label, height = 280, children, numbersLabel = 'Numbers' }: {
  option: EChartsCoreOption;
  label: string;
  height?: number;
  children?: React.ReactNode;
  numbersLabel?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    if (!box.current) return;
    const c = echarts.init(box.current, null, { renderer: 'svg' });
    chart.current = c;
    const resize = new ResizeObserver(() => c.resize());
    resize.observe(box.current);
    return () => {
      resize.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption({ animation: false, ...option }, { notMerge: true });
  }, [option]);
  return (
    <figure className="chart">
      <div ref={box} role="img" aria-label={label} style={{ width: '100%', height }} />
      {children && (
        <details>
          <summary>{numbersLabel}</summary>
          {children}
        </details>
      )}
    </figure>
  );
}
