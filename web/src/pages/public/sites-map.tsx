/**
 * The map under the list, only when the family asks for it and only when the server names a tile
 * server (GET /api/config, `settle serve --tiles URL`): Leaflet and its styles load then, in their
 * own chunk, so the list's first load stays small. Without tiles there is no map; the list has
 * every site.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import type { MapPoint, Tiles } from '../../components/Map.tsx';
import { fetchOnce } from './data.ts';
import type { Point } from './sites-distance.ts';
import type { Entry } from './sites-list.ts';
import type { ST } from './sites-messages.ts';

const PointsMap = lazy(() => import('../../components/Map.tsx').then((m) => ({ default: m.PointsMap })));

export function SitesMap({ entries, place, t }: { entries: Entry[]; place: Point | null; t: ST }) {
  const [tiles, setTiles] = useState<Tiles | null>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    let live = true;
    fetchOnce<{ tiles: Tiles | null }>('/api/config').then((c) => live && setTiles(c.tiles ?? null), () => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (!tiles) return null;
  if (!open) return <p><button type="button" className="fs-map-button" onClick={() => setOpen(true)}>{t('map.show')}</button></p>;
  const points: MapPoint[] = entries.flatMap((e) => (e.at ? [{ lat: e.at.lat, lon: e.at.lon, label: e.name, radius: 7, highlight: false }] : []));
  if (place) points.push({ lat: place.lat, lon: place.lon, label: t('map.you'), radius: 9, highlight: true });
  return (
    <Suspense fallback={<p role="status">{t('map.loading')}</p>}>
      <PointsMap points={points} tiles={tiles} label={t('map.label', { n: entries.length })} height={360} />
    </Suspense>
  );
}
