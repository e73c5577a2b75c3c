/** "I should be on the list": a member's challenge to the voter list, sent to the election committee. */
import { useState } from 'react';
import { api } from '../../api.ts';
import { useMessages } from '../../i18n.ts';
import { memberWords } from '../../pages/votes/member-messages.ts';
import { refusal, SaidLine, type Said } from './parts.tsx';

export function ChallengeForm({ voteId, headers }: { voteId: number; headers: Record<string, string> }) {
  const t = useMessages(memberWords);
  const [reason, setReason] = useState('');
  const [said, setSaid] = useState<Said | null>(null);
  const [sent, setSent] = useState(false);
  const send = async (e: React.FormEvent) => {
    e.preventDefault();
    try {
      await api('POST', `/api/votes/${voteId}/challenges`, { reason: reason.trim() }, { headers });
      setSent(true);
      setSaid({ ok: true, text: t('challenge.sent') });
    } catch (err) {
      setSaid(refusal(err));
    }
  };
  return (
    <form className="vt-challenge" onSubmit={send} aria-labelledby="vt-challenge-title">
      <h3 id="vt-challenge-title">{t('challenge.title')}</h3>
      <label>
        {t('challenge.reason')}
        <textarea value={reason} onChange={(e) => setReason(e.target.value)} required maxLength={2000} rows={3} aria-describedby="vt-challenge-hint" disabled={sent} />
      </label>
      <p className="muted" id="vt-challenge-hint">{t('challenge.reason.hint')}</p>
      <SaidLine said={said} />
      {!sent && <button type="submit">{t('challenge.submit')}</button>}
    </form>
  );
}
