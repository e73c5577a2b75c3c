/**
 * Writes src/sites/zip-centroids-la.ts: the centroid of each ZIP code of the Los Angeles area,
 * as the mean latitude and longitude of the active schools of that ZIP in the California
 * Department of Education public school directory (June 2018 snapshot, LAUSD rows:
 * ../shared/data/cde_pubschls_2018/pubschls_2018-06_lausd.csv, columns StatusType, Zip,
 * Latitude, Longitude; its PROVENANCE.md names the source). No outside service.
 *
 *   node --import tsx scripts/zip-centroids.ts [path/to/pubschls.csv]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';

const source = process.argv[2] ?? fileURLToPath(new URL('../../shared/data/cde_pubschls_2018/pubschls_2018-06_lausd.csv', import.meta.url));
const target = fileURLToPath(new URL('../src/sites/zip-centroids-la.ts', import.meta.url));

const rows = parse(readFileSync(source, 'utf8'), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
const sums = new Map<string, { lat: number; lon: number; n: number }>();
for (const r of rows) {
  const zip = /^(\d{5})/.exec(r.Zip ?? '')?.[1];
  const [lat, lon] = [Number(r.Latitude), Number(r.Longitude)];
  if (r.StatusType !== 'Active' || !zip || !r.Latitude || !r.Longitude || !Number.isFinite(lat) || !Number.isFinite(lon)) continue;
  const s = sums.get(zip) ?? { lat: 0, lon: 0, n: 0 };
  sums.set(zip, { lat: s.lat + lat, lon: s.lon + lon, n: s.n + 1 });
}
const round = (x: number) => Math.round(x * 1e5) / 1e5;
const lines = [...sums.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([zip, s]) => `  '${zip}': [${round(s.lat / s.n)}, ${round(s.lon / s.n)}, ${s.n}],`);
const schools = [...sums.values()].reduce((t, s) => t + s.n, 0);

writeFileSync(target, `/**
 * ZIP code centroids of the Los Angeles area (a parameter table, generated: do not edit; made by
 * scripts/zip-centroids.ts). Each ZIP's [latitude, longitude, schools]: the mean coordinates of
 * the ${schools} active schools of that ZIP (${sums.size} ZIP codes) in the California Department of
 * Education public school directory, "Public Schools and Districts Data Files"
 * (https://www.cde.ca.gov/ds/si/ds/pubschls.asp), June 2018 snapshot, Los Angeles Unified rows
 * (CDS codes 1964733…), columns Zip, Latitude, Longitude (WGS84). Used when a published day's
 * schools carry no address to locate a family's ZIP code from (src/sites/zip.ts).
 */
export const LA_ZIP_CENTROIDS: Readonly<Record<string, readonly [number, number, number]>> = {
${lines.join('\n')}
};
`);
console.log(`${sums.size} ZIP codes from ${schools} active schools → ${target}`);
