/**
 * A member's vote page, /vote/<id>, reachable without an account: the member id, a one-time
 * code sent to the email or mobile on the roster, whether they are on the voter list, the
 * ballot, and the receipt shown once. A signed-in member skips the code. The voter token lives
 * only in this page's memory: a reload forgets it. The code request (member id, email or text,
 * and the request id the code works with, useless without the code) is kept in this tab's
 * session storage, so a phone that reloads the page while the member reads the code keeps it.
 * Anyone can check a receipt here.
 */
import { useEffect, useState } from 'react';
import type { PageProps } from '../../App.tsx';
import { api } from '../../api.ts';
import { useLang, useMessages } from '../../i18n.ts';
import { Ballot } from '../../components/votes/Ballot.tsx';
import { ChallengeForm } from '../../components/votes/ChallengeForm.tsx';
import { refusal, SaidLine, when, type Said } from '../../components/votes/parts.tsx';
import { ballotWords } from '../../components/votes/ballot-messages.ts';
import { plainRefusal } from '../../components/votes/plain-refusal.ts';
import { Results } from '../../components/votes/Results.tsx';
import { ReceiptCheck, ReceiptShown } from '../../components/votes/Receipt.tsx';
import type { BallotVote, Cast, Channel, Results as ResultsShape } from '../../components/votes/types.ts';
import { voteWords } from '../../components/votes/vote-messages.ts';
import { UserText } from '../../components/UserText.tsx';
import { memberWords } from './member-messages.ts';

/** Who is voting: a signed-in member (their session), or a voter token from a code. */
type Voter = { via: 'session' } | { via: 'token'; token: string; expiresAt: string };
interface Standing { onList: boolean; voted?: boolean; channel?: Channel | null }

export function VotePage({ session, id }: PageProps) {
  const voteId = id as number;
  const t = useMessages(memberWords);
  const v = useMessages(voteWords);
  const lang = useLang();
  const [voter, setVoter] = useState<Voter | null>(null);
  const [vote, setVote] = useState<BallotVote | null>(null);
  const [results, setResults] = useState<ResultsShape | null>(null);
  const [standing, setStanding] = useState<Standing | null>(null);
  const [balloting, setBalloting] = useState(false);
  const [cast, setCast] = useState<Cast | null>(null);
  const [said, setSaid] = useState<Said | null>(null);

  const auth = (who: Voter | null): Record<string, string> => (who?.via === 'token' ? { authorization: `Voter ${who.token}` } : {});

  // A signed-in member's session is enough: no code.
  useEffect(() => {
    if (session && session.organization.kind === 'union') setVoter({ via: 'session' });
  }, [session]);

  useEffect(() => {
    if (!voter) return;
    // A voter token reads only what the ballot needs; a member's session reads the vote.
    const path = voter.via === 'token' ? `/api/votes/${voteId}/ballot` : `/api/votes/${voteId}`;
    api<{ vote: BallotVote }>('GET', path, undefined, { headers: auth(voter) }).then((a) => {
      setVote(a.vote);
      if (voter.via === 'session' && a.vote.publishedAt) api<{ results: ResultsShape }>('GET', `/api/votes/${voteId}/results`).then((r) => setResults(r.results), () => undefined);
    }, (e: unknown) => setSaid(refusal(e)));
    if (voter.via === 'session') {
      api<Standing>('GET', `/api/votes/${voteId}/me`).then(setStanding, (e: unknown) => setSaid(refusal(e)));
    }
  }, [voter, voteId]);

  // The token's end: the page forgets the voter then.
  useEffect(() => {
    if (voter?.via !== 'token') return;
    const ms = new Date(voter.expiresAt).getTime() - Date.now();
    const timer = setTimeout(() => { setVoter(null); setVote(null); setStanding(null); setBalloting(false); }, Math.max(0, Math.min(ms, 2 ** 31 - 1)));
    return () => clearTimeout(timer);
  }, [voter]);

  const open = vote?.open === true;

  return (
    <div className="vt-page vt-member">
      <h1>{vote ? <UserText text={vote.title} /> : t('title')}</h1>
      <p className="muted">{vote ? `${v(`kind.${vote.kind}`)}. ` : ''}{t('intro')}</p>
      <SaidLine said={said} />
      {cast ? (
        <ReceiptShown cast={cast} />
      ) : !voter ? (
        <CodeSteps voteId={voteId} onVoter={(token, expiresAt, onList) => { setSaid(null); setStanding({ onList }); setVoter({ via: 'token', token, expiresAt }); }} />
      ) : balloting && vote ? (
        <Ballot
          questions={vote.questions}
          cast={(choices) => api<Cast>('POST', `/api/votes/${voteId}/ballot`, { choices }, { headers: auth(voter) })}
          onCast={(c) => { setCast(c); setBalloting(false); }}
        />
      ) : (
        standing && vote && (
          <section className="vt-standing" aria-labelledby="vt-standing-title">
            <h2 id="vt-standing-title" className={standing.onList ? 'ok' : 'error'}>{standing.onList ? t('list.on') : t('list.off')}</h2>
            {standing.voted ? (
              <p>{t('list.voted', { channel: v(`channel.${standing.channel ?? 'online'}`) })}</p>
            ) : open ? (
              <>
                {!standing.onList && <p>{t('list.off.more')}</p>}
                <button type="button" className="vt-big" onClick={() => setBalloting(true)}>{t('start')}</button>
              </>
            ) : (
              <p>{t('closed', { opens: when(vote.opensAt, lang), closes: when(vote.closesAt, lang) })}</p>
            )}
            {voter.via === 'token' && <p className="muted">{t('expires', { time: when(voter.expiresAt, lang) })}</p>}
            {!standing.onList && <ChallengeForm voteId={voteId} headers={auth(voter)} />}
          </section>
        )
      )}
      {results && vote && (
        <section aria-labelledby="vt-member-results">
          <h2 id="vt-member-results">{t('mine.results')}</h2>
          <Results results={results} questions={vote.questions} />
        </section>
      )}
      <ReceiptCheck voteId={voteId} headers={voter ? auth(voter) : null} />
    </div>
  );
}

/** A code asked for on this tab: the member id, how it was sent, and the request id it works with. */
interface Asked { memberId: string; via: 'email' | 'sms'; requestId: string }
const askedKey = (voteId: number) => `settle.vote-code.${voteId}`;
function askedBefore(voteId: number): Asked | null {
  try {
    const a = JSON.parse(sessionStorage.getItem(askedKey(voteId)) ?? 'null') as Asked | null;
    return a && typeof a.memberId === 'string' && (a.via === 'email' || a.via === 'sms') && typeof a.requestId === 'string' ? a : null;
  } catch {
    return null;
  }
}
function remember(voteId: number, asked: Asked | null): void {
  try {
    if (asked) sessionStorage.setItem(askedKey(voteId), JSON.stringify(asked));
    else sessionStorage.removeItem(askedKey(voteId));
  } catch {
    // No storage (a private window that refuses it): the page still works until it is reloaded.
  }
}

/** Member id → a code by email or text → the voter token. */
function CodeSteps({ voteId, onVoter }: { voteId: number; onVoter: (token: string, expiresAt: string, onList: boolean) => void }) {
  const t = useMessages(memberWords);
  const b = useMessages(ballotWords);
  const [asked, setAsked] = useState<Asked | null>(() => askedBefore(voteId));
  const [memberId, setMemberId] = useState(asked?.memberId ?? '');
  const [via, setVia] = useState<'email' | 'sms'>(asked?.via ?? 'email');
  const [code, setCode] = useState('');
  const [said, setSaid] = useState<Said | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setSaid(null);
    try {
      await work();
    } catch (e) {
      setSaid(plainRefusal(e, b));
    }
    setBusy(false);
  };
  const ask = (next: Asked | null) => {
    remember(voteId, next);
    setAsked(next);
  };
  const send = (e: React.FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const a = await api<{ requestId: string }>('POST', `/api/votes/${voteId}/access`, { memberId: memberId.trim(), via });
      ask({ memberId: memberId.trim(), via, requestId: a.requestId });
    });
  };
  const verify = (e: React.FormEvent) => {
    e.preventDefault();
    if (!asked) return;
    void run(async () => {
      const a = await api<{ voterToken: string; expiresAt: string; onList: boolean }>('POST', `/api/votes/${voteId}/access/verify`, { memberId: asked.memberId, code: code.trim(), requestId: asked.requestId });
      remember(voteId, null);
      onVoter(a.voterToken, a.expiresAt, a.onList);
    });
  };
  if (!asked) {
    return (
      <form className="vt-step card" onSubmit={send} aria-labelledby="vt-id-title">
        <h2 id="vt-id-title">{t('id.title')}</h2>
        <label>
          {t('id.memberId')}
          <input value={memberId} onChange={(e) => setMemberId(e.target.value)} required autoComplete="off" aria-describedby="vt-member-hint" maxLength={64} />
        </label>
        <p className="muted" id="vt-member-hint">{t('id.memberId.hint')}</p>
        <fieldset className="vt-choices">
          <legend>{t('id.via')}</legend>
          {(['email', 'sms'] as const).map((w) => (
            <label key={w} className="vt-choice">
              <input type="radio" name="via" value={w} checked={via === w} onChange={() => setVia(w)} />
              <span>{t(`id.via.${w}`)}</span>
            </label>
          ))}
        </fieldset>
        <SaidLine said={said} />
        <button type="submit" className="vt-big" disabled={busy}>{t('id.send')}</button>
      </form>
    );
  }
  return (
    <form className="vt-step card" onSubmit={verify} aria-labelledby="vt-code-title">
      <h2 id="vt-code-title">{t('code.title')}</h2>
      <p role="status">{t('code.sent', { via: t(`code.via.${asked.via}`) })}</p>
      <label>
        {t('code.label')}
        <input value={code} onChange={(e) => setCode(e.target.value)} required autoComplete="one-time-code" inputMode="numeric" maxLength={20} />
      </label>
      <SaidLine said={said} />
      <button type="submit" className="vt-big" disabled={busy}>{t('code.submit')}</button>
      <button type="button" className="link" onClick={() => { ask(null); setCode(''); setSaid(null); }}>{t('code.again')}</button>
    </form>
  );
}
