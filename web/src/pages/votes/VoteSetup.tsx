/**
 * /workspace/votes/new: the committee sets up a vote: title, kind, questions (choices and what
 * passes), the eligibility cutoff, the window, the channels, the roster statuses that may vote
 * and whether results go on the public page. The server checks everything; each problem it
 * names shows beside its field, and the first one takes focus.
 */
import { useEffect, useRef, useState } from 'react';
import type { PageProps } from '../../App.tsx';
import { api, type ApiProblem } from '../../api.ts';
import { useLang, useMessages } from '../../i18n.ts';
import { href } from '../../App.tsx';
import { navigate } from '../../router.ts';
import { Link } from '../../components/workspace/Link.tsx';
import { emptyDraft, fieldKey, fromVote, newQuestion, SHARES, toBody, optionLabels, type VoteDraft } from '../../components/votes/draft.ts';
import { FieldProblem, problemsByField } from '../../components/votes/parts.tsx';
import { CHANNELS, VOTE_KINDS, type Vote } from '../../components/votes/types.ts';
import { voteWords } from '../../components/votes/vote-messages.ts';
import { committeeWords } from './committee-messages.ts';

const STATUSES = ['active', 'leave', 'inactive'] as const;

/** Each problem goes to the most specific field shown that its path starts with; the rest show at the top. */
function sortProblems(problems: Map<string, ApiProblem>, general: ApiProblem[], fields: string[]) {
  const at = new Map<string, ApiProblem>();
  const rest = [...general];
  const longestFirst = [...fields].sort((a, b) => b.length - a.length);
  for (const [raw, p] of problems) {
    const key = fieldKey(raw);
    const home = longestFirst.find((f) => key === f || key.startsWith(`${f}.`));
    if (home && !at.has(home)) at.set(home, p);
    else rest.push(p);
  }
  return { at, rest };
}

export function VoteSetup({ id }: PageProps) {
  const t = useMessages(committeeWords);
  const v = useMessages(voteWords);
  const lang = useLang();
  const [d, setD] = useState<VoteDraft>(emptyDraft);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<{ at: Map<string, ApiProblem>; rest: ApiProblem[] } | null>(null);
  const summary = useRef<HTMLDivElement>(null);
  useEffect(() => { if (problems) summary.current?.focus(); }, [problems]);
  // Changing a saved draft: its set-up fills the form.
  const [loaded, setLoaded] = useState(id === null);
  useEffect(() => {
    if (id === null) return;
    api<{ vote: Vote }>('GET', `/api/votes/${id}`).then((a) => { setD(fromVote(a.vote)); setLoaded(true); }, (e: unknown) => setProblems({ at: new Map(), rest: problemsByField(e).general }));
  }, [id]);

  const fields = ['title', 'kind', 'questions', 'cutoffAt', 'opensAt', 'closesAt', 'channels', 'eligibleStatuses', 'publicResults',
    ...d.questions.flatMap((_, i) => [`questions.${i}`, `questions.${i}.text`, `questions.${i}.options`, `questions.${i}.pass`])];
  const problem = (f: string) => problems?.at.get(f);
  const described = (f: string, hint?: string) => ({
    'aria-invalid': problem(f) ? true : undefined,
    'aria-describedby': [problem(f) ? `f-${f.replace(/\./g, '-')}-problem` : null, hint ?? null].filter(Boolean).join(' ') || undefined,
  });
  const fid = (f: string) => `f-${f.replace(/\./g, '-')}`;
  const set = (patch: Partial<VoteDraft>) => setD((x) => ({ ...x, ...patch }));
  const setQ = (i: number, patch: Partial<VoteDraft['questions'][number]>) => setD((x) => ({ ...x, questions: x.questions.map((q, j) => (j === i ? { ...q, ...patch } : q)) }));
  const toggle = <T extends string>(list: T[], item: T) => (list.includes(item) ? list.filter((x) => x !== item) : [...list, item]);

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const { vote } = id === null ? await api<{ vote: Vote }>('POST', '/api/votes', toBody(d)) : await api<{ vote: Vote }>('PATCH', `/api/votes/${id}`, toBody(d));
      navigate(href(`/workspace/votes/${vote.id}`, lang));
    } catch (err) {
      const { byField, general } = problemsByField(err);
      setProblems(sortProblems(byField, general, fields));
      setBusy(false);
    }
  };

  return (
    <form className="vt-page vt-setup" onSubmit={save} noValidate>
      <p><Link to="/workspace/votes">{t('back')}</Link></p>
      <h1>{id === null ? t('new.title') : t('edit.title')}</h1>
      <p className="muted">{t('new.intro')}</p>
      <div ref={summary} tabIndex={-1} role={problems ? 'alert' : undefined} className="vt-problems">
        {problems && (
          <>
            <p className="error">{t('f.problems')}</p>
            <ul>
              {[...problems.at.entries()].map(([f, p]) => <li key={f}><a href={`#${fid(f)}`}>{p.message}</a></li>)}
              {problems.rest.map((p, i) => <li key={i}>{p.message}{p.hint && <span className="muted"> {p.hint}</span>}</li>)}
            </ul>
          </>
        )}
      </div>

      <div className="vt-field">
        <label htmlFor={fid('title')}>{t('f.title')}</label>
        <input id={fid('title')} value={d.title} onChange={(e) => set({ title: e.target.value })} maxLength={200} {...described('title', 'f-title-hint')} />
        <p className="muted" id="f-title-hint">{t('f.title.hint')}</p>
        <FieldProblem id={fid('title')} problem={problem('title')} />
      </div>
      <div className="vt-field">
        <label htmlFor={fid('kind')}>{t('f.kind')}</label>
        <select id={fid('kind')} value={d.kind} onChange={(e) => set({ kind: e.target.value as VoteDraft['kind'] })} {...described('kind')}>
          {VOTE_KINDS.map((k) => <option key={k} value={k}>{v(`kind.${k}`)}</option>)}
        </select>
        <FieldProblem id={fid('kind')} problem={problem('kind')} />
      </div>

      <h2>{t('f.questions')}</h2>
      <FieldProblem id={fid('questions')} problem={problem('questions')} />
      {d.questions.map((q, i) => {
        const labels = optionLabels(q.options);
        const base = `questions.${i}`;
        return (
          <fieldset key={i} className="vt-question card" id={fid(base)}>
            <legend>{t('f.question', { n: i + 1 })}</legend>
            <FieldProblem id={fid(base)} problem={problem(base)} />
            <div className="vt-field">
              <label htmlFor={fid(`${base}.text`)}>{t('f.question.text')}</label>
              <textarea id={fid(`${base}.text`)} rows={2} value={q.text} onChange={(e) => setQ(i, { text: e.target.value })} maxLength={1000} {...described(`${base}.text`)} />
              <FieldProblem id={fid(`${base}.text`)} problem={problem(`${base}.text`)} />
            </div>
            <div className="vt-field">
              <label htmlFor={fid(`${base}.options`)}>{t('f.options')}</label>
              <textarea id={fid(`${base}.options`)} rows={3} value={q.options} onChange={(e) => setQ(i, { options: e.target.value })} {...described(`${base}.options`, `${fid(base)}-opt-hint`)} />
              <p className="muted" id={`${fid(base)}-opt-hint`}>{t('f.options.hint')}</p>
              <FieldProblem id={fid(`${base}.options`)} problem={problem(`${base}.options`)} />
            </div>
            <div className="vt-row">
              <div className="vt-field">
                <label htmlFor={fid(`${base}.pass`)}>{t('f.pass')}</label>
                <select id={fid(`${base}.pass`)} value={q.passOption} onChange={(e) => setQ(i, { passOption: Number(e.target.value) })} {...described(`${base}.pass`)}>
                  {(labels.length > 0 ? labels : ['—']).map((l, j) => <option key={j} value={j}>{l}</option>)}
                </select>
              </div>
              <div className="vt-field">
                <label htmlFor={`${fid(base)}-share`}>{t('f.share')}</label>
                <select id={`${fid(base)}-share`} value={q.share} onChange={(e) => setQ(i, { share: e.target.value })}>
                  {SHARES.map((s) => <option key={s.value} value={s.value}>{t(s.key)}</option>)}
                  {!SHARES.some((s) => s.value === q.share) && <option value={q.share}>{q.share}</option>}
                </select>
              </div>
            </div>
            <FieldProblem id={fid(`${base}.pass`)} problem={problem(`${base}.pass`)} />
            {d.questions.length > 1 && (
              <button type="button" className="vt-secondary" onClick={() => set({ questions: d.questions.filter((_, j) => j !== i) })}>{t('f.question.remove', { n: i + 1 })}</button>
            )}
          </fieldset>
        );
      })}
      <p><button type="button" className="vt-secondary" onClick={() => set({ questions: [...d.questions, newQuestion()] })}>{t('f.question.add')}</button></p>

      <div className="vt-grid">
        {(['cutoffAt', 'opensAt', 'closesAt'] as const).map((f) => (
          <div className="vt-field" key={f}>
            <label htmlFor={fid(f)}>{t(f === 'cutoffAt' ? 'f.cutoff' : f === 'opensAt' ? 'f.opens' : 'f.closes')}</label>
            <input id={fid(f)} type="datetime-local" value={d[f]} onChange={(e) => set({ [f]: e.target.value })} {...described(f, f === 'cutoffAt' ? 'f-cutoff-hint' : undefined)} />
            {f === 'cutoffAt' && <p className="muted" id="f-cutoff-hint">{t('f.cutoff.hint')}</p>}
            <FieldProblem id={fid(f)} problem={problem(f)} />
          </div>
        ))}
      </div>

      <fieldset className="vt-field" id={fid('channels')} {...described('channels')}>
        <legend>{t('f.channels')}</legend>
        {CHANNELS.map((ch) => (
          <label key={ch} className="vt-check"><input type="checkbox" checked={d.channels.includes(ch)} onChange={() => set({ channels: toggle(d.channels, ch) })} /> {v(`channel.${ch}`)}</label>
        ))}
        <FieldProblem id={fid('channels')} problem={problem('channels')} />
      </fieldset>
      <fieldset className="vt-field" id={fid('eligibleStatuses')} {...described('eligibleStatuses')}>
        <legend>{t('f.statuses')}</legend>
        {STATUSES.map((st) => (
          <label key={st} className="vt-check"><input type="checkbox" checked={d.eligibleStatuses.includes(st)} onChange={() => set({ eligibleStatuses: toggle(d.eligibleStatuses, st) })} /> {v(`status.${st}`)}</label>
        ))}
        <FieldProblem id={fid('eligibleStatuses')} problem={problem('eligibleStatuses')} />
      </fieldset>
      <div className="vt-field">
        <label className="vt-check" htmlFor={fid('publicResults')}>
          <input id={fid('publicResults')} type="checkbox" checked={d.publicResults} onChange={(e) => set({ publicResults: e.target.checked })} {...described('publicResults')} /> {t('f.public')}
        </label>
        <FieldProblem id={fid('publicResults')} problem={problem('publicResults')} />
      </div>
      <button type="submit" className="vt-big" disabled={busy || !loaded}>{busy ? t('f.saving') : t('f.save')}</button>
    </form>
  );
}
