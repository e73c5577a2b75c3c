/**
 * The site plan of a strike day (district staff; docs/sites.md): declare a day, see each site's
 * status, hours, capacity, adults and the latest counts (flagged above the day's children-per-
 * adult limit), change one site or many at once (previewed first), see a site's history, and
 * publish the plan to the public page on purpose. Every answer, or refusal, is said in a live region.
 */
import { useState } from 'react';
import type { PageProps, Session } from '../../App.tsx';
import { api } from '../../api.ts';
import { useLang, useMessages } from '../../i18n.ts';
import { navigate, withQuery } from '../../router.ts';
import { Pending } from '../../components/workspace/parts.tsx';
import { useFetch } from '../../components/pickets/useFetch.ts';
import { Guard } from '../../components/pickets/parts.tsx';
import { count } from '../../components/workspace/format.ts';
import { refusal, SaidLine, type Said } from '../roster/parts.tsx';
import { st } from './messages.ts';
import { plansSites, readsSites, SiteDayChoice, SitesNav } from './parts.tsx';
import { SitesTable } from './SitesTable.tsx';
import { Bulk } from './Bulk.tsx';
import { pickSiteDay, Refused, STATUSES, type SiteDay, type SiteStatus } from './types.ts';
import { Attendance } from './Attendance.tsx';

export type Act = (run: () => Promise<string>) => Promise<void>;

/** Publishing now would change what the public sees (the server says; counts since the last publication are public already). */
const unpublished = (day: SiteDay) => day.unpublishedChanges ?? (day.publishedVersion === null || day.publishedVersion < day.version);

export function Plan({ session, query }: PageProps) {
  return <Guard allowed={readsSites(session)}><PlanPage session={session as Session} query={query} /></Guard>;
}

function PlanPage({ session, query }: { session: Session; query: URLSearchParams }) {
  const t = useMessages(st);
  const lang = useLang();
  const [reload, setReload] = useState(0);
  const [said, setSaid] = useState<Said>(null);
  const days = useFetch<{ days: SiteDay[] }>('/api/sites/days', reload);
  const day = days.state === 'done' ? pickSiteDay(days.value.days, query) : null;
  const plans = plansSites(session);
  const act: Act = async (run) => {
    try {
      setSaid({ ok: true, text: await run() });
    } catch (e) {
      setSaid(e instanceof Refused ? { ok: false, text: e.text, problems: e.problems } : refusal(e));
    }
    setReload((n) => n + 1);
  };
  return (
    <div className="pk-page">
      <SitesNav session={session} here="plan" />
      <h1>{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
      <SaidLine said={said} />
      {plans && <Declare act={act} />}
      <h2>{t('days')}</h2>
      <Pending loaded={days} />
      {days.state === 'done' && days.value.days.length === 0 && <p>{t('days.none')}</p>}
      {days.state === 'done' && days.value.days.length > 0 && <SiteDayChoice days={days.value.days} day={day} id="st-day" />}
      {day && (
        <section aria-label={day.label} className="card">
          <p>{t('day.facts', { open: count(day.sites?.open ?? 0, lang), closed: count(day.sites?.closed ?? 0, lang), flagged: count(day.sites?.flagged ?? 0, lang), version: day.version })}</p>
          <p>{day.publishedVersion === null ? t('day.unpublished') : t('day.published', { version: day.publishedVersion })}
            {day.publishedVersion !== null && unpublished(day) ? ` ${t('day.changedSince', { version: day.version, published: day.publishedVersion })}` : ''}</p>
          {plans && !day.cancelled && unpublished(day) && (
            <button type="button" onClick={() => void act(async () => {
              const p = await api<{ publication: { planVersion: number } }>('POST', `/api/sites/days/${day.id}/publish`);
              return t('published', { version: p.publication.planVersion });
            })}>{t('publish')}</button>
          )}
        </section>
      )}
      {day && plans && <Bulk key={`b${day.id}`} day={day} act={act} />}
      {day && plans && !day.cancelled && <Attendance key={`a${day.id}`} day={day} act={act} />}
      {day && <SitesTable key={`t${day.id}-${reload}`} day={day} plans={plans} act={act} />}
    </div>
  );
}

function Declare({ act }: { act: Act }) {
  const t = useMessages(st);
  const lang = useLang();
  const [date, setDate] = useState('');
  const [label, setLabel] = useState('');
  const [status, setStatus] = useState<SiteStatus>('instruction');
  return (
    <form className="card pk-form" onSubmit={(e) => { e.preventDefault(); void act(async () => {
      const { day } = await api<{ day: SiteDay }>('POST', '/api/sites/days', { date, label, status });
      navigate(withQuery('day', String(day.id)), { replace: true });
      return t('new.added', { label, n: count(day.sites?.total ?? 0, lang) });
    }); }}>
      <h2>{t('new')}</h2>
      <p><label htmlFor="st-date">{t('new.date')}</label><br /><input id="st-date" type="date" required value={date} onChange={(e) => setDate(e.target.value)} /></p>
      <p><label htmlFor="st-label">{t('new.label')}</label><br /><input id="st-label" required value={label} onChange={(e) => setLabel(e.target.value)} /></p>
      <p><label htmlFor="st-status">{t('new.status')}</label><br />
        <select id="st-status" value={status} onChange={(e) => setStatus(e.target.value as SiteStatus)}>
          {STATUSES.map((s) => <option key={s} value={s}>{t(`status.${s}`)}</option>)}
        </select></p>
      <button type="submit">{t('new.add')}</button>
    </form>
  );
}
