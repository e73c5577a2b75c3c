/** Where a vote stands, in the words members use: a frozen vote is open or closed by its window. */
import type { Vote } from './types.ts';

export type Standing = 'draft' | 'frozen' | 'open' | 'closed' | 'counted' | 'certified' | 'published';

export function stateOf(vote: Pick<Vote, 'state' | 'opensAt' | 'closesAt' | 'publishedAt'>, now: number): Standing {
  if (vote.state === 'frozen') {
    if (now < new Date(vote.opensAt).getTime()) return 'frozen';
    return now < new Date(vote.closesAt).getTime() ? 'open' : 'closed';
  }
  if (vote.state === 'certified' && vote.publishedAt) return 'published';
  return vote.state;
}

export const isOpen = (vote: Pick<Vote, 'state' | 'opensAt' | 'closesAt'>, now: number) => stateOf({ ...vote, publishedAt: null }, now) === 'open';
