/**
 * Importing the roster (union admins and organizers): choose a CSV or XLSX file → the preview
 * (ImportReport.tsx) with the column mapping, every rejected row, duplicates, and what it would
 * add, change and remove → Confirm (with the preview's digest, so what is applied is what was
 * shown) or Discard. Each mapping change or removeMissing toggle asks for the preview again;
 * nothing in the roster changes before Confirm. A stale preview (409) asks to preview again;
 * an upload no longer kept (410) asks to upload the file again.
 */
import { useRef, useState } from 'react';
import type { PageProps, Session } from '../../App.tsx';
import { api, apiUpload, ApiError, type ApiProblem } from '../../api.ts';
import { useMessages } from '../../i18n.ts';
import { Link } from '../../components/workspace/Link.tsx';
import { may } from '../../components/workspace/permissions.ts';
import { useT } from '../../i18n.ts';
import { importing as words, roster } from './messages.ts';
import { RosterGuard, RosterNav, SaidLine, type Said } from './parts.tsx';
import { ImportReport } from './ImportReport.tsx';
import { MappingForm } from './MappingForm.tsx';
import { FIELDS, REQUIRED, type Applied, type Mapping, type Preview } from './types.ts';

export function RosterImport(props: PageProps) {
  const t = useT();
  const s = props.session;
  return <RosterGuard session={s}>{s && may(s, 'roster.write') ? <ImportFlow session={s} /> : <p>{t('notFound')}</p>}</RosterGuard>;
}

type Busy = 'upload' | 'preview' | 'confirm' | 'discard' | null;

function ImportFlow({ session }: { session: Session }) {
  const t = useMessages(words);
  const r = useMessages(roster);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [mapping, setMapping] = useState<Mapping | null>(null);
  const [removeMissing, setRemoveMissing] = useState(false);
  // Removing members (the file read as the whole roster) is confirmed on its own, for each preview.
  const [removeOk, setRemoveOk] = useState(false);
  const [busy, setBusy] = useState<Busy>(null);
  const [said, setSaid] = useState<Said>(null);
  const [stale, setStale] = useState(false);
  const [applied, setApplied] = useState<Applied | null>(null);
  // Only the answer to the latest preview request is shown (changes can come faster than answers).
  const asked = useRef(0);

  const problemText = (p: ApiProblem) => {
    const where = [p.where?.line !== undefined ? t('where.line', { line: p.where.line }) : null, p.where?.col !== undefined ? t('where.col', { col: p.where.col }) : null].filter(Boolean).join(', ');
    return `${where ? `${where}: ` : ''}${p.message}${p.hint ? ` (${p.hint})` : ''}`;
  };
  /** A refusal: the upload no longer kept starts over; a stale preview offers to preview again. */
  const refused = (e: unknown) => {
    if (e instanceof ApiError && e.status === 410) {
      setPreview(null);
      setMapping(null);
      setSaid({ ok: false, text: t('expired'), hint: e.problem.message });
      return;
    }
    if (e instanceof ApiError && e.problem.code === 'roster.preview-stale') {
      setStale(true);
      setSaid({ ok: false, text: t('stale'), hint: e.problem.message });
      return;
    }
    if (e instanceof ApiError) {
      setSaid({ ok: false, text: e.problem.message, hint: e.problem.hint, problems: (e.problem.problems ?? []).map(problemText) });
      return;
    }
    setSaid({ ok: false, text: e instanceof Error ? e.message : String(e) });
  };
  const shown = (p: Preview) => {
    setPreview(p);
    setMapping(p.mapping);
    setRemoveMissing(p.removeMissing);
    setRemoveOk(false);
    setStale(false);
  };

  const upload = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!file) {
      setSaid({ ok: false, text: t('file.none') });
      return;
    }
    const form = new FormData();
    form.set('file', file);
    setBusy('upload');
    setSaid({ ok: true, text: t('uploading') });
    setApplied(null);
    try {
      shown(await apiUpload<Preview>('/api/roster/imports', form));
      setSaid(null);
    } catch (err) {
      refused(err);
    }
    setBusy(null);
  };

  const missing = (m: Mapping) => REQUIRED.filter((f) => m[f] === null);
  const previewAgain = async (m: Mapping, remove: boolean) => {
    if (!preview) return;
    setMapping(m);
    setRemoveMissing(remove);
    if (missing(m).length > 0) return; // said beside the mapping; nothing to ask the server
    const n = ++asked.current;
    setBusy('preview');
    setSaid({ ok: true, text: t('previewing') });
    try {
      const p = await api<Preview>('POST', `/api/roster/imports/${preview.import.id}/preview`, { mapping: m, removeMissing: remove });
      if (n !== asked.current) return;
      shown(p);
      setSaid(null);
    } catch (err) {
      if (n === asked.current) refused(err);
    }
    if (n === asked.current) setBusy(null);
  };

  const confirm = async () => {
    if (!preview || !mapping) return;
    setBusy('confirm');
    setSaid({ ok: true, text: t('confirming') });
    try {
      const done = await api<Applied>('POST', `/api/roster/imports/${preview.import.id}/confirm`, { mapping, removeMissing, digest: preview.digest });
      setApplied(done);
      setPreview(null);
      setMapping(null);
      setFile(null);
      const a = done.applied;
      setSaid({ ok: true, text: t('applied', { added: a.added, restored: a.restored, changed: a.changed, removed: a.removed, unchanged: a.unchanged, rejected: a.rejectedRows }) });
    } catch (err) {
      refused(err);
    }
    setBusy(null);
  };

  const discard = async () => {
    if (!preview) return;
    setBusy('discard');
    try {
      await api('DELETE', `/api/roster/imports/${preview.import.id}`);
      setPreview(null);
      setMapping(null);
      setFile(null);
      setSaid({ ok: true, text: t('discarded') });
    } catch (err) {
      refused(err);
    }
    setBusy(null);
  };

  const unmapped = mapping ? missing(mapping) : [];
  // The preview shown is the plan for the mapping shown: confirm only then.
  const matches = preview !== null && mapping !== null && FIELDS.every((f) => preview.mapping[f] === mapping[f]) && preview.removeMissing === removeMissing;
  const current = preview !== null && matches && busy === null && unmapped.length === 0 && preview.mappingProblems.length === 0 && !stale && (preview.counts.removes === 0 || removeOk);

  return (
    <div className="ro-page">
      <RosterNav session={session} here="import" />
      <h1>{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
      {!preview && (
        <form className="card ro-upload" onSubmit={(e) => void upload(e)}>
          <label htmlFor="ro-file">{t('file')}</label>
          <input id="ro-file" type="file" accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          <button type="submit" disabled={busy !== null}>{t('upload')}</button>
        </form>
      )}
      <SaidLine said={said} />
      {stale && preview && mapping && <p><button type="button" onClick={() => void previewAgain(mapping, removeMissing)}>{t('previewAgain')}</button></p>}
      {applied && <p><Link to="/workspace/roster">{t('see')}</Link></p>}
      {preview && mapping && (
        <>
          <h2 className="ro-file">{t('preview.title', { file: preview.import.fileName })}</h2>
          <MappingForm
            columns={preview.columns}
            mapping={mapping}
            removeMissing={removeMissing}
            problems={[...unmapped.map((f) => t('mapping.required', { field: r(`field.${f}`) })), ...(unmapped.length === 0 ? preview.mappingProblems.map((p) => `${p.message} (${p.hint})`) : [])]}
            onChange={(m, remove) => void previewAgain(m, remove)}
          />
          <ImportReport preview={preview} />
          <div className="card ro-actions">
            <p>{t('confirm.what', { adds: preview.counts.adds, changes: preview.counts.changes, removes: preview.counts.removes, rejected: preview.counts.rejectedRows })}</p>
            {preview.counts.removes > 0 && (
              <p>
                <label className="ro-remove-ok">
                  <input type="checkbox" checked={removeOk} onChange={(e) => setRemoveOk(e.target.checked)} />{' '}
                  <span>{t('confirm.removes', { removes: preview.counts.removes })}</span>
                </label>
              </p>
            )}
            <button type="button" disabled={!current} onClick={() => void confirm()}>{t('confirm')}</button>{' '}
            <button type="button" className="ro-secondary" disabled={busy !== null} onClick={() => void discard()}>{t('discard')}</button>
          </div>
        </>
      )}
    </div>
  );
}
