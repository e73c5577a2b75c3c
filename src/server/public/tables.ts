/**
 * The bargaining tables of a record (the public record, or what crossed one workspace's table):
 * a district and one union (one bargaining unit), and the rounds of bargaining between them.
 *
 * Rounds follow the proposals' own dates and contract terms, never the order they were
 * published: a 2019 proposal published after the 2023 agreement still belongs to 2019.
 * Every version is placed by its key (proposal date, then contract term start). An agreement
 * (a joint version the other side countersigned; an uncountersigned one arrives here as its
 * drafting side's proposal) closes the round of every proposal whose key is at or before its
 * own and after the previous agreement's: a proposal dated on an agreement's day joins it
 * unless its contract starts later (then it is already the next contract's bargaining).
 * Proposals after the last agreement are the open round. The term is only a tie-break, not
 * a membership test: "overlaps the agreement's term" would let a round reach back past an
 * earlier agreement, so rounds would interleave in time and a reader could not follow them.
 *
 * For each round: its versions in order (same key: by publication, then id), each with the
 * one it is compared with (the same side's previous version in the round, else the latest
 * version before it in the round; never one from another round), the union's latest proposal,
 * the district's latest, and the agreement that ended it. The newest round by date is first,
 * so the table's current status never depends on what was published last. A fact-finder's
 * recommendations are in the round's history but are no side's offer.
 */
import type { Party } from '../../proposals/types.ts';

export interface TableVersion {
  id: number;
  party: Party;
  unit: string;
  /** The proposal's date and its contract term (ISO dates). */
  date: string;
  term: { start: string; end: string };
  /** When it reached this record (published; in a workspace, passed across the table). */
  at: string;
  owner: { id: number; name: string; kind: 'district' | 'union'; unit: string | null };
  to: { id: number; name: string; kind: 'district' | 'union'; unit: string | null };
}

export interface Round {
  union: number | null;
  district: number | null;
  agreement: number | null;
  /** The round's versions in order, each with the version "compare with the one before" opens (null: the first of its round). */
  versions: { id: number; before: number | null }[];
}

export interface Table {
  id: string;
  district: { name: string };
  union: { name: string; unit: string };
  /** Newest round (by date) first. */
  rounds: Round[];
  /** Every version, oldest round first, each round in order. */
  history: number[];
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Where a version stands in time: its date, then its contract's start. */
const byKey = (a: TableVersion, b: TableVersion) => cmp(a.date, b.date) || cmp(a.term.start, b.term.start);
const inOrder = (a: TableVersion, b: TableVersion) => byKey(a, b) || cmp(a.at, b.at) || a.id - b.id;

/** Tables with their rounds and history; the table with the newest publication first. */
export function tablesOf(versions: TableVersion[]): Table[] {
  const byTable = new Map<string, { table: Table; last: string; versions: TableVersion[] }>();
  for (const v of [...versions].sort(inOrder)) {
    const [district, union] = v.owner.kind === 'district' ? [v.owner, v.to] : [v.to, v.owner];
    const id = `d${district.id}-u${union.id}`;
    let t = byTable.get(id);
    if (!t) byTable.set(id, (t = { table: { id, district: { name: district.name }, union: { name: union.name, unit: union.unit ?? v.unit }, rounds: [], history: [] }, last: '', versions: [] }));
    t.versions.push(v);
    if (v.at > t.last) t.last = v.at;
  }
  for (const t of byTable.values()) {
    t.table.rounds = roundsOf(t.versions).reverse();
    t.table.history = [...t.table.rounds].reverse().flatMap((r) => r.versions.map((v) => v.id));
  }
  return [...byTable.values()].sort((a, b) => cmp(b.last, a.last)).map((t) => t.table);
}

/** One table's rounds, oldest first, from its versions in order. */
function roundsOf(versions: TableVersion[]): Round[] {
  const agreements = versions.filter((v) => v.party === 'joint');
  const groups: TableVersion[][] = agreements.map(() => []);
  const open: TableVersion[] = [];
  for (const v of versions) {
    if (v.party === 'joint') continue;
    const k = agreements.findIndex((a) => byKey(v, a) <= 0);
    (k < 0 ? open : groups[k]).push(v);
  }
  const rounds = agreements.map((a, k) => roundOf([...groups[k], a], a.id));
  if (open.length > 0) rounds.push(roundOf(open, null));
  return rounds;
}

/** The last of `vs` that `ok` accepts. */
const lastOf = (vs: TableVersion[], ok: (v: TableVersion) => boolean) => [...vs].reverse().find(ok);

function roundOf(versions: TableVersion[], agreement: number | null): Round {
  const latest = (party: Party) => lastOf(versions, (v) => v.party === party)?.id ?? null;
  return {
    union: latest('union'),
    district: latest('district'),
    agreement,
    versions: versions.map((v, i) => {
      const earlier = versions.slice(0, i);
      return { id: v.id, before: (lastOf(earlier, (e) => e.party === v.party) ?? earlier.at(-1))?.id ?? null };
    }),
  };
}
