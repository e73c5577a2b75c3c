/**
 * The costing result on screen: cost per year (total, ongoing, one-time), cost per year by
 * term, the reserve with and without the proposal against the required minimum, and the
 * certification. Every figure is a button that opens its trace.
 */
import { useMemo } from 'react';
import type { EChartsCoreOption } from 'echarts/core';
import { Chart } from '../Chart.tsx';
import { useLang, useMessages } from '../../i18n.ts';
import { dollars, percent, reserveWithout, sumCents } from './format.ts';
import { M } from './messages.ts';
import type { CostResult } from './result-types.ts';
import { FigureButton, type Figure } from './Trace.tsx';
import { UserText } from '../UserText.tsx';
import { TableScroll } from '../TableScroll.tsx';
import { fiscalYearOf } from '../../../../src/calendar/fiscal-year.ts';
import { spanTotals } from '../../../../src/costing/totals.ts';

type Open = (f: Figure) => void;

export function YearTable({ result, onOpen, id }: { result: CostResult; onOpen: Open; id?: string }) {
  const t = useMessages(M);
  const lang = useLang();
  return (
    <TableScroll label={t('cost.perYear')}>
    <table className="ed-years" id={id}>
      <caption className="visually-hidden">{t('cost.perYear')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('cost.year')}</th>
          <th scope="col" className="num">{t('cost.total')}</th>
          <th scope="col" className="num">{t('cost.ongoing')}</th>
          <th scope="col" className="num">{t('cost.oneTime')}</th>
        </tr>
      </thead>
      <tbody>
        {result.years.map((y) => {
          const ongoing = y.lines.filter((l) => l.nature === 'ongoing');
          const once = y.lines.filter((l) => l.nature === 'one-time');
          return (
            <tr key={y.fy} data-fy={y.fy}>
              <th scope="row">{y.fy}</th>
              <td className="num"><FigureButton className="ed-year-total" text={dollars(y.totalCents, lang)} cents={y.totalCents} onOpen={() => onOpen({ kind: 'lines', title: t('trace.yearTotal', { fy: y.fy }), cents: y.totalCents, lines: y.lines })} /></td>
              <td className="num"><FigureButton text={dollars(y.ongoingCents, lang)} cents={y.ongoingCents} onOpen={() => onOpen({ kind: 'lines', title: t('trace.yearOngoing', { fy: y.fy }), cents: y.ongoingCents, lines: ongoing })} /></td>
              <td className="num"><FigureButton text={dollars(y.oneTimeCents, lang)} cents={y.oneTimeCents} onOpen={() => onOpen({ kind: 'lines', title: t('trace.yearOneTime', { fy: y.fy }), cents: y.oneTimeCents, lines: once })} /></td>
            </tr>
          );
        })}
      </tbody>
      <tfoot>
        {spans(result).map(({ key, from, to, cents, years }) => {
          const label = t(key === 'total' ? 'cost.totalYears' : 'cost.contractYears', { from, to });
          return (
            <tr key={key} className={`ed-foot-${key}`} data-total={key}>
              <th scope="row">{label}</th>
              <td className="num"><FigureButton text={dollars(cents, lang)} cents={cents} onOpen={() => onOpen({ kind: 'lines', title: label, cents, lines: years.flatMap((y) => y.lines) })} /></td>
              <td colSpan={2} />
            </tr>
          );
        })}
      </tfoot>
    </table>
    </TableScroll>
  );
}

/**
 * The result's two labelled totals: over every year costed, and over the contract's own
 * fiscal years (a result stored before they were kept: summed here from its years, the same way).
 */
function spans(result: CostResult) {
  const fallback = () => spanTotals(result.years, fiscalYearOf(result.proposal.term.start), fiscalYearOf(result.proposal.term.end));
  const { total, contractTotal } = result.total && result.contractTotal ? { total: result.total, contractTotal: result.contractTotal } : fallback();
  const over = (t: { from: string; to: string }) => result.years.filter((y) => y.fy >= t.from && y.fy <= t.to);
  return [
    { key: 'total' as const, ...total, years: over(total) },
    { key: 'contract' as const, ...contractTotal, years: over(contractTotal) },
  ];
}

/** The result's two labelled totals as a short list (the version page, under its table by term). */
/**
 * The dates after the last year costed (the engine's `notCosted`): in no year and no total, said
 * under the totals as the command line, the disclosure and the spreadsheet say it (English: the
 * engine's own sentences). Nothing for a result stored before they were listed.
 */
export function NotCostedList({ result }: { result: CostResult }) {
  const t = useMessages(M);
  const lang = useLang();
  const list = result.notCosted ?? [];
  if (list.length === 0) return null;
  return (
    <div className="ed-hint" data-not-costed={list.length}>
      <p>{t('cost.notCosted', { to: result.total.to })}</p>
      <ul>
        {list.map((n) => (
          <li key={n.field}>{lang === 'en' ? n.message : t('cost.notCostedItem', { field: n.field, term: n.term, date: n.date, to: result.total.to })}</li>
        ))}
      </ul>
    </div>
  );
}

export function SpanTotals({ result, onOpen }: { result: CostResult; onOpen: Open }) {
  const t = useMessages(M);
  const lang = useLang();
  return (
    <dl className="ed-span-totals">
      {spans(result).map(({ key, from, to, cents, years }) => {
        const label = t(key === 'total' ? 'cost.totalYears' : 'cost.contractYears', { from, to });
        return (
          <div key={key} data-total={key}>
            <dt>{label}</dt>
            <dd><FigureButton text={dollars(cents, lang)} cents={cents} onOpen={() => onOpen({ kind: 'lines', title: label, cents, lines: years.flatMap((y) => y.lines) })} /></dd>
          </div>
        );
      })}
    </dl>
  );
}

/** Rows: the costed terms (in the proposal's order), then the total, ongoing and one-time. */
export function ByTermTable({ result, terms, onOpen }: { result: CostResult; terms: { id: string; title: string }[]; onOpen: Open }) {
  const t = useMessages(M);
  const lang = useLang();
  const ids = new Set(result.years.flatMap((y) => y.lines.map((l) => l.term)));
  const rows = [...terms.filter((x) => ids.has(x.id)), ...[...ids].filter((id) => !terms.some((x) => x.id === id)).map((id) => ({ id, title: result.years.flatMap((y) => y.lines).find((l) => l.term === id)?.termTitle ?? id }))];
  return (
    <TableScroll labelledBy="ed-by-term-title">
      <table className="ed-by-term">
        <caption id="ed-by-term-title">{t('cost.byTerm')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('cost.term')}</th>
            {result.years.map((y) => <th key={y.fy} scope="col" className="num">{y.fy}</th>)}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-term={row.id}>
              <th scope="row"><UserText text={row.title} /></th>
              {result.years.map((y) => {
                const lines = y.lines.filter((l) => l.term === row.id);
                const cents = sumCents(lines);
                return (
                  <td key={y.fy} className="num">
                    {lines.length === 0 ? <span className="ed-zero"><span aria-hidden="true">—</span><span className="visually-hidden">{t('cost.none')}</span></span> : <FigureButton text={dollars(cents, lang)} cents={cents} onOpen={() => onOpen({ kind: 'lines', title: t('trace.termYear', { term: row.title, fy: y.fy }), cents, lines })} />}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
        <tfoot>
          {([
            ['total', t('cost.total'), (y: CostResult['years'][number]) => ({ cents: y.totalCents, lines: y.lines, title: t('trace.yearTotal', { fy: y.fy }) })],
            ['ongoing', t('cost.ongoing'), (y: CostResult['years'][number]) => ({ cents: y.ongoingCents, lines: y.lines.filter((l) => l.nature === 'ongoing'), title: t('trace.yearOngoing', { fy: y.fy }) })],
            ['one-time', t('cost.oneTime'), (y: CostResult['years'][number]) => ({ cents: y.oneTimeCents, lines: y.lines.filter((l) => l.nature === 'one-time'), title: t('trace.yearOneTime', { fy: y.fy }) })],
          ] as const).map(([key, label, pick]) => (
            <tr key={key} className={`ed-foot-${key}`}>
              <th scope="row">{label}</th>
              {result.years.map((y) => {
                const f = pick(y);
                return <td key={y.fy} className="num"><FigureButton text={dollars(f.cents, lang)} cents={f.cents} onOpen={() => onOpen({ kind: 'lines', title: f.title, cents: f.cents, lines: f.lines })} /></td>;
              })}
            </tr>
          ))}
        </tfoot>
      </table>
    </TableScroll>
  );
}

export function ReservePanel({ result, onOpen, headingLevel = 3 }: { result: CostResult; onOpen: Open; headingLevel?: 2 | 3 }) {
  const t = useMessages(M);
  const lang = useLang();
  const without = useMemo(() => reserveWithout(result.projection), [result]);
  const option = useMemo<EChartsCoreOption>(() => ({
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => percent(v, lang) },
    legend: { top: 0, textStyle: { color: '#1b1f24' } },
    grid: { left: 48, right: 16, top: 56, bottom: 28 },
    xAxis: { type: 'category', data: result.projection.map((y) => y.fy), axisLabel: { color: '#1b1f24' } },
    yAxis: { type: 'value', axisLabel: { color: '#1b1f24', formatter: (v: number) => percent(v, lang) } },
    series: [
      { name: t('reserve.with'), type: 'line', data: result.projection.map((y) => y.reservePct), color: '#8a3b12', lineStyle: { width: 3 }, symbolSize: 7 },
      { name: t('reserve.without'), type: 'line', data: without.map((y) => y.reservePct), color: '#0b5cad', lineStyle: { width: 2, type: 'dashed' }, symbolSize: 6 },
      { name: t('reserve.minimum'), type: 'line', data: result.projection.map((y) => y.requiredReservePct), color: '#a4161a', lineStyle: { width: 2, type: 'dotted' }, symbol: 'none' },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- t follows lang
  }), [result, without, lang]);
  const H = `h${headingLevel}` as 'h2' | 'h3';
  const cert = result.certification;
  const years = result.certificationYears ?? [];
  return (
    <section className="ed-reserve" aria-labelledby="ed-reserve-title">
      <H id="ed-reserve-title">{t('reserve.title')}</H>
      <p className={`ed-cert ed-cert-${cert}`} data-certification={cert}>
        <strong>{years.length ? t('cert.labelYears', { from: years[0], to: years[years.length - 1] }) : t('cert.label')}: {t(`cert.${cert}`)}</strong> — {t(`cert.${cert}.means`)}
        {cert === 'not-certified' && result.missingYears?.length ? ` ${t('cert.missing', { years: result.missingYears.join(', ') })}` : ''}
        {result.firstShortYear ? ` ${t('cert.firstShort', { fy: result.firstShortYear, pct: percent(result.district.requiredReservePct, lang) })}` : ` ${t('cert.neverShort', { pct: percent(result.district.requiredReservePct, lang) })}`}
        {result.laterShortYears?.length ? ` ${t('cert.laterShort', { years: result.laterShortYears.join(', ') })}` : ''}
      </p>
      <Chart option={option} label={t('reserve.chartLabel', { pct: percent(result.district.requiredReservePct, lang) })} height={240} numbersLabel={t('reserve.numbers')}>
        <TableScroll label={t('reserve.title')}>
        <table className="ed-reserve-table">
          <caption className="visually-hidden">{t('reserve.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('cost.year')}</th>
              <th scope="col" className="num">{t('reserve.with')}</th>
              <th scope="col" className="num">{t('reserve.without')}</th>
              <th scope="col" className="num">{t('reserve.minimum')}</th>
            </tr>
          </thead>
          <tbody>
            {result.projection.map((y, k) => (
              <tr key={y.fy} className={y.meetsReserve ? '' : 'ed-short'}>
                <th scope="row">{y.fy}{y.extrapolated ? '*' : ''}</th>
                <td className="num"><FigureButton text={percent(y.reservePct, lang)} onOpen={() => onOpen({ kind: 'reserve', title: t('trace.reserveWith', { fy: y.fy }), year: y })} /></td>
                <td className="num"><FigureButton text={percent(without[k].reservePct, lang)} onOpen={() => onOpen({ kind: 'reserve', title: t('trace.reserveWithout', { fy: y.fy }), year: y, without: { ...without[k], beginningBalanceCents: k === 0 ? y.beginningBalanceCents : without[k - 1].endingBalanceCents } })} /></td>
                <td className="num">{percent(y.requiredReservePct, lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        </TableScroll>
        {result.projection.some((y) => y.extrapolated) && <p className="ed-hint">* {t('reserve.extrapolated')}</p>}
      </Chart>
    </section>
  );
}
