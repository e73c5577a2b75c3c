/**
 * Where a family's ZIP code is, to list the nearest open sites first (docs/sites.md, "Publishing"):
 * located from the public school directory, never from an outside service. Each ZIP's point is the
 * mean coordinates of the published schools whose address ends with that ZIP ("1234 Main St, Los
 * Angeles, CA 90012"); ZIPs no published school locates come from the built-in table of the
 * directory's ZIP centroids for the Los Angeles area (src/sites/zip-centroids-la.ts).
 */
import { LA_ZIP_CENTROIDS } from './zip-centroids-la.ts';
import { zipOf } from './zip-of.ts';

export interface ZipPoint { latitude: number; longitude: number }

/** The public ZIP answer: each ZIP's point, and how many came from the published schools and from the built-in table. */
export interface PublicZipsAnswer {
  zips: Record<string, ZipPoint>;
  fromSchools: number;
  fromDirectory: number;
}

export { zipOf } from './zip-of.ts';

const round = (x: number) => Math.round(x * 1e5) / 1e5;

/** The mean coordinates of the located sites of each ZIP (sites without an address ZIP or coordinates are left out). */
export function zipCentroids(sites: { address: string; latitude: number | null; longitude: number | null }[]): Record<string, ZipPoint> {
  const sums = new Map<string, { lat: number; lon: number; n: number }>();
  for (const s of sites) {
    const zip = zipOf(s.address);
    if (!zip || s.latitude === null || s.longitude === null || !Number.isFinite(s.latitude) || !Number.isFinite(s.longitude)) continue;
    const t = sums.get(zip) ?? { lat: 0, lon: 0, n: 0 };
    sums.set(zip, { lat: t.lat + s.latitude, lon: t.lon + s.longitude, n: t.n + 1 });
  }
  return Object.fromEntries([...sums.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([zip, t]) => [zip, { latitude: round(t.lat / t.n), longitude: round(t.lon / t.n) }]));
}

/** The published schools' ZIPs, and the built-in table's for every ZIP they do not locate. */
export function publicZips(sites: { address: string; latitude: number | null; longitude: number | null }[]): PublicZipsAnswer {
  const fromSchools = zipCentroids(sites);
  const zips: Record<string, ZipPoint> = {};
  let fromDirectory = 0;
  for (const zip of [...new Set([...Object.keys(LA_ZIP_CENTROIDS), ...Object.keys(fromSchools)])].sort()) {
    const own = fromSchools[zip];
    if (own) zips[zip] = own;
    else {
      const [latitude, longitude] = LA_ZIP_CENTROIDS[zip];
      zips[zip] = { latitude, longitude };
      fromDirectory += 1;
    }
  }
  return { zips, fromSchools: Object.keys(fromSchools).length, fromDirectory };
}
