/**
 * /workspace/votes/<id>: one vote as the election committee runs it. Where it stands; freezing
 * the voter list; live turnout while it is open (read again every 5 seconds); challenges and
 * rulings; extending the window; the count; two certifications by different committee members;
 * publishing; the results. Each step shows only when it can happen; the server checks anyway.
 */
import { useState } from 'react';
import type { PageProps, Session } from '../../App.tsx';
import { api } from '../../api.ts';
import { useLang, useMessages } from '../../i18n.ts';
import { count } from '../../components/workspace/format.ts';
import { Link } from '../../components/workspace/Link.tsx';
import { Pending } from '../../components/workspace/parts.tsx';
import { UserText } from '../../components/UserText.tsx';
import { Challenges } from '../../components/votes/Challenges.tsx';
import { toIso } from '../../components/votes/draft.ts';
import { refusal, SaidLine, useReload, when, type Said } from '../../components/votes/parts.tsx';
import { Results } from '../../components/votes/Results.tsx';
import { certifiesVotes, runsVotes } from '../../components/votes/roles.ts';
import { stateOf } from '../../components/votes/state.ts';
import { TurnoutView } from '../../components/votes/Turnout.tsx';
import type { Certification, Results as ResultsShape, Turnout, Vote } from '../../components/votes/types.ts';
import { voteWords } from '../../components/votes/vote-messages.ts';
import { committeeWords } from './committee-messages.ts';

interface Answer { vote: Vote; turnout?: Turnout }

/** How many members the frozen list holds: the server may answer with the count or the list. */
const listed = (voters: unknown) => (typeof voters === 'number' ? voters : Array.isArray(voters) ? voters.length : 0);


export function VoteAdmin({ session, id }: PageProps) {
  const s = session as Session;
  const voteId = id as number;
  const t = useMessages(committeeWords);
  const v = useMessages(voteWords);
  const lang = useLang();
  const [reload, setReload] = useState(0);
  const [said, setSaid] = useState<Said | null>(null);
  const [closesAt, setClosesAt] = useState('');
  const loaded = useReload<Answer>(`/api/votes/${voteId}`, reload, 5000);
  const counted = loaded.state === 'done' && (loaded.value.vote.state === 'counted' || loaded.value.vote.state === 'certified');
  const results = useReload<{ results: ResultsShape; certifications: Certification[] }>(counted ? `/api/votes/${voteId}/results` : null, reload);
  // Who certified, as the results answer gives it: after a reload, and for the other committee members too.
  const certifications = results.state === 'done' ? results.value.certifications : [];
  const committee = runsVotes(s);

  const act = async (run: () => Promise<string>, confirm?: string) => {
    if (confirm && !window.confirm(confirm)) return;
    try {
      setSaid({ ok: true, text: await run() });
    } catch (e) {
      setSaid(refusal(e));
    }
    setReload((n) => n + 1);
  };

  if (loaded.state !== 'done') return <Pending loaded={loaded} />;
  const { vote, turnout } = loaded.value;
  const standing = stateOf(vote, Date.now());
  const path = `/api/votes/${voteId}`;

  return (
    <div className="vt-page vt-admin">
      <p><Link to="/workspace/votes">{t('back')}</Link></p>
      <h1><UserText text={vote.title} /></h1>
      <p className="vt-state"><span className={`vt-badge vt-badge-${standing}`}>{t('page.state', { state: v(`state.${standing}`) })}</span></p>
      <p>{v(`kind.${vote.kind}`)}. {t('page.window', { opens: when(vote.opensAt, lang), closes: when(vote.closesAt, lang), cutoff: when(vote.cutoffAt, lang) })}</p>
      <p>{t('page.channels', { channels: vote.channels.map((c) => v(`channel.${c}`)).join(', ') })}</p>
      <SaidLine said={said} />

      <details className="vt-questions">
        <summary>{t('page.questions')} ({vote.questions.length})</summary>
        <ol>
          {vote.questions.map((q) => (
            <li key={q.key}>
              <p><UserText text={q.text} /></p>
              <p className="muted">{q.options.map((o) => o.label).join(' · ')}</p>
              <p className="muted">{t('page.pass', { option: q.options.find((o) => o.key === q.pass.option)?.label ?? q.pass.option, share: (Number(q.pass.share) * 100).toFixed(2).replace(/\.?0+$/, '') })}</p>
            </li>
          ))}
        </ol>
      </details>

      <ul className="vt-links">
        {vote.state !== 'draft' && <li><Link to={`/vote/${voteId}`}>{t('links.member')}</Link></li>}
        {vote.state === 'frozen' && vote.channels.includes('kiosk') && <li><Link to={`/workspace/votes/${voteId}/kiosk`}>{t('links.kiosk')}</Link></li>}
        {vote.state === 'frozen' && vote.channels.includes('paper') && <li><Link to={`/workspace/votes/${voteId}/paper`}>{t('links.paper')}</Link></li>}
      </ul>

      {committee && vote.state === 'draft' && (
        <section className="card" aria-labelledby="vt-freeze">
          <p><Link to={`/workspace/votes/${voteId}/edit`}>{t('edit.link')}</Link></p>
          <h2 id="vt-freeze">{t('freeze')}</h2>
          <p>{t('freeze.intro')}</p>
          <button type="button" onClick={() => void act(async () => t('freeze.done', { n: count(listed((await api<{ voters: unknown }>('POST', `${path}/freeze`)).voters), lang) }), t('freeze.confirm', { title: vote.title }))}>{t('freeze')}</button>
        </section>
      )}

      {vote.state === 'frozen' && turnout && (
        <section aria-labelledby="vt-turnout" aria-live="off">
          <h2 id="vt-turnout">{t('turnout.title')}</h2>
          <p className="muted">{t('turnout.live', { time: when(new Date().toISOString(), lang) })}</p>
          <TurnoutView turnout={turnout} />
        </section>
      )}

      {committee && vote.state === 'frozen' && (
        <form className="vt-row card" onSubmit={(e) => { e.preventDefault(); void act(async () => { const a = await api<{ vote: Vote }>('PATCH', path, { closesAt: toIso(closesAt) }); return t('extend.done', { closes: when(a.vote.closesAt, lang) }); }); }}>
          <label>
            {t('extend')}
            <input type="datetime-local" value={closesAt} onChange={(e) => setClosesAt(e.target.value)} required />
          </label>
          <button type="submit">{t('extend.submit')}</button>
        </form>
      )}

      {vote.state !== 'draft' && <Challenges voteId={voteId} canRule={committee && vote.state === 'frozen'} reload={reload} onRuled={() => setReload((n) => n + 1)} />}

      {committee && vote.state === 'frozen' && standing === 'closed' && (
        <section className="card" aria-labelledby="vt-count">
          <h2 id="vt-count">{t('count')}</h2>
          <p>{t('count.intro')}</p>
          <button type="button" onClick={() => void act(async () => { await api('POST', `${path}/count`); return t('count.done'); }, t('count.confirm', { title: vote.title }))}>{t('count')}</button>
        </section>
      )}

      {(vote.state === 'counted' || vote.state === 'certified') && (
        <section aria-labelledby="vt-certify">
          <h2 id="vt-certify">{t('certify')}</h2>
          <p className="muted">{t('certify.intro')}</p>
          <ul>
            {certifications.map((c) => <li key={c.person.id}>{t('certify.by', { name: c.person.name, time: when(c.certifiedAt, lang) })}</li>)}
          </ul>
          {vote.state === 'counted' && certifications.length === 1 && <p>{t('certify.needs')}</p>}
          {vote.state === 'counted' && certifiesVotes(s) && !certifications.some((c) => c.person.id === s.person.id) && (
            <button type="button" onClick={() => void act(async () => { await api('POST', `${path}/certify`); return t('certify.done'); })}>{t('certify')}</button>
          )}
        </section>
      )}

      {committee && vote.state === 'certified' && !vote.publishedAt && (
        <section className="card" aria-labelledby="vt-publish">
          <h2 id="vt-publish">{t('publish')}</h2>
          <p>{vote.publicResults ? t('publish.intro.public') : t('publish.intro.members')}</p>
          <button type="button" onClick={() => void act(async () => { await api('POST', `${path}/publish`); return t('publish.done'); })}>{t('publish')}</button>
        </section>
      )}

      {counted && results.state === 'done' && (
        <section aria-labelledby="vt-results">
          <h2 id="vt-results">{t('results.title')}</h2>
          <Results results={results.value.results} questions={vote.questions} />
        </section>
      )}
    </div>
  );
}
