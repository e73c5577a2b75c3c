/**
 * The sites of a strike day, a page at a time: by status, flagged or part of the name. Each
 * row says the site's status, hours, capacity, adults planned and the latest counts; a planner
 * opens a row to change it, and anyone who reads the plan can open its history.
 */
import { Fragment, useState } from 'react';
import { api } from '../../api.ts';
import { useLang, useMessages } from '../../i18n.ts';
import { Pending } from '../../components/workspace/parts.tsx';
import { useFetch } from '../../components/pickets/useFetch.ts';
import { TableScroll } from '../../components/TableScroll.tsx';
import { count } from '../../components/workspace/format.ts';
import { displayText } from '../../text.ts';
import { st } from './messages.ts';
import type { Act } from './Plan.tsx';
import { STATUSES, type Site, type SiteChange, type SiteDay, type SiteStatus } from './types.ts';

const PAGE = 100;

export function SitesTable({ day, plans, act }: { day: SiteDay; plans: boolean; act: Act }) {
  const t = useMessages(st);
  const lang = useLang();
  const [status, setStatus] = useState<SiteStatus | ''>('');
  const [flagged, setFlagged] = useState(false);
  const [q, setQ] = useState('');
  const [asked, setAsked] = useState({ status: '', flagged: false, q: '', limit: PAGE });
  const params = new URLSearchParams({ limit: String(asked.limit) });
  if (asked.status) params.set('status', asked.status);
  if (asked.flagged) params.set('flagged', 'true');
  if (asked.q) params.set('q', asked.q);
  const sites = useFetch<{ sites: Site[]; total: number }>(`/api/sites/days/${day.id}/sites?${params}`, 0);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <section aria-labelledby="st-sites" className="card">
      <h2 id="st-sites">{t('sites.title')}</h2>
      <form className="pk-form st-filters" onSubmit={(e) => { e.preventDefault(); setAsked({ status, flagged, q, limit: PAGE }); }}>
        <p><label htmlFor="st-f-status">{t('filter.status')}</label><br />
          <select id="st-f-status" value={status} onChange={(e) => setStatus(e.target.value as SiteStatus | '')}>
            <option value="">{t('filter.all')}</option>
            {STATUSES.map((s) => <option key={s} value={s}>{t(`status.${s}`)}</option>)}
          </select></p>
        <p><label className="ed-choice"><input type="checkbox" checked={flagged} onChange={(e) => setFlagged(e.target.checked)} /> {t('filter.flagged')}</label></p>
        <p><label htmlFor="st-f-q">{t('filter.name')}</label><br /><input id="st-f-q" value={q} onChange={(e) => setQ(e.target.value)} /></p>
        <button type="submit">{t('filter.go')}</button>
      </form>
      <Pending loaded={sites} />
      {sites.state === 'done' && (
        <>
          <p role="status">{t('sites.count', { shown: count(sites.value.sites.length, lang), total: count(sites.value.total, lang) })}</p>
          <TableScroll labelledBy="st-sites">
            <table className="st-sites">
              <thead><tr>
                <th scope="col">{t('col.site')}</th><th scope="col">{t('col.status')}</th><th scope="col">{t('col.hours')}</th><th scope="col">{t('col.capacity')}</th>
                <th scope="col">{t('col.adults')}</th><th scope="col">{t('col.present')}</th><th scope="col">{t('col.attending')}</th>
              </tr></thead>
              <tbody>
                {sites.value.sites.map((s) => (
                  <Fragment key={s.schoolId}>
                  <tr data-school={s.schoolId} className={s.flagged ? 'st-flagged' : undefined}>
                    <th scope="row">
                      <button type="button" className="st-link" aria-expanded={open === s.schoolId} onClick={() => setOpen(open === s.schoolId ? null : s.schoolId)}>{displayText(s.name)}</button>
                    </th>
                    <td>{t(`status.${s.status}`)}</td>
                    <td>{s.opens && s.closes ? `${s.opens}–${s.closes}` : '—'}</td>
                    <td>{s.capacity === null ? '—' : count(s.capacity, lang)}</td>
                    <td>{t('adults', { a: s.administrators, s: s.substitutes, v: s.volunteers })}</td>
                    <td>{s.childrenPresent === null ? t('present.none') : t('present', { children: count(s.childrenPresent, lang), adults: count(s.adultsPresent ?? 0, lang) })}
                      {s.flagged && <strong className="st-flag"> {t('flag', { limit: day.ratioLimit })}</strong>}</td>
                    <td>{s.studentsAttending === null ? '—' : count(s.studentsAttending, lang)}</td>
                  </tr>
                  {open === s.schoolId && <tr><td colSpan={7}><SiteDetail day={day} site={s} plans={plans} act={act} /></td></tr>}
                  </Fragment>
                ))}
              </tbody>
            </table>
          </TableScroll>
          {sites.value.sites.length < sites.value.total && <button type="button" className="ro-secondary" onClick={() => setAsked({ ...asked, limit: asked.limit + PAGE })}>{t('sites.more')}</button>}
        </>
      )}
    </section>
  );
}

type Form = { status: SiteStatus; opens: string; closes: string; capacity: string; administrators: string; substitutes: string; volunteers: string; offers: string; languages: string };

function SiteDetail({ day, site, plans, act }: { day: SiteDay; site: Site; plans: boolean; act: Act }) {
  const t = useMessages(st);
  const lang = useLang();
  const history = useFetch<{ changes: SiteChange[]; total: number }>(`/api/sites/days/${day.id}/sites/${encodeURIComponent(site.schoolId)}/changes`, 0);
  const [f, setF] = useState<Form>({
    status: site.status, opens: site.opens ?? '', closes: site.closes ?? '', capacity: site.capacity === null ? '' : String(site.capacity),
    administrators: String(site.administrators), substitutes: String(site.substitutes), volunteers: String(site.volunteers), offers: site.offers, languages: site.languages.join(', '),
  });
  const id = (k: string) => `st-${site.schoolId}-${k}`;
  const input = (k: keyof Form, type: 'text' | 'time' | 'number') => (
    <p key={k}><label htmlFor={id(k)}>{t(`field.${k}`)}</label><br />
      <input id={id(k)} type={type} min={type === 'number' ? 0 : undefined} value={f[k]} onChange={(e) => setF({ ...f, [k]: e.target.value })} /></p>
  );
  const save = () => act(async () => {
    const closed = f.status === 'closed';
    const body = {
      status: f.status, opens: closed || !f.opens ? null : f.opens, closes: closed || !f.closes ? null : f.closes,
      capacity: f.capacity === '' ? null : Number(f.capacity), administrators: Number(f.administrators), substitutes: Number(f.substitutes), volunteers: Number(f.volunteers),
      offers: f.offers, languages: f.languages.split(',').map((x) => x.trim()).filter((x) => x !== ''),
    };
    const out = await api<{ version: number }>('PATCH', `/api/sites/days/${day.id}/sites/${encodeURIComponent(site.schoolId)}`, body);
    return t('edit.saved', { name: site.name, version: out.version });
  });
  return (
    <div className="st-detail">
      {plans && (
        <form className="pk-form" aria-label={t('edit', { name: site.name })} onSubmit={(e) => { e.preventDefault(); void save(); }}>
          <p><label htmlFor={id('status')}>{t('field.status')}</label><br />
            <select id={id('status')} value={f.status} onChange={(e) => setF({ ...f, status: e.target.value as SiteStatus })}>
              {STATUSES.map((s) => <option key={s} value={s}>{t(`status.${s}`)}</option>)}
            </select></p>
          {input('opens', 'time')}{input('closes', 'time')}{input('capacity', 'number')}
          {input('administrators', 'number')}{input('substitutes', 'number')}{input('volunteers', 'number')}
          {input('offers', 'text')}{input('languages', 'text')}
          <button type="submit">{t('edit.save')}</button>
        </form>
      )}
      <h3>{t('history', { name: site.name })}</h3>
      <Pending loaded={history} />
      {history.state === 'done' && history.value.total > history.value.changes.length && (
        <p className="muted">{t('history.latest', { shown: count(history.value.changes.length, lang), total: count(history.value.total, lang) })}</p>
      )}
      {history.state === 'done' && (
        <ol className="st-history">
          {history.value.changes.map((c) => (
            <li key={c.id}>{t('history.item', { version: c.planVersion, at: new Date(c.at).toLocaleString(lang === 'es' ? 'es-US' : 'en-US'), who: displayText(c.by.name), what: describe(c) })}</li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** "status: closed → supervision; capacity: — → 120". */
function describe(c: SiteChange): string {
  const keys = [...new Set([...Object.keys(c.before), ...Object.keys(c.after)])];
  const show = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : Array.isArray(v) ? v.join(', ') : String(v));
  return keys.map((k) => `${k}: ${show(c.before[k])} → ${show(c.after[k])}`).join('; ');
}
