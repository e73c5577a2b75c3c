/**
 * /kiosk/<id>: the kiosk screen on a device a captain opened. A member identifies (member id and
 * a one-time code, or the captain confirms them), votes privately, sees their receipt, and the
 * screen goes back to the start: when they press "I am done", after the receipt's countdown, or
 * after a while with no touch. Going back mounts a fresh screen, so nothing of the previous
 * voter (member id, choices, receipt) is left on screen or in the page. `?idle=` sets the
 * seconds (3 to 600; 60 by default).
 */
import { useEffect, useState } from 'react';
import type { PageProps } from '../../App.tsx';
import { api } from '../../api.ts';
import { useMessages } from '../../i18n.ts';
import { UserText } from '../../components/UserText.tsx';
import { Ballot } from '../../components/votes/Ballot.tsx';
import { ballotWords } from '../../components/votes/ballot-messages.ts';
import { plainRefusal } from '../../components/votes/plain-refusal.ts';
import { KioskClose } from '../../components/votes/KioskClose.tsx';
import { forgetKiosk, loadKiosk, type KioskHere } from '../../components/votes/kiosk-store.ts';
import { refusal, SaidLine, type Said } from '../../components/votes/parts.tsx';
import { ReceiptShown } from '../../components/votes/Receipt.tsx';
import type { Cast } from '../../components/votes/types.ts';
import { siteWords } from './site-messages.ts';

export function Kiosk({ id, query }: PageProps) {
  const voteId = id as number;
  const t = useMessages(siteWords);
  const [kiosk, setKiosk] = useState<KioskHere | null>(() => loadKiosk(voteId));
  const [round, setRound] = useState(0);
  const [said, setSaid] = useState<Said | null>(null);
  const idle = Math.min(600, Math.max(3, Number(query.get('idle')) || 60));

  if (!kiosk) return <div className="vt-page vt-kiosk"><h1>{t('kiosk.title')}</h1><SaidLine said={said} /><p>{t('kiosk.none')}</p></div>;

  return (
    <div className="vt-page vt-kiosk">
      <h1><UserText text={kiosk.title} /></h1>
      <p className="muted">{t('kiosk.site', { site: kiosk.site })}</p>
      {/* A new key: React throws the last voter's screen away whole. */}
      <KioskVoter key={round} kiosk={kiosk} idle={idle} onDone={() => setRound((n) => n + 1)} />
      <KioskClose voteId={voteId} kioskId={kiosk.kioskId} onClosed={() => { forgetKiosk(voteId); setKiosk(null); setSaid({ ok: true, text: t('kiosk.closed') }); }} />
    </div>
  );
}

function KioskVoter({ kiosk, idle, onDone }: { kiosk: KioskHere; idle: number; onDone: () => void }) {
  const t = useMessages(siteWords);
  const b = useMessages(ballotWords);
  const [memberId, setMemberId] = useState('');
  const [code, setCode] = useState('');
  // The code works only with the request this kiosk made for it (a code asked for elsewhere is
  // typed there); a new member id forgets it.
  const [asked, setAsked] = useState<{ memberId: string; requestId: string } | null>(null);
  // The captain's own password, typed by the captain for each member attested: the device is handed
  // to the members who come, so holding it proves nothing. Never kept past the attempt.
  const [attesting, setAttesting] = useState(false);
  const [captainPassword, setCaptainPassword] = useState('');
  const [ballotToken, setBallotToken] = useState<string | null>(null);
  const [cast, setCast] = useState<Cast | null>(null);
  const [said, setSaid] = useState<Said | null>(null);
  const [left, setLeft] = useState(idle);
  const auth = { authorization: `Kiosk ${kiosk.token}` };
  const touched = memberId !== '' || ballotToken !== null || cast !== null;

  // Back to the start after `idle` seconds without a touch (or after the receipt's countdown).
  useEffect(() => {
    if (!touched) return;
    setLeft(idle);
    const poke = () => setLeft(idle);
    const events = ['pointerdown', 'keydown', 'input'] as const;
    if (!cast) events.forEach((e) => window.addEventListener(e, poke));
    const timer = setInterval(() => setLeft((n) => n - 1), 1000);
    return () => {
      clearInterval(timer);
      events.forEach((e) => window.removeEventListener(e, poke));
    };
  }, [touched, cast, idle]);
  useEffect(() => { if (touched && left <= 0) onDone(); }, [left, touched, onDone]);

  const identify = async (body: Record<string, string | boolean>) => {
    setSaid(null);
    try {
      const a = await api<{ ballotToken: string }>('POST', '/api/kiosk/identify', body, { headers: auth });
      setBallotToken(a.ballotToken);
    } catch (e) {
      setSaid(plainRefusal(e, b));
    }
  };
  const sendCode = async () => {
    setSaid(null);
    try {
      const a = await api<{ requestId: string }>('POST', `/api/votes/${kiosk.voteId}/access`, { memberId: memberId.trim(), via: 'email' });
      setAsked({ memberId: memberId.trim(), requestId: a.requestId });
      setSaid({ ok: true, text: t('kiosk.sent') });
    } catch (e) {
      setSaid(refusal(e));
    }
  };

  if (cast) {
    return (
      <>
        <ReceiptShown cast={cast} />
        <p className="muted" aria-live="off">{t('kiosk.reset', { n: Math.max(0, left) })}</p>
        <button type="button" className="vt-big" onClick={onDone}>{t('kiosk.done')}</button>
      </>
    );
  }
  if (ballotToken) {
    return (
      <>
        <p className="vt-note">{t('kiosk.private')}</p>
        <Ballot questions={kiosk.questions} cast={(choices) => api<Cast>('POST', '/api/kiosk/ballot', { ballotToken, choices }, { headers: auth })} onCast={setCast} />
      </>
    );
  }
  return (
    <form className="vt-step card" onSubmit={(e) => {
      e.preventDefault();
      if (asked && asked.memberId === memberId.trim()) void identify({ memberId: asked.memberId, code: code.trim(), requestId: asked.requestId });
      else setSaid({ ok: false, text: t('kiosk.send.first') });
    }}>
      <h2>{t('kiosk.title')}</h2>
      <label>
        {t('kiosk.memberId')}
        <input value={memberId} onChange={(e) => setMemberId(e.target.value)} required autoComplete="off" maxLength={64} />
      </label>
      <label>
        {t('kiosk.code')}
        <input value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" inputMode="numeric" maxLength={20} aria-describedby="vt-kiosk-hint" />
      </label>
      <p className="muted" id="vt-kiosk-hint">{t('kiosk.code.hint')}</p>
      <SaidLine said={said} />
      <button type="submit" className="vt-big">{t('kiosk.continue')}</button>
      <div className="vt-nav">
        <button type="button" className="vt-secondary" disabled={memberId.trim() === ''} onClick={() => void sendCode()}>{t('kiosk.send')}</button>
        <button type="button" className="vt-secondary" disabled={memberId.trim() === ''} aria-expanded={attesting} onClick={() => setAttesting(true)}>{t('kiosk.attest')}</button>
      </div>
      {attesting && memberId.trim() !== '' && (
        <div className="vt-attest">
          <label>
            {t('kiosk.attest.password', { memberId: memberId.trim() })}
            <input type="password" value={captainPassword} onChange={(e) => setCaptainPassword(e.target.value)} autoComplete="off" maxLength={200} />
          </label>
          <button type="button" disabled={captainPassword === ''} onClick={() => {
            const password = captainPassword;
            setCaptainPassword('');
            void identify({ memberId: memberId.trim(), attest: true, captainPassword: password });
          }}>{t('kiosk.attest.confirm')}</button>
        </div>
      )}
    </form>
  );
}
