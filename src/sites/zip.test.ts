/** ZIP codes located from the public school directory (src/sites/zip.ts), never from an outside service. */
import { expect, it } from 'vitest';
import { LA_ZIP_CENTROIDS } from './zip-centroids-la.ts';
import { publicZips, zipCentroids, zipOf } from './zip.ts';

it('reads the ZIP an address ends with, with or without its four-digit extension', () => {
  expect(zipOf('1234 Main St, Los Angeles, CA 90012')).toBe('90012');
  expect(zipOf('333 South Beaudry Avenue, Los Angeles, CA 90017-1466')).toBe('90017');
  expect(zipOf('90012')).toBe('90012');
  expect([zipOf(''), zipOf('12345 Main St, Los Angeles, CA'), zipOf('PO Box 900123')]).toEqual([null, null, null]);
});

it('places a ZIP at the mean of its located schools and leaves out those without coordinates', () => {
  const z = zipCentroids([
    { address: 'A, CA 90012', latitude: 34, longitude: -118.2 },
    { address: 'B, CA 90012', latitude: 34.1, longitude: -118.3 },
    { address: 'C, CA 90012', latitude: null, longitude: null },
    { address: 'D, CA 90033', latitude: 34.05, longitude: -118.21 },
  ]);
  // 90012: (34 + 34.1) / 2 = 34.05, (−118.2 − 118.3) / 2 = −118.25.
  expect(z).toEqual({ '90012': { latitude: 34.05, longitude: -118.25 }, '90033': { latitude: 34.05, longitude: -118.21 } });
});

it('falls back to the CDE directory\'s Los Angeles table for schools with no address (the generated demo)', () => {
  const a = publicZips([{ address: '', latitude: 34, longitude: -118 }]);
  expect([a.fromSchools, a.fromDirectory]).toEqual([0, Object.keys(LA_ZIP_CENTROIDS).length]);
  // 90010 has two active schools in the directory: New Open World Academy K-12 (34.057779, −118.29766)
  // and Rise Kohyang Middle (34.061123, −118.28738): (34.057779 + 34.061123) / 2 = 34.059451,
  // (−118.29766 − 118.28738) / 2 = −118.29252 (kept to 5 decimals: 34.05945).
  expect(a.zips['90010']).toEqual({ latitude: 34.05945, longitude: -118.29252 });
  expect(LA_ZIP_CENTROIDS['90010'][2]).toBe(2);
  expect(Object.keys(LA_ZIP_CENTROIDS)).toHaveLength(122);
});
