/**
 * Strike days and shifts (organizers): declare a day; make its shifts from a template at every
 * worksite, previewed first; and at one site, see each shift's sign-ups, assign a member and move
 * one to another shift. Each answer, or refusal, is said in a live region.
 */
import { useState } from 'react';
import type { PageProps, Session } from '../../App.tsx';
import { api } from '../../api.ts';
import { useLang, useMessages } from '../../i18n.ts';
import { navigate, withQuery } from '../../router.ts';
import { Pending } from '../../components/workspace/parts.tsx';
import { useApi } from '../../components/workspace/useApi.ts';
import { useFetch } from '../../components/pickets/useFetch.ts';
import { count } from '../../components/workspace/format.ts';
import { displayText } from '../../text.ts';
import { organizes } from '../../components/pickets/roles.ts';
import { DayChoice, dutyName, Guard, pickDay, PicketsNav } from '../../components/pickets/parts.tsx';
import { clock, dayName } from '../../components/pickets/time.ts';
import type { Day, Shift } from '../../components/pickets/types.ts';
import { refusal, SaidLine, type Said } from '../roster/parts.tsx';
import { pk } from './messages.ts';

export function Plan({ session, query }: PageProps) {
  return <Guard allowed={organizes(session)}><PlanPage session={session as Session} query={query} /></Guard>;
}

function PlanPage({ session, query }: { session: Session; query: URLSearchParams }) {
  const t = useMessages(pk);
  const lang = useLang();
  const [reload, setReload] = useState(0);
  const days = useFetch<{ days: Day[] }>('/api/pickets/days', reload);
  const day = days.state === 'done' ? pickDay(days.value.days, query) : null;
  const [said, setSaid] = useState<Said>(null);
  const [date, setDate] = useState('');
  const [label, setLabel] = useState('');
  const act = async (run: () => Promise<string>) => {
    try {
      setSaid({ ok: true, text: await run() });
    } catch (e) {
      setSaid(refusal(e));
    }
    setReload((n) => n + 1);
  };
  return (
    <div className="pk-page">
      <PicketsNav session={session} here="plan" />
      <h1>{t('plan.title')}</h1>
      <SaidLine said={said} />
      <form className="card pk-form" onSubmit={(e) => { e.preventDefault(); void act(async () => {
        const { day: made } = await api<{ day: Day }>('POST', '/api/pickets/days', { date, label });
        navigate(withQuery('day', String(made.id)), { replace: true });
        return t('plan.added', { label });
      }); }}>
        <h2>{t('plan.new')}</h2>
        <p><label htmlFor="pk-date">{t('plan.date')}</label><br /><input id="pk-date" type="date" required value={date} onChange={(e) => setDate(e.target.value)} /></p>
        <p><label htmlFor="pk-label">{t('plan.label')}</label><br /><input id="pk-label" required value={label} onChange={(e) => setLabel(e.target.value)} /></p>
        <button type="submit">{t('plan.add')}</button>
      </form>
      <h2>{t('plan.days')}</h2>
      <Pending loaded={days} />
      {days.state === 'done' && <DayChoice days={days.value.days} day={day} id="pk-plan-day" />}
      {day && <p className="muted">{t('plan.day.facts', { shifts: count(day.shifts ?? 0, lang), sites: count(day.sites ?? 0, lang) })}</p>}
      {day && <Template key={day.id} day={day} act={act} />}
      {day && <SiteShifts key={`s${day.id}-${reload}`} day={day} act={act} />}
    </div>
  );
}

type Row = { start: string; end: string; capacity: number; minimum: number };
type Act = (run: () => Promise<string>) => Promise<void>;

function Template({ day, act }: { day: Day; act: Act }) {
  const t = useMessages(pk);
  const lang = useLang();
  const [name, setName] = useState('Morning and afternoon pickets');
  const [rows, setRows] = useState<Row[]>([{ start: '06:30', end: '09:30', capacity: 20, minimum: 5 }, { start: '14:00', end: '16:00', capacity: 10, minimum: 3 }]);
  const [preview, setPreview] = useState<{ created: number; skipped: number; sample: Shift[] } | null>(null);
  const body = (p: boolean) => ({ name, shifts: rows, worksites: 'all', preview: p });
  const edit = (i: number, k: keyof Row, v: string) => setRows(rows.map((r, j) => (j === i ? { ...r, [k]: k === 'start' || k === 'end' ? v : Number(v) } : r)));
  return (
    <form className="card pk-form" onSubmit={(e) => e.preventDefault()}>
      <h2>{t('tpl.title')}</h2>
      <p><label htmlFor="pk-tpl-name">{t('tpl.name')}</label><br /><input id="pk-tpl-name" value={name} onChange={(e) => setName(e.target.value)} /></p>
      {rows.map((r, i) => (
        <fieldset key={i} className="pk-tpl-row">
          <legend>{t('tpl.row', { n: i + 1 })}</legend>
          {(['start', 'end', 'capacity', 'minimum'] as const).map((k) => (
            <p key={k}>
              <label htmlFor={`pk-tpl-${i}-${k}`}>{t(`tpl.${k}`)}</label><br />
              <input id={`pk-tpl-${i}-${k}`} type={k === 'start' || k === 'end' ? 'time' : 'number'} min={0} value={String(r[k])} onChange={(e) => edit(i, k, e.target.value)} />
            </p>
          ))}
        </fieldset>
      ))}
      <div className="pk-buttons">
        <button type="button" className="ro-secondary" onClick={() => void act(async () => {
          const p = await api<{ created: number; skipped: number; sample: Shift[] }>('POST', `/api/pickets/days/${day.id}/template`, body(true));
          setPreview(p);
          return t('tpl.previewed', { created: count(p.created, lang), skipped: count(p.skipped, lang) });
        })}>{t('tpl.preview')}</button>
        <button type="button" disabled={preview === null} onClick={() => void act(async () => {
          const p = await api<{ created: number; skipped: number }>('POST', `/api/pickets/days/${day.id}/template`, body(false));
          setPreview(null);
          return t('tpl.applied', { created: count(p.created, lang), skipped: count(p.skipped, lang) });
        })}>{t('tpl.apply')}</button>
      </div>
      {preview && (
        <ul className="pk-sample">
          {preview.sample.map((s, i) => <li key={i}>{displayText(dutyName(t, s))}: {clock(s.startsAt, lang, day.timeZone)}–{clock(s.endsAt, lang, day.timeZone)}, {t('shift.counts', { signed: 0, capacity: s.capacity, minimum: s.minimum })}</li>)}
        </ul>
      )}
    </form>
  );
}

interface Signup { id: number; memberRowId: number; name: string }

function SiteShifts({ day, act }: { day: Day; act: Act }) {
  const t = useMessages(pk);
  const lang = useLang();
  const sites = useApi<{ worksites: { id: number; name: string }[] }>('/api/roster/worksites');
  const [site, setSite] = useState('');
  const shifts = useApi<{ shifts: Shift[] }>(site ? `/api/pickets/days/${day.id}/shifts?worksiteId=${site}` : null);
  const members = useApi<{ members: { id: number; name: string; memberId: string }[] }>(site ? `/api/roster/members?worksite=${site}&limit=200` : null);
  return (
    <section aria-labelledby="pk-site" className="card">
      <h2 id="pk-site">{t('site.title')}</h2>
      <p>
        <label htmlFor="pk-site-choice">{t('site.choose')}</label><br />
        <select id="pk-site-choice" value={site} onChange={(e) => setSite(e.target.value)}>
          <option value="">{t('site.pick')}</option>
          {sites.state === 'done' && sites.value.worksites.map((w) => <option key={w.id} value={String(w.id)}>{displayText(w.name)}</option>)}
        </select>
      </p>
      {site && <Pending loaded={shifts} />}
      {shifts.state === 'done' && shifts.value.shifts.length === 0 && <p className="muted">{t('site.none')}</p>}
      {shifts.state === 'done' && shifts.value.shifts.map((s) => (
        <ShiftCard key={s.id} shift={s} others={shifts.value.shifts.filter((o) => o.id !== s.id)} members={members.state === 'done' ? members.value.members : []} timeZone={day.timeZone} act={act} lang={lang} />
      ))}
      <p className="muted">{dayName(day.date, lang)}</p>
    </section>
  );
}

function ShiftCard({ shift, others, members, timeZone, act, lang }: { shift: Shift; others: Shift[]; members: { id: number; name: string; memberId: string }[]; timeZone: string; act: Act; lang: 'en' | 'es' }) {
  const t = useMessages(pk);
  const signups = useApi<{ signups: Signup[] }>(`/api/pickets/shifts/${shift.id}/signups`);
  const [who, setWho] = useState('');
  const at = `${clock(shift.startsAt, lang, timeZone)}–${clock(shift.endsAt, lang, timeZone)}`;
  const on = new Set(signups.state === 'done' ? signups.value.signups.map((s) => s.memberRowId) : []);
  return (
    <div className="pk-shift" data-shift={shift.id}>
      <h3>{displayText(dutyName(t, shift))}, {at}</h3>
      <p className="muted">{t('shift.counts', { signed: shift.signedUp, capacity: shift.capacity, minimum: shift.minimum })}</p>
      {signups.state === 'done' && (
        <ul className="pk-signups">
          {signups.value.signups.map((u) => (
            <li key={u.id}>
              {displayText(u.name)}{' '}
              {others.length > 0 && (
                <select aria-label={t('move.label', { name: u.name })} value="" onChange={(e) => { const to = e.target.value; if (to) void act(async () => {
                  await api('POST', `/api/pickets/signups/${u.id}/move`, { shiftId: Number(to) });
                  return t('move.done', { name: u.name });
                }); }}>
                  <option value="">{t('move')}</option>
                  {others.map((o) => <option key={o.id} value={String(o.id)}>{`${clock(o.startsAt, lang, timeZone)}–${clock(o.endsAt, lang, timeZone)}`}</option>)}
                </select>
              )}
            </li>
          ))}
        </ul>
      )}
      <form className="ro-assign" onSubmit={(e) => { e.preventDefault(); const m = members.find((x) => String(x.id) === who); if (m) void act(async () => {
        await api('POST', `/api/pickets/shifts/${shift.id}/signups`, { memberRowId: m.id });
        return t('assign.done', { name: m.name });
      }); }}>
        <label htmlFor={`pk-assign-${shift.id}`}>{t('assign.label', { at })}</label>
        <div className="ro-assign-row">
          <select id={`pk-assign-${shift.id}`} value={who} onChange={(e) => setWho(e.target.value)}>
            <option value="">{t('assign.choose')}</option>
            {members.filter((m) => !on.has(m.id)).map((m) => <option key={m.id} value={String(m.id)}>{displayText(`${m.name} (${m.memberId})`)}</option>)}
          </select>
          <button type="submit" disabled={who === ''}>{t('assign')}</button>
        </div>
      </form>
    </div>
  );
}
