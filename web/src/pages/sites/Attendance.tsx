/**
 * Import a strike day's attendance from the student system's daily file (school_id or cds_code,
 * students_attending): checked first, every problem by line, then recorded in one change. The
 * day's cost follows (docs/sites.md, "The day's cost").
 */
import { useState } from 'react';
import { api, ApiError } from '../../api.ts';
import { useLang, useMessages } from '../../i18n.ts';
import { count } from '../../components/workspace/format.ts';
import { st } from './messages.ts';
import type { Act } from './Plan.tsx';
import { Refused, type SiteDay } from './types.ts';

interface Problem { message: string; where?: { line?: number; field?: string }; hint?: string }
interface Answer { preview: boolean; rows: number; changes: number; problems: Problem[]; version: number | null }


export function Attendance({ day, act }: { day: SiteDay; act: Act }) {
  const t = useMessages(st);
  const lang = useLang();
  const [csv, setCsv] = useState<string | null>(null);
  const [checked, setChecked] = useState<Answer | null>(null);
  const lines = (ps: Problem[]) => ps.map((p) => `${p.where?.line ? `line ${p.where.line}` : ''}${p.where?.field ? `, ${p.where.field}` : ''}: ${p.message}${p.hint ? ` (${p.hint})` : ''}`);
  const send = (preview: boolean) => act(async () => {
    try {
      const a = await api<Answer>('POST', `/api/sites/days/${day.id}/attendance`, { csv, preview });
      setChecked(preview ? a : null);
      if (a.problems.length > 0) throw new Refused(t('att.problems', { n: count(a.problems.length, lang) }), lines(a.problems));
      return preview ? t('att.checked', { rows: count(a.rows, lang), changes: count(a.changes, lang) }) : t('att.applied', { changes: count(a.changes, lang), version: a.version ?? day.version });
    } catch (e) {
      const problems = e instanceof ApiError ? (e.problem as unknown as { problems?: Problem[] }).problems : undefined;
      if (problems && problems.length > 0) throw new Refused(t('att.problems', { n: count(problems.length, lang) }), lines(problems));
      throw e;
    }
  });
  return (
    <form className="card pk-form" onSubmit={(e) => e.preventDefault()} aria-labelledby="st-att">
      <h2 id="st-att">{t('att')}</h2>
      <p className="muted">{t('att.intro')}</p>
      <p><label htmlFor="st-att-file">{t('att.file')}</label><br />
        <input id="st-att-file" type="file" accept=".csv,text/csv" onChange={(e) => { setChecked(null); const f = e.target.files?.[0]; if (f) void f.text().then(setCsv); }} /></p>
      <div className="pk-buttons">
        <button type="button" className="ro-secondary" disabled={csv === null} onClick={() => void send(true)}>{t('att.preview')}</button>
        <button type="button" disabled={!checked || checked.problems.length > 0 || checked.changes === 0} onClick={() => void send(false)}>{t('att.apply', { n: count(checked?.changes ?? 0, lang) })}</button>
      </div>
    </form>
  );
}
