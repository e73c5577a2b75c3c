/**
 * What the roster pages share: the guard (a role that may not read the roster, and every
 * district role, sees "There is no page here", as if the pages did not exist; the server
 * refuses anyway), the links between the pages, and a line said in a live region.
 */
import type { ReactNode } from 'react';
import type { Session } from '../../App.tsx';
import { ApiError } from '../../api.ts';
import { useT, useMessages } from '../../i18n.ts';
import { Link } from '../../components/workspace/Link.tsx';
import { may } from '../../components/workspace/permissions.ts';
import { common } from '../workspace/messages.ts';
import { roster } from './messages.ts';

export function RosterGuard({ session, children }: { session: Session | null; children: ReactNode }) {
  const t = useT();
  if (!session || !may(session, 'roster.read')) return <p>{t('notFound')}</p>;
  return <>{children}</>;
}

export function RosterNav({ session, here }: { session: Session; here: 'members' | 'import' | 'worksites' }) {
  const t = useMessages(roster);
  const c = useMessages(common);
  const pages = [
    { key: 'members', to: '/workspace/roster', label: t('nav.members') },
    ...(may(session, 'roster.write') ? [{ key: 'import', to: '/workspace/roster/import', label: t('nav.import') }] : []),
    { key: 'worksites', to: '/workspace/roster/worksites', label: t('nav.worksites') },
  ];
  return (
    <>
      <p><Link to="/workspace">{c('back')}</Link></p>
      <nav aria-label={t('nav.label')} className="ro-nav">
        <ul>
          {pages.map((p) => (
            <li key={p.key}>{p.key === here ? <span aria-current="page">{p.label}</span> : <Link to={p.to}>{p.label}</Link>}</li>
          ))}
        </ul>
      </nav>
    </>
  );
}

/** What was done, or why not: the server's message and hint, said in a live region. */
export type Said = { ok: boolean; text: string; hint?: string; problems?: string[] } | null;

export function SaidLine({ said }: { said: Said }) {
  return (
    <div aria-live="polite" role={said && !said.ok ? 'alert' : 'status'} className="ro-said">
      {said && <p className={said.ok ? 'ok' : 'error'}>{said.text}</p>}
      {said?.hint && <p className="muted">{said.hint}</p>}
      {said?.problems && said.problems.length > 0 && <ul className="ro-problems">{said.problems.map((p, i) => <li key={i}>{p}</li>)}</ul>}
    </div>
  );
}

/** A refusal as said: the server's message and hint (its problems listed), or the error's text. */
export function refusal(e: unknown): NonNullable<Said> {
  if (e instanceof ApiError) return { ok: false, text: e.problem.message, hint: e.problem.hint };
  return { ok: false, text: e instanceof Error ? e.message : String(e) };
}
