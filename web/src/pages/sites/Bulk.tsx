/**
 * Change many sites of a strike day at once ("every school closed except these 150"): the
 * fields to set, which sites (every one, every one except a list, or only the list; the list
 * pasted, or chosen by drawing a rectangle on a map of the sites), a preview of what would change
 * (how many, from which status to which), then apply.
 */
import { useState } from 'react';
import { api } from '../../api.ts';
import { useLang, useMessages } from '../../i18n.ts';
import { count } from '../../components/workspace/format.ts';
import { MapSelect } from './MapSelect.tsx';
import { st } from './messages.ts';
import type { Act } from './Plan.tsx';
import { STATUSES, type BulkResult, type SiteDay, type SiteStatus } from './types.ts';

type Which = 'all' | 'allExcept' | 'listed';

export function Bulk({ day, act }: { day: SiteDay; act: Act }) {
  const t = useMessages(st);
  const lang = useLang();
  const [status, setStatus] = useState<SiteStatus | ''>('closed');
  const [opens, setOpens] = useState('');
  const [closes, setCloses] = useState('');
  const [which, setWhich] = useState<Which>('allExcept');
  const [list, setList] = useState('');
  const [preview, setPreview] = useState<BulkResult | null>(null);
  const [map, setMap] = useState(false);
  const ids = () => list.split(/[\s,;]+/).map((x) => x.trim()).filter((x) => x !== '');
  const body = (p: boolean) => {
    const set: Record<string, unknown> = {};
    if (status) set.status = status;
    if (opens) set.opens = opens;
    if (closes) set.closes = closes;
    if (status === 'closed') Object.assign(set, { opens: null, closes: null });
    const listed = ids();
    // A pasted list goes as a CSV of school ids or CDS codes (a column's header skipped), so the server names any line it does not know.
    const csv = listed.join('\n') + '\n';
    const sites = which === 'listed' ? { schoolsCsv: csv } : which === 'allExcept' && listed.length > 0 ? { sites: 'all', exceptCsv: csv } : { sites: 'all' };
    return { set, ...sites, preview: p };
  };
  return (
    <form className="card pk-form" onSubmit={(e) => e.preventDefault()} aria-labelledby="st-bulk">
      <h2 id="st-bulk">{t('bulk')}</h2>
      <p><label htmlFor="st-b-status">{t('field.status')}</label><br />
        <select id="st-b-status" value={status} onChange={(e) => { setStatus(e.target.value as SiteStatus | ''); setPreview(null); }}>
          <option value="">{t('bulk.leave')}</option>
          {STATUSES.map((s) => <option key={s} value={s}>{t(`status.${s}`)}</option>)}
        </select></p>
      {status !== 'closed' && (
        <>
          <p><label htmlFor="st-b-opens">{t('field.opens')}</label><br /><input id="st-b-opens" type="time" value={opens} onChange={(e) => { setOpens(e.target.value); setPreview(null); }} /></p>
          <p><label htmlFor="st-b-closes">{t('field.closes')}</label><br /><input id="st-b-closes" type="time" value={closes} onChange={(e) => { setCloses(e.target.value); setPreview(null); }} /></p>
        </>
      )}
      <fieldset>
        <legend>{t('bulk.which')}</legend>
        {(['all', 'allExcept', 'listed'] as const).map((w) => (
          <p key={w}><label className="ed-choice"><input type="radio" name="st-b-which" value={w} checked={which === w} onChange={() => { setWhich(w); setPreview(null); }} /> {t(`bulk.${w}`)}</label></p>
        ))}
      </fieldset>
      {which !== 'all' && (
        <>
          <p><label htmlFor="st-b-list">{t('bulk.list')}</label><br /><textarea id="st-b-list" rows={5} value={list} onChange={(e) => { setList(e.target.value); setPreview(null); }} /></p>
          <p><button type="button" className="ro-secondary" aria-expanded={map} onClick={() => setMap(!map)}>{map ? t('map.close') : t('map.open')}</button></p>
          {map && <MapSelect day={day} onAdd={(chosen) => {
            // Added once each, after what the list already has.
            const had = new Set(ids());
            setList([...ids(), ...chosen.filter((id) => !had.has(id))].join('\n'));
            setPreview(null);
          }} />}
        </>
      )}
      <div className="pk-buttons">
        <button type="button" className="ro-secondary" onClick={() => void act(async () => {
          const p = await api<BulkResult>('POST', `/api/sites/days/${day.id}/bulk`, body(true));
          setPreview(p);
          return t('bulk.previewed', { changed: count(p.changed, lang), unchanged: count(p.unchanged, lang) });
        })}>{t('bulk.preview')}</button>
        <button type="button" disabled={preview === null || preview.changed === 0} onClick={() => void act(async () => {
          const p = await api<BulkResult>('POST', `/api/sites/days/${day.id}/bulk`, body(false));
          setPreview(null);
          return t('bulk.applied', { changed: count(p.changed, lang), version: p.version });
        })}>{t('bulk.apply', { n: count(preview?.changed ?? 0, lang) })}</button>
      </div>
      {preview && (
        <ul className="pk-sample">
          {preview.transitions.map((x) => <li key={`${x.from}-${x.to}`}>{t('bulk.transition', { from: t(`status.${x.from}`), to: t(`status.${x.to}`), n: count(x.sites, lang) })}</li>)}
        </ul>
      )}
    </form>
  );
}
