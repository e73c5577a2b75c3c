/**
 * The demo's regions: LAUSD's six local districts in 2018-19 (Northwest and Northeast in the San
 * Fernando Valley; West, Central and East across the basin; South down to the harbor), given to
 * each school by where it sits in the district's bounding box. The generated schools sit at
 * random points in that box, so this is a stand-in for the district's own map.
 *
 *   north of 60% of the box's height: Northwest (west half) or Northeast (east half)
 *   south of 25%:                     South
 *   between: West, Central or East by thirds of the width
 */
export const DEMO_REGIONS = ['Northwest', 'Northeast', 'West', 'Central', 'East', 'South'] as const;

export function regionOf(point: { latitude: number | null; longitude: number | null }, box: { south: number; north: number; west: number; east: number }): string {
  if (point.latitude === null || point.longitude === null) return 'Central';
  const up = (point.latitude - box.south) / (box.north - box.south || 1);
  const across = (point.longitude - box.west) / (box.east - box.west || 1);
  if (up >= 0.6) return across < 0.5 ? 'Northwest' : 'Northeast';
  if (up < 0.25) return 'South';
  return across < 1 / 3 ? 'West' : across < 2 / 3 ? 'Central' : 'East';
}
