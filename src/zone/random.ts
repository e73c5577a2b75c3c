/**
 * A seeded hash of a package number, for choosing sample packages. The sample is the feasible
 * packages with the smallest hashes, so it is the same however the scan is split over
 * chunks and threads, and the same on every run with the same seed.
 */
export function mix32(index: number, seed: number): number {
  const lo = index >>> 0;
  const hi = Math.floor(index / 4294967296) >>> 0;
  let h = Math.imul(lo ^ seed, 0x85ebca6b) ^ Math.imul(hi + 0x9e3779b9, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
