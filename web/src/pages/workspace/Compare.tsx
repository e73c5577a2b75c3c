/**
 * Versions side by side (/workspace/compare?versions=a,b[,c…]): each provision with what the
 * current contract says beside what each version says; cost and reserve per year as charts and
 * tables, every version on one dataset version over the same years (named in the heading;
 * each total names its years); and what changed from each version to the next, each change
 * with its cost in every one of those years, with the check that the changes add up to the
 * difference over exactly the years of its table.
 */
import { TableScroll } from '../../components/TableScroll.tsx';
import { useMemo } from 'react';
import type { PageProps } from '../../App.tsx';
import { Chart } from '../../components/Chart.tsx';
import { dollars, dollarsChange, longDate, moneyShort, percent } from '../../components/workspace/format.ts';
import { Link } from '../../components/workspace/Link.tsx';
import { Pending } from '../../components/workspace/parts.tsx';
import type { Change, Comparison } from '../../components/workspace/types.ts';
import { useApi } from '../../components/workspace/useApi.ts';
import { useLang, useMessages, type Lang } from '../../i18n.ts';
import { checkDollars } from '../public/format.ts';
import { common, compare as messagesOf } from './messages.ts';

/** Colours of up to six versions, distinguishable and dark enough for white text and thin lines. */
const COLOURS = ['#0b5cad', '#b23c00', '#1b6b3a', '#6a3d9a', '#8a6d00', '#a4161a'];

export function Compare({ query }: PageProps) {
  const t = useMessages(messagesOf);
  const c = useMessages(common);
  const raw = query.get('versions') ?? '';
  const valid = /^[1-9]\d{0,15}(,[1-9]\d{0,15}){1,5}$/.test(raw);
  const loaded = useApi<Comparison>(valid ? `/api/compare?versions=${raw}` : null);
  return (
    <div className="ws-compare">
      <p><Link to="/workspace">← {c('back')}</Link></p>
      <h1>{t('title')}</h1>
      {!valid ? <p role="alert" className="error">{t('bad')}</p> : loaded.state !== 'done' ? <Pending loaded={loaded} /> : <Side c={loaded.value} />}
    </div>
  );
}

function Side({ c: cmp }: { c: Comparison }) {
  const t = useMessages(messagesOf);
  const c = useMessages(common);
  const lang = useLang();
  const name = (i: number) => t('version', { title: cmp.versions[i].title, version: cmp.versions[i].version });
  const costOf = (i: number, fy: string) => cmp.versions[i].years.find((y) => y.fy === fy)?.totalCents;
  const reserveOf = (i: number, fy: string) => cmp.versions[i].reserve.find((y) => y.fy === fy);
  // Each version's required minimum (versions on different data may have different ones: 1% and 2%).
  const requiredOf = (i: number) => cmp.versions[i]?.reserve[0]?.requiredReservePct ?? 0;
  const oneRequired = cmp.versions.every((_, i) => requiredOf(i) === requiredOf(0));
  // A year past a version's dataset budget, grown by the cost-of-living adjustment: never used to certify.
  const extrapolated = (fy: string) => cmp.versions.some((v) => v.reserve.some((r) => r.fy === fy && r.extrapolated));

  const costChart = useMemo(() => ({
    grid: { left: 70, right: 16, top: 16, bottom: 28 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: cmp.years },
    yAxis: { type: 'value', axisLabel: { formatter: (v: number) => moneyShort(v, lang) } },
    series: cmp.versions.map((v, i) => ({ name: name(i), type: 'bar', data: cmp.years.map((fy) => (costOf(i, fy) ?? 0) / 100), itemStyle: { color: COLOURS[i] } })),
  }), [cmp, lang]); // made again when the comparison or the language changes
  const reserveChart = useMemo(() => ({
    grid: { left: 50, right: 16, top: 16, bottom: 28 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: cmp.years },
    yAxis: { type: 'value', axisLabel: { formatter: '{value}%' } },
    series: cmp.versions.map((v, i) => ({
      name: name(i), type: 'line', data: cmp.years.map((fy) => reserveOf(i, fy)?.reservePct ?? null), itemStyle: { color: COLOURS[i] }, lineStyle: { width: 2 },
      ...(i === 0 || !oneRequired
        ? { markLine: { symbol: 'none', lineStyle: { color: oneRequired ? '#a4161a' : COLOURS[i], type: 'dashed' }, label: { position: 'insideStartTop', formatter: t('required') }, data: [{ yAxis: requiredOf(i) }] } }
        : {}),
    })),
  }), [cmp, lang]);

  const legend = (
    <ul className="ws-legend" aria-hidden="true">
      {cmp.versions.map((v, i) => <li key={v.id}><span className="ws-swatch" style={{ background: COLOURS[i] }} /> {name(i)}</li>)}
    </ul>
  );

  return (
    <>
      <ol className="ws-chosen">
        {cmp.versions.map((v, i) => (
          <li key={v.id} className="card" style={{ borderTopColor: COLOURS[i] }}>
            <strong>{name(i)}</strong>
            <span className="muted ws-small">{t('by', { org: v.organization.name, kind: c(`kind.${v.organization.kind}`), date: longDate(v.date, lang) })}</span>
            <Link to={`/workspace/versions/${v.id}`}>{t('open')}<span className="visually-hidden"> {name(i)}</span></Link>
          </li>
        ))}
      </ol>

      <section aria-labelledby="ws-terms">
        <h2 id="ws-terms">{t('terms')}</h2>
        <p className="muted ws-small">{t('terms.from', { district: cmp.baseline.district })}</p>
        <TableScroll labelledBy="ws-terms">
          <table className="ws-table ws-provisions">
            <thead>
              <tr>
                <th scope="col">{t('col.provision')}</th><th scope="col" className="ws-baseline">{t('col.baseline')}</th>
                {cmp.versions.map((v, i) => <th scope="col" key={v.id}>{name(i)}</th>)}
              </tr>
            </thead>
            <tbody>
              {cmp.provisions.map((p) => (
                <tr key={p.key}>
                  <th scope="row">{p.label}</th>
                  <td className="ws-baseline">{p.baseline || '—'}</td>
                  {p.values.map((v, i) => <td key={cmp.versions[i].id} className={v && v !== p.values[i - 1] && i > 0 ? 'ws-differs' : undefined}>{v || '—'}</td>)}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </section>

      <section aria-labelledby="ws-cost">
        <h2 id="ws-cost">{cmp.span ? t('cost.span', span(cmp.span)) : t('cost')}</h2>
        <p className="muted ws-small">{t('cost.from')}</p>
        {cmp.groups.length > 1 && <p className="ws-small" role="note">{t('cost.groups')}</p>}
        <Chart option={costChart} label={t('cost.chart')} height={260} numbersLabel={c('numbers')} />
        {legend}
        <TableScroll labelledBy="ws-cost">
          <table className="ws-table">
            <thead><tr><th scope="col">{c('fy')}</th>{cmp.versions.map((v, i) => <th scope="col" className="num" key={v.id}>{name(i)}</th>)}</tr></thead>
            <tbody>
              {cmp.years.map((fy) => (
                <tr key={fy}><th scope="row">{fy}</th>{cmp.versions.map((v, i) => { const x = costOf(i, fy); return <td className="num" key={v.id}>{x === undefined ? '—' : dollars(x, lang)}</td>; })}</tr>
              ))}
            </tbody>
            <tfoot>
              {cmp.span
                ? <tr><th scope="row">{t('total.span', span(cmp.span))}</th>{cmp.versions.map((v) => <td className="num" key={v.id} data-cents={v.total.cents}>{dollars(v.total.cents, lang)}</td>)}</tr>
                : <tr><th scope="row">{t('total.own')}</th>{cmp.versions.map((v) => <td className="num" key={v.id} data-cents={v.total.cents}>{dollars(v.total.cents, lang)}<br /><span className="muted ws-small">{t('years', span(v.total))}</span></td>)}</tr>}
              <tr>
                <th scope="row">{t('total.contract')}</th>
                {cmp.versions.map((v) => <td className="num" key={v.id} data-cents={v.contractTotal.cents}>{dollars(v.contractTotal.cents, lang)}<br /><span className="muted ws-small">{t('years', span(v.contractTotal))}</span></td>)}
              </tr>
            </tfoot>
          </table>
        </TableScroll>
      </section>

      <section aria-labelledby="ws-reserve">
        <h2 id="ws-reserve">{t('reserve')}</h2>
        <p className="muted ws-small">{oneRequired
          ? t('reserve.from', { pct: percent(requiredOf(0), lang) })
          : t('reserve.fromEach', { list: cmp.versions.map((_, i) => `${name(i)}: ${percent(requiredOf(i), lang)}`).join('; ') })}</p>
        <Chart option={reserveChart} label={t('reserve.chart')} height={240} numbersLabel={c('numbers')} />
        {legend}
        <TableScroll labelledBy="ws-reserve">
          <table className="ws-table">
            <thead><tr><th scope="col">{c('fy')}</th>{cmp.versions.map((v, i) => <th scope="col" className="num" key={v.id}>{name(i)}</th>)}</tr></thead>
            <tbody>
              {cmp.years.map((fy) => (
                <tr key={fy}>
                  <th scope="row">{fy}{extrapolated(fy) ? ' *' : ''}</th>
                  {cmp.versions.map((v, i) => {
                    const r = reserveOf(i, fy);
                    return <td className={`num${r && !r.meetsReserve ? ' ws-bad' : ''}`} key={v.id}>{r ? percent(r.reservePct, lang) : '—'}</td>;
                  })}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr><th scope="row">{t('certification')}</th>{cmp.versions.map((v) => <td key={v.id} className="ws-cert"><Certified v={v} /></td>)}</tr>
            </tfoot>
          </table>
        </TableScroll>
        {cmp.years.some(extrapolated) && <p className="muted ws-small">{t('extrapolated')}</p>}
      </section>

      <section aria-labelledby="ws-changes">
        <h2 id="ws-changes">{t('changes')}</h2>
        {cmp.changes.map((pair) => {
          const a = cmp.versions.findIndex((v) => v.id === pair.from);
          const b = cmp.versions.findIndex((v) => v.id === pair.to);
          return (
            <article key={`${pair.from}-${pair.to}`} className="card ws-pair" data-pair={`${pair.from}-${pair.to}`}>
              <h3>{t('changes.pair', { a: name(a), b: name(b) })}</h3>
              {!pair.sameDataset ? <p>{t('changes.other')}</p> : <Changes pair={pair} a={name(a)} b={name(b)} />}
            </article>
          );
        })}
      </section>
    </>
  );
}

/** "2018-19 to 2021-22" (or one year) as the messages take it. */
const span = (s: { from: string; to: string }) => ({ from: s.from, to: s.to });

/** The certification as the law reads it: for which years, which the budget lacks, which later contract years fall short. */
function Certified({ v }: { v: Comparison['versions'][number] }) {
  const t = useMessages(messagesOf);
  const c = useMessages(common);
  const years = v.certificationYears ?? [];
  const missing = v.missingYears ?? [];
  const later = v.laterShortYears ?? [];
  return (
    <>
      {years.length > 0 ? t('cert.for', { cert: c(`cert.${v.certification}`), from: years[0], to: years[years.length - 1] }) : c(`cert.${v.certification}`)}
      {missing.length > 0 && <><br /><span className="ws-bad">{t('cert.missing', { years: missing.join(', ') })}</span></>}
      {later.length > 0 && <><br /><span className="ws-bad">{t('cert.later', { years: later.join(', ') })}</span></>}
    </>
  );
}

function Changes({ pair, a, b }: { pair: Comparison['changes'][number]; a: string; b: string }) {
  const t = useMessages(messagesOf);
  const lang = useLang();
  const list: (Change & { header?: true })[] = [...(pair.header ? [{ ...pair.header, header: true as const }] : []), ...(pair.changes ?? [])];
  const sum = (xs: { cents: number }[] | undefined) => (xs ?? []).reduce((n, x) => n + x.cents, 0);
  // Every year of the two versions' figures: the check below adds up over exactly these.
  const years = (pair.toCents ?? []).map((y) => y.fy);
  const over = pair.span ?? { from: years[0] ?? '', to: years[years.length - 1] ?? '' };
  const label = (ch: Change & { header?: true }) => {
    if (ch.header) return t('header');
    const title = ch.title ?? ch.after ?? ch.before ?? '';
    return ch.type === 'moved' ? t('moved', { term: title }) : title;
  };
  return (
    <>
      {list.length === 0 ? <p>{t('changes.none')}</p> : (
        <TableScroll label={t('changes.pair', { a, b })}>
          <table className="ws-table ws-changes">
            <thead>
              <tr>
                <th scope="col">{t('col.change')}</th><th scope="col">{t('col.before')}</th><th scope="col">{t('col.after')}</th>
                {years.map((fy) => <th scope="col" className="num" key={fy}>{fy}</th>)}
                <th scope="col" className="num">{t('col.effect', span(over))}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((ch, i) => (
                <tr key={`${ch.term}-${i}`} data-type={ch.type}>
                  <th scope="row"><span className={`ws-tag ws-${ch.type}`}>{t(`type.${ch.type}`)}</span> {label(ch)}</th>
                  <td data-label={t('col.before')}>{ch.type === 'moved' ? t('same') : (ch.before ?? '—')}</td>
                  <td data-label={t('col.after')}>{ch.type === 'moved' ? t('same') : (ch.after ?? '—')}</td>
                  {years.map((fy) => { const e = ch.effect.find((x) => x.fy === fy)?.cents ?? 0; return <td className="num" data-label={fy} key={fy}>{e === 0 ? t('noCost') : dollarsChange(e, lang)}</td>; })}
                  <td className="num ws-effect" data-label={t('col.effect', span(over))}><strong>{ch.totalCents === 0 ? t('noCost') : dollarsChange(ch.totalCents, lang)}</strong></td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {pair.unchanged && pair.unchanged.length > 0 && <p className="muted ws-small">{t('unchanged', { n: pair.unchanged.length })}</p>}
      <p className="ws-check">{t('sum', { a, b, ...checkFigures(sum(pair.fromCents), sum(list.map((x) => ({ cents: x.totalCents }))), sum(pair.toCents), lang), ...span(over) })}</p>
    </>
  );
}

/**
 * The check line's three figures to the dollar, so that they add up as written: when the changes
 * are exactly the difference (in cents), the change shown is the difference of the two totals as
 * shown; otherwise each is rounded on its own and the line shows what does not add up.
 */
function checkFigures(fromCents: number, changesCents: number, toCents: number, lang: Lang) {
  const { from, change, to } = checkDollars(fromCents, changesCents, toCents);
  return { fromCost: dollars(from * 100, lang), changes: dollarsChange(change * 100, lang), toCost: dollars(to * 100, lang) };
}
