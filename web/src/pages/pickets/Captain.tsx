/**
 * The captain's page, on a phone on the sidewalk: today's shifts at my site, the rotating code
 * large on screen, and the shift list with one tap to check a person in or out. The codes for
 * the whole shift are fetched while online and kept on the phone, so the code keeps changing
 * with no signal; check-ins are queued on the phone (components/pickets/queue.ts) and shown as
 * waiting, with the time they were recorded, until the server has them.
 */
import { useEffect, useState } from 'react';
import type { PageProps, Session } from '../../App.tsx';
import { api } from '../../api.ts';
import { useLang, useMessages } from '../../i18n.ts';
import { navigate, withQuery } from '../../router.ts';
import { Pending } from '../../components/workspace/parts.tsx';
import { useApi } from '../../components/workspace/useApi.ts';
import { UserText } from '../../components/UserText.tsx';
import { displayText } from '../../text.ts';
import { captains } from '../../components/pickets/roles.ts';
import { DayChoice, dutyName, Guard, pickDay, PicketsNav, QueueStatus } from '../../components/pickets/parts.tsx';
import { enqueue, flush, onSent, setQueueOwner, useQueue } from '../../components/pickets/queue.ts';
import { clock, clockSeconds } from '../../components/pickets/time.ts';
import type { Codes, Day, Person, Shift } from '../../components/pickets/types.ts';
import { pk } from './messages.ts';
import { ruleText } from '../../components/pickets/rule-words.ts';

export function Captain({ session, query }: PageProps) {
  return <Guard allowed={captains(session)}><CaptainPage session={session as Session} query={query} /></Guard>;
}

function CaptainPage({ session, query }: { session: Session; query: URLSearchParams }) {
  const t = useMessages(pk);
  const lang = useLang();
  const days = useApi<{ days: Day[] }>('/api/pickets/days');
  const day = days.state === 'done' ? pickDay(days.value.days, query) : null;
  const shifts = useApi<{ shifts: Shift[] }>(day ? `/api/pickets/captain/shifts?dayId=${day.id}` : null);
  const list = shifts.state === 'done' ? shifts.value.shifts : [];
  const shift = list.find((s) => s.id === Number(query.get('shift'))) ?? list[0] ?? null;
  // The account signed in here sends its own queued check-ins (and only those).
  useEffect(() => setQueueOwner(session.person.id), [session.person.id]);
  useEffect(() => void flush(), []);
  return (
    <div className="pk-page">
      <PicketsNav session={session} here="captain" />
      <h1>{t('captain.title')}</h1>
      <QueueStatus />
      <Pending loaded={days} />
      {days.state === 'done' && <DayChoice days={days.value.days} day={day} id="pk-captain-day" />}
      {day && <Pending loaded={shifts} />}
      {shifts.state === 'done' && list.length === 0 && <p className="muted">{t('captain.none')}</p>}
      {list.length > 1 && (
        <p>
          <label htmlFor="pk-shift">{t('captain.shift')}</label>{' '}
          <select id="pk-shift" value={shift ? String(shift.id) : ''} onChange={(e) => navigate(withQuery('shift', e.target.value), { replace: true })}>
            {list.map((s) => <option key={s.id} value={String(s.id)}>{displayText(`${dutyName(t, s)} ${clock(s.startsAt, lang, day?.timeZone)}–${clock(s.endsAt, lang, day?.timeZone)}`)}</option>)}
          </select>
        </p>
      )}
      {shift && day && <ShiftDesk key={shift.id} shift={shift} timeZone={day.timeZone} />}
    </div>
  );
}

const codesKey = (id: number) => `settle.pickets.codes.${id}`;

/** The shift's codes: from the server when online (kept on the phone), else as kept. */
function useCodes(shiftId: number): Codes | null {
  const [codes, setCodes] = useState<Codes | null>(() => {
    try {
      return JSON.parse(localStorage.getItem(codesKey(shiftId)) ?? 'null') as Codes | null;
    } catch {
      return null;
    }
  });
  useEffect(() => {
    api<Codes>('GET', `/api/pickets/shifts/${shiftId}/codes`).then((c) => {
      localStorage.setItem(codesKey(shiftId), JSON.stringify(c));
      setCodes(c);
    }, () => undefined);
  }, [shiftId]);
  return codes;
}

function useNow(ms = 1000): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}

function ShiftDesk({ shift, timeZone }: { shift: Shift; timeZone: string }) {
  const t = useMessages(pk);
  const lang = useLang();
  const codes = useCodes(shift.id);
  const now = useNow();
  const current = codes?.codes.find((c) => Date.parse(c.from) <= now && now < Date.parse(c.to)) ?? null;
  const [reload, setReload] = useState(0);
  const [people, setPeople] = useState<Person[] | null>(null);
  const queue = useQueue();
  useEffect(() => onSent(() => setReload((n) => n + 1)), []);
  useEffect(() => {
    let gone = false;
    api<{ people: Person[] }>('GET', `/api/pickets/shifts/${shift.id}/attendance`).then((a) => !gone && setPeople(a.people), () => undefined);
    return () => {
      gone = true;
    };
  }, [shift.id, reload]);
  const record = (p: Person, action: 'in' | 'out' | 'undo') => enqueue({ shiftId: shift.id, memberRowId: p.memberRowId, action, who: p.name });

  return (
    <>
      <section aria-labelledby="pk-code" className="card pk-code-card">
        <h2 id="pk-code">{t('code')}</h2>
        {current ? (
          <>
            <p className="pk-code" data-code={current.code} aria-live="polite">{current.code.slice(0, 3)} {current.code.slice(3)}</p>
            <p className="muted">{t('code.until', { at: clock(current.to, lang, timeZone) })}</p>
          </>
        ) : <p className="muted">{t('code.none')}</p>}
      </section>
      <section aria-labelledby="pk-people">
        <h2 id="pk-people">{t('people')} <span className="muted">({displayText(dutyName(t, shift))}, {clock(shift.startsAt, lang, timeZone)}–{clock(shift.endsAt, lang, timeZone)})</span></h2>
        {people && people.length === 0 && <p className="muted">{t('people.none')}</p>}
        <ul className="pk-people">
          {(people ?? []).map((p) => {
            const waiting = [...queue.waiting].reverse().find((a) => a.shiftId === shift.id && a.memberRowId === p.memberRowId);
            const isIn = waiting ? waiting.action === 'in' : p.checkedInAt !== null && p.checkedOutAt === null;
            return (
              <li key={p.memberRowId} className="card pk-person" data-member={p.memberRowId}>
                <p className="pk-name"><UserText text={p.name} /></p>
                <p className="pk-state">
                  {waiting ? <span className="pk-queued">{t('state.queued', { action: t(`action.${waiting.action}`), at: clockSeconds(waiting.at, lang, timeZone) })}</span>
                    : p.checkedOutAt ? t(p.outMethod === 'auto' ? 'state.auto' : 'state.out', { at: clock(p.checkedOutAt, lang, timeZone) })
                    : p.checkedInAt ? t('state.in', { at: clock(p.checkedInAt, lang, timeZone) }) : t('state.not')}
                </p>
                {p.conflict && <p className="pk-conflict" role="note">{t('conflict', { rule: ruleText(p.conflict.rule, lang) })}</p>}
                <div className="pk-buttons">
                  {!isIn && <button type="button" aria-label={t('in.label', { name: p.name })} onClick={() => record(p, 'in')}>{t('in')}</button>}
                  {isIn && <button type="button" aria-label={t('out.label', { name: p.name })} onClick={() => record(p, 'out')}>{t('out')}</button>}
                  {isIn && <button type="button" className="ro-secondary" aria-label={t('undo.label', { name: p.name })} onClick={() => record(p, 'undo')}>{t('undo')}</button>}
                </div>
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}
