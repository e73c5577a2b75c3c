/**
 * A ballot a member marks on their own: one question per screen (big choices a thumb can hit),
 * then a review of every answer, then Cast. Nothing leaves the device until Cast. Used by the
 * member's vote page and by the kiosk; `cast` is the channel's own request.
 */
import { useEffect, useRef, useState } from 'react';
import { useMessages } from '../../i18n.ts';
import { UserText } from '../UserText.tsx';
import { ballotWords } from './ballot-messages.ts';
import { SaidLine, type Said } from './parts.tsx';
import { plainRefusal } from './plain-refusal.ts';
import type { Cast, Choices, Question } from './types.ts';

export function Ballot({ questions, cast, onCast }: { questions: Question[]; cast: (choices: Choices) => Promise<Cast>; onCast: (c: Cast) => void }) {
  const t = useMessages(ballotWords);
  const [step, setStep] = useState(0); // questions.length: the review
  const [choices, setChoices] = useState<Choices>(() => Object.fromEntries(questions.map((q) => [q.key, null])));
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<Said | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Each new screen's heading takes focus, so a screen reader starts there.
  useEffect(() => heading.current?.focus(), [step]);

  const submit = async () => {
    setBusy(true);
    setSaid(null);
    try {
      onCast(await cast(choices));
    } catch (e) {
      setSaid(plainRefusal(e, t));
      setBusy(false);
    }
  };

  if (step < questions.length) {
    const q = questions[step];
    const name = `q-${q.key}`;
    return (
      <form className="vt-ballot" onSubmit={(e) => { e.preventDefault(); setStep(step + 1); }}>
        <p className="muted">{t('step', { n: step + 1, total: questions.length })}</p>
        <fieldset className="vt-choices">
          <legend><h2 ref={heading} tabIndex={-1}><UserText text={q.text} /></h2></legend>
          {q.options.map((o) => (
            <label key={o.key} className="vt-choice">
              <input type="radio" name={name} value={o.key} checked={choices[q.key] === o.key} onChange={() => setChoices({ ...choices, [q.key]: o.key })} />
              <span><UserText text={o.label} /></span>
            </label>
          ))}
          <label className="vt-choice vt-choice-blank">
            <input type="radio" name={name} value="" checked={choices[q.key] === null} onChange={() => setChoices({ ...choices, [q.key]: null })} />
            <span>{t('blank')}</span>
          </label>
        </fieldset>
        <div className="vt-nav">
          {step > 0 && <button type="button" className="vt-secondary" onClick={() => setStep(step - 1)}>{t('back')}</button>}
          <button type="submit">{step + 1 < questions.length ? t('next') : t('review')}</button>
        </div>
      </form>
    );
  }

  return (
    <section className="vt-ballot" aria-labelledby="vt-review">
      <h2 id="vt-review" ref={heading} tabIndex={-1}>{t('review.title')}</h2>
      <p>{t('review.intro')}</p>
      <ol className="vt-review">
        {questions.map((q, i) => {
          const chosen = q.options.find((o) => o.key === choices[q.key]);
          return (
            <li key={q.key}>
              <p className="vt-review-q"><UserText text={q.text} /></p>
              <p className="vt-review-a">{chosen ? <UserText text={chosen.label} /> : <span className="muted">{t('review.blank')}</span>}</p>
              <button type="button" className="link" aria-label={t('review.change.label', { question: q.text })} onClick={() => setStep(i)}>{t('review.change')}</button>
            </li>
          );
        })}
      </ol>
      <SaidLine said={said} />
      <div className="vt-nav">
        <button type="button" className="vt-secondary" onClick={() => setStep(questions.length - 1)} disabled={busy}>{t('back')}</button>
        <button type="button" className="vt-cast" onClick={() => void submit()} disabled={busy}>{busy ? t('casting') : t('cast')}</button>
      </div>
    </section>
  );
}
