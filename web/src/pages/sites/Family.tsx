/**
 * Meal and partner sites (district staff; docs/sites.md): the list, removing one (admin), and
 * importing a CSV file: checked first (every problem by line and column), then added in one go.
 */
import { useState } from 'react';
import type { PageProps, Session } from '../../App.tsx';
import { api, ApiError } from '../../api.ts';
import { useLang, useMessages } from '../../i18n.ts';
import { Pending } from '../../components/workspace/parts.tsx';
import { useFetch } from '../../components/pickets/useFetch.ts';
import { Guard } from '../../components/pickets/parts.tsx';
import { TableScroll } from '../../components/TableScroll.tsx';
import { count, longDate } from '../../components/workspace/format.ts';
import { displayText } from '../../text.ts';
import { refusal, SaidLine, type Said } from '../roster/parts.tsx';
import { st } from './messages.ts';
import { plansSites, readsSites, SitesNav } from './parts.tsx';

interface FamilySite { id: number; kind: 'meal' | 'partner'; partnerKind: 'library' | 'park' | 'recreation' | 'other' | null; name: string; address: string; opens: string; closes: string; dates: string[]; servesFrom: string | null; mealsPerChild: number | null }
interface Problem { message: string; where?: { line?: number; field?: string; col?: number }; hint?: string }
interface Report { rows: number; toAdd: number; added: number; problems: Problem[] }

const COLUMNS = 'kind,name,address,latitude,longitude,opens,closes,dates,meals_per_child,partner_kind,offers,languages';

export function Family({ session }: PageProps) {
  return <Guard allowed={readsSites(session)}><FamilyPage session={session as Session} /></Guard>;
}

function FamilyPage({ session }: { session: Session }) {
  const t = useMessages(st);
  const lang = useLang();
  const [reload, setReload] = useState(0);
  const [said, setSaid] = useState<Said>(null);
  const list = useFetch<{ sites: FamilySite[] }>('/api/sites/family', reload);
  const plans = plansSites(session);
  const kind = (s: FamilySite) => (s.kind === 'meal' ? t('family.kind.meal') : `${t('family.kind.partner')}: ${t(`family.partner.${s.partnerKind ?? 'other'}`)}`);
  return (
    <div className="pk-page">
      <SitesNav session={session} here="family" />
      <h1>{t('family.title')}</h1>
      <p className="muted">{t('family.intro')}</p>
      <SaidLine said={said} />
      {plans && <Import onDone={(s) => { setSaid(s); setReload((n) => n + 1); }} />}
      <Pending loaded={list} />
      {list.state === 'done' && list.value.sites.length === 0 && <p>{t('family.none')}</p>}
      {list.state === 'done' && list.value.sites.length > 0 && (
        <>
          <h2 id="st-family">{t('family.count', { n: count(list.value.sites.length, lang) })}</h2>
          <TableScroll labelledBy="st-family">
            <table>
              <thead><tr>
                <th scope="col">{t('family.col.name')}</th><th scope="col">{t('family.col.kind')}</th><th scope="col">{t('family.col.hours')}</th><th scope="col">{t('family.col.dates')}</th>
                {plans && <th scope="col">{t('family.col.remove')}</th>}
              </tr></thead>
              <tbody>
                {list.value.sites.map((s) => (
                  <tr key={s.id}>
                    <th scope="row">{displayText(s.name)}<br /><span className="muted">{displayText(s.address)}</span></th>
                    <td>{kind(s)}</td><td>{s.opens}–{s.closes}</td>
                    <td>{s.dates.length === 0 ? t('family.dates.all', { date: longDate(s.servesFrom ?? '', lang) }) : s.dates.map((d) => longDate(d, lang)).join('; ')}</td>
                    {plans && <td><button type="button" className="ro-secondary" aria-label={t('family.remove', { name: s.name })} onClick={() => void (async () => {
                      try {
                        await api('DELETE', `/api/sites/family/${s.id}`);
                        setSaid({ ok: true, text: t('family.removed', { name: s.name }) });
                      } catch (e) {
                        setSaid(refusal(e));
                      }
                      setReload((n) => n + 1);
                    })()}>{t('family.col.remove')}</button></td>}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      )}
    </div>
  );
}

function Import({ onDone }: { onDone: (s: Said) => void }) {
  const t = useMessages(st);
  const lang = useLang();
  const [csv, setCsv] = useState<string | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  const where = (p: Problem) => [p.where?.line ? `line ${p.where.line}` : '', p.where?.field ?? ''].filter((x) => x).join(', ');
  const said = (r: Report): Said => (r.problems.length > 0
    ? { ok: false, text: t('family.import.problems', { n: count(r.problems.length, lang) }), problems: r.problems.map((p) => `${where(p)}: ${p.message}${p.hint ? ` (${p.hint})` : ''}`) }
    : { ok: true, text: t('family.import.checked', { rows: count(r.rows, lang), n: count(r.toAdd, lang) }) });
  const send = async (preview: boolean) => {
    if (csv === null) return;
    try {
      const r = await api<Report>('POST', '/api/sites/family/import', { csv, preview });
      setReport(preview ? r : null);
      onDone(preview ? said(r) : { ok: true, text: t('family.import.added', { n: count(r.added, lang) }) });
    } catch (e) {
      const body = e instanceof ApiError ? (e.problem as unknown as Partial<Report>) : null;
      if (body && Array.isArray(body.problems)) onDone(said({ rows: body.rows ?? 0, toAdd: 0, added: 0, problems: body.problems }));
      else onDone(refusal(e));
    }
  };
  return (
    <form className="card pk-form" onSubmit={(e) => e.preventDefault()} aria-labelledby="st-import">
      <h2 id="st-import">{t('family.import')}</h2>
      <p className="muted">{t('family.import.columns', { columns: COLUMNS.split(',').join(', ') })}</p>
      <p><label htmlFor="st-import-file">{t('family.import.file')}</label><br />
        <input id="st-import-file" type="file" accept=".csv,text/csv" onChange={(e) => { setReport(null); const f = e.target.files?.[0]; if (f) void f.text().then(setCsv); }} /></p>
      <div className="pk-buttons">
        <button type="button" className="ro-secondary" disabled={csv === null} onClick={() => void send(true)}>{t('family.import.preview')}</button>
        <button type="button" disabled={!report || report.problems.length > 0 || report.toAdd === 0} onClick={() => void send(false)}>{t('family.import.apply', { n: count(report?.toAdd ?? 0, lang) })}</button>
      </div>
    </form>
  );
}
