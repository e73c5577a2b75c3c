/**
 * The proposal editor (/workspace/proposals/new and /workspace/proposals/ID): the proposal's
 * header and its terms as a form, costed live as the person types (the cost per year, the
 * reserve with and without it, the certification; problems next to the fields they name),
 * YAML import and export, and "Save as new version", which opens the version page.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { api, ApiError, type ApiProblem } from '../../api.ts';
import type { PageProps } from '../../App.tsx';
import { href } from '../../App.tsx';
import { useLang, useMessages } from '../../i18n.ts';
import { navigate } from '../../router.ts';
import {
  changeKind, clean, newProposal, newTerm, setIn, TERM_KINDS, termId,
  type Path, type ProposalDraft, type TermDraft,
} from '../../proposal-form.ts';
import type { ImportProblem } from '../../proposal-yaml.ts';

const yamlModule = () => import('../../proposal-yaml.ts');
import { NotCostedList, YearTable, ReservePanel } from '../../components/editor/CostViews.tsx';
import { DateField, fieldId, indexProblems, ProblemList, ProblemsContext, SelectField, TextField, useProblems } from '../../components/editor/Fields.tsx';
import { dollars, sumCents } from '../../components/editor/format.ts';
import { useLiveCosting, type LiveCost } from '../../components/editor/live-costing.ts';
import { M, type EditorKey } from '../../components/editor/messages.ts';
import type { ProposalDetail, VersionAnswer } from '../../components/editor/result-types.ts';
import { fiscalYearOfDate, pickDataset, useDatasetChoices, useTableInfo, type TableInfo } from '../../components/editor/table-info.ts';
import { TermCommon, TermFields, type TermContext } from '../../components/editor/TermForm.tsx';
import { FigureButton, linesByYear, termNames, TraceDialog, type Figure } from '../../components/editor/Trace.tsx';
import { termInWords } from '../../components/editor/plain.ts';
import { UserText } from '../../components/UserText.tsx';
import { webHref } from '../../text.ts';

export const DRAFTERS: Record<string, string[]> = { union: ['admin', 'bargaining-team'], district: ['admin', 'budget-analyst', 'negotiator'] };

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** Focus the field a problem names, or the nearest thing around it that is on the page. */
function focusField(field: string) {
  let label = field;
  for (;;) {
    const el = document.getElementById(`ed-${label.replace(/[^A-Za-z0-9_-]/g, '_')}`);
    if (el) {
      const target = el.matches('input, select, textarea, button') ? el : (el.querySelector<HTMLElement>('input, select, textarea, button') ?? el);
      target.focus();
      target.scrollIntoView({ block: 'center' });
      return;
    }
    const cut = Math.max(label.lastIndexOf('.'), label.lastIndexOf('['));
    if (cut <= 0) return;
    label = label.slice(0, cut);
  }
}

export function Editor({ session, id, query }: PageProps) {
  const t = useMessages(M);
  const lang = useLang();
  const table = useTableInfo(session);
  const [draft, setDraft] = useState<ProposalDraft | null>(null);
  const draftRef = useRef<ProposalDraft | null>(null);
  /** The dataset version the person chose; null: the newest of the proposal's own year (pickDataset). */
  const [datasetChoice, setDatasetChoice] = useState<number | null>(null);
  const chosen = table ? pickDataset(table.datasets, draft?.date, datasetChoice) : null;
  const choices = useDatasetChoices(chosen?.versionId ?? null);
  const info: TableInfo | null = useMemo(() => (table ? { ...table, dataset: chosen, choices } : null), [table, chosen, choices]);
  // What the costing callbacks (made once) read: the table and the person's choice as they are now.
  const pickRef = useRef<(d: ProposalDraft) => number | undefined>(() => undefined);
  pickRef.current = (d) => (table ? pickDataset(table.datasets, d.date, datasetChoice)?.versionId : undefined);
  const [keys, setKeys] = useState<number[]>([]);
  const nextKey = useRef(1);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [base, setBase] = useState<{ proposalId: number; title: string; version: number; versionId: number } | null>(null);
  const { live, schedule, noteEdit } = useLiveCosting();
  const [figure, setFigure] = useState<Figure | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveProblems, setSaveProblems] = useState<ApiProblem[]>([]);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [addKind, setAddKind] = useState<string>('raise');
  const [announce, setAnnounce] = useState('');
  const from = query.get('from');
  const mayDraft = session ? (DRAFTERS[session.organization.kind] ?? []).includes(session.person.role) : false;

  /** Replace the whole draft (a load or an import): new keys for its terms, costed at once. */
  const load = useCallback((d: ProposalDraft) => {
    draftRef.current = d;
    setDraft(d);
    setKeys(d.terms.map(() => nextKey.current++));
    setSaveProblems([]);
    schedule(d, { force: true, datasetVersionId: pickRef.current(d) });
  }, [schedule]);

  // Load once per address: a template for /new, else the proposal's latest version (or ?from=).
  const loadedFor = useRef<string | null>(null);
  useEffect(() => {
    const key = `${id}|${from ?? ''}`;
    if (!session || !mayDraft || loadedFor.current === key) return;
    if (id === null) {
      if (!info) return;
      loadedFor.current = key;
      const own = session.organization.kind === 'union' ? 'union' : 'district';
      const unit = info.draftUnits[0]?.id ?? session.organization.unit ?? '';
      setBase(null);
      load(newProposal({ party: own, unit, unitLabel: unit, today: today(), baseFiscalYear: info.dataset?.baseFiscalYear }, (date) => t('template.title', { org: session.organization.name, date })));
      return;
    }
    loadedFor.current = key;
    setDraft(null);
    draftRef.current = null;
    (async () => {
      try {
        const p = await api<ProposalDetail>('GET', `/api/proposals/${id}`);
        const chosen = (from && p.versions.find((v) => String(v.id) === from)) || p.versions[p.versions.length - 1];
        const [v, { fromYaml }] = await Promise.all([api<VersionAnswer>('GET', `/api/proposal-versions/${chosen.id}`), yamlModule()]);
        if (loadedFor.current !== key) return; // the person went elsewhere meanwhile
        const read = fromYaml(v.yaml);
        if (!read.ok) throw new Error(read.problems.map((x) => x.message).join('; '));
        setBase({ proposalId: p.id, title: p.title, version: v.version, versionId: v.id });
        load(read.draft);
      } catch (e) {
        if (loadedFor.current === key) setLoadError(e instanceof ApiError ? e.problem.message : String(e));
      }
    })();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session, id, from, info, mayDraft]);

  const commit = useCallback((next: ProposalDraft, nextKeys?: number[]) => {
    noteEdit();
    draftRef.current = next;
    setDraft(next);
    if (nextKeys) setKeys(nextKeys);
    schedule(next, { datasetVersionId: pickRef.current(next) });
  }, [noteEdit, schedule]);

  // The data the proposal is costed on changed (the table's list arrived, the date moved to
  // another year, the person chose): cost it again on them.
  useEffect(() => {
    if (draftRef.current && chosen) schedule(draftRef.current, { datasetVersionId: chosen.versionId });
  }, [chosen?.versionId, schedule]); // eslint-disable-line react-hooks/exhaustive-deps

  const set = useCallback((path: Path, value: unknown) => {
    if (!draftRef.current) return;
    commit(setIn(draftRef.current, path, value));
  }, [commit]);

  // The last answer's problems stay shown while the next one is on its way (no flicker while typing).
  const problems = saveProblems.length > 0 ? saveProblems : live.problems;
  /** The terms as the shown result costed them, to tell whether a term's own figure is current. */
  const costedTerms = useMemo(() => (live.resultFor ? ((JSON.parse(live.resultFor) as { proposal: ProposalDraft }).proposal.terms ?? []) : []).map((x) => JSON.stringify(x)), [live.resultFor]);
  const problemIndex = useMemo(() => indexProblems(problems, t('problem.example')), [problems, lang]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!session) return null;
  if (!mayDraft) return <p className="card">{t('editor.notAllowed', { role: session.person.role })}</p>;
  if (loadError) return <p className="error" role="alert">{t('editor.loadError', { message: loadError })}</p>;
  if (!draft) return <p role="status">{t('editor.loading')}</p>;

  const start = typeof draft.term?.start === 'string' ? draft.term.start : today();
  const at = { start, date: typeof draft.date === 'string' ? draft.date : today(), unit: typeof draft.unit === 'string' ? draft.unit : '' };
  const termOps = {
    add: (kind: string) => {
      const term = newTerm(kind, at);
      const roles = info?.choices?.hireRoles[at.unit];
      if ((kind === 'staffing' || kind === 'hire') && roles?.length && !roles.includes(String(term.role))) term.role = roles[0];
      if (kind === 'me-too') term.unit = info?.dataset?.units.find((u) => u.id !== at.unit)?.id ?? at.unit;
      commit({ ...draft, terms: [...draft.terms, term] }, [...keys, nextKey.current++]);
      setAnnounce(t('term.added', { n: draft.terms.length + 1, kind: kindLabel(kind) }));
      requestAnimationFrame(() => document.getElementById(`ed-term-${draft.terms.length}-title`)?.focus());
    },
    remove: (i: number) => {
      commit({ ...draft, terms: draft.terms.filter((_, j) => j !== i) }, keys.filter((_, j) => j !== i));
      setAnnounce(t('term.removed', { n: i + 1 }));
      requestAnimationFrame(() => document.getElementById(draft.terms.length > 1 ? `ed-term-${Math.max(0, i - 1)}-title` : 'ed-add-kind')?.focus());
    },
    move: (i: number, d: -1 | 1, button: 'up' | 'down') => {
      const j = i + d;
      if (j < 0 || j >= draft.terms.length) return;
      const terms = draft.terms.slice();
      [terms[i], terms[j]] = [terms[j], terms[i]];
      const ks = keys.slice();
      [ks[i], ks[j]] = [ks[j], ks[i]];
      commit({ ...draft, terms }, ks);
      setAnnounce(t('term.moved', { from: i + 1, to: j + 1 }));
      requestAnimationFrame(() => {
        const target = document.getElementById(`ed-term-${j}-${button}`) as HTMLButtonElement | null;
        (target && !target.disabled ? target : document.getElementById(`ed-term-${j}-title`))?.focus();
      });
    },
    kind: (i: number, kind: string) => set(['terms', i], changeKind(draft.terms[i], kind, at)),
  };
  const kindLabel = (k: string) => (TERM_KINDS as readonly string[]).includes(k) ? t(`kind.${k}` as EditorKey) : k;

  const save = async () => {
    setSaving(true);
    setSaveError(null);
    setSaveProblems([]);
    try {
      const body = { proposal: JSON.parse(JSON.stringify(draft)) as Record<string, unknown>, ...(chosen ? { datasetVersionId: chosen.versionId } : {}) };
      const v = base
        ? await api<VersionAnswer>('POST', `/api/proposals/${base.proposalId}/versions`, body)
        : await api<VersionAnswer>('POST', '/api/proposals', body);
      navigate(href(`/workspace/versions/${v.id}`, lang));
    } catch (e) {
      if (e instanceof ApiError && e.status === 422) setSaveProblems(e.problem.problems?.length ? e.problem.problems : [e.problem]);
      else setSaveError(e instanceof ApiError ? [e.problem.message, e.problem.hint].filter(Boolean).join(' — ') : t('error.generic'));
    } finally {
      setSaving(false);
    }
  };

  const own = session.organization.kind;
  const partyOptions = [
    { value: own, label: t(own === 'union' ? 'party.union' : 'party.district') },
    { value: 'joint', label: t('party.joint') },
    { value: 'fact-finder', label: t('party.fact-finder') },
  ];
  const unitOptions = (info?.draftUnits ?? []).map((u) => ({ value: u.id, label: `${u.id} — ${u.name}` }));

  return (
    <ProblemsContext.Provider value={problemIndex}>
      <div className="ed-page">
        <div className="ed-form">
          <h1>{base ? t('editor.titleExisting', { title: base.title }) : t('editor.titleNew')}</h1>
          {base && <p className="muted">{t('editor.basedOn', { version: base.version })}</p>}
          <p className="ed-lede">{t('editor.lede')}</p>
          <p className="visually-hidden" role="status" aria-live="polite">{announce}</p>

          <section className="card ed-section" aria-labelledby="ed-header-title">
            <h2 id="ed-header-title">{t('header.title')}</h2>
            <div className="ed-grid">
              <TextField path={['title']} label={t('field.title')} value={draft.title} required onValue={(s) => set(['title'], s)} className="ed-wide" />
              <SelectField path={['party']} label={t('field.party')} hint={t('hint.party')} value={draft.party} options={partyOptions} onValue={(p) => set(['party'], p)} />
              <SelectField path={['unit']} label={t('field.unit')} value={draft.unit} options={unitOptions} onValue={(u) => set(['unit'], u)} />
              <DateField path={['date']} label={t('field.date')} hint={t('hint.date')} value={draft.date} required onValue={(d) => set(['date'], d)} />
              <DateField path={['term', 'start']} label={t('field.termStart')} value={draft.term?.start} required onValue={(d) => set(['term', 'start'], d)} />
              <DateField path={['term', 'end']} label={t('field.termEnd')} value={draft.term?.end} required onValue={(d) => set(['term', 'end'], d)} />
              <DatasetField table={table} chosen={chosen} choice={datasetChoice} date={draft.date} onChoose={(v) => { noteEdit(); setDatasetChoice(v); }} />
              <TextField path={['summary']} label={t('field.summary')} hint={t('hint.summary')} multiline value={draft.summary} onValue={(s) => set(['summary'], s)} className="ed-wide" />
              <TextField path={['id']} label={t('field.id')} hint={t('hint.id')} value={draft.id} required onValue={(s) => set(['id'], s)} />
            </div>
            {Array.isArray(draft.sources) && draft.sources.length > 0 && (
              <div className="ed-sources">
                <h3>{t('header.sources')}</h3>
                <p className="ed-hint">{t('header.sourcesHint')}</p>
                <ul>
                  {(draft.sources as unknown[]).map((s, k) => {
                    const r = typeof s === 'string' ? { title: s } : (s as { title?: string; href?: string });
                    // Only http(s) links: a `javascript:` or `data:` address in a source is shown as text, never as a link.
                    const link = webHref(r.href);
                    return <li key={k}>{link ? <a href={link} rel="noreferrer"><UserText text={r.title ?? link} /></a> : <UserText text={r.title ?? r.href ?? ''} />}</li>;
                  })}
                </ul>
              </div>
            )}
            <TopProblems fields={['(document)', '', 'term', 'sources']} />
          </section>

          <section className="ed-section" aria-labelledby="ed-terms-title">
            <h2 id="ed-terms-title">{t('terms.title', { n: draft.terms.length })}</h2>
            <TermsProblems />
            {draft.terms.length === 0 && <p className="muted">{t('terms.none')}</p>}
            <ol className="ed-terms">
              {draft.terms.map((term, i) => (
                <li key={keys[i] ?? i}>
                  <TermCard term={term} index={i} count={draft.terms.length} set={set} ops={termOps} kindLabel={kindLabel} info={info} draft={draft} live={live} costed={costedTerms[i] === JSON.stringify(clean(term))} onOpen={setFigure} />
                </li>
              ))}
            </ol>
            <div className="ed-add">
              <label htmlFor="ed-add-kind">{t('terms.addKind')}</label>
              <select id="ed-add-kind" value={addKind} onChange={(e) => setAddKind(e.target.value)}>
                {TERM_KINDS.map((k) => <option key={k} value={k}>{kindLabel(k)}</option>)}
              </select>
              <button type="button" onClick={() => termOps.add(addKind)}>{t('terms.add')}</button>
            </div>
          </section>

          <YamlSection draft={draft} onImport={(d) => { noteEdit(); load(d); setAnnounce(t('yaml.imported')); }} />

          <section className="card ed-section ed-save" aria-labelledby="ed-save-title">
            <h2 id="ed-save-title">{t('save.title')}</h2>
            <p className="ed-hint">{base ? t('save.hintExisting', { title: base.title }) : t('save.hintNew')}</p>
            <button type="button" onClick={save} disabled={saving}>{saving ? t('save.working') : t('save.button')}</button>
            {saveError && <p className="error" role="alert">{saveError}</p>}
            {saveProblems.length > 0 && <p className="error" role="alert">{saveProblems.length === 1 ? t('save.problem') : t('save.problems', { n: saveProblems.length })}</p>}
          </section>
          <MiniBar live={live} />
        </div>

        <CostAside live={live} info={info} onOpen={setFigure} />
      </div>
      <TraceDialog figure={figure} onClose={() => setFigure(null)} names={termNames(live.result?.years ?? [])} />
    </ProblemsContext.Provider>
  );
}

/**
 * Which data the proposal is costed on, and the year of those data: by default the newest
 * dataset version of the proposal's own fiscal year (else the newest); the person may choose another.
 */
function DatasetField({ table, chosen, choice, date, onChoose }: { table: TableInfo | null; chosen: TableInfo['dataset']; choice: number | null; date: unknown; onChoose: (v: number | null) => void }) {
  const t = useMessages(M);
  if (!table || table.datasets.length === 0 || !chosen) return null;
  const fy = fiscalYearOfDate(date);
  const auto = pickDataset(table.datasets, date, null);
  const label = (d: NonNullable<TableInfo['dataset']>) => t('dataset.option', { name: d.name, version: d.version, fy: d.baseFiscalYear });
  return (
    <div className="ed-field ed-wide">
      <label htmlFor="ed-dataset">{t('field.dataset')}</label>
      <select id="ed-dataset" value={choice === null ? '' : String(choice)} aria-describedby="ed-dataset-hint" onChange={(e) => onChoose(e.target.value === '' ? null : Number(e.target.value))}>
        <option value="">{t('dataset.auto', { option: auto ? label(auto) : '' })}</option>
        {table.datasets.map((d) => <option key={d.versionId} value={d.versionId}>{label(d)}</option>)}
      </select>
      <p className="ed-hint" id="ed-dataset-hint">
        {t('dataset.used', { option: label(chosen) })}{' '}
        {fy && chosen.baseFiscalYear !== fy ? t('dataset.otherYear', { fy, data: chosen.baseFiscalYear }) : fy ? t('dataset.sameYear', { fy }) : ''}
      </p>
    </div>
  );
}

function TermsProblems() {
  return <ProblemList problems={useProblems(['terms'])} />;
}

/** Problems of the whole file or of fields the form does not show (they also appear in the summary). */
function TopProblems({ fields }: { fields: string[] }) {
  const a = useProblems([fields[0]]);
  const b = useProblems([fields[1]]);
  const c = useProblems([fields[2]]);
  const d = useProblems([fields[3]], { items: true });
  return <ProblemList problems={[...a, ...b, ...c, ...d]} />;
}

function TermCard({ term, index, count, set, ops, kindLabel, info, draft, live, costed, onOpen }: {
  term: TermDraft;
  index: number;
  count: number;
  set: (path: Path, value: unknown) => void;
  ops: { remove: (i: number) => void; move: (i: number, d: -1 | 1, b: 'up' | 'down') => void; kind: (i: number, k: string) => void };
  kindLabel: (k: string) => string;
  info: TableInfo | null;
  draft: ProposalDraft;
  live: LiveCost;
  /** The shown result costed this very term at this place. */
  costed: boolean;
  onOpen: (f: Figure) => void;
}) {
  const t = useMessages(M);
  const lang = useLang();
  const path: Path = ['terms', index];
  /** Another term as readers know it: its title, else its plain-words description, else its place and kind (never its id). */
  const termLabel = (x: TermDraft, j: number) => `${t('term.n', { n: j + 1 })}: ${typeof x.title === 'string' && x.title ? x.title : (termInWords(x, j, typeof draft.unit === 'string' ? draft.unit : '', lang) ?? kindLabel(x.kind))}`;
  const unit = typeof term.unit === 'string' && term.kind !== 'me-too' ? term.unit : typeof draft.unit === 'string' ? draft.unit : '';
  const ctx: TermContext = {
    roles: info?.choices ? (info.choices.roles[unit] ?? []) : null,
    hireRoles: info?.choices ? (info.choices.hireRoles[unit] ?? []) : null,
    units: (info?.dataset?.units ?? []).map((u) => ({ value: u.id, label: `${u.id} — ${u.name}` })),
    otherTerms: draft.terms.map((x, j) => ({ x, j })).filter(({ x, j }) => j !== index && x.kind !== 'me-too' && x.kind !== 'non-cost').map(({ x, j }) => ({ value: termId(x, j), label: termLabel(x, j) })),
    caps: info?.choices?.caps ?? [],
    defaultFrom: typeof draft.term?.start === 'string' ? draft.term.start : '',
  };
  const own = [...useProblems(path), ...useProblems([...path, 'kind']), ...useProblems([...path, 'unit'])];
  const id = termId(term, index);
  const lines = linesByYear(live.result?.years ?? [], (l) => l.term === id);
  const cents = sumCents(lines);
  const years = live.result?.years ?? [];
  const titleId = `ed-term-${index}-title`;
  return (
    <section className="card ed-term" aria-labelledby={titleId} id={fieldId(path)} tabIndex={-1}>
      <div className="ed-term-head">
        <h3 id={titleId} tabIndex={-1}>{t('term.n', { n: index + 1 })}: {kindLabel(term.kind)}</h3>
        <div className="ed-term-tools">
          <button type="button" className="ed-secondary" id={`ed-term-${index}-up`} disabled={index === 0} onClick={() => ops.move(index, -1, 'up')} aria-label={t('term.moveUp', { n: index + 1 })}>↑</button>
          <button type="button" className="ed-secondary" id={`ed-term-${index}-down`} disabled={index === count - 1} onClick={() => ops.move(index, 1, 'down')} aria-label={t('term.moveDown', { n: index + 1 })}>↓</button>
          <button type="button" className="ed-secondary ed-danger" onClick={() => ops.remove(index)} aria-label={t('term.remove', { n: index + 1 })}>{t('term.removeShort')}</button>
        </div>
      </div>
      <div className="ed-grid">
        <SelectField path={[...path, 'kind']} label={t('field.kind')} value={term.kind} options={TERM_KINDS.map((k) => ({ value: k, label: kindLabel(k) }))} onValue={(k) => ops.kind(index, k)} />
        {term.kind !== 'non-cost' && live.result && years.length > 0 && (
          <div className="ed-term-cost">
            <span className="ed-term-cost-label">{t('term.costs', { from: years[0].fy, to: years[years.length - 1].fy })}</span>
            {costed ? (
              <FigureButton className={live.state === 'ok' ? '' : 'ed-stale-fig'} text={dollars(cents, lang)} cents={cents} onOpen={() => onOpen({ kind: 'lines', title: t('trace.termAll', { term: `${t('term.n', { n: index + 1 })}: ${kindLabel(term.kind)}` }), cents, lines, years: years.map((y) => y.fy) })} />
            ) : (
              <span className="ed-term-cost-label">{t('term.notCostedYet')}</span>
            )}
          </div>
        )}
      </div>
      <ProblemList problems={own} />
      <TermFields term={term} path={path} set={set} ctx={ctx} />
      <TermCommon term={term} index={index} path={path} set={set} units={ctx.units} />
    </section>
  );
}

function YamlSection({ draft, onImport }: { draft: ProposalDraft; onImport: (d: ProposalDraft) => void }) {
  const t = useMessages(M);
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<ImportProblem[]>([]);
  const [done, setDone] = useState('');
  const read = async (yaml: string) => {
    const r = (await yamlModule()).fromYaml(yaml);
    if (!r.ok) {
      setProblems(r.problems);
      setDone('');
      return;
    }
    setProblems([]);
    setDone(t('yaml.imported'));
    onImport(r.draft);
  };
  const exportYaml = async () => {
    const yaml = (await yamlModule()).toYaml(draft);
    const blob = new Blob([yaml], { type: 'application/yaml' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `${typeof draft.id === 'string' && draft.id ? draft.id : 'proposal'}.yaml`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  };
  const problemText = (p: ImportProblem) => {
    const what = p.message === 'not-mapping' ? t('yaml.notMapping') : p.message === 'terms-not-list' ? t('yaml.termsNotList') : p.message;
    return p.line ? t('yaml.at', { line: p.line, col: p.col ?? 1, what }) : what;
  };
  return (
    <section className="card ed-section" aria-labelledby="ed-yaml-title">
      <h2 id="ed-yaml-title">{t('yaml.title')}</h2>
      <p className="ed-hint">{t('yaml.hint')}</p>
      <p><button type="button" onClick={exportYaml}>{t('yaml.export')}</button></p>
      <div className="ed-field">
        <label htmlFor="ed-yaml-text">{t('yaml.paste')}</label>
        <textarea id="ed-yaml-text" rows={6} className="ed-code" value={text} onChange={(e) => setText(e.target.value)} spellCheck={false} aria-describedby={problems.length ? 'ed-yaml-problems' : undefined} />
      </div>
      <p className="ed-row">
        <button type="button" className="ed-secondary" disabled={text.trim() === ''} onClick={() => read(text)}>{t('yaml.load')}</button>
        <label className="ed-file">
          {t('yaml.choose')}
          <input type="file" accept=".yaml,.yml,text/yaml,application/yaml" onChange={async (e) => {
            const f = e.target.files?.[0];
            if (!f) return;
            const content = await f.text();
            setText(content);
            read(content);
            e.target.value = '';
          }} />
        </label>
      </p>
      {problems.length > 0 && (
        <div role="alert" id="ed-yaml-problems">
          <p className="error">{t('yaml.problems')}</p>
          <ul className="ed-problems">{problems.map((p, k) => <li key={k}>{problemText(p)}</li>)}</ul>
        </div>
      )}
      <p role="status" className="muted">{done}</p>
    </section>
  );
}

function fieldName(field: string, t: (k: EditorKey, v?: Record<string, string | number>) => string): string {
  const m = /^terms\[(\d+)\]\.?(.*)$/.exec(field);
  if (m) return m[2] ? `${t('term.n', { n: Number(m[1]) + 1 })} · ${m[2]}` : t('term.n', { n: Number(m[1]) + 1 });
  return field || t('problem.file');
}

/** On a narrow screen the cost panel is below the form: this bar keeps the total in sight while typing. */
function MiniBar({ live }: { live: LiveCost }) {
  const t = useMessages(M);
  const lang = useLang();
  const r = live.result;
  if (!r) return null;
  const total = r.years.reduce((s, y) => s + y.totalCents, 0);
  const note = live.state === 'working' ? t('cost.working') : live.state === 'problems' ? t('cost.problemsShort') : live.state === 'error' ? t('cost.errorShort') : '';
  return (
    <div className="ed-minibar">
      <span>{t('cost.headline', { from: r.years[0]?.fy ?? '', to: r.years[r.years.length - 1]?.fy ?? '' })} <strong className={live.state === 'ok' ? '' : 'ed-stale-text'}>{dollars(total, lang)}</strong> {note && <span className="ed-minibar-note">{note}</span>}</span>
      <a href="#ed-cost-title">{t('cost.see')}</a>
    </div>
  );
}

function CostAside({ live, info, onOpen }: { live: LiveCost; info: TableInfo | null; onOpen: (f: Figure) => void }) {
  const t = useMessages(M);
  const lang = useLang();
  const box = useRef<HTMLElement>(null);
  const timing = useRef<HTMLSpanElement>(null);
  // The figures are in the DOM now: record how long after the edit (see live-costing.ts).
  useLayoutEffect(() => {
    if (live.servedEditAt === null || !box.current) return;
    const ms = performance.now() - live.servedEditAt;
    box.current.dataset.editToCostMs = ms.toFixed(1);
    if (timing.current) timing.current.textContent = t('cost.updatedIn', { ms: Math.round(ms) });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live.seq]);
  const r = live.result;
  const total = r ? r.years.reduce((s, y) => s + y.totalCents, 0) : 0;
  const status = live.state === 'working' ? t('cost.working')
    : live.state === 'problems' ? (live.problems.length === 1 ? t('cost.problem') : t('cost.problems', { n: live.problems.length }))
    : live.state === 'error' ? t('cost.error', { message: live.error ?? '' })
    : live.state === 'ok' ? t('cost.upToDate') : t('cost.waiting');
  return (
    <aside className="ed-aside" ref={box} aria-labelledby="ed-cost-title" data-state={live.state} data-seq={live.seq}>
      <div className="card">
        <h2 id="ed-cost-title" tabIndex={-1}>{t('cost.title')}</h2>
        <p className={`ed-status ed-status-${live.state}`} role="status" aria-live="polite">{status} <span ref={timing} className="ed-timing muted" /></p>
        {live.state === 'problems' && (
          <div className="ed-summary">
            <p>{t('problem.summary')}</p>
            <ul className="ed-problems">
              {live.problems.map((p, k) => (
                <li key={k}>
                  <button type="button" className="link" onClick={() => focusField(p.where?.field ?? '')}>{fieldName(p.where?.field ?? '', t)}</button>: {p.message}
                  {p.hint && <span className="ed-problem-hint"> {t('problem.example')}: <code>{p.hint}</code></span>}
                </li>
              ))}
            </ul>
          </div>
        )}
        {r && (
          <div className={live.state === 'ok' ? '' : 'ed-stale'}>
            {live.state !== 'ok' && live.state !== 'working' && <p className="ed-hint">{t('cost.stale')}</p>}
            <p className="ed-headline">
              <span>{t('cost.headline', { from: r.years[0]?.fy ?? '', to: r.years[r.years.length - 1]?.fy ?? '' })}</span>{' '}
              <FigureButton className="ed-grand-total" text={dollars(total, lang)} cents={total} onOpen={() => onOpen({ kind: 'lines', title: t('trace.allYears'), cents: total, lines: linesByYear(r.years), years: r.years.map((y) => y.fy) })} />
            </p>
            <p className="ed-hint">{t('cost.clickHint')}</p>
            <YearTable result={r} onOpen={onOpen} id="ed-years" />
            <ReservePanel result={r} onOpen={onOpen} />
            {r.nonCostTerms.length > 0 && <p className="ed-hint">{t('cost.nonCost', { n: r.nonCostTerms.length })}</p>}
            <NotCostedList result={r} />
          </div>
        )}
        {info?.dataset && <p className="ed-hint" data-dataset-version={info.dataset.versionId}>{t('cost.dataset', { name: info.dataset.name, version: info.dataset.version, fy: info.dataset.baseFiscalYear })}</p>}
      </div>
    </aside>
  );
}

