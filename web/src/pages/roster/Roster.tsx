/**
 * The member roster (union admins and organizers): current members by name, a page at a time,
 * searched by part of a name, member id or email and filtered by worksite, with how many match.
 * The search is kept in the address (?q=&worksite=&page=), so a link or the back button keeps it.
 */
import { useState } from 'react';
import type { PageProps, Session } from '../../App.tsx';
import { useLang, useMessages } from '../../i18n.ts';
import { navigate } from '../../router.ts';
import { href } from '../../App.tsx';
import { Link } from '../../components/workspace/Link.tsx';
import { Pending } from '../../components/workspace/parts.tsx';
import { count } from '../../components/workspace/format.ts';
import { may } from '../../components/workspace/permissions.ts';
import { useApi } from '../../components/workspace/useApi.ts';
import { TableScroll } from '../../components/TableScroll.tsx';
import { UserText } from '../../components/UserText.tsx';
import { displayText } from '../../text.ts';
import { roster as words } from './messages.ts';
import { RosterGuard, RosterNav } from './parts.tsx';
import type { Members, Worksites } from './types.ts';

/** Members a page: enough to scan on a phone, few enough to draw at once. */
export const PAGE = 50;

export function Roster(props: PageProps) {
  return <RosterGuard session={props.session}><MemberList {...props} session={props.session as Session} /></RosterGuard>;
}

function MemberList({ session, query }: PageProps & { session: Session }) {
  const t = useMessages(words);
  const lang = useLang();
  const q = query.get('q') ?? '';
  const worksite = query.get('worksite') ?? '';
  const page = Math.max(0, Number.parseInt(query.get('page') ?? '0', 10) || 0);
  const [typed, setTyped] = useState(q);
  const [site, setSite] = useState(worksite);
  const params = new URLSearchParams({ limit: String(PAGE), offset: String(page * PAGE) });
  if (q) params.set('q', q);
  if (/^\d+$/.test(worksite)) params.set('worksite', worksite);
  const list = useApi<Members>(`/api/roster/members?${params.toString()}`);
  const sites = useApi<Worksites>('/api/roster/worksites');

  const go = (next: { q: string; worksite: string; page: number }) => {
    const p = new URLSearchParams();
    if (next.q) p.set('q', next.q);
    if (next.worksite) p.set('worksite', next.worksite);
    if (next.page > 0) p.set('page', String(next.page));
    const s = p.toString();
    navigate(href(`/workspace/roster${s ? `?${s}` : ''}`, lang));
  };
  const searching = q !== '' || worksite !== '';

  return (
    <div className="ro-page">
      <RosterNav session={session} here="members" />
      <h1>{t('title')}</h1>
      <p className="muted">{t('intro', { org: session.organization.name })}</p>
      <form className="ro-search" role="search" onSubmit={(e) => { e.preventDefault(); go({ q: typed.trim(), worksite: site, page: 0 }); }}>
        <div className="ro-field"><label htmlFor="ro-q">{t('search')}</label><input id="ro-q" type="search" value={typed} maxLength={100} onChange={(e) => setTyped(e.target.value)} /></div>
        <div className="ro-field"><label htmlFor="ro-site">{t('worksite')}</label>
          <select id="ro-site" value={site} onChange={(e) => setSite(e.target.value)}>
            <option value="">{t('worksite.all')}</option>
            {sites.state === 'done' && sites.value.worksites.map((w) => <option key={w.id} value={String(w.id)}>{displayText(w.name)}</option>)}
          </select>
        </div>
        <button type="submit">{t('search.submit')}</button>
      </form>
      <Pending loaded={list} />
      {list.state === 'done' && (() => {
        const { members, total, offset } = list.value;
        const n = count(total, lang);
        return (
          <>
            <p className="ro-count" aria-live="polite">
              {searching ? (total === 1 ? t('count.one') : t('count.found', { n })) : t('count.all', { n })}{' '}
              {total > 0 && t('count.page', { from: count(offset + 1, lang), to: count(offset + members.length, lang), n })}
            </p>
            {total === 0 && (
              <p className="muted">{searching ? t('none.found') : t('none')} {!searching && may(session, 'roster.write') && <Link to="/workspace/roster/import">{t('none.import')}</Link>}</p>
            )}
            {members.length > 0 && (
              <TableScroll label={t('title')}>
                <table className="ro-members">
                  <thead>
                    <tr>
                      <th scope="col">{t('col.name')}</th><th scope="col">{t('col.memberId')}</th><th scope="col">{t('col.worksite')}</th>
                      <th scope="col">{t('col.jobClass')}</th><th scope="col">{t('col.status')}</th><th scope="col">{t('col.email')}</th><th scope="col">{t('col.mobile')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {members.map((m) => (
                      <tr key={m.id}>
                        <th scope="row"><UserText text={m.name} /></th>
                        <td data-label={t('col.memberId')}><UserText text={m.memberId} /></td>
                        <td data-label={t('col.worksite')}>{m.worksite ? <UserText text={m.worksite.name} /> : '—'}</td>
                        <td data-label={t('col.jobClass')}>{m.jobClass ? <UserText text={m.jobClass} /> : '—'}</td>
                        <td data-label={t('col.status')}>{['active', 'leave', 'inactive'].includes(m.status) ? t(`status.${m.status}` as 'status.active') : m.status}</td>
                        <td data-label={t('col.email')} className="ro-wrap">{m.email ? <UserText text={m.email} /> : '—'}</td>
                        <td data-label={t('col.mobile')}>{m.mobile ? <UserText text={m.mobile} /> : '—'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            )}
            {total > PAGE && (
              <p className="ro-pages">
                <button type="button" disabled={page === 0} onClick={() => go({ q, worksite, page: page - 1 })}>{t('prev')}</button>{' '}
                <button type="button" disabled={offset + members.length >= total} onClick={() => go({ q, worksite, page: page + 1 })}>{t('next')}</button>
              </p>
            )}
          </>
        );
      })()}
    </div>
  );
}
