/**
 * The bargaining tables of the public record: a district and one union (one bargaining unit),
 * the versions published between them in the order published (two in the same millisecond
 * by id: random, so in no meaningful order, but the same on every read), and the rounds of bargaining,
 * each ended by an agreement (a joint version the other side countersigned; an uncountersigned
 * one arrives here as its drafting side's proposal). For each round: the union's latest proposal,
 * the district's latest, and the agreement that ended it, if any; what the public page shows
 * side by side. A fact-finder's recommendations are in the history but are no side's offer.
 */
import type { Party } from '../../proposals/types.ts';

export interface TableVersion {
  id: number;
  party: Party;
  unit: string;
  publishedAt: string;
  owner: { id: number; name: string; kind: 'district' | 'union'; unit: string | null };
  to: { id: number; name: string; kind: 'district' | 'union'; unit: string | null };
}

export interface Round {
  union: number | null;
  district: number | null;
  agreement: number | null;
}

export interface Table {
  id: string;
  district: { name: string };
  union: { name: string; unit: string };
  rounds: Round[];
  history: number[];
}

/** Tables with their history and rounds; the table with the newest publication first. */
export function tablesOf(versions: TableVersion[]): Table[] {
  const byTable = new Map<string, { table: Table; last: string }>();
  const inOrder = [...versions].sort((a, b) => (a.publishedAt < b.publishedAt ? -1 : a.publishedAt > b.publishedAt ? 1 : a.id - b.id));
  for (const v of inOrder) {
    const [district, union] = v.owner.kind === 'district' ? [v.owner, v.to] : [v.to, v.owner];
    const id = `d${district.id}-u${union.id}`;
    let t = byTable.get(id);
    if (!t) byTable.set(id, (t = { table: { id, district: { name: district.name }, union: { name: union.name, unit: union.unit ?? v.unit }, rounds: [], history: [] }, last: '' }));
    t.table.history.push(v.id);
    t.last = v.publishedAt;
  }
  const party = new Map(versions.map((v) => [v.id, v.party]));
  for (const { table } of byTable.values()) {
    let round: Round = { union: null, district: null, agreement: null };
    for (const id of table.history) {
      const p = party.get(id);
      if (p === 'union') round.union = id;
      else if (p === 'district') round.district = id;
      else if (p === 'joint') {
        round.agreement = id;
        table.rounds.push(round);
        round = { union: null, district: null, agreement: null };
      }
    }
    if (round.union !== null || round.district !== null) table.rounds.push(round);
    table.rounds.reverse();
  }
  return [...byTable.values()].sort((a, b) => (a.last > b.last ? -1 : a.last < b.last ? 1 : 0)).map((t) => t.table);
}
