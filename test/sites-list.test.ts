/**
 * The list and the banner of the "where can my child go today" page (web/src/pages/public/sites-list.ts):
 * which strike day the banner names, the order nearest first, and the live status each entry carries.
 */
import { expect, it } from 'vitest';
import type { PublicSitesAnswer } from '../src/sites/public-types.ts';
import { bannerDay, districtToday, entriesOf, ordered, type Shown } from '../web/src/pages/public/sites-list.ts';

const day = (date: string) => ({ date, label: `Strike day ${date}`, district: 'LAUSD', openSites: 2, closedSites: 10 });

it('names today\'s strike day, else the soonest coming, and nothing when every day is past', () => {
  const days: PublicSitesAnswer['days'] = [day('2030-01-20'), day('2030-01-16'), day('2030-01-14')];
  expect(bannerDay(days, '2030-01-14')?.date).toBe('2030-01-14');
  expect(bannerDay(days, '2030-01-15')?.date).toBe('2030-01-16');
  expect(bannerDay(days, '2030-01-21')).toBeNull();
  expect(bannerDay([], '2030-01-14')).toBeNull();
});

it('reads today in Los Angeles, whatever the phone\'s zone: 07:00 UTC on January 15 is still January 14 there', () => {
  // Los Angeles is UTC−8 in January: 2030-01-15T07:00Z = 2030-01-14 23:00 local.
  expect(districtToday(new Date('2030-01-15T07:00:00Z'))).toBe('2030-01-14');
  expect(districtToday(new Date('2030-01-15T08:00:00Z'))).toBe('2030-01-15');
});

it('lists schools and meal and partner sites together, nearest first, sites without coordinates last, with their live status', () => {
  const shown = {
    date: '2030-01-14', label: 'Day 1', district: { name: 'LAUSD', cdsCode: '19647330000000' }, publishedAt: '2030-01-13T20:00:00Z', closedSites: 10,
    sites: [
      { schoolId: 'A', name: 'Far School', address: 'x, CA 90001', latitude: 34.2, longitude: -118.2, status: 'supervision', opens: '08:00', closes: '17:00', capacity: 10, offers: '', languages: [] },
      { schoolId: 'B', name: 'Nowhere School', address: 'y', latitude: null, longitude: null, status: 'meals', opens: null, closes: null, capacity: null, offers: '', languages: [] },
    ],
    familySites: [{ id: 7, kind: 'partner', partnerKind: 'park', name: 'Near Park', address: 'z', latitude: 34.05, longitude: -118.2, opens: '09:00', closes: '16:00', mealsPerChild: null, offers: '', languages: [] }],
    live: { A: 'full' }, liveAt: '2030-01-14T15:00:00Z',
  } satisfies Shown;
  // From (34.0, −118.2): the park 0.05° north = 3.455 miles, the school 0.2° north = 13.819 miles (× 69.0934).
  const list = ordered(entriesOf(shown), { lat: 34.0, lon: -118.2 }, 'en');
  expect(list.map((e) => [e.name, e.kind, e.status])).toEqual([['Near Park', 'park', 'open'], ['Far School', 'supervision', 'full'], ['Nowhere School', 'meals', 'open']]);
  expect(list[0].miles).toBeCloseTo(3.455, 3);
  expect(list[1].miles).toBeCloseTo(13.819, 3);
  expect(list[2].miles).toBeNull();
  // Without a place: by name.
  expect(ordered(entriesOf(shown), null, 'en').map((e) => e.name)).toEqual(['Far School', 'Near Park', 'Nowhere School']);
});
