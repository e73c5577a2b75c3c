/**
 * The public page's two charts: added cost per school year (bars, one per proposal) and the
 * reserve per school year (a line per proposal, one with no change at all, and the required
 * minimum). Each is an image with a label for screen readers, a legend in text, and its
 * numbers in a table under it.
 */
import { TableScroll } from '../TableScroll.tsx';
import { useEffect, useMemo, useState } from 'react';
import type { EChartsCoreOption } from 'echarts/core';
import { Chart } from '../Chart.tsx';
import { money, moneyShort, percent, type Lang } from '../../pages/public/format.ts';
import type { PublicKey } from '../../pages/public/messages.ts';

type T = (key: PublicKey, vars?: Record<string, string | number>) => string;

export interface CostSeries { name: string; color: string; cents: Map<string, number> }
export interface ReserveSeries { name: string; color: string; years: Map<string, { pct: number; meets: boolean; extrapolated?: boolean }> }

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const INK = '#1b1f24';
const MUTED = '#4a5360';
const WITHOUT = '#5f6b73';
const MINIMUM = '#a4161a';

/** True on a narrow screen (a phone held upright). */
export function useNarrow(): boolean {
  const query = '(max-width: 40rem)';
  const [narrow, setNarrow] = useState(() => typeof matchMedia === 'function' && matchMedia(query).matches);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const m = matchMedia(query);
    const on = () => setNarrow(m.matches);
    m.addEventListener('change', on);
    return () => m.removeEventListener('change', on);
  }, []);
  return narrow;
}

const axisLabel = (narrow: boolean) => ({ fontSize: 12, color: MUTED, fontFamily: FONT, rotate: narrow ? 45 : 0, interval: 0 });

function Legend({ items }: { items: { name: string; color: string; line?: 'solid' | 'dashed' }[] }) {
  return (
    <ul className="pp-legend">
      {items.map((i) => (
        <li key={i.name}>
          <span aria-hidden="true" className={`pp-swatch${i.line ? ` pp-swatch-line pp-swatch-${i.line}` : ''}`} style={i.line ? { borderColor: i.color } : { background: i.color }} />
          {i.name}
        </li>
      ))}
    </ul>
  );
}

/** A table that scrolls sideways inside its own box on a narrow screen (focusable, so a keyboard can scroll it). */
export function ScrollTable({ label, children }: { label: string; children: React.ReactNode }) {
  return <TableScroll label={label}>{children}</TableScroll>;
}

export function CostChart({ years, series, lang, t, title }: { years: string[]; series: CostSeries[]; lang: Lang; t: T; title: string }) {
  const narrow = useNarrow();
  const option = useMemo<EChartsCoreOption>(() => ({
    textStyle: { fontFamily: FONT, color: INK },
    grid: { left: 4, right: 12, top: 16, bottom: 4, containLabel: true },
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => (typeof v === 'number' ? money(Math.round(v * 100), lang) : '—') },
    xAxis: { type: 'category', data: years, axisLabel: axisLabel(narrow), axisTick: { alignWithLabel: true } },
    yAxis: { type: 'value', axisLabel: { fontSize: 12, color: MUTED, fontFamily: FONT, formatter: (v: number) => moneyShort(v, lang) } },
    series: series.map((s) => ({ type: 'bar', name: s.name, itemStyle: { color: s.color }, barMaxWidth: 32, data: years.map((fy) => (s.cents.has(fy) ? s.cents.get(fy)! / 100 : null)) })),
  }), [years, series, lang, narrow]);
  const names = series.map((s) => s.name).join('; ');
  const span = years.length ? `${years[0]}–${years[years.length - 1]}` : '';
  const total = (s: CostSeries) => years.reduce((n, fy) => n + (s.cents.get(fy) ?? 0), 0);
  return (
    <Chart option={option} label={t('chart.costLabel', { years: span, names })} height={narrow ? 260 : 300} numbersLabel={t('chart.numbers')}
      caption={title} legend={<Legend items={series.map((s) => ({ name: s.name, color: s.color }))} />}>
      <ScrollTable label={`${title}: ${t('scroll')}`}>
        <table className="pp-numbers">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr><th scope="col">{t('chart.year')}</th>{series.map((s) => <th scope="col" className="num" key={s.name}>{s.name}</th>)}</tr>
          </thead>
          <tbody>
            {years.map((fy) => (
              <tr key={fy}>
                <th scope="row">{fy}</th>
                {series.map((s) => <td className="num" key={s.name}>{s.cents.has(fy) ? money(s.cents.get(fy)!, lang) : '—'}</td>)}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr><th scope="row">{t('chart.total')}</th>{series.map((s) => <td className="num" key={s.name}>{money(total(s), lang)}</td>)}</tr>
          </tfoot>
        </table>
      </ScrollTable>
    </Chart>
  );
}

export function ReserveChart({ years, series, without, minimum, lang, t, title }: {
  years: string[];
  series: ReserveSeries[];
  without: Map<string, { pct: number; meets: boolean }>;
  minimum: number;
  lang: Lang;
  t: T;
  title: string;
}) {
  const narrow = useNarrow();
  const withoutName = t('chart.without');
  const minName = `${t('chart.minimum')} (${percent(minimum, lang)})`;
  const option = useMemo<EChartsCoreOption>(() => ({
    textStyle: { fontFamily: FONT, color: INK },
    grid: { left: 4, right: 12, top: 16, bottom: 4, containLabel: true },
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => (typeof v === 'number' ? percent(v, lang) : '—') },
    xAxis: { type: 'category', data: years, axisLabel: axisLabel(narrow), axisTick: { alignWithLabel: true }, axisLine: { onZero: false } },
    yAxis: { type: 'value', axisLabel: { fontSize: 12, color: MUTED, fontFamily: FONT, formatter: (v: number) => percent(v, lang) } },
    series: [
      ...series.map((s) => ({
        type: 'line', name: s.name, itemStyle: { color: s.color }, lineStyle: { width: 2.5, color: s.color }, symbolSize: 6,
        data: years.map((fy) => s.years.get(fy)?.pct ?? null),
      })),
      { type: 'line', name: withoutName, itemStyle: { color: WITHOUT }, lineStyle: { width: 2, type: 'dashed', color: WITHOUT }, symbol: 'none', data: years.map((fy) => without.get(fy)?.pct ?? null) },
      { type: 'line', name: minName, itemStyle: { color: MINIMUM }, lineStyle: { width: 1.5, type: [6, 4], color: MINIMUM }, symbol: 'none', data: years.map(() => minimum) },
    ],
  }), [years, series, without, minimum, lang, narrow, withoutName, minName]);
  const names = series.map((s) => s.name).join('; ');
  const span = years.length ? `${years[0]}–${years[years.length - 1]}` : '';
  const projected = years.filter((fy) => series.some((s) => s.years.get(fy)?.extrapolated));
  const cell = (y: { pct: number; meets: boolean } | undefined) =>
    y === undefined ? '—' : y.meets ? percent(y.pct, lang) : <span className="pp-short">{percent(y.pct, lang)} <span className="pp-tag">{t('chart.below')}</span></span>;
  return (
    <Chart option={option} label={t('chart.reserveLabel', { years: span, names, pct: percent(minimum, lang) })} height={narrow ? 260 : 300} numbersLabel={t('chart.numbers')}
      caption={title}
      legend={<Legend items={[...series.map((s) => ({ name: s.name, color: s.color, line: 'solid' as const })), { name: withoutName, color: WITHOUT, line: 'dashed' }, { name: minName, color: MINIMUM, line: 'dashed' }]} />}>
      <ScrollTable label={`${title}: ${t('scroll')}`}>
        <table className="pp-numbers">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t('chart.year')}</th>
              {series.map((s) => <th scope="col" className="num" key={s.name}>{s.name}</th>)}
              <th scope="col" className="num">{withoutName}</th>
              <th scope="col" className="num">{t('chart.minimum')}</th>
            </tr>
          </thead>
          <tbody>
            {years.map((fy) => (
              <tr key={fy}>
                <th scope="row">{fy}{projected.includes(fy) ? ' *' : ''}</th>
                {series.map((s) => <td className="num" key={s.name}>{cell(s.years.get(fy))}</td>)}
                <td className="num">{cell(without.get(fy))}</td>
                <td className="num">{percent(minimum, lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
      {projected.length > 0 && <p className="pp-note">{t('chart.projected')}</p>}
    </Chart>
  );
}
