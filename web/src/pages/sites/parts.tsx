/** What the site pages share: who may open which, the links between them, and the day choice. */
import type { Session } from '../../App.tsx';
import { useLang, useMessages } from '../../i18n.ts';
import { navigate, withQuery } from '../../router.ts';
import { Link } from '../../components/workspace/Link.tsx';
import { longDate } from '../../components/workspace/format.ts';
import { displayText } from '../../text.ts';
import { common } from '../workspace/messages.ts';
import { st } from './messages.ts';
import type { SiteDay } from './types.ts';

const district = (s: Session | null) => s?.organization.kind === 'district';
/** Reads the plan: the district's staff. */
export const readsSites = (s: Session | null) => district(s) && ['admin', 'budget-analyst', 'negotiator', 'site-administrator'].includes(s?.person.role ?? '');
/** Plans and publishes: the district's admin. */
export const plansSites = (s: Session | null) => district(s) && s?.person.role === 'admin';
/** Sees the days' cost: the admin and the budget office. */
export const costsSites = (s: Session | null) => district(s) && ['admin', 'budget-analyst'].includes(s?.person.role ?? '');
/** Reports a site's counts: site administrators (and the admin). */
export const reportsSites = (s: Session | null) => district(s) && ['admin', 'site-administrator'].includes(s?.person.role ?? '');

export function SitesNav({ session, here }: { session: Session; here: 'plan' | 'report' | 'cost' | 'family' }) {
  const t = useMessages(st);
  const c = useMessages(common);
  const pages = [
    { key: 'plan' as const, to: '/workspace/sites', show: readsSites(session) },
    { key: 'family' as const, to: '/workspace/sites/family', show: readsSites(session) },
    { key: 'cost' as const, to: '/workspace/sites/cost', show: costsSites(session) },
    { key: 'report' as const, to: '/workspace/sites/report', show: reportsSites(session) },
  ];
  return (
    <>
      <p><Link to="/workspace">{c('back')}</Link></p>
      <nav aria-label={t('nav.label')} className="ro-nav">
        <ul>
          {pages.filter((p) => p.show).map((p) => (
            <li key={p.key}>{p.key === here ? <span aria-current="page">{t(`nav.${p.key}`)}</span> : <Link to={p.to}>{t(`nav.${p.key}`)}</Link>}</li>
          ))}
        </ul>
      </nav>
    </>
  );
}

export function SiteDayChoice({ days, day, id }: { days: SiteDay[]; day: SiteDay | null; id: string }) {
  const t = useMessages(st);
  const lang = useLang();
  return (
    <p>
      <label htmlFor={id}>{t('day.choose')}</label><br />
      <select id={id} value={day ? String(day.id) : ''} onChange={(e) => navigate(withQuery('day', e.target.value), { replace: true })}>
        {days.map((d) => <option key={d.id} value={String(d.id)}>{longDate(d.date, lang)}: {displayText(d.label)}</option>)}
      </select>
    </p>
  );
}
