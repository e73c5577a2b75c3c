/**
 * The plan's sites on a plain map for choosing many at once (no tiles, no outside service): each
 * site at its coordinates, projected flat (longitude scaled by the cosine of the middle latitude,
 * so a mile is about as long either way at a district's size), and the sites inside a rectangle
 * drawn over them. Pure functions; MapSelect.tsx draws them.
 */

export interface Located { schoolId: string; latitude: number | null; longitude: number | null }
export interface Placed { schoolId: string; x: number; y: number }
export interface Box { x0: number; y0: number; x1: number; y1: number }

/** The map's width in its own units; its height follows the sites' shape (at most 1.2 × the width). */
export const MAP_WIDTH = 640;
const PAD = 8;

/** Each site with coordinates placed on a MAP_WIDTH-wide map, the map's height, and how many have none. */
export function place(sites: Located[]): { placed: Placed[]; height: number; unplaced: number } {
  const located = sites.filter((s): s is Located & { latitude: number; longitude: number } => s.latitude !== null && s.longitude !== null);
  if (located.length === 0) return { placed: [], height: MAP_WIDTH / 2, unplaced: sites.length };
  const lats = located.map((s) => s.latitude);
  const lons = located.map((s) => s.longitude);
  const [south, north, west, east] = [Math.min(...lats), Math.max(...lats), Math.min(...lons), Math.max(...lons)];
  const k = Math.cos((((south + north) / 2) * Math.PI) / 180);
  const w = Math.max((east - west) * k, 1e-6);
  const h = Math.max(north - south, 1e-6);
  const scale = Math.min((MAP_WIDTH - 2 * PAD) / w, (MAP_WIDTH * 1.2 - 2 * PAD) / h);
  const placed = located.map((s) => ({ schoolId: s.schoolId, x: PAD + (s.longitude - west) * k * scale, y: PAD + (north - s.latitude) * scale }));
  return { placed, height: Math.ceil(h * scale + 2 * PAD), unplaced: sites.length - located.length };
}

/** The ids of the placed sites inside the rectangle (drawn from either corner), in map order. */
export function inside(placed: Placed[], b: Box): string[] {
  const [left, right] = b.x0 <= b.x1 ? [b.x0, b.x1] : [b.x1, b.x0];
  const [top, bottom] = b.y0 <= b.y1 ? [b.y0, b.y1] : [b.y1, b.y0];
  return placed.filter((p) => p.x >= left && p.x <= right && p.y >= top && p.y <= bottom).map((p) => p.schoolId);
}
