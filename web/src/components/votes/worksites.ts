/**
 * The worksites a person can run a kiosk or paper ballots for in a vote: the worksites of the
 * vote's roll they can read (a captain reads only their own site's roll; the committee all).
 */
import { useMemo } from 'react';
import { useApi, type Loaded } from '../workspace/useApi.ts';
import type { Voter } from './types.ts';

export interface Site { id: number; name: string }

export function useWorksites(voteId: number): Loaded<Site[]> {
  const roll = useApi<{ voters: Voter[] }>(`/api/votes/${voteId}/voters?limit=500`);
  return useMemo((): Loaded<Site[]> => {
    if (roll.state !== 'done') return roll;
    const byId = new Map<number, Site>();
    for (const v of roll.value.voters) if (v.worksite) byId.set(v.worksite.id, v.worksite);
    return { state: 'done', value: [...byId.values()].sort((a, b) => a.name.localeCompare(b.name)) };
  }, [roll]);
}
