/**
 * Pieces of the public pages: a published version as a card (who, when, the headline figures,
 * its terms in plain words, its sources), the charts comparing several versions, the line
 * saying where the figures come from, and helpers to name and colour versions.
 */
import { useMemo } from 'react';
import { href } from '../../App.tsx';
import { navigate } from '../../router.ts';
import type { Dataset, Party, Version } from '../../pages/public/data.ts';
import { longDate, money, percent, type Lang } from '../../pages/public/format.ts';
import type { PublicKey } from '../../pages/public/messages.ts';
import { CostChart, ReserveChart, type CostSeries, type ReserveSeries } from './charts.tsx';
import { displayText, webHref } from '../../text.ts';
import { UserText } from '../UserText.tsx';

export type T = (key: PublicKey, vars?: Record<string, string | number>) => string;

/** Text as its authors wrote it (titles, names, non-cost terms): marked English on the Spanish page. */
export const asWritten = (lang: Lang) => (lang === 'es' ? { lang: 'en' } : {});

const COLORS: Record<Party, string[]> = {
  union: ['#8a3b12', '#c05621', '#5c2a0e'],
  district: ['#0b5cad', '#4a7fc1', '#083f78'],
  joint: ['#1b6b3a', '#3f8f5c', '#124a28'],
  'fact-finder': ['#6b4fa0', '#8d74bd', '#4b3572'],
};

/** A colour for each version: its party's colour, a lighter or darker one for a second of the same party. */
export function colorsOf(versions: Version[]): Map<number, string> {
  const used = new Map<Party, number>();
  return new Map(versions.map((v) => {
    const n = used.get(v.party) ?? 0;
    used.set(v.party, n + 1);
    const list = COLORS[v.party] ?? COLORS.district;
    return [v.id, list[n % list.length]];
  }));
}

/** "Union, January 10, 2019": a version named without its (user-written) title. */
export const seriesName = (v: Version, t: T, lang: Lang) => t('series', { side: t(`side.${v.party}`), date: longDate(v.date, lang) });

/** "the union proposal of January 10, 2019". */
export const versionPhrase = (v: Version, t: T, lang: Lang) => t('cmp.partyOn', { party: t(`the.${v.party}`), date: longDate(v.date, lang) });

/** Fiscal years in order, over every version given. */
export const yearsOf = (versions: Version[]) => [...new Set(versions.flatMap((v) => v.years.map((y) => y.fy)))].sort();

/** The years the certification covers: as kept, or for a version written before they were kept, the fiscal year of its date and the two after it (docs/costing.md). */
function certificationYears(v: Version): string[] {
  if (v.certificationYears) return v.certificationYears;
  const fy0 = Number(v.date.slice(0, 4)) - (Number(v.date.slice(5, 7)) < 7 ? 1 : 0);
  const fyName = (y: number) => `${y}-${String((y + 1) % 100).padStart(2, '0')}`;
  return Number.isFinite(fy0) ? [fyName(fy0), fyName(fy0 + 1), fyName(fy0 + 2)] : [];
}

/**
 * A version's headline figures: the added cost over the years shown (in a round or a
 * comparison, the years every version there is shown over) and, labelled with its own years,
 * over its contract; the cost of each of those years (years past the district's budget
 * marked *); the reserve; and the county certification as the law reads it: for which years,
 * which of them the budget lacks, and which later contract years fall short.
 */
export function Figures({ v, dataset, lang, t }: { v: Version; dataset: Dataset | undefined; lang: Lang; t: T }) {
  const { total, contractTotal } = v;
  const projected = new Set(v.reserve.filter((r) => r.extrapolated).map((r) => r.fy));
  const shown = new Set(v.reserve.map((r) => r.fy));
  const withoutShort = dataset?.without.find((y) => shown.has(y.fy) && !y.meetsReserve)?.fy ?? null;
  const cert = certificationYears(v);
  const missing = v.missingYears ?? [];
  const later = v.laterShortYears ?? [];
  const years = (x: { from: string; to: string }) => (x.from === x.to ? x.from : t('years', { from: x.from, to: x.to }));
  return (
    <dl className="pp-figs">
      <div className="pp-fig">
        <dt>{t('fig.total', { years: years(total) })}</dt>
        <dd className="pp-big" data-cents={total.cents} data-from={total.from} data-to={total.to}>{money(total.cents, lang)}</dd>
        <dd className="pp-contract" data-cents={contractTotal.cents} data-from={contractTotal.from} data-to={contractTotal.to}>
          {t('fig.contract', { years: years(contractTotal), amount: money(contractTotal.cents, lang) })}
        </dd>
      </div>
      <div className="pp-fig">
        <dt>{t('fig.perYear')}</dt>
        <dd>
          <ul className="pp-years">
            {v.years.map((y) => <li key={y.fy}><span>{y.fy}{projected.has(y.fy) ? ' *' : ''}</span> <span className="num" data-cents={y.totalCents}>{money(y.totalCents, lang)}</span></li>)}
          </ul>
        </dd>
        {projected.size > 0 && <dd className="pp-small">{t('chart.projected')}</dd>}
      </div>
      <div className="pp-fig">
        <dt>{t('fig.reserve', { pct: percent(v.district.requiredReservePct, lang) })}</dt>
        {v.firstShortYear === null
          ? <dd className="pp-ok">{t('reserve.ok', { last: v.reserve[v.reserve.length - 1]?.fy ?? '' })}</dd>
          : <dd className="pp-bad">{t('reserve.short', { fy: v.firstShortYear })}</dd>}
        {dataset && (
          <dd className="pp-small">
            {withoutShort === null ? t('reserve.withoutOk') : t(withoutShort === v.firstShortYear ? 'reserve.withoutSame' : 'reserve.withoutShort', { fy: withoutShort })}
          </dd>
        )}
      </div>
      {cert.length > 0 && (
        <div className="pp-fig">
          <dt>{t('fig.cert')}</dt>
          <dd className={v.certification === 'positive' ? 'pp-cert' : 'pp-cert pp-bad'} data-certification={v.certification}>
            {v.certification === 'not-certified' && missing.length > 0
              ? t('cert.missing', { years: missing.join(', ') })
              : t(`cert.${v.certification}`, { from: cert[0], to: cert[cert.length - 1] })}
          </dd>
          {later.length > 0 && <dd className="pp-bad pp-later">{t('cert.later', { years: later.join(', ') })}</dd>}
        </div>
      )}
    </dl>
  );
}

export function Terms({ v, lang, t, level, heading }: { v: Version; lang: Lang; t: T; level: Level; heading?: React.ReactNode }) {
  const H = `h${level}` as 'h3';
  const written = v.terms.some((x) => x.kind === 'non-cost');
  return (
    <>
      <H className="pp-h-small">{heading ?? t('terms.title')}</H>
      <ul className="pp-terms">
        {v.terms.map((x) => (
          <li key={x.id}>
            {x.kind === 'non-cost'
              ? <><UserText text={x[lang]} {...asWritten(lang)} /> <span className="pp-tag">{t('terms.notCosted')}</span></>
              : x[lang]}
            {(v.notCosted ?? []).filter((n) => n.term === x.id).map((n) => (
              <span key={n.field} className="pp-late" data-not-costed={n.field}>{t('terms.late', { date: longDate(n.date, lang), after: n.after })}</span>
            ))}
          </li>
        ))}
      </ul>
      {written && lang === 'es' && <p className="pp-note">{t('terms.asWritten')}</p>}
    </>
  );
}

export function Sources({ v, lang, t }: { v: Version; lang: Lang; t: T }) {
  if (v.sources.length === 0) return null;
  return (
    <details className="pp-sources">
      <summary>{t('sources.title')}</summary>
      <ul>
        {v.sources.map((s, i) => (
          <li key={i} {...asWritten(lang)}>{webHref(s.href) ? <a href={webHref(s.href)} rel="noopener noreferrer"><UserText text={s.title} /></a> : <UserText text={s.title} />}</li>
        ))}
      </ul>
    </details>
  );
}

export function PublishedBy({ v, lang, t }: { v: Version; lang: Lang; t: T }) {
  return (
    <p className="pp-meta">
      {t('published.by')} <UserText text={v.organization.name} {...asWritten(lang)} />{t('published.on', { date: longDate(v.publishedAt, lang) })}
    </p>
  );
}

export type Level = 2 | 3 | 4 | 5;

/**
 * One published version: what it is (`heading`, at heading level `level`), its title as
 * written, who published it and when, its figures and, unless `terms` is false, its terms.
 */
export function VersionCard({ v, heading, level, dataset, lang, t, terms = true }: { v: Version; heading: string; level: Level; dataset: Dataset | undefined; lang: Lang; t: T; terms?: boolean }) {
  const id = `v${v.id}-${heading.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}`;
  const H = `h${level}` as 'h3';
  return (
    <article className={`pp-card pp-party-${v.party}`} aria-labelledby={id} data-version={v.id}>
      <H id={id} className="pp-role">{heading}</H>
      <p className="pp-title" dir="auto" {...asWritten(lang)}>{displayText(v.title)}</p>
      <PublishedBy v={v} lang={lang} t={t} />
      {v.awaitingCountersignature && <p className="pp-awaiting" data-agreement="awaiting">{t('card.awaiting')}</p>}
      <Figures v={v} dataset={dataset} lang={lang} t={t} />
      {terms && <Terms v={v} lang={lang} t={t} level={(level + 1) as Level} />}
      <Sources v={v} lang={lang} t={t} />
    </article>
  );
}

/** A link inside the app: keeps the language, and moves without reloading the page. */
export function AppLink({ to, lang, children, className }: { to: string; lang: Lang; children: React.ReactNode; className?: string }) {
  const target = href(to, lang);
  return (
    <a href={target} className={className} onClick={(e) => {
      if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      navigate(target);
      window.scrollTo(0, 0);
    }}>
      {children}
    </a>
  );
}

/** "The union proposal of January 10, 2019" (a heading). */
export const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The cost and reserve charts for several versions (costed on the first one's data for the "no change" line). */
export function VersionCharts({ versions, datasets, lang, t }: { versions: Version[]; datasets: Dataset[]; lang: Lang; t: T }) {
  const { years, cost, reserve, without } = useMemo(() => {
    const colors = colorsOf(versions);
    const years = yearsOf(versions);
    const cost: CostSeries[] = versions.map((v) => ({ name: seriesName(v, t, lang), color: colors.get(v.id)!, cents: new Map(v.years.map((y) => [y.fy, y.totalCents])) }));
    const reserve: ReserveSeries[] = versions.map((v) => ({
      name: seriesName(v, t, lang), color: colors.get(v.id)!,
      years: new Map(v.reserve.map((r) => [r.fy, { pct: r.reservePct, meets: r.meetsReserve, extrapolated: r.extrapolated }])),
    }));
    const data = datasets.find((d) => d.id === versions[0]?.datasetVersionId);
    const without = new Map((data?.without ?? []).filter((y) => years.includes(y.fy)).map((y) => [y.fy, { pct: y.reservePct, meets: y.meetsReserve }]));
    return { years, cost, reserve, without };
  }, [versions, datasets, lang]); // t changes with the language only
  if (versions.length === 0) return null;
  return (
    <div className="pp-charts">
      <CostChart years={years} series={cost} lang={lang} t={t} title={t('chart.cost')} />
      <ReserveChart years={years} series={reserve} without={without} minimum={versions[0].district.requiredReservePct} lang={lang} t={t} title={t('chart.reserve')} />
    </div>
  );
}

/** Where the figures come from: the dataset named on the versions, costed by settle; and a link to every figure. */
export function SourceLine({ versions, datasets, lang, t, link }: { versions: Version[]; datasets: Dataset[]; lang: Lang; t: T; link?: React.ReactNode }) {
  const ids = [...new Set(versions.map((v) => v.datasetVersionId))];
  return (
    <p className="pp-source">
      {t('source.before')}{' '}
      {ids.map((id, i) => {
        const d = datasets.find((x) => x.id === id);
        const v = versions.find((x) => x.datasetVersionId === id)!;
        return (
          <span key={id}>
            {i > 0 ? '; ' : ''}“<cite><UserText text={d?.name ?? v.district.name} {...asWritten(lang)} /></cite>” {t('source.after', { version: d?.version ?? id, base: v.district.baseFiscalYear })}
          </span>
        );
      })}
      {link && <> {link}</>}
    </p>
  );
}
