/**
 * Challenges to the voter list and the committee's rulings. A challenged member's ballot, if
 * any, waits sealed in an envelope: upheld, it joins the others; denied, it is destroyed
 * unopened. Nothing here ever shows how it was marked.
 */
import { useState } from 'react';
import { api } from '../../api.ts';
import { useLang, useMessages } from '../../i18n.ts';
import { committeeWords } from '../../pages/votes/committee-messages.ts';
import { UserText } from '../UserText.tsx';
import { useReload, refusal, SaidLine, when, type Said } from './parts.tsx';
import type { Challenge, Member } from './types.ts';

export function Challenges({ voteId, canRule, reload, onRuled }: { voteId: number; canRule: boolean; reload: number; onRuled: () => void }) {
  const t = useMessages(committeeWords);
  const lang = useLang();
  const list = useReload<{ challenges: Challenge[]; envelopesWithoutChallenge?: { member: Member }[] }>(`/api/votes/${voteId}/challenges`, reload);
  const [notes, setNotes] = useState<Record<number, string>>({});
  const [said, setSaid] = useState<Said | null>(null);
  // A member not on the list who voted: their sealed ballot waits, and the committee raises the
  // challenge it will rule on.
  const raise = async (m: Member) => {
    try {
      await api('POST', `/api/votes/${voteId}/challenges`, { memberId: m.memberId, reason: (notes[-m.id] ?? '').trim() || t('challenges.raise.reason') });
      setSaid({ ok: true, text: t('challenges.raised', { name: m.name }) });
    } catch (e) {
      setSaid(refusal(e));
    }
    onRuled();
  };
  const rule = async (c: Challenge, ruling: 'upheld' | 'denied') => {
    try {
      await api('POST', `/api/votes/${voteId}/challenges/${c.id}/ruling`, { ruling, ...((notes[c.id] ?? '').trim() ? { note: (notes[c.id] ?? '').trim() } : {}) });
      setSaid({ ok: true, text: t('challenges.ruled', { name: c.member.name }) });
    } catch (e) {
      setSaid(refusal(e));
    }
    onRuled();
  };
  return (
    <section aria-labelledby="vt-challenges">
      <h2 id="vt-challenges">{t('challenges.title')}</h2>
      <SaidLine said={said} />
      {list.state === 'failed' && <p className="error">{list.message}</p>}
      {list.state === 'done' && list.value.challenges.length === 0 && <p className="muted">{t('challenges.none')}</p>}
      {list.state === 'done' && list.value.challenges.length > 0 && (
        <ul className="vt-cards">
          {list.value.challenges.map((c) => (
            <li key={c.id} className="card">
              <p><strong><UserText text={c.member.name} /></strong> <span className="muted">({c.member.memberId}) · {when(c.raisedAt, lang)}</span></p>
              <p className="vt-reason"><UserText text={c.reason} /></p>
              <p>{t(`challenges.${c.status}`)}{c.envelope && c.status === 'pending' ? ` · ${t('challenges.envelope')}` : ''}</p>
              {c.note && <p className="muted"><UserText text={c.note} /></p>}
              {canRule && c.status === 'pending' && (
                <div className="vt-rule">
                  <label>
                    <span className="visually-hidden">{t('challenges.note.label', { name: c.member.name })}</span>
                    <span aria-hidden="true">{t('challenges.note')}</span>
                    <input value={notes[c.id] ?? ''} onChange={(e) => setNotes({ ...notes, [c.id]: e.target.value })} maxLength={500} />
                  </label>
                  <div className="vt-nav">
                    <button type="button" onClick={() => void rule(c, 'upheld')} aria-label={t('challenges.uphold.label', { name: c.member.name })}>{t('challenges.uphold')}</button>
                    <button type="button" className="vt-secondary" onClick={() => void rule(c, 'denied')} aria-label={t('challenges.deny.label', { name: c.member.name })}>{t('challenges.deny')}</button>
                  </div>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {list.state === 'done' && canRule && (list.value.envelopesWithoutChallenge ?? []).length > 0 && (
        <>
          <h3>{t('challenges.envelopes')}</h3>
          <p className="muted">{t('challenges.envelopes.intro')}</p>
          <ul className="vt-cards">
            {(list.value.envelopesWithoutChallenge ?? []).map(({ member: m }) => (
              <li key={m.id} className="card">
                <p><strong><UserText text={m.name} /></strong> <span className="muted">({m.memberId})</span></p>
                <label>
                  {t('challenges.raise.why')}
                  <input value={notes[-m.id] ?? ''} onChange={(e) => setNotes({ ...notes, [-m.id]: e.target.value })} maxLength={500} placeholder={t('challenges.raise.reason')} />
                </label>
                <button type="button" onClick={() => void raise(m)} aria-label={t('challenges.raise.label', { name: m.name })}>{t('challenges.raise')}</button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
