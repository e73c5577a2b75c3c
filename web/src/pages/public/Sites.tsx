/**
 * /public/sites, "Where can my child go today?" (no sign-in): the strike day the district
 * published (today's, else the next, else the latest), and every school open for children and
 * every meal and partner site that day, nearest first from a ZIP code, an address or the phone's
 * location, each with its live status in words (open, filling, full), distance in miles, kind,
 * hours, offers, languages and address. The list comes first and works alone; the map loads only
 * when asked. Three requests (GET /api/public/sites, its live statuses and its ZIP table), started as soon as
 * the app's code runs.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { PageProps } from '../../App.tsx';
import { api } from '../../api.ts';
import { StrikeBanner } from '../../components/StrikeBanner.tsx';
import { UserText } from '../../components/UserText.tsx';
import { langParam, useLang, useMessages } from '../../i18n.ts';
import type { PublicLiveAnswer, PublicSitesAnswer } from '../../../../src/sites/public-types.ts';
import { fetchOnce, useAnswer } from './data.ts';
import type { Lang } from './format.ts';
import { SiteCards } from './sites-cards.tsx';
import { zipTable, type Point } from './sites-distance.ts';
import { dayDate, DISTRICT_TIME_ZONE, districtToday, entriesOf, LIVE, ordered, SITES, withLive, ZIPS, type Shown } from './sites-list.ts';
import type { PublicZipsAnswer } from '../../../../src/sites/zip.ts';
import { SitesMap } from './sites-map.tsx';
import { SM, type ST } from './sites-messages.ts';
import { SiteSearch } from './sites-search.tsx';

/** The day asked for (`?date=2023-03-22`, from the list of the district's days), or null: the server's choice. */
const askedDate = (query: URLSearchParams): string | null => {
  const d = query.get('date');
  return d !== null && /^\d{4}-\d{2}-\d{2}$/.test(d) ? d : null;
};
const urlsFor = (date: string | null) => (date ? { sites: `${SITES}?date=${date}`, live: `${LIVE}?date=${date}` } : { sites: SITES, live: LIVE });

// The page's answer and the ZIP table start as soon as the app's code runs (on a slow phone, one round trip each saved).
if (typeof location !== 'undefined' && location.pathname === '/public/sites') {
  const urls = urlsFor(askedDate(new URLSearchParams(location.search)));
  void fetchOnce(urls.sites).catch(() => undefined);
  void fetchOnce(urls.live).catch(() => undefined);
  void fetchOnce(ZIPS).catch(() => undefined);
}

export function Sites({ query }: PageProps) {
  const lang = useLang();
  const t = useMessages(SM);
  const asked = askedDate(query);
  const urls = urlsFor(asked);
  const first = useAnswer<PublicSitesAnswer>(urls.sites);
  const firstLive = useAnswer<PublicLiveAnswer>(urls.live);
  const [updated, setFresh] = useState<{ path: string; answer: PublicSitesAnswer; live: PublicLiveAnswer | null } | null>(null);
  const fresh = updated?.path === urls.sites ? updated : null;
  const [retrying, setRetrying] = useState(false);
  useEffect(() => {
    document.title = t('doc.title');
  }, [lang]); // t follows the language
  const update = () => {
    setRetrying(true);
    Promise.all([api<PublicSitesAnswer>('GET', urls.sites), api<PublicLiveAnswer>('GET', urls.live).catch(() => null)])
      .then(([answer, live]) => setFresh({ path: urls.sites, answer, live }), () => undefined).finally(() => setRetrying(false));
  };
  const answer = fresh?.answer ?? (first.state === 'ok' ? first.data : null);
  // The statuses, once their answer came (or failed: then each site reads as published).
  const live = fresh ? fresh.live : firstLive.state === 'ok' ? firstLive.data : firstLive.state === 'error' ? null : undefined;
  return (
    <div className="pp fs">
      <StrikeBanner here />
      <h1>{t('title')}</h1>
      <p className="pp-intro">{t('intro')}</p>
      {!answer && first.state === 'loading' && <p role="status">{t('loading')}</p>}
      {!answer && first.state === 'error' && asked !== null && (
        // A date with no published day (a link kept from another strike, a typed date): trying again cannot help.
        <p role="alert">{t('date.none', { date: asked })} <a href={`/public/sites${langParam(lang) ? `?lang=${langParam(lang)}` : ''}`}>{t('date.latest')}</a></p>
      )}
      {!answer && first.state === 'error' && asked === null && (
        <>
          <p role="alert" className="error">{t('error', { message: first.message })}</p>
          <button type="button" onClick={() => location.reload()}>{t('retry')}</button>
        </>
      )}
      {answer && !answer.day && <p>{t('none')}</p>}
      {answer?.day && live === undefined && <p role="status">{t('loading')}</p>}
      {answer?.day && live !== undefined && <Day day={withLive(answer.day, live)} asked={asked !== null} lang={lang} t={t} onUpdate={update} updating={retrying} />}
      {answer && answer.days.length > 1 && (
        <nav className="fs-days" aria-labelledby="fs-days-h">
          <h2 id="fs-days-h">{t('days.other')}</h2>
          <ul>
            {answer.days.filter((d) => d.date !== answer.day?.date).map((d) => (
              <li key={`${d.date} ${d.district}`}><a href={`/public/sites?date=${d.date}${langParam(lang) ? `&lang=${langParam(lang)}` : ''}`}>{dayDate(d.date, lang)}</a></li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}

function Day({ day, asked, lang, t, onUpdate, updating }: { day: Shown; asked: boolean; lang: Lang; t: ST; onUpdate: () => void; updating: boolean }) {
  const [place, setPlace] = useState<Point | null>(null);
  // The day's own ZIP codes (its schools' and meal and partner sites' addresses) answer at once; the server's table
  // (every published school's ZIP, and the school directory's for the rest of Los Angeles) is asked for as the list shows.
  const own = useMemo(() => zipTable([...day.sites, ...day.familySites]), [day]);
  const zips = useCallback(() => fetchOnce<PublicZipsAnswer>(ZIPS).then(
    (a) => new Map([...own, ...Object.entries(a.zips).map(([zip, p]) => [zip, { lat: p.latitude, lon: p.longitude }] as const)]),
    () => own,
  ), [own]);
  useEffect(() => {
    void zips();
  }, [zips]);
  const entries = useMemo(() => ordered(entriesOf(day), place, lang), [day, place, lang]);
  const past = day.date < districtToday(new Date());
  // The district's clock, as the sites' hours are; with the date when it is not today's there.
  const at = new Date(day.liveAt);
  const time = new Intl.DateTimeFormat(lang === 'es' ? 'es-US' : 'en-US', {
    timeZone: DISTRICT_TIME_ZONE, hour: 'numeric', minute: '2-digit', ...(districtToday(at) === districtToday(new Date()) ? {} : { month: 'short', day: 'numeric' }),
  }).format(at);
  return (
    <>
      <h2 className="fs-day" data-date={day.date}>{past ? t(asked ? 'day.was' : 'day.past', { date: dayDate(day.date, lang) }) : t('day', { date: dayDate(day.date, lang) })}</h2>
      {day.label.trim() !== '' && <p className="fs-label"><UserText text={day.label} /></p>}
      {/* A day over has no live status to update: only who published it. */}
      <p className="fs-published">
        {past ? t('day.published.past', { district: day.district.name }) : <>
          {t('day.published', { district: day.district.name, time })}{' '}
          <button type="button" className="link" onClick={onUpdate} disabled={updating}>{t('refresh')}</button>
        </>}
      </p>
      <SiteSearch zips={zips} onPlace={setPlace} t={t} />
      <section aria-labelledby="fs-list-h">
        <h2 id="fs-list-h">{t(past ? 'list.title.past' : 'list.title')}</h2>
        <p>{entries.length === 1 ? t(past ? 'list.count1.past' : 'list.count1') : t(past ? 'list.count.past' : 'list.count', { n: entries.length })}{place === null ? ` ${t('list.byName')}` : ''}</p>
        <SiteCards key={place ? `${place.lat},${place.lon}` : 'by-name'} entries={entries} past={past} lang={lang} t={t} />
      </section>
      <SitesMap entries={entries} place={place} t={t} />
    </>
  );
}
