/**
 * A published site's live status for the public page (docs/sites.md, "Publishing"): from the
 * latest children-present count a site administrator reported and the capacity published. The
 * public sees the status only, never the count.
 *
 * - full: children present ≥ capacity;
 * - filling: children present ≥ 80% of capacity;
 * - open: otherwise, or when the site has no capacity (or a capacity of 0) or no count yet.
 *
 * Counts under 5 are never public, nor anything they could be worked out from: with fewer than
 * 5 children present the status is open whatever the capacity (else a capacity of 5 shown
 * filling would tell exactly 4 children, and a capacity of 1 shown full that a child is there).
 */
export const FEWEST_SHOWN = 5;

import type { LiveStatus } from './public-types.ts';

export function liveStatus({ childrenPresent, capacity }: { childrenPresent: number | null; capacity: number | null }): LiveStatus {
  if (childrenPresent === null || capacity === null || capacity <= 0 || childrenPresent < FEWEST_SHOWN) return 'open';
  if (childrenPresent >= capacity) return 'full';
  // 80% compared in whole numbers (children × 5 ≥ capacity × 4), so 20 of 25 is filling exactly.
  if (childrenPresent * 5 >= capacity * 4) return 'filling';
  return 'open';
}
