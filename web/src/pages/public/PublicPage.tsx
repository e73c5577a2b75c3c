/**
 * The public page (no sign-in): for each bargaining table, what each side last proposed and
 * the agreement that ended each round, side by side over the round's common years (named on
 * the page; the figures come from the answer, per round), with the headline figures, each term in
 * plain words, a cost chart and a reserve chart (their numbers as tables), where the figures
 * come from, and the history of what was passed and when, by the proposals' dates. Rounds follow
 * the proposals' dates and contract terms (an agreement closes its round), never the order of
 * publication; the newest round by date gives the table's status. One request carries all of it
 * (GET /api/public/proposals), started as soon as the app's code runs.
 */
import { useEffect, useMemo } from 'react';
import type { PageProps } from '../../App.tsx';
import { useLang, useMessages } from '../../i18n.ts';
import { preloadCharts } from '../../components/Chart.tsx';
import { AppLink, asWritten, capitalized, SourceLine, VersionCard, VersionCharts, type T } from '../../components/public/parts.tsx';
import { fetchOnce, RECORD, useAnswer, type PublicRecord, type Round, type Table, type Version } from './data.ts';
import { longDate, money, type Lang } from './format.ts';
import { M } from './messages.ts';
import { UserText } from '../../components/UserText.tsx';
import { StrikeBanner } from '../../components/StrikeBanner.tsx';

// The page's one request, and the chart library, start as soon as the app's code runs.
if (typeof location !== 'undefined' && location.pathname === '/') {
  void fetchOnce(RECORD).catch(() => undefined);
  preloadCharts();
}

export function PublicPage(_props: PageProps) {
  const lang = useLang();
  const t = useMessages(M);
  const record = useAnswer<PublicRecord>(RECORD);
  useEffect(() => {
    document.title = t('doc.title');
  }, [lang]); // t follows the language
  return (
    <div className="pp">
      <StrikeBanner />
      <h1>{t('title')}</h1>
      <p className="pp-intro">{t('intro')}</p>
      {record.state === 'loading' && <p role="status">{t('loading')}</p>}
      {record.state === 'error' && <p role="alert" className="error">{t('error', { message: record.message })}</p>}
      {record.state === 'ok' && <Record data={record.data} lang={lang} t={t} />}
    </div>
  );
}

function Record({ data, lang, t }: { data: PublicRecord; lang: Lang; t: T }) {
  const byId = useMemo(() => new Map(data.proposals.map((v) => [v.id, v])), [data]);
  if (data.tables.length === 0) return <p>{t('empty')}</p>;
  return (
    <>
      {data.tables.length > 1 && (
        <nav className="pp-tables-nav" aria-label={t('tables.nav')}>
          <ul>
            {data.tables.map((table) => (
              <li key={table.id}><a href={`#${table.id}`}><TableName table={table} lang={lang} t={t} /></a></li>
            ))}
          </ul>
        </nav>
      )}
      {data.tables.map((table) => <TableSection key={table.id} table={table} byId={byId} data={data} lang={lang} t={t} />)}
    </>
  );
}

function TableName({ table, lang, t }: { table: Table; lang: Lang; t: T }) {
  return (
    <>
      <UserText text={table.district.name} {...asWritten(lang)} /> {t('and')} <UserText text={table.union.name} {...asWritten(lang)} />
    </>
  );
}

function TableSection({ table, byId, data, lang, t }: { table: Table; byId: Map<number, Version>; data: PublicRecord; lang: Lang; t: T }) {
  const newest = table.rounds[0];
  // Still bargaining: the newest round is open; its latest publication dates the status.
  const last = newest?.versions.map((x) => byId.get(x.id)).reduce<Version | undefined>((a, v) => (v && (!a || v.publishedAt > a.publishedAt) ? v : a), undefined);
  const agreement = newest?.agreement !== null && newest ? byId.get(newest.agreement) : undefined;
  return (
    <section className="pp-table" id={table.id} aria-labelledby={`${table.id}-h`}>
      <h2 id={`${table.id}-h`}><TableName table={table} lang={lang} t={t} /></h2>
      <p className="pp-status">
        {agreement ? t('status.agreed', { date: longDate(agreement.countersigned?.at ?? agreement.date, lang) }) : last ? t('status.open', { date: longDate(last.publishedAt, lang) }) : null}
      </p>
      {table.rounds.map((round, i) => <RoundView key={i} round={round} byId={byId} data={data} lang={lang} t={t} />)}
      <History table={table} byId={byId} lang={lang} t={t} />
    </section>
  );
}

function RoundView({ round, byId, data, lang, t }: { round: Round; byId: Map<number, Version>; data: PublicRecord; lang: Lang; t: T }) {
  const union = round.union !== null ? byId.get(round.union) : undefined;
  const district = round.district !== null ? byId.get(round.district) : undefined;
  const agreement = round.agreement !== null ? byId.get(round.agreement) : undefined;
  // Each version with its figures over the round's common years (from the answer: the page computes no figure).
  const versions = useMemo(() => [union, district, agreement].filter((v): v is Version => v !== undefined)
    .map((v) => ({ ...v, ...(round.sides?.find((x) => x.id === v.id) ?? {}) })), [union, district, agreement, round]);
  const [u, d, a] = [union, district, agreement].map((v) => (v ? versions.find((x) => x.id === v.id) : undefined));
  const id = `round-${versions.map((v) => v.id).join('-')}`;
  const datasetOf = (v: Version) => data.datasets.find((d) => d.id === v.datasetVersionId);
  const sides = union !== undefined || district !== undefined;
  return (
    <section className="pp-round" aria-labelledby={id}>
      <h3 id={id}>{agreement ? t('round.agreement', { date: longDate(agreement.countersigned?.at ?? agreement.date, lang) }) : t('round.open')}</h3>
      <p>{agreement ? (sides ? t('round.sides') : t('round.alone')) : t('round.sidesOpen')}</p>
      {versions.length > 1 && (round.span ? <p className="pp-span" data-from={round.span.from} data-to={round.span.to}>{t('round.span', { from: round.span.from, to: round.span.to })}</p> : round.span === null && <p className="pp-span">{t('round.mixed')}</p>)}
      <div className={`pp-cards pp-cards-${versions.length}`}>
        {u && <VersionCard v={u} heading={t('role.union')} level={4} dataset={datasetOf(u)} lang={lang} t={t} />}
        {d && <VersionCard v={d} heading={t('role.district')} level={4} dataset={datasetOf(d)} lang={lang} t={t} />}
        {a && <VersionCard v={a} heading={t('role.agreement')} level={4} dataset={datasetOf(a)} lang={lang} t={t} />}
      </div>
      <VersionCharts versions={versions} datasets={data.datasets} lang={lang} t={t} />
      <SourceLine versions={versions} datasets={data.datasets} lang={lang} t={t}
        link={<AppLink to={`/public/compare?versions=${versions.map((v) => v.id).join(',')}`} lang={lang}>{versions.length > 1 ? t('source.compare') : t('source.one')}</AppLink>} />
    </section>
  );
}

function History({ table, byId, lang, t }: { table: Table; byId: Map<number, Version>; lang: Lang; t: T }) {
  const id = `${table.id}-history`;
  const yearsOf = (span: { from: string; to: string }) => (span.from === span.to ? span.from : t('years', { from: span.from, to: span.to }));
  // "Compare with the one before" stays inside the version's round (the server says which one).
  const before = new Map(table.rounds.flatMap((r) => r.versions.map((x) => [x.id, x.before] as const)));
  return (
    <section className="pp-history" aria-labelledby={id}>
      <h3 id={id}>{t('history.title')}</h3>
      <ol>
        {table.history.map((vid) => {
          const v = byId.get(vid);
          if (!v) return null;
          const prev = before.get(vid) ?? null;
          return (
            <li key={vid} data-version={vid}>
              <p className="pp-history-when"><time dateTime={v.date}>{longDate(v.date, lang)}</time></p>
              <p>
                <strong>{capitalized(t(`party.${v.party}`))}</strong>
                {v.version > 1 ? ` (${t('history.version', { n: v.version })})` : ''}: <UserText text={v.title} {...asWritten(lang)} />
              </p>
              <p className="pp-meta">
                {t('history.passedBy')} <UserText text={v.organization.name} {...asWritten(lang)} />{t('history.when', { passed: longDate(v.passedAt, lang), published: longDate(v.publishedAt, lang) })}
              </p>
              {/* Over the same years as the cards (the versions of one dataset side by side), then over its own contract. */}
              <p>{t('history.total', { years: yearsOf(v.total), amount: money(v.total.cents, lang), contractYears: yearsOf(v.contractTotal), contractAmount: money(v.contractTotal.cents, lang) })}</p>
              <p>
                {prev !== null
                  ? <AppLink to={`/public/compare?versions=${prev},${vid}`} lang={lang}>{t('history.compare')}</AppLink>
                  : <AppLink to={`/public/compare?versions=${vid}`} lang={lang}>{t('history.details')}</AppLink>}
              </p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
