/**
 * The roster's worksites (union admins and organizers): matched to the district's schools and
 * offices or not, their members, and their site captains. A roster writer names a captain from
 * the worksite's own members and ends an assignment (the server keeps it in the history and
 * audits both). Each answer, or refusal, is said in a live region.
 */
import { useEffect, useState } from 'react';
import type { PageProps, Session } from '../../App.tsx';
import { api, ApiError } from '../../api.ts';
import { useLang, useMessages } from '../../i18n.ts';
import { Link } from '../../components/workspace/Link.tsx';
import { Pending } from '../../components/workspace/parts.tsx';
import { count } from '../../components/workspace/format.ts';
import { may } from '../../components/workspace/permissions.ts';
import type { Loaded } from '../../components/workspace/useApi.ts';
import { UserText } from '../../components/UserText.tsx';
import { displayText } from '../../text.ts';
import { sites as words } from './messages.ts';
import { refusal, RosterGuard, RosterNav, SaidLine, type Said } from './parts.tsx';
import type { Captain, Members, Worksite, Worksites as WorksiteList } from './types.ts';

/** Members offered as captains of one worksite: the server's largest page. */
const OFFERED = 500;

export function Worksites(props: PageProps) {
  return <RosterGuard session={props.session}><SiteList session={props.session as Session} /></RosterGuard>;
}

function SiteList({ session }: { session: Session }) {
  const t = useMessages(words);
  const lang = useLang();
  const [reload, setReload] = useState(0);
  const [list, setList] = useState<Loaded<WorksiteList>>({ state: 'loading' });
  useEffect(() => {
    let gone = false;
    api<WorksiteList>('GET', '/api/roster/worksites').then(
      (value) => !gone && setList({ state: 'done', value }),
      (e: unknown) => !gone && setList({ state: 'failed', status: e instanceof ApiError ? e.status : 0, message: e instanceof ApiError ? e.problem.message : String(e), hint: e instanceof ApiError ? e.problem.hint : undefined }),
    );
    return () => {
      gone = true;
    };
  }, [reload]);
  const [said, setSaid] = useState<Said>(null);
  const act = async (run: () => Promise<string>) => {
    try {
      setSaid({ ok: true, text: await run() });
    } catch (e) {
      setSaid(refusal(e));
    }
    setReload((n) => n + 1);
  };
  const end = (site: Worksite, k: Captain) => act(async () => {
    await api('DELETE', `/api/roster/captains/${k.id}`);
    return t('done.end', { name: k.member.name, site: site.name });
  });
  const assign = (site: Worksite, member: { id: number; name: string }) => act(async () => {
    await api('POST', `/api/roster/worksites/${site.id}/captains`, { member: member.id });
    return t('done.assign', { name: member.name, site: site.name });
  });
  const writer = may(session, 'roster.write');

  return (
    <div className="ro-page">
      <RosterNav session={session} here="worksites" />
      <h1>{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
      <SaidLine said={said} />
      <Pending loaded={list} />
      {list.state === 'done' && (() => {
        const all = list.value.worksites;
        const matched = all.filter((w) => w.matched).length;
        return (
          <>
            {all.length === 0 ? <p className="muted">{t('none')}</p> : <p>{t('count', { n: count(all.length, lang), matched: count(matched, lang), unmatched: count(all.length - matched, lang) })}</p>}
            <ul className="ro-sites">
              {all.map((w) => (
                <li key={w.id} className="card">
                  <h2 id={`ro-site-${w.id}`}><UserText text={w.name} /></h2>
                  <p className="ro-site-facts">
                    {w.matched
                      ? <span className="ws-tag ws-added">{(w.cdsCode ? t('matched.cds', { id: w.cdsCode }) : t('matched.id', { id: w.schoolId ?? '' }))}</span>
                      : <span className="ws-tag ws-modified">{t('unmatched')}</span>}{' '}
                    {w.members > 0
                      ? <Link to={`/workspace/roster?worksite=${w.id}`}>{w.members === 1 ? t('members.one') : t('members', { n: count(w.members, lang) })}</Link>
                      : <span>{t('members', { n: 0 })}</span>}
                  </p>
                  <h3>{t('captains')}</h3>
                  {w.captains.length === 0 ? <p className="muted">{t('captains.none')}</p> : (
                    <ul className="ro-captains">
                      {w.captains.map((k) => (
                        <li key={k.id}>
                          <UserText text={k.member.name} /> <span className="muted">(<UserText text={k.member.memberId} />)</span>{' '}
                          {writer && <button type="button" className="ro-secondary" aria-label={t('end.label', { name: k.member.name, site: w.name })} onClick={() => void end(w, k)}>{t('end')}</button>}
                        </li>
                      ))}
                    </ul>
                  )}
                  {writer && w.members > 0 && <Assign site={w} reload={reload} onAssign={(m) => void assign(w, m)} />}
                </li>
              ))}
            </ul>
          </>
        );
      })()}
    </div>
  );
}

/** Choosing a new captain among the worksite's members (its current captains left out). */
function Assign({ site, reload, onAssign }: { site: Worksite; reload: number; onAssign: (m: { id: number; name: string }) => void }) {
  const t = useMessages(words);
  const lang = useLang();
  const [members, setMembers] = useState<Members | null>(null);
  const [chosen, setChosen] = useState('');
  useEffect(() => {
    let gone = false;
    api<Members>('GET', `/api/roster/members?worksite=${site.id}&limit=${OFFERED}`).then((m) => !gone && setMembers(m), () => undefined);
    return () => {
      gone = true;
    };
  }, [site.id, reload]);
  const captains = new Set(site.captains.map((k) => k.member.id));
  const offered = (members?.members ?? []).filter((m) => !captains.has(m.id));
  const id = `ro-assign-${site.id}`;
  return (
    <form className="ro-assign" onSubmit={(e) => {
      e.preventDefault();
      const m = offered.find((x) => String(x.id) === chosen);
      if (m) onAssign(m);
      setChosen('');
    }}>
      <label htmlFor={id}>{t('assign.label', { site: site.name })}</label>
      <div className="ro-assign-row">
        <select id={id} value={chosen} onChange={(e) => setChosen(e.target.value)}>
          <option value="">{t('assign.choose')}</option>
          {offered.map((m) => <option key={m.id} value={String(m.id)}>{displayText(`${m.name} (${m.memberId})`)}</option>)}
        </select>
        <button type="submit" disabled={chosen === ''}>{t('assign')}</button>
      </div>
      {members && members.total > members.members.length && <p className="muted">{t('assign.more', { shown: count(members.members.length, lang), n: count(members.total, lang) })}</p>}
    </form>
  );
}
