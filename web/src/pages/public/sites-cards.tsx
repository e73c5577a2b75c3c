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

/** The languages districts write, by their English names, and their codes, so the Spanish page names them in Spanish. */
const LANGUAGE_CODES: Record<string, string> = {
  english: 'en', spanish: 'es', chinese: 'zh', mandarin: 'cmn', cantonese: 'yue', korean: 'ko', armenian: 'hy', russian: 'ru', vietnamese: 'vi',
  tagalog: 'tl', filipino: 'fil', japanese: 'ja', arabic: 'ar', farsi: 'fa', persian: 'fa', khmer: 'km', hindi: 'hi', french: 'fr', portuguese: 'pt', thai: 'th',
};
const displayNames = new Map<Lang, Intl.DisplayNames | null>();

/** A language as the district wrote it (English), named in the page's language when it is a known one; else as written. */
export function languageName(name: string, lang: Lang): string {
  const code = LANGUAGE_CODES[name.trim().toLowerCase()];
  if (lang === 'en' || code === undefined) return name;
  if (!displayNames.has(lang)) {
    try {
      displayNames.set(lang, new Intl.DisplayNames([lang], { type: 'language' }));
    } catch {
      displayNames.set(lang, null);
    }
  }
  return displayNames.get(lang)?.of(code) ?? name;
}

export function SiteCards({ entries, past, lang, t }: { entries: Entry[]; past: boolean; lang: Lang; t: ST }) {
  const [shown, setShown] = useState(PAGE);
  const more = Math.min(PAGE, entries.length - shown);
  return (
    <>
      <ol className="fs-list">
        {entries.slice(0, shown).map((e) => <SiteCard key={e.key} e={e} past={past} lang={lang} t={t} />)}
      </ol>
      {more > 0 && <button type="button" className="fs-more" onClick={() => setShown(shown + PAGE)}>{t('list.more', { n: more })}</button>}
    </>
  );
}

function SiteCard({ e, past, lang, t }: { e: Entry; past: boolean; lang: Lang; t: ST }) {
  // Names, offers and addresses are as the district wrote them (English): marked so on the Spanish page, as on the public record.
  const written = asWritten(lang);
  const id = `fs-${e.key.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  return (
    <li className="fs-site" data-key={e.key} data-status={e.status} aria-labelledby={id}>
      <h3 id={id}><UserText text={e.name} {...written} /></h3>
      <p className="fs-line">
        {/* A day gone by: no live status (its last one would read as now). */}
        {past ? <span className="fs-status fs-status-past">{t('status.past')}</span> : <span className={`fs-status fs-status-${e.status}`}>{t(`status.${e.status}`)}</span>}
        {e.miles !== null ? <span className="fs-away">{t('away', { miles: miles(e.miles, lang) })}</span> : e.at === null ? <span className="fs-away">{t('away.unknown')}</span> : null}
      </p>
      <p className="fs-kind">{t(`kind.${e.kind}`)}{e.mealsPerChild !== null ? ` · ${t('meals', { n: e.mealsPerChild })}` : ''}</p>
      <p>{e.opens && e.closes ? t('hours', { opens: clock(e.opens, lang), closes: clock(e.closes, lang) }) : t('hours.unknown')}</p>
      {e.offers.trim() !== '' && <p>{t('offers')} <UserText text={e.offers} {...written} /></p>}
      {e.languages.length > 0 && <p>{t('languages', { languages: e.languages.map((name) => languageName(name, lang)).join(', ') })}</p>}
      <address><span className="fs-visually-hidden">{t('address')}: </span><UserText text={e.address} {...written} /></address>
    </li>
  );
}
