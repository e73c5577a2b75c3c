/**
 * An ECharts chart in the page, drawn as SVG (crisp on phones, light to draw), resized with
 * its box. The same option objects render on the server for the PDF (src/reports/charts.ts).
 * ECharts is loaded on demand (components/public/echarts-setup.ts): the page shows its text
 * and numbers first, and the chart's box keeps its height meanwhile, so nothing jumps.
 *
 * For screen readers the chart is an image with a label; pass the numbers as a table in
 * `children` and they are shown under a "Numbers" disclosure for everyone (open from the
 * start with `numbersOpen`). `caption` is the chart's visible title; `legend` is shown as text
 * under the chart (it wraps on a narrow screen, unlike one drawn inside the chart). When the
 * chart is drawn the figure gets `data-drawn`. If the chart library cannot be loaded, the box
 * is dropped and the numbers are shown open (`data-failed` on the figure).
 *
 * ECharts writes its tooltips as HTML. The series and category names and the values it
 * shows (through `valueFormatter`) it escapes itself, so titles and names from the other
 * side may be series names; a tooltip `formatter` returning a string would be read as HTML
 * unescaped: do not use one with text from data.
 */
import { useEffect, useRef, useState } from 'react';
import type { EChartsCoreOption } from 'echarts/core';
import type { EChart } from './public/echarts-setup.ts';

let library: Promise<typeof import('./public/echarts-setup.ts')> | null = null;
/** The chart library, loaded once; after a failed load (a dropped connection) the next chart tries again. */
function load() {
  if (!library) {
    library = import('./public/echarts-setup.ts');
    library.catch(() => {
      library = null;
    });
  }
  return library;
}

/** Starts loading the chart library now (a page that will draw charts, while it fetches its data). */
export function preloadCharts(): void {
  load().catch(() => undefined);
}

export function Chart({ option, label, height = 280, children, numbersLabel = 'Numbers', numbersOpen = false, caption, legend }: {
  option: EChartsCoreOption;
  label: string;
  height?: number;
  children?: React.ReactNode;
  numbersLabel?: string;
  numbersOpen?: boolean;
  caption?: React.ReactNode;
  legend?: React.ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<EChart | null>(null);
  const [drawn, setDrawn] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let gone = false;
    let c: EChart | null = null;
    let resize: ResizeObserver | null = null;
    load().then(({ init }) => {
      if (gone || !box.current) return;
      c = init(box.current);
      resize = new ResizeObserver(() => c?.resize());
      resize.observe(box.current);
      setChart(c);
    }, () => {
      if (!gone) setFailed(true);
    });
    return () => {
      gone = true;
      resize?.disconnect();
      c?.dispose();
      setChart(null);
    };
  }, []);
  useEffect(() => {
    if (!chart) return;
    chart.setOption({ animation: false, ...option }, { notMerge: true });
    setDrawn(true);
  }, [chart, option]);
  return (
    <figure className="chart" data-drawn={drawn ? '' : undefined} data-failed={failed ? '' : undefined}>
      {caption && <figcaption className="chart-caption">{caption}</figcaption>}
      {/* Without the chart library (the connection dropped), no empty box: the numbers are shown instead. */}
      <div ref={box} role="img" aria-label={label} style={{ width: '100%', height: failed ? 0 : height }} hidden={failed} />
      {!failed && legend}
      {children && (
        <details open={numbersOpen || failed || undefined}>
          <summary>{numbersLabel}</summary>
          {children}
        </details>
      )}
    </figure>
  );
}
