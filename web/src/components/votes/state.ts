/**
 * Where a vote stands, in the words members use: a frozen vote is open when the server said so
 * (inside its window), not yet open before `opensAt`, closed after; a certified one may be published.
 */
import type { Vote } from './types.ts';

export type Standing = 'draft' | 'frozen' | 'open' | 'closed' | 'counted' | 'certified' | 'published';

export function stateOf(vote: Pick<Vote, 'state' | 'open' | 'opensAt' | 'publishedAt'>, now: number): Standing {
  if (vote.state === 'frozen') {
    if (vote.open) return 'open';
    return now < new Date(vote.opensAt).getTime() ? 'frozen' : 'closed';
  }
  if (vote.state === 'certified' && vote.publishedAt) return 'published';
  return vote.state;
}
