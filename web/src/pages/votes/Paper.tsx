/**
 * /workspace/votes/<id>/paper: paper ballots at a worksite. The captain signs members in from
 * the site's roll (one vote per member across channels holds: the server refuses anyone who
 * already voted); two people each enter the tally they counted; the page says whether the
 * entries agree (never whose differs how); an observer signs off.
 */
import { useMemo, useState } from 'react';
import type { PageProps } from '../../App.tsx';
import { api } from '../../api.ts';
import { useLang, useMessages } from '../../i18n.ts';
import { count } from '../../components/workspace/format.ts';
import { Link } from '../../components/workspace/Link.tsx';
import { Pending } from '../../components/workspace/parts.tsx';
import { useApi } from '../../components/workspace/useApi.ts';
import { UserText } from '../../components/UserText.tsx';
import { refusal, SaidLine, useReload, type Said } from '../../components/votes/parts.tsx';
import type { PaperSite, Vote, Voter } from '../../components/votes/types.ts';
import { voteWords } from '../../components/votes/vote-messages.ts';
import { useWorksites } from '../../components/votes/worksites.ts';
import { committeeWords } from './committee-messages.ts';
import { siteWords } from './site-messages.ts';
import { emptyCounts, PaperStatus } from '../../components/votes/PaperStatus.tsx';

export function Paper({ id }: PageProps) {
  const voteId = id as number;
  const t = useMessages(siteWords);
  const c = useMessages(committeeWords);
  const vote = useApi<{ vote: Vote }>(`/api/votes/${voteId}`);
  const sites = useWorksites(voteId);
  const [site, setSite] = useState<number | null>(null);
  const [reload, setReload] = useState(0);
  const status = useReload<{ sites: PaperSite[] }>(`/api/votes/${voteId}/paper`, reload);
  const chosen = site ?? (sites.state === 'done' ? sites.value[0]?.id ?? null : null);

  return (
    <div className="vt-page vt-paper">
      <p><Link to={`/workspace/votes`}>{c('back')}</Link></p>
      <h1>{t('paper.title')}</h1>
      {vote.state === 'done' && <p className="vt-strong"><UserText text={vote.value.vote.title} /></p>}
      <p className="muted">{t('paper.intro')}</p>
      <Pending loaded={sites} />
      {sites.state === 'done' && sites.value.length > 0 && (
        <label className="vt-field">
          {t('paper.site')}
          <select value={chosen ?? ''} onChange={(e) => setSite(Number(e.target.value))}>
            {sites.value.map((w) => <option key={w.id} value={w.id}>{w.name}</option>)}
          </select>
        </label>
      )}
      {chosen !== null && vote.state === 'done' && (
        <>
          <SignIns key={`s${chosen}`} voteId={voteId} worksiteId={chosen} onChange={() => setReload((n) => n + 1)} />
          <Tally key={`t${chosen}`} voteId={voteId} worksiteId={chosen} vote={vote.value.vote} onChange={() => setReload((n) => n + 1)} />
          <Observer key={`o${chosen}`} voteId={voteId} worksiteId={chosen} onChange={() => setReload((n) => n + 1)} />
        </>
      )}
      {status.state === 'done' && <PaperStatus sites={status.value.sites} />}
    </div>
  );
}

interface SignInAnswer { results: { memberId: string; result: 'signed-in' | 'refused' | 'not-found'; reason?: string }[]; signIns: number }

function SignIns({ voteId, worksiteId, onChange }: { voteId: number; worksiteId: number; onChange: () => void }) {
  const t = useMessages(siteWords);
  const v = useMessages(voteWords);
  const lang = useLang();
  const [q, setQ] = useState('');
  const [reload, setReload] = useState(0);
  const roll = useReload<{ voters: Voter[] }>(`/api/votes/${voteId}/voters?worksite=${worksiteId}&limit=500${q.trim() ? `&q=${encodeURIComponent(q.trim())}` : ''}`, reload);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [said, setSaid] = useState<Said | null>(null);
  const submit = async () => {
    try {
      const a = await api<SignInAnswer>('POST', `/api/votes/${voteId}/paper/${worksiteId}/sign-ins`, { memberIds: [...picked] });
      const signed = a.results.filter((r) => r.result === 'signed-in').length;
      const others = a.results.filter((r) => r.result !== 'signed-in').map((r) => (r.result === 'refused' ? t('paper.signin.refused', { memberId: r.memberId, reason: r.reason ?? '' }) : t('paper.signin.notFound', { memberId: r.memberId })));
      setSaid({ ok: others.length === 0, text: [t('paper.signin.done', { n: count(signed, lang) }), ...others].join(' ') });
      setPicked(new Set());
    } catch (e) {
      setSaid(refusal(e));
    }
    setReload((n) => n + 1);
    onChange();
  };
  return (
    <section aria-labelledby="vt-signin" className="card">
      <h2 id="vt-signin">{t('paper.signin.title')}</h2>
      <label>{t('paper.signin.find')}<input type="search" value={q} onChange={(e) => setQ(e.target.value)} maxLength={100} /></label>
      {roll.state === 'done' && roll.value.voters.length === 0 && <p className="muted">{t('paper.signin.none')}</p>}
      {roll.state === 'done' && (
        <ul className="vt-roll">
          {roll.value.voters.map((p) => (
            <li key={p.member.id}>
              {p.voted ? (
                <span><UserText text={p.member.name} /> <span className="muted">({p.member.memberId}) · {t('paper.signin.voted', { channel: v(`channel.${p.channel ?? 'online'}`) })}</span></span>
              ) : (
                <label className="vt-check">
                  <input type="checkbox" checked={picked.has(p.member.memberId)} onChange={() => { const next = new Set(picked); if (next.has(p.member.memberId)) next.delete(p.member.memberId); else next.add(p.member.memberId); setPicked(next); }} aria-label={t('paper.signin.member', { name: p.member.name })} />
                  <span><UserText text={p.member.name} /> <span className="muted">({p.member.memberId})</span></span>
                </label>
              )}
            </li>
          ))}
        </ul>
      )}
      <SaidLine said={said} />
      <button type="button" disabled={picked.size === 0} onClick={() => void submit()}>{t('paper.signin.submit', { n: count(picked.size, lang) })}</button>
    </section>
  );
}

function Tally({ voteId, worksiteId, vote, onChange }: { voteId: number; worksiteId: number; vote: Vote; onChange: () => void }) {
  const t = useMessages(siteWords);
  const blank = useMemo(() => emptyCounts(vote.questions), [vote]);
  const [counts, setCounts] = useState(blank);
  const [said, setSaid] = useState<Said | null>(null);
  const num = (s: string) => (s.trim() === '' ? 0 : Number(s));
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    try {
      await api('POST', `/api/votes/${voteId}/paper/${worksiteId}/entries`, { counts });
      setSaid({ ok: true, text: t('paper.tally.done') });
      setCounts(blank);
    } catch (err) {
      setSaid(refusal(err));
    }
    onChange();
  };
  const box = (label: string, value: number, set: (n: number) => void, key: string) => (
    <label key={key} className="vt-count">
      <span>{label}</span>
      <input type="number" inputMode="numeric" min={0} step={1} value={String(value)} onChange={(e) => set(num(e.target.value))} />
    </label>
  );
  return (
    <form aria-labelledby="vt-tally" className="card" onSubmit={submit}>
      <h2 id="vt-tally">{t('paper.tally.title')}</h2>
      <p className="muted">{t('paper.tally.intro')}</p>
      <div className="vt-counts">
        {box(t('paper.ballots'), counts.ballots, (n) => setCounts({ ...counts, ballots: n }), 'ballots')}
        {box(t('paper.spoiled'), counts.spoiled, (n) => setCounts({ ...counts, spoiled: n }), 'spoiled')}
        {vote.questions.flatMap((q) => [
          ...q.options.map((o) => box(t('paper.option', { question: q.text, option: o.label }), counts.answers[q.key][o.key], (n) => setCounts({ ...counts, answers: { ...counts.answers, [q.key]: { ...counts.answers[q.key], [o.key]: n } } }), `${q.key}.${o.key}`)),
          box(t('paper.blank', { question: q.text }), counts.answers[q.key].blank, (n) => setCounts({ ...counts, answers: { ...counts.answers, [q.key]: { ...counts.answers[q.key], blank: n } } }), `${q.key}.blank`),
        ])}
      </div>
      <SaidLine said={said} />
      <button type="submit">{t('paper.tally.submit')}</button>
    </form>
  );
}

function Observer({ voteId, worksiteId, onChange }: { voteId: number; worksiteId: number; onChange: () => void }) {
  const t = useMessages(siteWords);
  const [name, setName] = useState('');
  const [said, setSaid] = useState<Said | null>(null);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    try {
      await api('POST', `/api/votes/${voteId}/paper/${worksiteId}/observer`, { observerName: name.trim() });
      setSaid({ ok: true, text: t('paper.observer.done') });
    } catch (err) {
      setSaid(refusal(err));
    }
    onChange();
  };
  return (
    <form aria-labelledby="vt-observer" className="card" onSubmit={submit}>
      <h2 id="vt-observer">{t('paper.observer.title')}</h2>
      <label>{t('paper.observer.name')}<input value={name} onChange={(e) => setName(e.target.value)} required maxLength={200} autoComplete="off" /></label>
      <SaidLine said={said} />
      <button type="submit">{t('paper.observer.submit')}</button>
    </form>
  );
}
