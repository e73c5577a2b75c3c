/**
 * What the strike-morning pages share: the guard (a role without the page sees "There is no page
 * here", as if it did not exist), the links between the pages, the strike-day choice, whether the
 * device is online, and what is waiting to be sent.
 */
import { useEffect, useState, type ReactNode } from 'react';
import type { Session } from '../../App.tsx';
import { useLang, useMessages, useT } from '../../i18n.ts';
import { navigate, withQuery } from '../../router.ts';
import { Link } from '../workspace/Link.tsx';
import { pk } from '../../pages/pickets/messages.ts';
import { common } from '../../pages/workspace/messages.ts';
import { captains, isMember, organizes } from './roles.ts';
import { mine, useQueue } from './queue.ts';
import { clockSeconds, dayName } from './time.ts';
import type { Day, Shift } from './types.ts';

export function Guard({ allowed, children }: { allowed: boolean; children: ReactNode }) {
  const t = useT();
  return allowed ? <>{children}</> : <p>{t('notFound')}</p>;
}

export type Here = 'plan' | 'board' | 'pay' | 'captain' | 'me';

export function PicketsNav({ session, here }: { session: Session; here: Here | null }) {
  const t = useMessages(pk);
  const c = useMessages(common);
  const pages: { key: Here; to: string; show: boolean }[] = [
    { key: 'plan', to: '/workspace/pickets/plan', show: organizes(session) },
    { key: 'board', to: '/workspace/pickets/board', show: organizes(session) },
    { key: 'pay', to: '/workspace/pickets/pay', show: organizes(session) },
    { key: 'captain', to: '/workspace/pickets/captain', show: captains(session) },
    { key: 'me', to: '/workspace/pickets/me', show: isMember(session) },
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

/** The strike day in the address (`?day=`), or the latest one that has started, else the first (the union's days and the district's alike). */
export function pickDay<D extends { id: number; date: string; cancelled: boolean }>(days: D[], query: URLSearchParams): D | null {
  const asked = Number(query.get('day'));
  const found = days.find((d) => d.id === asked);
  if (found) return found;
  const today = new Date().toISOString().slice(0, 10);
  const past = days.filter((d) => d.date <= today && !d.cancelled);
  return past.length > 0 ? past[past.length - 1] : days[0] ?? null;
}

export function DayChoice({ days, day, id }: { days: Day[]; day: Day | null; id: string }) {
  const t = useMessages(pk);
  const lang = useLang();
  if (days.length === 0) return <p className="muted">{t('none.days')}</p>;
  return (
    <p className="pk-day">
      <label htmlFor={id}>{t('day')}</label>{' '}
      <select id={id} value={day ? String(day.id) : ''} onChange={(e) => navigate(withQuery('day', e.target.value), { replace: true })}>
        {days.map((d) => <option key={d.id} value={String(d.id)}>{`${d.label} — ${dayName(d.date, lang)}`}</option>)}
      </select>
    </p>
  );
}

export function useOnline(): boolean {
  const [online, setOnline] = useState(navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

export function dutyName(t: (k: 'duty.picket') => string, s: Pick<Shift, 'duty' | 'worksite' | 'place'>): string {
  const duty = t(`duty.${s.duty}` as 'duty.picket');
  return s.duty === 'picket' ? `${duty}, ${s.worksite ?? ''}` : `${duty}, ${s.place ?? s.worksite ?? ''}`;
}

/** How many actions wait to be sent and when each was recorded; what the server refused. */
export function QueueStatus() {
  const t = useMessages(pk);
  const lang = useLang();
  const all = useQueue();
  const online = useOnline();
  // This account's actions; another account's wait, said apart (queue.ts, `mine`).
  const q = { ...all, waiting: all.waiting.filter((a) => mine(a, all.owner)) };
  const held = all.waiting.length - q.waiting.length;
  const refused = q.answered.filter((a) => a.outcome === 'refused');
  return (
    <section aria-labelledby="pk-queue" className="card pk-queue">
      <h2 id="pk-queue" className="visually-hidden">{t('waiting', { n: q.waiting.length })}</h2>
      {!online && <p role="alert" className="error">{t('offline')}</p>}
      <div role="status" aria-live="polite">
        {q.waiting.length === 0 ? <p className="ok">{t('waiting.none')}</p> : <p><strong data-waiting={q.waiting.length}>{t('waiting', { n: q.waiting.length })}</strong>{q.sending ? ` · ${t('sending')}` : ''}</p>}
      </div>
      {q.waiting.length > 0 && (
        <ul className="pk-waiting">
          {q.waiting.map((a) => <li key={a.id}>{t('waiting.item', { who: a.who, action: t(`action.${a.action}`), at: clockSeconds(a.at, lang) })}</li>)}
        </ul>
      )}
      {refused.length > 0 && (
        <ul className="pk-refused" role="alert">
          {refused.map((a) => <li key={a.id} className="error">{t('refused', { who: a.who, reason: reasonText(t, a.reason) })}</li>)}
        </ul>
      )}
      {held > 0 && <p className="muted" data-held={held}>{t('waiting.held', { n: held })}</p>}
      {q.lastError && <p className="error">{q.lastError.status === 401 ? t('send.signed-out') : t('send.refused', { message: q.lastError.message })}</p>}
    </section>
  );
}

type PkKey = keyof typeof pk.en;

/** A refused check-in's reason in the page's language; a code this page does not know, as sent. */
function reasonText(t: (key: PkKey) => string, reason: string | undefined): string {
  if (!reason) return '';
  const key = `reason.${reason}`;
  return key in pk.en ? t(key as PkKey) : reason;
}
