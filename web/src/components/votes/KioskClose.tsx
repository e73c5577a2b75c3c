/**
 * Closing a kiosk on its device. Opening it ended the captain's sign-in there (so a member at
 * the kiosk cannot reach the captain's workspace), so closing asks the captain (or a committee
 * member) to sign in once more: sign in, close, sign out, all in one step.
 */
import { useState } from 'react';
import { api, setCsrf } from '../../api.ts';
import { useMessages, useT } from '../../i18n.ts';
import { siteWords } from '../../pages/votes/site-messages.ts';
import { refusal, SaidLine, type Said } from './parts.tsx';

export function KioskClose({ voteId, kioskId, onClosed }: { voteId: number; kioskId: number; onClosed: () => void }) {
  const t = useMessages(siteWords);
  const app = useT();
  const [asking, setAsking] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [said, setSaid] = useState<Said | null>(null);
  const close = async (e: React.FormEvent) => {
    e.preventDefault();
    try {
      const s = await api<{ csrfToken: string }>('POST', '/api/session', { email, password });
      setCsrf(s.csrfToken);
      try {
        await api('DELETE', `/api/votes/${voteId}/kiosks/${kioskId}`);
      } finally {
        await api('DELETE', '/api/session').catch(() => undefined);
        setCsrf('');
      }
      onClosed();
    } catch (err) {
      setSaid(refusal(err));
    }
  };
  if (!asking) return <p className="vt-kiosk-close"><button type="button" className="link" onClick={() => setAsking(true)}>{t('kiosk.close')}</button></p>;
  return (
    <form className="vt-step card vt-kiosk-close" onSubmit={close} aria-labelledby="vt-kiosk-close">
      <h2 id="vt-kiosk-close">{t('kiosk.close')}</h2>
      <p className="muted">{t('kiosk.close.intro')}</p>
      <label>{app('signIn.email')}<input type="email" autoComplete="off" required value={email} onChange={(e) => setEmail(e.target.value)} /></label>
      <label>{app('signIn.password')}<input type="password" autoComplete="off" required value={password} onChange={(e) => setPassword(e.target.value)} /></label>
      <SaidLine said={said} />
      <div className="vt-nav">
        <button type="submit">{t('kiosk.close')}</button>
        <button type="button" className="vt-secondary" onClick={() => { setAsking(false); setPassword(''); setSaid(null); }}>{t('kiosk.close.cancel')}</button>
      </div>
    </form>
  );
}
