/**
 * A member's page: the shifts I am on and those with room (sign up, cancel), checking in by
 * typing the site's code (queued on the phone when there is no signal, with the time it was
 * typed), and my strike pay with the reasons.
 */
import { useEffect, useState } from 'react';
import type { PageProps, Session } from '../../App.tsx';
import { api, ApiError } from '../../api.ts';
import { useLang, useMessages } from '../../i18n.ts';
import { Pending } from '../../components/workspace/parts.tsx';
import { useApi } from '../../components/workspace/useApi.ts';
import { useFetch } from '../../components/pickets/useFetch.ts';
import { displayText } from '../../text.ts';
import { isMember } from '../../components/pickets/roles.ts';
import { dutyName, Guard, PicketsNav, QueueStatus } from '../../components/pickets/parts.tsx';
import { enqueue, flush, onSent, setQueueOwner } from '../../components/pickets/queue.ts';
import { cents, clock, clockSeconds, dayName } from '../../components/pickets/time.ts';
import type { PayDay, Shift } from '../../components/pickets/types.ts';
import { refusal, SaidLine, type Said } from '../roster/parts.tsx';
import { pk } from './messages.ts';

const MEMBER_REFUSALS = [
  'me.refused.picket.checked-in', 'me.refused.picket.shift-full', 'me.refused.picket.overlap', 'me.refused.picket.shift-over', 'me.refused.picket.day-cancelled', 'me.refused.picket.already-signed-up',
  // A shift removed, or a sign-up cancelled on another phone, since the page was loaded.
  'me.refused.not-found',
] as const;

interface MyPickets { member: { name: string }; days: { id: number; date: string; timeZone: string }[]; mine: { signupId: number; shift: Shift }[]; open: Shift[] }
interface MyAttendance { attendance: { shiftId: number; checkedInAt: string | null; checkedOutAt: string | null; outMethod: string | null }[] }
interface MyPay { periods: { start: string; end: string; days: PayDay[]; amountCents: number; why: string; whyEs: string; paid: boolean; paidCents: number | null }[]; totalCents: number }

export function Mine({ session }: PageProps) {
  return <Guard allowed={isMember(session)}><MinePage session={session as Session} /></Guard>;
}

function MinePage({ session }: { session: Session }) {
  const t = useMessages(pk);
  const lang = useLang();
  const [reload, setReload] = useState(0);
  // My check-ins as the server has them, read again whenever this phone's queue sent some (a walk-up check-in adds a shift to mine).
  const [sent, setSent] = useState(0);
  const me = useFetch<MyPickets>('/api/me/pickets', reload + sent);
  const pay = useApi<MyPay>('/api/me/strike-pay');
  const [said, setSaid] = useState<Said>(null);
  // The account signed in here sends its own queued check-ins (and only those).
  useEffect(() => setQueueOwner(session.person.id), [session.person.id]);
  useEffect(() => void flush(), []);
  useEffect(() => {
    const off = onSent(() => setSent((n) => n + 1));
    return () => void off();
  }, []);
  const attendance = useFetch<MyAttendance>('/api/me/pickets/attendance', reload + sent);
  const mineOn = (shiftId: number) => (attendance.state === 'done' ? attendance.value.attendance.find((a) => a.shiftId === shiftId) : undefined);
  const act = async (run: () => Promise<string>) => {
    try {
      setSaid({ ok: true, text: await run() });
    } catch (e) {
      setSaid(memberRefusal(e));
    }
    setReload((n) => n + 1);
  };
  // What a member may be refused, in their language and without the API's hints (which name routes
  // for organizers); anything else as the server words it.
  const memberRefusal = (e: unknown): Said => {
    // fetch rejects with a TypeError when there is no network ("Failed to fetch"): sign-ups are not queued, so nothing changed.
    if (!(e instanceof ApiError)) return e instanceof TypeError ? { ok: false, text: t('me.refused.network') } : refusal(e);
    const key = MEMBER_REFUSALS.find((k) => k === `me.refused.${e.problem.code}`);
    return key ? { ok: false, text: t(key) } : refusal(e);
  };
  // The strike day's own date and clock (a 4:30 PM shift in Los Angeles starts on the next day in UTC).
  const dayOf = (s: Shift) => (me.state === 'done' ? me.value.days.find((d) => d.id === s.dayId) : undefined);
  const when = (s: Shift) => {
    const day = dayOf(s);
    return `${day ? dayName(day.date, lang) : dayName(s.startsAt.slice(0, 10), lang)}, ${clock(s.startsAt, lang, day?.timeZone)}–${clock(s.endsAt, lang, day?.timeZone)}`;
  };
  const over = (s: Shift) => Date.parse(s.endsAt) <= Date.now();
  // An account with no roster row (an organizer, the election committee): one plain sentence, not two failures.
  const unlinked = [me, pay].some((x) => x.state === 'failed' && x.code === 'picket.no-member-row');
  if (unlinked) {
    return (
      <div className="pk-page">
        <PicketsNav session={session} here="me" />
        <h1>{t('me.title')}</h1>
        <p className="muted" role="status">{t('me.unlinked')}</p>
      </div>
    );
  }
  return (
    <div className="pk-page">
      <PicketsNav session={session} here="me" />
      <h1>{t('me.title')}</h1>
      <QueueStatus />
      <SaidLine said={said} />
      <Pending loaded={me} />
      {me.state === 'done' && (
        <>
          <CheckIn shifts={[...me.value.mine.map((m) => m.shift), ...me.value.open]} onQueued={(at, shift) => setSaid({ ok: true, text: t('me.checkin.queued', { at: clockSeconds(at, lang, dayOf(shift)?.timeZone) }) })} />
          <section aria-labelledby="pk-mine">
            <h2 id="pk-mine">{t('me.mine')}</h2>
            {me.value.mine.length === 0 ? <p className="muted">{t('me.mine.none')}</p> : (
              <ul className="pk-list">
                {me.value.mine.map(({ signupId, shift }) => (
                  <li key={signupId} className="card">
                    <p>{displayText(dutyName(t, shift))}<br /><span className="muted">{when(shift)}</span></p>
                    <MyState at={mineOn(shift.id)} timeZone={dayOf(shift)?.timeZone} />
                    {/* A shift over stays on the record: no cancelling it. */}
                    {!over(shift) && <button type="button" className="ro-secondary" aria-label={t('me.cancel.label', { what: dutyName(t, shift), at: when(shift) })} onClick={() => void act(async () => {
                      await api('DELETE', `/api/me/pickets/signups/${signupId}`);
                      return t('me.cancelled');
                    })}>{t('me.cancel')}</button>}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="pk-open">
            <h2 id="pk-open">{t('me.open')}</h2>
            {me.value.open.length === 0 ? <p className="muted">{t('me.open.none')}</p> : (
              <ul className="pk-list">
                {me.value.open.slice(0, 50).map((shift) => (
                  <li key={shift.id} className="card">
                    <p>{displayText(dutyName(t, shift))}<br /><span className="muted">{when(shift)} · {t('shift.counts', { signed: shift.signedUp, capacity: shift.capacity, minimum: shift.minimum })}</span></p>
                    <button type="button" aria-label={t('me.signup.label', { what: dutyName(t, shift), at: when(shift) })} onClick={() => void act(async () => {
                      await api('POST', '/api/me/pickets/signups', { shiftId: shift.id });
                      return t('me.signed');
                    })}>{t('me.signup')}</button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
      <section aria-labelledby="pk-pay">
        <h2 id="pk-pay">{t('me.pay')}</h2>
        <Pending loaded={pay} />
        {pay.state === 'done' && (pay.value.periods.length === 0 ? <p className="muted">{t('me.pay.none')}</p> : (
          <>
            {/* The total names the weeks it adds up (every week listed below). */}
            <p><strong>{(() => {
              const ps = pay.value.periods;
              const amount = cents(pay.value.totalCents, lang);
              return ps.length === 1
                ? t('me.pay.total', { first: dayName(ps[0].start, lang), amount })
                : t('me.pay.totalWeeks', { n: ps.length, first: dayName(ps[0].start, lang), last: dayName(ps[ps.length - 1].start, lang), amount });
            })()}</strong></p>
            {pay.value.periods.map((p) => (
              <div key={p.start} className="card">
                <h3>{t('me.pay.period', { start: dayName(p.start, lang), amount: cents(p.amountCents, lang) })}{p.paid ? ` (${t('me.pay.paid')})` : ''}</h3>
                {p.paidCents !== null && p.paidCents !== p.amountCents && <p className="pk-warn" role="status">{t('me.pay.differs', { paid: cents(p.paidCents, lang), amount: cents(p.amountCents, lang) })}</p>}
                <p className="muted">{lang === 'es' ? p.whyEs : p.why}</p>
                <ul>{p.days.map((d) => <li key={d.dayId}>{d.label}: {lang === 'es' ? d.whyEs : d.why}</li>)}</ul>
              </div>
            ))}
          </>
        ))}
      </section>
    </div>
  );
}

/** Whether the server has me checked in on a shift: "Checked in at 5:15 PM", then "… and out at 9:30 AM"; nothing before a check-in. */
function MyState({ at, timeZone }: { at: MyAttendance['attendance'][number] | undefined; timeZone: string | undefined }) {
  const t = useMessages(pk);
  const lang = useLang();
  if (!at?.checkedInAt) return null;
  const text = at.checkedOutAt
    ? t(at.outMethod === 'auto' ? 'me.state.auto' : 'me.state.out', { at: clock(at.checkedOutAt, lang, timeZone) })
    : t('me.state.in', { at: clock(at.checkedInAt, lang, timeZone) });
  return <p className="ok" data-my-state={at.checkedOutAt ? 'out' : 'in'}>{text}</p>;
}

/**
 * The site's code typed on the member's phone: queued with the time it was typed. On a shift of
 * mine, or one with room that I walked up to (the server signs me up as a walk-up).
 */
function CheckIn({ shifts, onQueued }: { shifts: Shift[]; onQueued: (at: string, shift: Shift) => void }) {
  const t = useMessages(pk);
  const lang = useLang();
  const now = Date.now();
  const near = shifts.filter((s) => Date.parse(s.startsAt) - 30 * 60_000 <= now && now <= Date.parse(s.endsAt) + 30 * 60_000);
  const [shiftId, setShiftId] = useState('');
  const [code, setCode] = useState('');
  if (near.length === 0) return null;
  const chosen = near.find((s) => String(s.id) === shiftId) ?? near[0];
  return (
    <form className="card pk-checkin" onSubmit={(e) => {
      e.preventDefault();
      const digits = code.replace(/\s/g, '');
      // The pattern below already asks for six digits; a browser that lets the form through anyway sends nothing.
      if (!/^[0-9]{6}$/.test(digits)) return;
      const q = enqueue({ shiftId: chosen.id, action: 'in', code: digits, who: t('nav.me') });
      setCode('');
      // Said on the strike day's clock, as the shift's times and the check-in beside it are.
      onQueued(q.at, chosen);
    }}>
      <h2>{t('me.checkin')}</h2>
      {near.length > 1 && (
        <p>
          <label htmlFor="pk-checkin-shift">{t('me.checkin.shift')}</label>{' '}
          <select id="pk-checkin-shift" value={String(chosen.id)} onChange={(e) => setShiftId(e.target.value)}>
            {near.map((s) => <option key={s.id} value={String(s.id)}>{displayText(`${dutyName(t, s)} ${clock(s.startsAt, lang)}`)}</option>)}
          </select>
        </p>
      )}
      <p>
        <label htmlFor="pk-code-input">{t('me.checkin.code')}</label><br />
        <input id="pk-code-input" inputMode="numeric" autoComplete="one-time-code" pattern="\s*[0-9]{3}\s?[0-9]{3}\s*" title={t('me.checkin.six')} required value={code} onChange={(e) => setCode(e.target.value)} />
      </p>
      <button type="submit">{t('me.checkin.send')}</button>
    </form>
  );
}
