/**
 * A site administrator's phone page during a strike day: their site, the children and adults
 * present now (and, if they have it, the day's attendance), sent in one tap; the answer says
 * when it was recorded and whether the site is above the district's children-per-adult limit.
 */
import { useState } from 'react';
import type { PageProps, Session } from '../../App.tsx';
import { api, ApiError } from '../../api.ts';
import { useLang, useMessages } from '../../i18n.ts';
import { Pending } from '../../components/workspace/parts.tsx';
import { useFetch } from '../../components/pickets/useFetch.ts';
import { Guard } from '../../components/pickets/parts.tsx';
import { displayText } from '../../text.ts';
import { refusal, SaidLine, type Said } from '../roster/parts.tsx';
import { st } from './messages.ts';
import { reportsSites, SiteDayChoice, SitesNav } from './parts.tsx';
import { pickSiteDay, type Site, type SiteAdministrator, type SiteDay } from './types.ts';

export function Report({ session, query }: PageProps) {
  return <Guard allowed={reportsSites(session)}><ReportPage session={session as Session} query={query} /></Guard>;
}

function ReportPage({ session, query }: { session: Session; query: URLSearchParams }) {
  const t = useMessages(st);
  const days = useFetch<{ days: SiteDay[] }>('/api/sites/days', 0);
  const admins = useFetch<{ administrators: SiteAdministrator[] }>('/api/sites/administrators', 0);
  const day = days.state === 'done' ? pickSiteDay(days.value.days.filter((d) => !d.cancelled), query) : null;
  const mine = admins.state === 'done' ? admins.value.administrators.filter((a) => a.personId === session.person.id && a.endedAt === null) : [];
  return (
    <div className="pk-page">
      <SitesNav session={session} here="report" />
      <h1>{t('report.title')}</h1>
      <Pending loaded={days} />
      <Pending loaded={admins} />
      {days.state === 'done' && days.value.days.length > 0 && <SiteDayChoice days={days.value.days.filter((d) => !d.cancelled)} day={day} id="st-r-day" />}
      {admins.state === 'done' && mine.length === 0 && <p>{t('report.none')}</p>}
      {day && mine.map((a) => <Counts key={`${day.id}-${a.schoolId}`} day={day} schoolId={a.schoolId} school={a.school} />)}
    </div>
  );
}

function Counts({ day, schoolId, school }: { day: SiteDay; schoolId: string; school: string }) {
  const t = useMessages(st);
  // The site as planned for the day: a closed one has nothing to count (the server would refuse, sites.closed).
  const found = useFetch<{ sites: Site[] }>(`/api/sites/days/${day.id}/sites?school=${encodeURIComponent(schoolId)}`, 0);
  const site = found.state === 'done' ? found.value.sites.find((x) => x.schoolId === schoolId) : undefined;
  // The school's name on that day's plan (a day on an older dataset may name it otherwise).
  const name = site?.name ?? school;
  if (site?.status === 'closed') {
    return (
      <section className="card" aria-label={name}>
        <h2>{displayText(name)}</h2>
        <p>{t('report.closed', { day: displayText(day.label) })}</p>
      </section>
    );
  }
  return <CountsForm day={day} schoolId={schoolId} school={name} />;
}

function CountsForm({ day, schoolId, school }: { day: SiteDay; schoolId: string; school: string }) {
  const t = useMessages(st);
  const lang = useLang();
  const [children, setChildren] = useState('');
  const [adults, setAdults] = useState('');
  const [attending, setAttending] = useState('');
  const [said, setSaid] = useState<Said>(null);
  const [flag, setFlag] = useState(false);
  // A count far above what the site takes is asked again (sites.count-unlikely): the number it was asked for.
  const [unlikely, setUnlikely] = useState<string | null>(null);
  const time = (iso: string) => new Date(iso).toLocaleTimeString(lang === 'es' ? 'es-US' : 'en-US', { hour: 'numeric', minute: '2-digit' });
  const send = async (confirm = false) => {
    try {
      const body = { childrenPresent: Number(children), adultsPresent: Number(adults), ...(attending === '' ? {} : { studentsAttending: Number(attending) }), ...(confirm ? { confirm: true } : {}) };
      const out = await api<{ site: Site }>('POST', `/api/sites/days/${day.id}/sites/${encodeURIComponent(schoolId)}/counts`, body);
      setUnlikely(null);
      setFlag(out.site.flagged);
      setSaid({ ok: true, text: t('report.sent', { at: time(out.site.countedAt ?? new Date().toISOString()), children: out.site.childrenPresent ?? 0, adults: out.site.adultsPresent ?? 0 }) });
    } catch (e) {
      if (e instanceof ApiError && e.problem.code === 'sites.count-unlikely') {
        setUnlikely(children);
        setSaid({ ok: false, text: t('report.unlikely', { children: Number(children) }) });
        return;
      }
      setUnlikely(null);
      setSaid(refusal(e));
    }
  };
  const id = (k: string) => `st-r-${schoolId}-${k}`;
  return (
    <form className="card pk-form" aria-label={school} onSubmit={(e) => { e.preventDefault(); void send(); }}>
      <h2>{displayText(school)}</h2>
      <p><label htmlFor={id('c')}>{t('report.children')}</label><br /><input id={id('c')} type="number" inputMode="numeric" min={0} required value={children} onChange={(e) => setChildren(e.target.value)} /></p>
      <p><label htmlFor={id('a')}>{t('report.adults')}</label><br /><input id={id('a')} type="number" inputMode="numeric" min={0} required value={adults} onChange={(e) => setAdults(e.target.value)} /></p>
      <p><label htmlFor={id('s')}>{t('report.attending')}</label><br /><input id={id('s')} type="number" inputMode="numeric" min={0} value={attending} onChange={(e) => setAttending(e.target.value)} /></p>
      <button type="submit" className="vt-big">{t('report.send')}</button>
      <SaidLine said={said} />
      {unlikely !== null && unlikely === children && <p><button type="button" className="ro-secondary" onClick={() => void send(true)}>{t('report.confirm', { children: Number(children) })}</button></p>}
      {flag && <p className="error" role="alert">{t('report.flag', { limit: day.ratioLimit })}</p>}
    </form>
  );
}
