/**
 * A dataset version at a glance: schools by type, enrollment by grade span, staff by unit and
 * role with their pay, the budget by year with the reserve, and a map of the schools. Every
 * section says which file its figures come from, and the files themselves download as a zip,
 * so a reader can check any number. `?version=ID` picks the dataset version (default: the
 * newest at your table).
 */
import { lazy, Suspense, useMemo } from 'react';
import type { PageProps } from '../../App.tsx';
import { href } from '../../App.tsx';
import { Chart } from '../../components/Chart.tsx';
import type { MapPoint, Tiles } from '../../components/Map.tsx';
import { count, dollars, longDate, moneyShort, percent } from '../../components/workspace/format.ts';
import { Link } from '../../components/workspace/Link.tsx';
import { Pending } from '../../components/workspace/parts.tsx';
import { newestFirst, type DatasetList, type Overview } from '../../components/workspace/types.ts';
import { useApi } from '../../components/workspace/useApi.ts';
import { useLang, useMessages } from '../../i18n.ts';
import { navigate } from '../../router.ts';
import { common, dataset as messagesOf } from './messages.ts';
import { TableScroll } from '../../components/TableScroll.tsx';

/** Leaflet loads with the map only, not with every page of the app. */
const PointsMap = lazy(() => import('../../components/Map.tsx').then((m) => ({ default: m.PointsMap })));

export function Dataset({ query }: PageProps) {
  const t = useMessages(messagesOf);
  const c = useMessages(common);
  const lang = useLang();
  const list = useApi<DatasetList>('/api/datasets');
  const config = useApi<{ tiles: Tiles | null }>('/api/config');
  const all = list.state === 'done' ? newestFirst(list.value.datasets) : [];
  const asked = Number(query.get('version'));
  const chosen = all.find((x) => x.v.id === asked) ?? all[0];
  const overview = useApi<Overview>(chosen ? `/api/dataset-versions/${chosen.v.id}/overview` : null);

  return (
    <div className="ws-dataset">
      <p><Link to="/workspace">← {c('back')}</Link></p>
      <h1>{t('title')}</h1>
      <Pending loaded={list} />
      {list.state === 'done' && !chosen && <p>{t('none')}</p>}
      {chosen && (
        <>
          <p>{t('version', { name: chosen.d.name, version: chosen.v.version, source: chosen.v.source, date: longDate(chosen.v.createdAt, lang), who: chosen.v.createdBy })}</p>
          {all.length > 1 && (
            <label className="ws-inline">
              {t('pick')}
              <select value={chosen.v.id} onChange={(e) => navigate(href(`/workspace/dataset?version=${e.target.value}`, lang), { replace: true })}>
                {all.map(({ d, v }) => <option key={v.id} value={v.id}>{t('pick.option', { name: d.name, version: v.version })}</option>)}
              </select>
            </label>
          )}
          <p><a href={`/api/dataset-versions/${chosen.v.id}/files`} download>{t('files')}</a></p>
          {overview.state !== 'done' ? <Pending loaded={overview} /> : <Glance o={overview.value} tiles={config.state === 'done' ? config.value.tiles : null} />}
        </>
      )}
    </div>
  );
}

function Glance({ o, tiles }: { o: Overview; tiles: Tiles | null }) {
  const t = useMessages(messagesOf);
  const c = useMessages(common);
  const lang = useLang();
  const numbers = c('numbers');
  const total = c('total');
  const type = (x: string) => t(`type.${x}` as 'type.other');
  const required = percent(o.district.requiredReservePct, lang);
  const points = useMemo<MapPoint[]>(
    () => o.points.map((p) => ({
      lat: p.lat, lon: p.lon, highlight: p.highNeed, radius: Math.min(10, 3 + Math.sqrt(p.students) / 12),
      label: t('tip', { name: p.name, type: type(p.type), students: count(p.students, lang) }),
    })),
    [o, lang], // the labels follow the language
  );

  const schoolsChart = useMemo(() => ({
    grid: { left: 150, right: 24, top: 8, bottom: 24 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', inverse: true, data: o.schools.byType.map((r) => type(r.type)) },
    series: [{ type: 'bar', data: o.schools.byType.map((r) => r.schools), itemStyle: { color: '#0b5cad' } }],
  }), [o, lang]);
  const enrollmentChart = useMemo(() => ({
    grid: { left: 70, right: 16, top: 8, bottom: 28 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: o.enrollment.bySpan.map((r) => r.span) },
    yAxis: { type: 'value', axisLabel: { formatter: (v: number) => count(v, lang) } },
    series: [{ type: 'bar', data: o.enrollment.bySpan.map((r) => r.students), itemStyle: { color: '#1b6b3a' } }],
  }), [o, lang]);
  const budgetChart = useMemo(() => ({
    grid: { left: 70, right: 60, top: 36, bottom: 28 },
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    xAxis: { type: 'category', data: o.budget.map((b) => b.fy) },
    yAxis: [
      { type: 'value', axisLabel: { formatter: (v: number) => moneyShort(v, lang) } },
      { type: 'value', axisLabel: { formatter: '{value}%' }, splitLine: { show: false } },
    ],
    series: [
      { name: t('series.revenue'), type: 'bar', data: o.budget.map((b) => b.revenueCents / 100), itemStyle: { color: '#1b6b3a' } },
      { name: t('series.expenditure'), type: 'bar', data: o.budget.map((b) => b.expenditureCents / 100), itemStyle: { color: '#8a3b12' } },
      {
        name: t('series.reserve'), type: 'line', yAxisIndex: 1, data: o.budget.map((b) => b.reservePct), itemStyle: { color: '#0b5cad' },
        markLine: { symbol: 'none', lineStyle: { color: '#a4161a', type: 'dashed' }, label: { position: 'insideStartTop', formatter: t('series.required') }, data: [{ yAxis: o.district.requiredReservePct }] },
      },
    ],
  }), [o, lang]);

  return (
    <>
      <p className="muted">{t('district', { name: o.district.name, cds: o.district.cdsCode, year: o.district.baseFiscalYear, pct: required })}</p>
      <ul className="ws-cards" aria-label={t('title')}>
        <li><strong>{count(o.schools.total, lang)}</strong> {t('card.schools')}</li>
        <li><strong>{count(o.enrollment.total, lang)}</strong> {t('card.students')}</li>
        <li><strong>{count(o.staff.headcount, lang)}</strong> {t('card.employees')}</li>
        <li><strong>{count(o.staff.fte, lang, 2)}</strong> {t('card.fte')}</li>
        <li><strong>{dollars(o.staff.payCents, lang)}</strong> {t('card.pay')}</li>
      </ul>

      <div className="grid2">
        <section aria-labelledby="ws-types">
          <h2 id="ws-types">{t('schools')}</h2>
          <p className="muted ws-small">{t('schools.from')}</p>
          <Chart option={schoolsChart} label={t('schools.chart')} height={Math.max(160, 34 * o.schools.byType.length)} numbersLabel={numbers} />
          <TableScroll labelledBy="ws-types">
          <table className="ws-table">
            <thead><tr><th scope="col">{t('col.type')}</th><th scope="col" className="num">{t('col.schools')}</th><th scope="col" className="num">{t('col.highNeed')}</th><th scope="col" className="num">{t('col.students')}</th></tr></thead>
            <tbody>
              {o.schools.byType.map((r) => (
                <tr key={r.type}><th scope="row">{type(r.type)}</th><td className="num">{count(r.schools, lang)}</td><td className="num">{count(r.highNeed, lang)}</td><td className="num">{count(r.students, lang)}</td></tr>
              ))}
            </tbody>
            <tfoot><tr><th scope="row">{total}</th><td className="num">{count(o.schools.total, lang)}</td><td className="num">{count(o.schools.highNeed, lang)}</td><td className="num">{count(o.enrollment.total, lang)}</td></tr></tfoot>
          </table>
          </TableScroll>
        </section>

        <section aria-labelledby="ws-spans">
          <h2 id="ws-spans">{t('enrollment')}</h2>
          <p className="muted ws-small">{t('enrollment.from')}</p>
          <Chart option={enrollmentChart} label={t('enrollment.chart')} height={220} numbersLabel={numbers} />
          <TableScroll labelledBy="ws-spans">
          <table className="ws-table">
            <thead><tr><th scope="col">{t('col.span')}</th><th scope="col" className="num">{t('col.students')}</th><th scope="col" className="num">{t('col.spanSchools')}</th></tr></thead>
            <tbody>
              {o.enrollment.bySpan.map((r) => <tr key={r.span}><th scope="row">{r.span}</th><td className="num">{count(r.students, lang)}</td><td className="num">{count(r.schools, lang)}</td></tr>)}
            </tbody>
            <tfoot><tr><th scope="row">{total}</th><td className="num">{count(o.enrollment.total, lang)}</td><td /></tr></tfoot>
          </table>
          </TableScroll>
        </section>
      </div>

      <section aria-labelledby="ws-staff">
        <h2 id="ws-staff">{t('staff')}</h2>
        <p className="muted ws-small">{t('staff.from')}</p>
        <TableScroll labelledBy="ws-staff">
          <table className="ws-table ws-staff">
            <thead><tr><th scope="col">{t('col.role')}</th><th scope="col" className="num">{t('col.headcount')}</th><th scope="col" className="num">{t('col.fte')}</th><th scope="col" className="num">{t('col.pay')}</th></tr></thead>
            {o.staff.byUnit.map((u) => (
              <tbody key={u.unit}>
                <tr className="ws-unit"><th scope="rowgroup" colSpan={4}>{t('unit', { name: u.name, unit: u.unit, union: u.union })}</th></tr>
                {u.roles.map((r) => (
                  <tr key={r.role}><th scope="row" className="ws-indent">{r.role.replaceAll('-', ' ')}</th><td className="num">{count(r.headcount, lang)}</td><td className="num">{count(r.fte, lang, 2)}</td><td className="num">{dollars(r.payCents, lang)}</td></tr>
                ))}
                <tr className="ws-subtotal"><th scope="row">{total} {u.unit}</th><td className="num">{count(u.headcount, lang)}</td><td className="num">{count(u.fte, lang, 2)}</td><td className="num">{dollars(u.payCents, lang)}</td></tr>
              </tbody>
            ))}
            <tfoot><tr><th scope="row">{total}</th><td className="num">{count(o.staff.headcount, lang)}</td><td className="num">{count(o.staff.fte, lang, 2)}</td><td className="num">{dollars(o.staff.payCents, lang)}</td></tr></tfoot>
          </table>
        </TableScroll>
      </section>

      <section aria-labelledby="ws-budget">
        <h2 id="ws-budget">{t('budget')}</h2>
        <p className="muted ws-small">{t('budget.from', { pct: required })}</p>
        <Chart option={budgetChart} label={t('budget.chart')} height={280} numbersLabel={numbers} />
        <TableScroll labelledBy="ws-budget">
          <table className="ws-table">
            <thead>
              <tr><th scope="col">{c('fy')}</th><th scope="col" className="num">{t('col.revenue')}</th><th scope="col" className="num">{t('col.expenditure')}</th><th scope="col" className="num">{t('col.ending')}</th><th scope="col" className="num">{t('col.reserve')}</th><th scope="col">{t('col.meets')}</th></tr>
            </thead>
            <tbody>
              {o.budget.map((b) => (
                <tr key={b.fy}>
                  <th scope="row">{b.fy}</th><td className="num">{dollars(b.revenueCents, lang)}</td><td className="num">{dollars(b.expenditureCents, lang)}</td>
                  <td className="num">{dollars(b.endingBalanceCents, lang)}</td><td className="num">{percent(b.reservePct, lang)}</td>
                  <td className={b.meetsReserve ? 'ws-good' : 'ws-bad'}>{b.meetsReserve ? t('yes') : t('no')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </section>

      <section aria-labelledby="ws-map-title">
        <h2 id="ws-map-title">{t('map')}</h2>
        <p className="muted ws-small">{t('map.from')}{tiles ? '' : ` ${t('map.plain')}`}</p>
        <Suspense fallback={<p className="muted">{c('loading')}</p>}>
          <PointsMap points={points} tiles={tiles} label={t('map.label', { n: count(points.length, lang) })} />
        </Suspense>
        <ul className="ws-legend">
          <li><span className="ws-dot ws-dot-high" aria-hidden="true" /> {t('legend.highNeed')} ({count(o.schools.highNeed, lang)})</li>
          <li><span className="ws-dot" aria-hidden="true" /> {t('legend.other')}</li>
        </ul>
        {o.schools.unmapped > 0 && <p className="muted">{t('map.unmapped', { n: count(o.schools.unmapped, lang) })}</p>}
      </section>
    </>
  );
}
