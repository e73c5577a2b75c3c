/**
 * Strike pay (organizers): the rules (saved as a new version), the weeks, the ledger of a week
 * with each member's days and the reason, an exception for a member and a day with a reason, and
 * producing the week's payout file once, then downloading it as produced.
 */
import { useState } from 'react';
import type { PageProps, Session } from '../../App.tsx';
import { api } from '../../api.ts';
import { useLang, useMessages } from '../../i18n.ts';
import { navigate, withQuery } from '../../router.ts';
import { Pending } from '../../components/workspace/parts.tsx';
import { count } from '../../components/workspace/format.ts';
import { TableScroll } from '../../components/TableScroll.tsx';
import { UserText } from '../../components/UserText.tsx';
import { organizes } from '../../components/pickets/roles.ts';
import { Guard, PicketsNav } from '../../components/pickets/parts.tsx';
import { useFetch } from '../../components/pickets/useFetch.ts';
import { cents, dayName, moment } from '../../components/pickets/time.ts';
import type { PayRow, PayRules, Payout } from '../../components/pickets/types.ts';
import { refusal, SaidLine, type Said } from '../roster/parts.tsx';
import { pk } from './messages.ts';

interface Ledger { rows: PayRow[]; count: number; members: number; totalCents: number; payout: Payout | null; differing: number }
interface Period { start: string; end: string; closesAt: string; open: boolean; produced: boolean }

export function Pay({ session, query }: PageProps) {
  return <Guard allowed={organizes(session)}><PayPage session={session as Session} query={query} /></Guard>;
}

function PayPage({ session, query }: { session: Session; query: URLSearchParams }) {
  const t = useMessages(pk);
  const lang = useLang();
  const [again, setAgain] = useState(0);
  const [said, setSaid] = useState<Said>(null);
  // Producing a big union's week takes seconds: the button says so and is not pressed twice, and
  // what came of it is said beside it (the page's own line is far above on a phone).
  const [producing, setProducing] = useState(false);
  const [produced, setProduced] = useState<{ week: string; said: Said } | null>(null);
  const produce = async (week: string) => {
    setProducing(true);
    try {
      const { payout } = await api<{ payout: Payout }>('POST', '/api/pickets/pay/payouts', { periodStart: week });
      setProduced({ week, said: { ok: true, text: t('pay.produced', { members: count(payout.members, lang), total: cents(payout.totalCents, lang) }) } });
    } catch (e) {
      setProduced({ week, said: refusal(e) });
    }
    setProducing(false);
    setAgain((n) => n + 1);
  };
  const rules = useFetch<{ rules: PayRules; version: number }>('/api/pickets/pay/rules', again);
  const periods = useFetch<{ periods: Period[] }>('/api/pickets/pay/periods', again);
  const list = periods.state === 'done' ? periods.value.periods : [];
  const period = list.find((p) => p.start === query.get('week')) ?? list[0] ?? null;
  const ledger = useFetch<Ledger>(period ? `/api/pickets/pay/ledger?periodStart=${period.start}&limit=100` : null, again);
  const act = async (run: () => Promise<string>) => {
    try {
      setSaid({ ok: true, text: await run() });
    } catch (e) {
      setSaid(refusal(e));
    }
    setAgain((n) => n + 1);
  };
  return (
    <div className="pk-page">
      <PicketsNav session={session} here="pay" />
      <h1>{t('pay.title')}</h1>
      <SaidLine said={said} />
      <Pending loaded={rules} />
      {rules.state === 'done' && <RulesForm key={rules.value.version} rules={rules.value.rules} version={rules.value.version} act={act} />}
      <Pending loaded={periods} />
      {list.length > 0 && (
        <p>
          <label htmlFor="pk-week">{t('pay.period')}</label>{' '}
          <select id="pk-week" value={period?.start ?? ''} onChange={(e) => navigate(withQuery('week', e.target.value), { replace: true })}>
            {list.map((p) => <option key={p.start} value={p.start}>{dayName(p.start, lang)}</option>)}
          </select>
        </p>
      )}
      {period && <Pending loaded={ledger} />}
      {period && ledger.state === 'done' && (
        <section aria-labelledby="pk-ledger">
          <h2 id="pk-ledger">{t('pay.ledger', { start: dayName(period.start, lang) })}</h2>
          <p>{t('pay.ledger.facts', { members: count(ledger.value.members, lang), total: cents(ledger.value.totalCents, lang) })}</p>
          {ledger.value.payout ? <p><a href={`/api/pickets/pay/payouts/${ledger.value.payout.id}/csv`} download>{t('pay.download', { start: dayName(period.start, lang) })}</a></p>
            : period.open ? <p className="muted">{t('pay.open', { when: moment(period.closesAt, lang, rules.state === 'done' ? rules.value.rules.timeZone : undefined) })}</p>
            : produced?.week === period.start && produced.said?.ok ? null
            : <button type="button" disabled={producing} aria-busy={producing} onClick={() => void produce(period.start)}>{producing ? t('pay.producing') : t('pay.produce')}</button>}
          <SaidLine said={produced?.week === period.start ? produced.said : null} />
          {ledger.value.differing > 0 && <p className="pk-warn" role="status">{t('pay.differing', { n: count(ledger.value.differing, lang) })}</p>}
          {ledger.value.count > ledger.value.rows.length && <p className="muted">{t('pay.more', { shown: count(ledger.value.rows.length, lang), n: count(ledger.value.count, lang) })}</p>}
          <TableScroll label={t('pay.ledger', { start: dayName(period.start, lang) })}>
            <table className="pk-ledger">
              <thead><tr><th scope="col">{t('pay.col.member')}</th><th scope="col">{t('pay.col.days')}</th><th scope="col">{t('pay.col.hours')}</th><th scope="col">{t('pay.col.amount')}</th>{ledger.value.payout && <th scope="col">{t('pay.col.paid')}</th>}<th scope="col">{t('pay.col.why')}</th></tr></thead>
              <tbody>
                {ledger.value.rows.map((r) => (
                  <tr key={r.memberRowId}><th scope="row"><UserText text={r.name} /> <span className="muted"><UserText text={r.memberId} /></span></th><td>{r.eligibleDays}</td><td>{count(r.hours, lang, 2)}</td><td>{cents(r.amountCents, lang)}</td>{ledger.value.payout && <td className={r.paidCents !== r.amountCents ? 'pk-warn' : undefined}>{cents(r.paidCents ?? 0, lang)}</td>}<td>{lang === 'es' ? r.whyEs : r.why}<DayReasons row={r} revoke={ledger.value.payout ? null : (id) => void act(async () => {
                    await api('DELETE', `/api/pickets/pay/exceptions/${id}`);
                    return t('pay.except.revoked');
                  })} /></td></tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <Exception rows={ledger.value.rows} period={period} act={act} />
        </section>
      )}
    </div>
  );
}

function RulesForm({ rules, version, act }: { rules: PayRules; version: number; act: (run: () => Promise<string>) => Promise<void> }) {
  const t = useMessages(pk);
  const [amount, setAmount] = useState(String(rules.amountCents / 100));
  const [hours, setHours] = useState(String(rules.minHoursPerDay));
  const [basis, setBasis] = useState(rules.basis);
  const [firstWeek, setFirstWeek] = useState(rules.firstWeek);
  return (
    <form className="card pk-form" onSubmit={(e) => { e.preventDefault(); void act(async () => {
      const saved = await api<{ version: number }>('PUT', '/api/pickets/pay/rules', { rules: { ...rules, basis, firstWeek, amountCents: Math.round(Number(amount) * 100), minHoursPerDay: Number(hours) } });
      return t('pay.saved', { version: saved.version });
    }); }}>
      <h2>{t('pay.rules')} <span className="muted">({t('pay.version', { version })})</span></h2>
      <p><label htmlFor="pk-basis">{t('pay.basis')}</label><br />
        <select id="pk-basis" value={basis} onChange={(e) => setBasis(e.target.value as 'day' | 'week')}><option value="day">{t('pay.basis.day')}</option><option value="week">{t('pay.basis.week')}</option></select></p>
      <p><label htmlFor="pk-amount">{t('pay.amount')}</label><br /><input id="pk-amount" type="number" min={0} step="0.01" value={amount} onChange={(e) => setAmount(e.target.value)} /></p>
      <p><label htmlFor="pk-hours">{t('pay.minHours')}</label><br /><input id="pk-hours" type="number" min={0} max={24} step="0.25" value={hours} onChange={(e) => setHours(e.target.value)} /></p>
      <p><label htmlFor="pk-first">{t('pay.firstWeek')}</label><br />
        <select id="pk-first" value={firstWeek} onChange={(e) => setFirstWeek(e.target.value)}>
          {(['paid', 'unpaid', 'with-next'] as const).map((k) => <option key={k} value={k}>{t(`pay.firstWeek.${k}`)}</option>)}
        </select></p>
      <button type="submit">{t('pay.save')}</button>
    </form>
  );
}

/** Each day of a member's week and why it counted or not, with the exception granted on it (revocable until the week is paid). */
function DayReasons({ row, revoke }: { row: PayRow; revoke: ((exceptionId: number) => void) | null }) {
  const t = useMessages(pk);
  const lang = useLang();
  if (row.days.length === 0) return null;
  return (
    <ul className="pk-days">
      {row.days.map((d) => (
        <li key={d.dayId}>
          <UserText text={d.label} />: {lang === 'es' ? d.whyEs : d.why}
          {d.exception && revoke && <> <button type="button" className="ro-secondary" aria-label={t('pay.except.revoke.label', { name: row.name, day: d.label })} onClick={() => revoke(d.exception!.id)}>{t('pay.except.revoke')}</button></>}
        </li>
      ))}
    </ul>
  );
}

interface Found { id: number; name: string; memberId: string }

/**
 * An exception for any member of the roster (found by name, member id or e-mail, beside those on
 * the week's ledger) on any strike day of the week: a member sent home ill before checking in, or
 * a duty nobody recorded, has no day on the ledger to choose.
 */
function Exception({ rows, period, act }: { rows: PayRow[]; period: Period; act: (run: () => Promise<string>) => Promise<void> }) {
  const t = useMessages(pk);
  const lang = useLang();
  const [member, setMember] = useState('');
  const [day, setDay] = useState('');
  const [kind, setKind] = useState<'count' | 'exclude'>('count');
  const [reason, setReason] = useState('');
  const [q, setQ] = useState('');
  const [found, setFound] = useState<Found[] | null>(null);
  const days = useFetch<{ days: { id: number; date: string; label: string; cancelled?: boolean }[] }>('/api/pickets/days', 0);
  const weekDays = days.state === 'done' ? days.value.days.filter((d) => d.date >= period.start && d.date <= period.end) : [];
  const choices: Found[] = [...rows.map((r) => ({ id: r.memberRowId, name: r.name, memberId: r.memberId })), ...(found ?? []).filter((f) => !rows.some((r) => r.memberRowId === f.id))];
  const search = async () => {
    const answer = await api<{ members: Found[] }>('GET', `/api/roster/members?q=${encodeURIComponent(q.trim())}&limit=50`);
    setFound(answer.members);
    if (answer.members.length > 0) setMember(String(answer.members[0].id));
  };
  return (
    <form className="card pk-form" onSubmit={(e) => { e.preventDefault(); void act(async () => {
      await api('POST', '/api/pickets/pay/exceptions', { memberRowId: Number(member), strikeDayId: Number(day), kind, reason });
      setReason('');
      return t('pay.except.done');
    }); }}>
      <h3>{t('pay.except')}</h3>
      <p><label htmlFor="pk-ex-find">{t('pay.except.find')}</label><br />
        <input id="pk-ex-find" type="search" value={q} onChange={(e) => setQ(e.target.value)} onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); void search(); } }} />{' '}
        <button type="button" className="ro-secondary" disabled={q.trim().length === 0} onClick={() => void search()}>{t('pay.except.findGo')}</button></p>
      {found !== null && <p role="status" className="muted">{t('pay.except.found', { n: count(found.length, lang) })}</p>}
      <p><label htmlFor="pk-ex-member">{t('pay.except.member')}</label><br />
        <select id="pk-ex-member" value={member} onChange={(e) => setMember(e.target.value)} required><option value="" />{choices.map((r) => <option key={r.id} value={String(r.id)}>{`${r.name} (${r.memberId})`}</option>)}</select></p>
      <p><label htmlFor="pk-ex-day">{t('pay.except.day')}</label><br />
        <select id="pk-ex-day" value={day} onChange={(e) => setDay(e.target.value)} required><option value="" />{weekDays.map((d) => <option key={d.id} value={String(d.id)}>{`${d.label} (${dayName(d.date, lang)})`}</option>)}</select></p>
      <p><label htmlFor="pk-ex-kind">{t('pay.except.kind')}</label><br />
        <select id="pk-ex-kind" value={kind} onChange={(e) => setKind(e.target.value as 'count' | 'exclude')}><option value="count">{t('pay.except.count')}</option><option value="exclude">{t('pay.except.exclude')}</option></select></p>
      <p><label htmlFor="pk-ex-reason">{t('pay.except.reason')}</label><br /><input id="pk-ex-reason" required minLength={3} value={reason} onChange={(e) => setReason(e.target.value)} /></p>
      <button type="submit">{t('pay.except.add')}</button>
    </form>
  );
}
