/**
 * Choose sites for a bulk change on a map (docs/sites.md, "Bulk changes"): the day's sites as dots
 * coloured by status; drag a rectangle over some, and add them to the bulk change's list, where
 * they can still be read and edited. Sites without coordinates are counted, not drawn; the list
 * and a pasted CSV remain the way to choose without a pointer.
 */
import { useMemo, useRef, useState, type PointerEvent } from 'react';
import { useLang, useMessages } from '../../i18n.ts';
import { Pending } from '../../components/workspace/parts.tsx';
import { useFetch } from '../../components/pickets/useFetch.ts';
import { count } from '../../components/workspace/format.ts';
import { st } from './messages.ts';
import { inside, MAP_WIDTH, place, type Box } from './map-box.ts';
import { STATUSES, type Site, type SiteDay } from './types.ts';

export function MapSelect({ day, onAdd }: { day: SiteDay; onAdd: (ids: string[]) => void }) {
  const t = useMessages(st);
  const lang = useLang();
  const sites = useFetch<{ sites: Site[]; total: number }>(`/api/sites/days/${day.id}/sites?limit=2000`, 0);
  const all = sites.state === 'done' ? sites.value.sites : [];
  const { placed, height, unplaced } = useMemo(() => place(all), [all]);
  const status = useMemo(() => new Map(all.map((s) => [s.schoolId, s.status])), [all]);
  const svg = useRef<SVGSVGElement>(null);
  const [box, setBox] = useState<Box | null>(null);
  const [dragging, setDragging] = useState(false);
  const chosen = useMemo(() => (box ? inside(placed, box) : []), [placed, box]);

  // The pointer in the map's own units (the drawing scales with the page).
  const at = (e: PointerEvent<SVGSVGElement>) => {
    const r = svg.current!.getBoundingClientRect();
    return { x: ((e.clientX - r.left) / r.width) * MAP_WIDTH, y: ((e.clientY - r.top) / r.height) * height };
  };
  return (
    <div className="st-map">
      <Pending loaded={sites} />
      {sites.state === 'done' && (
        <>
          <p className="muted">{t('map.how')}{unplaced > 0 ? ` ${t('map.unplaced', { n: count(unplaced, lang) })}` : ''}</p>
          <svg
            ref={svg} viewBox={`0 0 ${MAP_WIDTH} ${height}`} role="img" aria-label={t('map.label', { n: count(placed.length, lang) })}
            onPointerDown={(e) => {
              e.currentTarget.setPointerCapture(e.pointerId);
              const p = at(e);
              setBox({ x0: p.x, y0: p.y, x1: p.x, y1: p.y });
              setDragging(true);
            }}
            onPointerMove={(e) => {
              if (!dragging) return;
              const p = at(e);
              setBox((b) => (b ? { ...b, x1: p.x, y1: p.y } : b));
            }}
            onPointerUp={() => setDragging(false)}
          >
            <rect x="0" y="0" width={MAP_WIDTH} height={height} className="st-map-ground" />
            {placed.map((p) => <circle key={p.schoolId} data-school={p.schoolId} cx={p.x} cy={p.y} r={3} className={`st-dot st-dot-${status.get(p.schoolId)}`} />)}
            {box && <rect className="st-map-box" x={Math.min(box.x0, box.x1)} y={Math.min(box.y0, box.y1)} width={Math.abs(box.x1 - box.x0)} height={Math.abs(box.y1 - box.y0)} />}
          </svg>
          <ul className="st-legend">
            {STATUSES.map((s) => <li key={s}><svg width="12" height="12" aria-hidden="true"><circle cx="6" cy="6" r="4" className={`st-dot st-dot-${s}`} /></svg> {t(`status.${s}`)}</li>)}
          </ul>
          <p role="status">{t('map.chosen', { n: count(chosen.length, lang) })}</p>
          <button type="button" disabled={chosen.length === 0} onClick={() => { onAdd(chosen); setBox(null); }}>{t('map.add', { n: count(chosen.length, lang) })}</button>
        </>
      )}
    </div>
  );
}
