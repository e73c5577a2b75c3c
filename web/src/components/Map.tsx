/**
 * A map of points (schools) with Leaflet. The tile server comes from the server's settings
 * (GET /api/config, `settle serve --tiles URL`); with none, the points are drawn on a plain
 * background, and the page fetches nothing from anywhere else. Points are circle markers on
 * one canvas (not one DOM element each), so 1,300 schools draw and pan quickly. When they are
 * drawn, the box gets `data-points` with how many are on the map.
 */
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import { MapContainer, TileLayer, useMap } from 'react-leaflet';
import { textElement } from '../text.ts';

export interface MapPoint {
  lat: number;
  lon: number;
  /** Shown on hover and focus-free tap (a tooltip), as text: never read as HTML. */
  label: string;
  /** Radius in pixels. */
  radius: number;
  /** Drawn in the highlight colour (e.g. high-need schools). */
  highlight: boolean;
}

export interface Tiles {
  url: string;
  attribution: string;
}

export const POINT_COLOUR = '#0b5cad';
export const HIGHLIGHT_COLOUR = '#b23c00';

function Points({ points, onDrawn }: { points: MapPoint[]; onDrawn: (n: number) => void }) {
  const map = useMap();
  useEffect(() => {
    const renderer = L.canvas({ padding: 0.5 });
    const group = L.layerGroup(
      points.map((p) =>
        L.circleMarker([p.lat, p.lon], {
          renderer, radius: p.radius, weight: 1, color: '#ffffff', fillColor: p.highlight ? HIGHLIGHT_COLOUR : POINT_COLOUR, fillOpacity: 0.85,
        // Leaflet takes a string as HTML: the label (a school's name from a dataset) goes in as text.
        }).bindTooltip(() => textElement(p.label)),
      ),
    );
    group.addTo(map);
    onDrawn(group.getLayers().length);
    return () => {
      group.remove();
    };
  }, [map, points, onDrawn]);
  return null;
}

export function PointsMap({ points, tiles, label, height = 420 }: { points: MapPoint[]; tiles: Tiles | null; label: string; height?: number }) {
  const [drawn, setDrawn] = useState<number | null>(null);
  const bounds = useMemo(() => {
    if (points.length === 0) return L.latLngBounds([[34, -118.5], [34.3, -118.1]]);
    return L.latLngBounds(points.map((p) => [p.lat, p.lon] as [number, number])).pad(0.05);
  }, [points]);
  return (
    <div className={`ws-map${tiles ? '' : ' ws-map-plain'}`} data-points={drawn ?? undefined} role="region" aria-label={label}>
      <MapContainer bounds={bounds} zoomSnap={0.25} preferCanvas scrollWheelZoom={false} attributionControl={tiles !== null} style={{ height, width: '100%' }}>
        {tiles && <TileLayer url={tiles.url} attribution={tiles.attribution} />}
        <Points points={points} onDrawn={setDrawn} />
      </MapContainer>
    </div>
  );
}
