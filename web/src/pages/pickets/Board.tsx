/**
 * The coverage board (organizers): a strike day by region and site, live from the server's event
 * stream (EventSource: each `board` event is the whole board, at most every 500 ms after a
 * change), with the at-risk list below it and one action to message those who are late.
 */
import { useEffect, useState } from 'react';
import type { PageProps, Session } from '../../App.tsx';
import { api } from '../../api.ts';
import { useLang, useMessages } from '../../i18n.ts';
import { Pending } from '../../components/workspace/parts.tsx';
import { useApi } from '../../components/workspace/useApi.ts';
import { useFetch } from '../../components/pickets/useFetch.ts';
import { count } from '../../components/workspace/format.ts';
import { UserText } from '../../components/UserText.tsx';
import { organizes } from '../../components/pickets/roles.ts';
import { DayChoice, Guard, pickDay, PicketsNav } from '../../components/pickets/parts.tsx';
import { clock, clockSeconds } from '../../components/pickets/time.ts';
import type { AtRisk, Board as BoardAnswer, Day } from '../../components/pickets/types.ts';
import { refusal, SaidLine, type Said } from '../roster/parts.tsx';
import { navigate, withQuery } from '../../router.ts';
import { pk } from './messages.ts';

export function Board({ session, query }: PageProps) {
  return <Guard allowed={organizes(session)}><BoardPage session={session as Session} query={query} /></Guard>;
}

function BoardPage({ session, query }: { session: Session; query: URLSearchParams }) {
  const t = useMessages(pk);
  const days = useApi<{ days: Day[] }>('/api/pickets/days');
  const day = days.state === 'done' ? pickDay(days.value.days, query) : null;
  // `?at=`: the day as it stood then (a morning looked back on), read once instead of live.
  const asked = query.get('at');
  const at = asked && !Number.isNaN(Date.parse(asked)) ? new Date(asked).toISOString() : null;
  return (
    <div className="pk-page">
      <PicketsNav session={session} here="board" />
      <h1>{t('board.title')}</h1>
      <Pending loaded={days} />
      {days.state === 'done' && <DayChoice days={days.value.days} day={day} id="pk-board-day" />}
      {day && (at ? <LookingBack key={`${day.id}@${at}`} day={day} at={at} /> : <Live key={day.id} day={day} />)}
      {day && <Risk key={`r${day.id}@${at ?? ''}`} day={day} at={at} />}
    </div>
  );
}

function Live({ day }: { day: Day }) {
  const t = useMessages(pk);
  const lang = useLang();
  const [board, setBoard] = useState<BoardAnswer | null>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const source = new EventSource(`/api/pickets/days/${day.id}/board/events`);
    source.addEventListener('board', (e) => {
      setBoard(JSON.parse((e as MessageEvent<string>).data) as BoardAnswer);
      setOpen(true);
    });
    source.onerror = () => setOpen(false);
    return () => source.close();
  }, [day.id]);
  if (!board) return <p className="muted" aria-live="polite">{t('board.reconnecting')}</p>;
  const over = board.regions.every((r) => r.sites.every((x) => x.shifts.every((sh) => sh.status === 'over')));
  const last = board.day.lastActionAt ?? null;
  return (
    <>
      <p className="muted" role="status">{open ? t('board.live') : t('board.reconnecting')} {t('board.asOf', { at: clockSeconds(board.asOf, lang, day.timeZone) })}</p>
      {over && last && (
        <p className="pk-look-back">
          {t('board.over')}{' '}
          <a href={withQuery('at', last)} onClick={(e) => { e.preventDefault(); navigate(withQuery('at', last)); }}>{t('board.lookBack', { at: clock(last, lang, day.timeZone) })}</a>
        </p>
      )}
      <BoardView board={board} day={day} />
    </>
  );
}

/** The board as it stood at `at` (GET …/board?at=), with the way back to now. */
function LookingBack({ day, at }: { day: Day; at: string }) {
  const t = useMessages(pk);
  const lang = useLang();
  const board = useFetch<BoardAnswer>(`/api/pickets/days/${day.id}/board?at=${encodeURIComponent(at)}`, 0);
  return (
    <>
      <p className="pk-look-back" role="status">
        {t('board.lookingBack', { at: clock(at, lang, day.timeZone) })}{' '}
        <a href={withQuery('at', null)} onClick={(e) => { e.preventDefault(); navigate(withQuery('at', null)); }}>{t('board.backToNow')}</a>
      </p>
      <Pending loaded={board} />
      {board.state === 'done' && <BoardView board={board.value} day={day} />}
    </>
  );
}

function BoardView({ board, day }: { board: BoardAnswer; day: Day }) {
  const t = useMessages(pk);
  const lang = useLang();
  const n = (x: number) => count(x, lang);
  const totals = [
    ['sites', board.totals.sites], ...(board.totals.places > 0 ? [['places', board.totals.places] as const] : []), ['shifts', board.totals.shifts], ['signedUp', board.totals.signedUp], ['arrived', board.totals.arrived],
    ['checkedIn', board.totals.checkedIn],
    // A walk-up on two shifts at once counts on each shift; the people, each once, when that differs.
    ...(board.totals.peopleArrived !== board.totals.arrived ? [['peopleArrived', board.totals.peopleArrived] as const] : []),
    ...(board.totals.peopleCheckedIn !== board.totals.checkedIn ? [['peopleCheckedIn', board.totals.peopleCheckedIn] as const] : []),
    ['below', board.totals.belowMinimum], ['noCaptain', board.totals.noCaptain],
  ] as const;
  return (
    <section aria-labelledby="pk-board">
      <h2 id="pk-board" className="visually-hidden">{t('board.title')}</h2>
      <ul className="pk-totals">
        {totals.map(([k, v]) => <li key={k} data-total={k}><strong>{n(v)}</strong> {t(`board.${k}`)}</li>)}
      </ul>
      {board.regions.map((r) => (
        <section key={r.region ?? ''} aria-labelledby={`pk-region-${r.region ?? 'none'}`} className="pk-region">
          <h3 id={`pk-region-${r.region ?? 'none'}`}>{r.region ? <UserText text={r.region} /> : t('board.region.none')}</h3>
          <ul className="pk-sites">
            {r.sites.map((s) => (
              <li key={`${s.worksiteId ?? s.name}`} className="card pk-site" data-site={s.name}>
                <p className="pk-site-name"><UserText text={s.name} />{s.belowMinimum && <>{' '}<span className="ws-tag ws-modified">{t('board.flag.below')}</span></>}{s.noCaptain && <>{' '}<span className="ws-tag ws-modified">{t('board.flag.noCaptain')}</span></>}</p>
                <ul className="pk-board-shifts">
                  {s.shifts.map((sh) => (
                    <li key={sh.id} data-shift={sh.id}>
                      {clock(sh.startsAt, lang, day.timeZone)}–{clock(sh.endsAt, lang, day.timeZone)}: <span data-checked-in={sh.checkedIn}>{n(sh.checkedIn)} {t('board.checkedIn').toLowerCase()}</span>, {n(sh.arrived)} {t('board.arrived').toLowerCase()}, {t('shift.counts', { signed: n(sh.signedUp), capacity: n(sh.capacity), minimum: n(sh.minimum) })}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

function Risk({ day, at }: { day: Day; at: string | null }) {
  const t = useMessages(pk);
  const lang = useLang();
  const [reload, setReload] = useState(0);
  const risk = useFetch<AtRisk>(`/api/pickets/days/${day.id}/at-risk${at ? `?at=${encodeURIComponent(at)}` : ''}`, reload);
  const [via, setVia] = useState<'sms' | 'email'>('sms');
  const [said, setSaid] = useState<Said>(null);
  const message = async () => {
    try {
      const r = await api<{ queued: number; alreadyQueued: number; optedOut: number; noAddress: number }>('POST', `/api/pickets/days/${day.id}/at-risk/messages`, { via });
      setSaid({ ok: true, text: t('risk.done', { queued: r.queued, already: r.alreadyQueued, optedOut: r.optedOut, noAddress: r.noAddress }) });
    } catch (e) {
      setSaid(refusal(e));
    }
    setReload((n) => n + 1);
  };
  return (
    <section aria-labelledby="pk-risk" className="pk-risk">
      <h2 id="pk-risk">{t('risk.title')}</h2>
      <Pending loaded={risk} />
      {risk.state === 'done' && (
        <>
          <h3>{t('risk.late', { n: count(risk.value.late.length, lang) })}</h3>
          {risk.value.late.length === 0 ? <p className="muted">{t('risk.late.none')}</p> : (
            <>
              <ul className="pk-late">
                {risk.value.late.slice(0, 200).map((l) => <li key={`${l.shiftId}-${l.memberRowId}`}><UserText text={l.name} />, <UserText text={l.worksite} />: {t('risk.minutes', { n: l.minutesLate })}{l.messaged ? ` (${t('risk.messaged')})` : ''}</li>)}
              </ul>
              {!at && <form className="pk-message" onSubmit={(e) => { e.preventDefault(); void message(); }}>
                <label htmlFor="pk-via">{t('risk.via')}</label>{' '}
                <select id="pk-via" value={via} onChange={(e) => setVia(e.target.value as 'sms' | 'email')}>
                  <option value="sms">{t('risk.via.sms')}</option>
                  <option value="email">{t('risk.via.email')}</option>
                </select>{' '}
                <button type="submit">{t('risk.message')}</button>
              </form>}
            </>
          )}
          <SaidLine said={said} />
          <h3>{t('risk.below', { n: count(risk.value.belowMinimum.length, lang) })}</h3>
          {risk.value.belowMinimum.length === 0 ? <p className="muted">{t('risk.below.none')}</p> : (
            <ul className="pk-below">
              {risk.value.belowMinimum.slice(0, 200).map((b) => <li key={b.shiftId}><UserText text={b.worksite} />, {clock(b.startsAt, lang, day.timeZone)}: {b.checkedIn} / {b.minimum}</li>)}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
