/**
 * The receipt code, shown once right after a cast with what it means and what it never shows;
 * and the form anyone can use to check a receipt code.
 */
import { useEffect, useRef, useState } from 'react';
import { api } from '../../api.ts';
import { useMessages } from '../../i18n.ts';
import { ballotWords } from './ballot-messages.ts';
import { refusal, SaidLine, type Said } from './parts.tsx';
import type { Cast, ReceiptStatus } from './types.ts';

export function ReceiptShown({ cast }: { cast: Cast }) {
  const t = useMessages(ballotWords);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="vt-receipt card" aria-labelledby="vt-receipt-title">
      <h2 id="vt-receipt-title" ref={heading} tabIndex={-1}>{t('receipt.title')}</h2>
      <p>{t('receipt.code')}</p>
      <p className="vt-code" data-testid="receipt-code">{cast.receipt}</p>
      <p>{t('receipt.what')}</p>
      <p className="vt-strong">{t('receipt.once')}</p>
      {cast.challenged && <p className="vt-note">{t('receipt.challenged')}</p>}
    </section>
  );
}

/**
 * `headers`: the voter token of a member who voted with a code, or null. The check needs no
 * sign-in (the receipt code is the member's own secret, and says nothing of the ballot), so a
 * member who voted with a code or at a kiosk checks theirs here after the close too.
 */
export function ReceiptCheck({ voteId, headers }: { voteId: number; headers: Record<string, string> | null }) {
  const t = useMessages(ballotWords);
  const [code, setCode] = useState('');
  const [said, setSaid] = useState<Said | null>(null);
  const check = async (e: React.FormEvent) => {
    e.preventDefault();
    try {
      const { status } = await api<{ status: ReceiptStatus }>('GET', `/api/votes/${voteId}/receipts/${encodeURIComponent(code.trim().toUpperCase())}`, undefined, { headers: headers ?? {} });
      setSaid({ ok: status !== 'unknown', text: t(`status.${status}`) });
    } catch (err) {
      setSaid(refusal(err));
    }
  };
  return (
    <section className="vt-receipt-check" aria-labelledby="vt-check-title">
      <h2 id="vt-check-title">{t('check.title')}</h2>
      <p className="muted">{t('check.intro')}</p>
      <form onSubmit={check} className="vt-row">
        <label>
          {t('check.code')}
          <input value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" spellCheck={false} required maxLength={20} aria-describedby="vt-check-hint" />
        </label>
        <button type="submit">{t('check.submit')}</button>
      </form>
      <p className="muted" id="vt-check-hint">{t('check.code.hint')}</p>
      <SaidLine said={said} />
    </section>
  );
}
