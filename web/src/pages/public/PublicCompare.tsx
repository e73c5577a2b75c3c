/**
 * /public/compare?versions=a,b[,…]: published versions side by side (cost per year, reserve per
 * year, terms in plain words), every version on one dataset version over the same years (named
 * on the page), and what changed from each to the next, with each change's cost effect and a
 * check over exactly those years (GET /api/public/compare). With one version, that version figure by figure: how each
 * year's cost adds up, term by term (GET /api/public/proposals/{id}).
 */
import { useEffect } from 'react';
import type { PageProps } from '../../App.tsx';
import { useLang, useMessages } from '../../i18n.ts';
import { ScrollTable } from '../../components/public/charts.tsx';
import { AppLink, asWritten, capitalized, SourceLine, Terms, VersionCard, VersionCharts, versionPhrase, type T } from '../../components/public/parts.tsx';
import { useAnswer, type Change, type Comparison, type Detail, type Pair, type Version } from './data.ts';
import { checkDollars, dollars, dollarsChange, longDate, type Lang } from './format.ts';
import { M } from './messages.ts';
import { UserText } from '../../components/UserText.tsx';
import { StrikeBanner } from '../../components/StrikeBanner.tsx';

const IDS = /^[1-9]\d{0,15}(,[1-9]\d{0,15})*$/;

export function PublicCompare({ query }: PageProps) {
  const lang = useLang();
  const t = useMessages(M);
  const raw = query.get('versions') ?? '';
  const ids = IDS.test(raw) ? raw.split(',').map(Number) : [];
  const valid = ids.length >= 1 && ids.length <= 6 && new Set(ids).size === ids.length;
  useEffect(() => {
    document.title = `${ids.length === 1 ? t('cmp.one') : t('cmp.title')} · settle`;
  }, [lang, ids.length]); // t follows the language
  return (
    <div className="pp">
      <StrikeBanner />
      <p className="pp-back"><AppLink to="/" lang={lang}>{t('cmp.back')}</AppLink></p>
      {!valid && <><h1>{t('cmp.title')}</h1><p role="alert">{t('cmp.bad')}</p></>}
      {valid && ids.length === 1 && <One id={ids[0]} lang={lang} t={t} />}
      {valid && ids.length > 1 && <Many ids={ids} lang={lang} t={t} />}
    </div>
  );
}

function Failed({ message, t }: { message: string; t: T }) {
  return <p role="alert" className="error">{t('error', { message })}</p>;
}

function Many({ ids, lang, t }: { ids: number[]; lang: Lang; t: T }) {
  const answer = useAnswer<Comparison>(`/api/public/compare?versions=${ids.join(',')}`);
  if (answer.state === 'loading') return <><h1>{t('cmp.title')}</h1><p role="status">{t('loading')}</p></>;
  if (answer.state === 'error') return <><h1>{t('cmp.title')}</h1><Failed message={answer.message} t={t} /></>;
  const { versions, datasets, changes, span: common } = answer.data;
  const byId = new Map(versions.map((v) => [v.id, v]));
  const datasetOf = (v: Version) => datasets.find((d) => d.id === v.datasetVersionId);
  return (
    <>
      <h1>{t('cmp.title')}</h1>
      <section aria-labelledby="cmp-versions">
        <h2 id="cmp-versions">{t('cmp.versions')}</h2>
        {common ? <p className="pp-span" data-from={common.from} data-to={common.to}>{t('cmp.span', { from: common.from, to: common.to })}</p> : <p className="pp-span">{t('round.mixed')}</p>}
        <div className={`pp-cards pp-cards-${versions.length}`}>
          {versions.map((v) => <VersionCard key={v.id} v={v} heading={capitalized(versionPhrase(v, t, lang))} level={3} dataset={datasetOf(v)} lang={lang} t={t} terms={false} />)}
        </div>
        <VersionCharts versions={versions} datasets={datasets} lang={lang} t={t} />
        <SourceLine versions={versions} datasets={datasets} lang={lang} t={t} />
      </section>
      <section aria-labelledby="cmp-terms">
        <h2 id="cmp-terms">{t('cmp.terms')}</h2>
        <div className={`pp-cards pp-cards-${versions.length}`}>
          {versions.map((v) => (
            <div className={`pp-card pp-party-${v.party}`} key={v.id}>
              <Terms v={v} lang={lang} t={t} level={3} heading={capitalized(versionPhrase(v, t, lang))} />
            </div>
          ))}
        </div>
      </section>
      <section aria-labelledby="cmp-changes">
        <h2 id="cmp-changes">{t('cmp.changes')}</h2>
        {changes.map((p) => <PairView key={`${p.from}-${p.to}`} pair={p} from={byId.get(p.from)!} to={byId.get(p.to)!} lang={lang} t={t} />)}
      </section>
    </>
  );
}

/** A term's text is as its authors wrote it when there are no plain words for it, or they are the same in both languages (a non-cost term). */
const asIs = (plain: { en: string; es: string } | null | undefined) => !plain || plain.en === plain.es;

const span = (fys: string[]) => ({ from: fys[0] ?? '', to: fys[fys.length - 1] ?? '' });

function PairView({ pair, from, to, lang, t }: { pair: Pair; from: Version; to: Version; lang: Lang; t: T }) {
  const id = `pair-${pair.from}-${pair.to}`;
  const changes = pair.changes ?? [];
  // The years of the two versions' figures: the check adds up over exactly these.
  const fys = (pair.toCents ?? []).map((y) => y.fy);
  const over = pair.span ?? span(fys);
  const sum = [pair.header, ...changes].reduce((n, c) => n + (c?.totalCents ?? 0), 0);
  const cents = (ys: { cents: number }[] | undefined) => (ys ?? []).reduce((n, y) => n + y.cents, 0);
  const check = checkDollars(cents(pair.fromCents), sum, cents(pair.toCents));
  const header = (v: Version) => t('hdr.text', { date: longDate(v.date, lang), start: longDate(v.term.start, lang), end: longDate(v.term.end, lang) });
  return (
    <section className="pp-pair" aria-labelledby={id} data-from={pair.from} data-to={pair.to}>
      <h3 id={id}>{t('cmp.pair', { a: versionPhrase(from, t, lang), b: versionPhrase(to, t, lang) })}</h3>
      {!pair.sameDataset ? <p>{t('cmp.differentData')}</p> : (
        <>
          {changes.length === 0 && !pair.header && <p>{t('cmp.none')}</p>}
          <ol className="pp-changes">
            {pair.header && <ChangeItem change={pair.header} label={t('chg.header')} before={header(from)} after={header(to)} lang={lang} t={t} />}
            {changes.map((c, i) => c.type === 'moved'
              // Written the same in both: the term once, in plain words, and how its cost moved.
              ? <ChangeItem key={`${c.term}-${i}`} change={c} label={t('chg.moved')} before={null} after={null} term={c.plainAfter?.[lang] ?? c.after ?? c.title ?? ''} termWritten={asIs(c.plainAfter)} lang={lang} t={t} />
              : <ChangeItem key={`${c.term}-${i}`} change={c} label={t(`chg.${c.type}`)} before={c.plainBefore?.[lang] ?? c.before} after={c.plainAfter?.[lang] ?? c.after}
                beforeWritten={asIs(c.plainBefore)} afterWritten={asIs(c.plainAfter)} lang={lang} t={t} />)}
          </ol>
          {(pair.unchanged?.length ?? 0) > 0 && <p className="pp-meta">{t('cmp.unchanged', { n: pair.unchanged!.length })}</p>}
          {fys.length > 0 && (
            <p className="pp-sum" data-from={over.from} data-to={over.to}>
              {t('cmp.sum', { ...over, a: capitalized(versionPhrase(from, t, lang)), fromCost: dollars(check.from * 100, lang), amount: dollarsChange(check.change * 100, lang), b: versionPhrase(to, t, lang), toCost: dollars(check.to * 100, lang) })}
            </p>
          )}
        </>
      )}
    </section>
  );
}

function ChangeItem({ change, label, before, after, term, termWritten = false, beforeWritten = false, afterWritten = false, lang, t }: {
  change: Change; label: string; before: string | null; after: string | null;
  /** For a term written the same in both versions: the term, shown once. */
  term?: string; termWritten?: boolean;
  /** True when the text is as its authors wrote it (not written out in the page's language). */
  beforeWritten?: boolean; afterWritten?: boolean;
  lang: Lang; t: T;
}) {
  const fys = change.effect.map((e) => e.fy);
  const moves = change.effect.some((e) => e.cents !== 0);
  return (
    <li className={`pp-change pp-change-${change.type}`}>
      <p className="pp-change-type">{label}{term !== undefined ? ':' : ''}</p>
      {term !== undefined && <p><span {...(termWritten ? asWritten(lang) : {})}>{term}</span></p>}
      {before !== null && <p><span className="pp-label">{t('chg.before')}:</span> <span {...(beforeWritten ? asWritten(lang) : {})}>{before}</span></p>}
      {after !== null && <p><span className="pp-label">{t('chg.after')}:</span> <span {...(afterWritten ? asWritten(lang) : {})}>{after}</span></p>}
      <p className="pp-effect">{moves ? t('chg.effect', { ...span(fys), amount: dollarsChange(change.totalCents, lang) }) : t('chg.noEffect')}</p>
      {moves && (
        <details>
          <summary>{t('chg.byYear')}</summary>
          <ScrollTable label={`${t('chg.byYear')}: ${t('scroll')}`}>
            <table className="pp-numbers">
              <thead><tr><th scope="col">{t('chart.year')}</th><th scope="col" className="num">{label}</th></tr></thead>
              <tbody>{change.effect.map((e) => <tr key={e.fy}><th scope="row">{e.fy}</th><td className="num">{dollarsChange(e.cents, lang)}</td></tr>)}</tbody>
            </table>
          </ScrollTable>
        </details>
      )}
    </li>
  );
}

function One({ id, lang, t }: { id: number; lang: Lang; t: T }) {
  const answer = useAnswer<Detail>(`/api/public/proposals/${id}`);
  if (answer.state === 'loading') return <><h1>{t('cmp.one')}</h1><p role="status">{t('loading')}</p></>;
  if (answer.state === 'error') return <><h1>{t('cmp.one')}</h1><Failed message={answer.message} t={t} /></>;
  const v = answer.data;
  // The years from the first one with a cost (a contract that starts later has nothing before it).
  const start = Math.max(0, v.years.findIndex((y) => y.totalCents !== 0));
  const shownYears = v.years.slice(start);
  const years = shownYears.map((y) => y.fy);
  // Cost by term and year: the lines of each term added up (every year's lines add up to its total).
  const terms: { id: string; title: string; cents: Map<string, number> }[] = [];
  for (const y of v.lines) {
    for (const l of y.lines) {
      let row = terms.find((r) => r.id === l.term);
      if (!row) terms.push((row = { id: l.term, title: l.termTitle, cents: new Map() }));
      row.cents.set(y.fy, (row.cents.get(y.fy) ?? 0) + l.cents);
    }
  }
  const words = (termId: string) => v.terms.find((x) => x.id === termId);
  return (
    <>
      <h1>{t('cmp.one')}</h1>
      <VersionCard v={v} heading={capitalized(versionPhrase(v, t, lang))} level={2} dataset={v.datasets[0]} lang={lang} t={t} />
      <VersionCharts versions={[v]} datasets={v.datasets} lang={lang} t={t} />
      <SourceLine versions={[v]} datasets={v.datasets} lang={lang} t={t} />
      <section aria-labelledby="one-lines">
        <h2 id="one-lines">{t('one.lines')}</h2>
        <p>{t('one.linesNote')}</p>
        <ScrollTable label={`${t('one.lines')}: ${t('scroll')}`}>
          <table className="pp-numbers pp-lines">
            <thead>
              <tr><th scope="col">{t('one.term')}</th>{years.map((fy) => <th scope="col" className="num" key={fy}>{fy}</th>)}</tr>
            </thead>
            <tbody>
              {terms.map((r) => {
                const w = words(r.id);
                return (
                  <tr key={r.id}>
                    <th scope="row">{w ? w[lang] : <UserText text={r.title} {...asWritten(lang)} />}</th>
                    {years.map((fy) => <td className="num" key={fy}>{dollars(r.cents.get(fy) ?? 0, lang)}</td>)}
                  </tr>
                );
              })}
            </tbody>
            <tfoot>
              <tr><th scope="row">{t('chart.total')}</th>{shownYears.map((y) => <td className="num" key={y.fy}>{dollars(y.totalCents, lang)}</td>)}</tr>
            </tfoot>
          </table>
        </ScrollTable>
      </section>
    </>
  );
}
