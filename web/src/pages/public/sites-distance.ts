/**
 * Where a family is, and how far each site is from it, without any outside service: the
 * great-circle distance (haversine), and a place found from what a parent types. A ZIP code is
 * located from a ZIP table: the server's (GET /api/public/sites/zips, src/sites/zip.ts) with the
 * day's own sites' ZIP codes (each at the middle of the sites whose address carries it); an
 * address by the ZIP code written in it. Pure functions (no browser), tested in
 * test/sites-distance.test.ts.
 */
import { zipOf } from '../../../../src/sites/zip-of.ts';

export interface Point { lat: number; lon: number }

/** Mean radius of the Earth, km (IUGG). */
const EARTH_KM = 6371.0088;
/** Kilometres in a statute mile (exact by definition). */
export const KM_PER_MILE = 1.609344;

/** Great-circle distance in km between two points given in degrees. */
export function haversineKm(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export const milesBetween = (a: Point, b: Point): number => haversineKm(a, b) / KM_PER_MILE;

/**
 * The ZIP code written in a typed address: the five digits it ends with, as the server reads the
 * sites' addresses (zipOf; a ZIP+4 counts by its first five), after a country name ("…, CA
 * 90017, USA"). A house number is not a ZIP: "14500 Roscoe Blvd, Panorama City" has none.
 */
export function zipIn(text: string): string | null {
  return zipOf(text.replace(/[\s,]*(USA|U\.S\.A\.?|United States( of America)?)\s*$/i, ''));
}

/** ZIP code → the middle of the sites whose address carries it (sites without coordinates are left out). */
export function zipTable(sites: { address: string; latitude: number | null; longitude: number | null }[]): Map<string, Point> {
  const sums = new Map<string, { lat: number; lon: number; n: number }>();
  for (const s of sites) {
    const zip = zipOf(s.address);
    if (zip === null || s.latitude === null || s.longitude === null) continue;
    const t = sums.get(zip) ?? { lat: 0, lon: 0, n: 0 };
    sums.set(zip, { lat: t.lat + s.latitude, lon: t.lon + s.longitude, n: t.n + 1 });
  }
  return new Map([...sums].map(([zip, t]) => [zip, { lat: t.lat / t.n, lon: t.lon / t.n }]));
}

/** What a typed search comes to: a place (and how it was found), or why not. */
export type Located =
  | { ok: true; point: Point; zip: string; by: 'zip' | 'address' }
  | { ok: false; why: 'empty' | 'unknown-zip' | 'no-zip'; zip?: string };

export function locate(typed: string, zips: Map<string, Point>): Located {
  const text = typed.trim();
  if (text === '') return { ok: false, why: 'empty' };
  const zip = zipIn(text);
  if (zip === null) return { ok: false, why: 'no-zip' };
  const point = zips.get(zip);
  if (!point) return { ok: false, why: 'unknown-zip', zip };
  return { ok: true, point, zip, by: /^\d{5}(-\d{4})?$/.test(text) ? 'zip' : 'address' };
}
