/**
 * The list of open sites, one card each: name, live status in words, distance in miles, kind,
 * hours, what it offers, languages and address. Twenty at a time, so a slow phone draws the
 * nearest ones first; "Show 20 more" adds the next.
 */
import { useState } from 'react';
import { asWritten } from '../../components/public/parts.tsx';
import { UserText } from '../../components/UserText.tsx';
import type { Lang } from './format.ts';
import { clock, miles, type Entry } from './sites-list.ts';
import type { ST } from './sites-messages.ts';

const PAGE = 20;

export function SiteCards({ entries, lang, t }: { entries: Entry[]; lang: Lang; t: ST }) {
  const [shown, setShown] = useState(PAGE);
  const more = Math.min(PAGE, entries.length - shown);
  return (
    <>
      <ol className="fs-list">
        {entries.slice(0, shown).map((e) => <SiteCard key={e.key} e={e} lang={lang} t={t} />)}
      </ol>
      {more > 0 && <button type="button" className="fs-more" onClick={() => setShown(shown + PAGE)}>{t('list.more', { n: more })}</button>}
    </>
  );
}

function SiteCard({ e, lang, t }: { e: Entry; lang: Lang; t: ST }) {
  // Names, offers and addresses are as the district wrote them (English): marked so on the Spanish page, as on the public record.
  const written = asWritten(lang);
  const id = `fs-${e.key.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  return (
    <li className="fs-site" data-key={e.key} data-status={e.status} aria-labelledby={id}>
      <h3 id={id}><UserText text={e.name} {...written} /></h3>
      <p className="fs-line">
        <span className={`fs-status fs-status-${e.status}`}>{t(`status.${e.status}`)}</span>
        {e.miles !== null ? <span className="fs-away">{t('away', { miles: miles(e.miles, lang) })}</span> : e.at === null ? <span className="fs-away">{t('away.unknown')}</span> : null}
      </p>
      <p className="fs-kind">{t(`kind.${e.kind}`)}{e.mealsPerChild !== null ? ` · ${t('meals', { n: e.mealsPerChild })}` : ''}</p>
      <p>{e.opens && e.closes ? t('hours', { opens: clock(e.opens, lang), closes: clock(e.closes, lang) }) : t('hours.unknown')}</p>
      {e.offers.trim() !== '' && <p>{t('offers')} <UserText text={e.offers} {...written} /></p>}
      {e.languages.length > 0 && <p>{t('languages', { languages: e.languages.join(', ') })}</p>}
      <address><span className="fs-visually-hidden">{t('address')}: </span><UserText text={e.address} {...written} /></address>
    </li>
  );
}
