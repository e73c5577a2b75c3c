/**
 * The strike banner on every public page: when the district has published a strike day for
 * today or later, "Strike day <date>: <n> schools and offices closed. Where can my child go today?",
 * linking to /public/sites. Nothing at all when there is none, or when the answer cannot be
 * read (the page itself must never wait for it). One request, shared with the sites page.
 */
import type { PublicSitesAnswer } from '../../../src/sites/public-types.ts';
import { useLang, useMessages } from '../i18n.ts';
import { useAnswer } from '../pages/public/data.ts';
import { bannerDay, dayDate, districtToday, SITES } from '../pages/public/sites-list.ts';
import { SM } from '../pages/public/sites-messages.ts';
import { AppLink } from './public/parts.tsx';

/** `here`: on the sites page itself, the same words without the link. */
export function StrikeBanner({ here = false }: { here?: boolean }) {
  const lang = useLang();
  const t = useMessages(SM);
  const answer = useAnswer<PublicSitesAnswer>(SITES);
  if (answer.state !== 'ok') return null;
  const today = districtToday(new Date());
  const day = bannerDay(answer.data.days, today);
  if (!day) return null;
  const n = day.closedSites;
  const key = day.date === today ? (n === 1 ? 'banner.today1' : 'banner.today') : (n === 1 ? 'banner.next1' : 'banner.next');
  const words = t(key, { date: dayDate(day.date, lang), n: new Intl.NumberFormat(lang === 'es' ? 'es-US' : 'en-US').format(n) });
  return (
    <p className="sb-banner" data-date={day.date}>
      {here ? <strong>{words}</strong> : <AppLink to="/public/sites" lang={lang}><strong>{words}</strong></AppLink>}
    </p>
  );
}
