/**
 * The distances of the "where can my child go today" page (web/src/pages/public/sites-distance.ts):
 * the haversine against figures worked by hand, and a typed ZIP code or address located from
 * the published sites' own ZIP codes.
 */
import { expect, it } from 'vitest';
import { haversineKm, locate, milesBetween, zipIn, zipTable } from '../web/src/pages/public/sites-distance.ts';

it('measures one degree along a meridian as 111.2 km (69.1 miles)', () => {
  // 2π × 6371.0088 km / 360 = 111.1951 km; / 1.609344 km per mile = 69.0934 miles.
  expect(haversineKm({ lat: 34, lon: -118 }, { lat: 35, lon: -118 })).toBeCloseTo(111.1951, 3);
  expect(milesBetween({ lat: 34, lon: -118 }, { lat: 35, lon: -118 })).toBeCloseTo(69.0934, 3);
});

it('measures Los Angeles City Hall to the Santa Monica Pier as about 24 km (14.9 miles)', () => {
  // Flat-earth check, good to a few metres at this size: Δlat = 34.0094 − 34.0537 = −0.0443° → 0.0443 × 111.1951 = 4.926 km;
  // Δlon = −0.2545°, at the mean latitude 34.0316° (cos = 0.82874) → 0.2545 × 0.82874 × 111.1951 = 23.453 km;
  // √(4.926² + 23.453²) = √(24.26 + 550.05) = √574.31 = 23.965 km = 14.891 miles.
  const km = haversineKm({ lat: 34.0537, lon: -118.2428 }, { lat: 34.0094, lon: -118.4973 });
  expect(Math.abs(km - 23.965)).toBeLessThan(0.01);
  expect(Math.abs(km / 1.609344 - 14.891)).toBeLessThan(0.01);
});

it('is zero from a point to itself, and the same both ways', () => {
  const a = { lat: 34.1, lon: -118.3 };
  const b = { lat: 33.9, lon: -118.2 };
  expect(haversineKm(a, a)).toBe(0);
  expect(haversineKm(a, b)).toBe(haversineKm(b, a));
});

it('finds the ZIP code in an address (the last five digits, ZIP+4 by its first five), not in a house number', () => {
  expect(zipIn('90012')).toBe('90012');
  expect(zipIn('1234 W 5th St, Los Angeles, CA 90017-1234')).toBe('90017');
  expect(zipIn('12345 Main St, Los Angeles, CA 90012')).toBe('90012');
  expect(zipIn('1234 Main St, Los Angeles')).toBeNull();
  // A five-digit house number is not a ZIP code; the ZIP is the one the address ends with (a country after it is left off).
  expect(zipIn('14500 Roscoe Blvd, Panorama City')).toBeNull();
  expect(zipIn('14500 Roscoe Blvd, Panorama City, CA 91402, USA')).toBe('91402');
});

it('reads the ZIP codes of the sites\' addresses as the server does (zipOf): a house number never places a site', () => {
  const zips = zipTable([
    { address: '14500 Roscoe Blvd, Panorama City', latitude: 34.22, longitude: -118.44 },
    { address: '14500 Roscoe Blvd, Panorama City, CA 91402', latitude: 34.22, longitude: -118.44 },
  ]);
  expect([...zips.keys()]).toEqual(['91402']);
  expect(locate('14500 Roscoe Blvd, Panorama City', zips)).toEqual({ ok: false, why: 'no-zip' });
});

it('locates a ZIP code at the middle of the published sites carrying it, an address by its ZIP code, and says why otherwise', () => {
  const zips = zipTable([
    { address: '1 A St, Los Angeles, CA 90012', latitude: 34.0, longitude: -118.2 },
    { address: '2 B St, Los Angeles, CA 90012', latitude: 34.2, longitude: -118.4 },
    { address: '3 C St, Los Angeles, CA 90033', latitude: null, longitude: null },
  ]);
  // (34.0 + 34.2) / 2 = 34.1; (−118.2 − 118.4) / 2 = −118.3. 90033's only site has no coordinates: not in the table.
  const found = locate(' 90012 ', zips);
  expect(found).toMatchObject({ ok: true, zip: '90012', by: 'zip' });
  if (!found.ok) throw new Error('not located');
  expect(found.point.lat).toBeCloseTo(34.1, 9);
  expect(found.point.lon).toBeCloseTo(-118.3, 9);
  expect(locate('500 Hill St, Los Angeles 90012', zips)).toMatchObject({ ok: true, zip: '90012', by: 'address' });
  expect(locate('90033', zips)).toEqual({ ok: false, why: 'unknown-zip', zip: '90033' });
  expect(locate('500 Hill St', zips)).toEqual({ ok: false, why: 'no-zip' });
  expect(locate('  ', zips)).toEqual({ ok: false, why: 'empty' });
});
