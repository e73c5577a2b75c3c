/**
 * The people of the workspace (admins): each person's role, and what an admin can do to them:
 * change the role (to a role of this side), sign them out everywhere, clear the wait wrong
 * passwords put on their email, remove them. Every answer, and every refusal (such as removing
 * the last admin), is said in a live region; the server checks and audits each change.
 */
import { useEffect, useState } from 'react';
import type { PageProps, Session } from '../../App.tsx';
import { api, ApiError } from '../../api.ts';
import { useMessages } from '../../i18n.ts';
import { Link } from '../../components/workspace/Link.tsx';
import { Pending } from '../../components/workspace/parts.tsx';
import type { Loaded } from '../../components/workspace/useApi.ts';
import { common } from './messages.ts';
import { people as words } from './people-messages.ts';
import { TableScroll } from '../../components/TableScroll.tsx';

const ROLES = {
  union: ['admin', 'bargaining-team', 'organizer', 'site-captain', 'member'],
  district: ['admin', 'budget-analyst', 'negotiator', 'site-administrator'],
} as const;

interface Person {
  id: number;
  name: string;
  email: string;
  role: string;
}

export function People({ session }: PageProps) {
  const s = session as Session;
  const t = useMessages(words);
  const c = useMessages(common);
  const [reload, setReload] = useState(0);
  const [list, setList] = useState<Loaded<{ people: Person[] }>>({ state: 'loading' });
  useEffect(() => {
    let gone = false;
    api<{ people: Person[] }>('GET', '/api/people').then(
      (value) => !gone && setList({ state: 'done', value }),
      (e: unknown) => !gone && setList({ state: 'failed', status: e instanceof ApiError ? e.status : 0, message: e instanceof ApiError ? e.problem.message : String(e), hint: e instanceof ApiError ? e.problem.hint : undefined }),
    );
    return () => {
      gone = true;
    };
  }, [reload]);
  const [said, setSaid] = useState<{ ok: boolean; text: string; hint?: string } | null>(null);
  const roleName = (r: string) => c(`role.${r}` as 'role.admin');

  const act = async (run: () => Promise<string>) => {
    try {
      setSaid({ ok: true, text: await run() });
    } catch (e) {
      setSaid({ ok: false, text: e instanceof ApiError ? e.problem.message : String(e), hint: e instanceof ApiError ? e.problem.hint : undefined });
    }
    setReload((n) => n + 1);
  };
  const changeRole = (p: Person, role: string) =>
    act(async () => {
      await api('POST', `/api/people/${p.id}/role`, { role });
      return t('done.role', { name: p.name, role: roleName(role) });
    });
  const signOut = (p: Person) =>
    act(async () => t('done.signOut', { name: p.name, n: (await api<{ ended: number }>('DELETE', `/api/people/${p.id}/sessions`)).ended }));
  const clear = (p: Person) =>
    act(async () => t('done.clear', { name: p.name, n: (await api<{ cleared: number }>('DELETE', `/api/people/${p.id}/sign-in-throttle`)).cleared }));
  const remove = (p: Person) => {
    if (!window.confirm(t('remove.confirm', { name: p.name }))) return;
    void act(async () => {
      await api('DELETE', `/api/people/${p.id}`);
      return t('done.remove', { name: p.name });
    });
  };

  return (
    <div className="ws-people">
      <p><Link to="/workspace">{c('back')}</Link></p>
      <h1>{t('title', { org: s.organization.name })}</h1>
      <p className="muted">{t('intro')}</p>
      <div aria-live="polite" role={said && !said.ok ? 'alert' : 'status'}>
        {said && <p className={said.ok ? 'ok' : 'error'}>{said.text}</p>}
        {said?.hint && <p className="muted">{said.hint}</p>}
      </div>
      <Pending loaded={list} />
      {list.state === 'done' && (
        <TableScroll label={t('title', { org: s.organization.name })}>
        <table className="ws-versions">
          <thead>
            <tr><th scope="col">{t('col.name')}</th><th scope="col">{t('col.email')}</th><th scope="col">{t('col.role')}</th><th scope="col">{t('col.actions')}</th></tr>
          </thead>
          <tbody>
            {list.value.people.map((p) => (
              <tr key={p.id}>
                <th scope="row">{p.id === s.person.id ? <>{p.name} <span className="muted">{t('you')}</span></> : p.name}</th>
                <td>{p.email}</td>
                <td>
                  <select aria-label={t('role.label', { name: p.name })} value={p.role} onChange={(e) => void changeRole(p, e.target.value)}>
                    {ROLES[s.organization.kind].map((r) => <option key={r} value={r}>{roleName(r)}</option>)}
                  </select>
                </td>
                <td>
                  <button type="button" onClick={() => void signOut(p)} aria-label={t('signOut.label', { name: p.name })}>{t('signOut')}</button>{' '}
                  <button type="button" onClick={() => void clear(p)} aria-label={t('clear.label', { name: p.name })}>{t('clear')}</button>{' '}
                  <button type="button" onClick={() => remove(p)} aria-label={t('remove.label', { name: p.name })}>{t('remove')}</button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        </TableScroll>
      )}
    </div>
  );
}
