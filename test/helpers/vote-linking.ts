/**
 * Ways an attacker with a copy of the database (not the ballot key) could try to link a voter
 * to a choice: each a named function over the gathered evidence (vote-evidence.ts), returning
 * the links it claims (voter → choice). The secrecy proof counts how many are right against the
 * ground truth the test kept, and `judge` says whether a strategy beat chance.
 *
 * Every strategy reads only what an attacker could: rows (with rowid, ctid, xmin), file bytes,
 * log lines. None reads the ground truth. A strategy that finds nothing to work on claims nothing.
 */
import type { DumpedRow, Evidence } from './vote-evidence.ts';
import { parseWal } from './vote-evidence.ts';

export interface Link {
  memberRowId: number;
  choice: string;
}

export interface Views {
  /** The dump being attacked. */
  now: Evidence;
  /** A dump taken earlier (while the vote was open), when the attacker holds both. */
  before?: Evidence;
}

export type Strategy = (v: Views) => Link[];

interface Voter { memberRowId: number; id: number; votedAt: string; worksiteId: number; row: DumpedRow }
interface Ballot { id: number; choice: string; row: DumpedRow }

const num = (x: unknown) => Number(x);

/** The voters who voted, from the roll. */
function voters(ev: Evidence): Voter[] {
  return ev.rows
    .filter((r) => r.table === 'vote_voters' && r.values.voted_at)
    .map((r) => ({ memberRowId: num(r.values.member_row_id), id: num(r.values.id), votedAt: String(r.values.voted_at), worksiteId: num(r.values.worksite_id), row: r }));
}

export function choiceOf(choices: string): string {
  const parsed = JSON.parse(choices) as Record<string, string | null>;
  return Object.values(parsed)[0] ?? 'blank';
}

/** Every row of every table with a readable `choices` column: opened ballots, or a naive store's plaintext. */
function ballots(ev: Evidence): Ballot[] {
  return ev.rows.filter((r) => typeof r.values.choices === 'string').map((r) => ({ id: num(r.values.id), choice: choiceOf(String(r.values.choices)), row: r }));
}

function sealedRows(ev: Evidence): DumpedRow[] {
  return ev.rows.filter((r) => r.values.sealed instanceof Uint8Array);
}

const by = <T>(key: (t: T) => number | string) => (a: T, b: T) => {
  const x = key(a);
  const y = key(b);
  return x < y ? -1 : x > y ? 1 : 0;
};
const ctidKey = (r: DumpedRow) => (r.ctid ? r.ctid.page * 100_000 + r.ctid.item : NaN);

/** Pairs the i-th voter with the i-th choice. */
function pair(vs: Voter[], choices: string[]): Link[] {
  const n = Math.min(vs.length, choices.length);
  return Array.from({ length: n }, (_, i) => ({ memberRowId: vs[i].memberRowId, choice: choices[i] }));
}

const byTime = (ev: Evidence) => voters(ev).sort(by((v) => v.votedAt));
const has = (xs: DumpedRow[], f: (r: DumpedRow) => unknown) => xs.length > 0 && xs.every((r) => f(r) !== undefined);

// ---------------------------------------------------------------------------------------------
// Carving: reading file bytes without a database engine.

const CHOICE_RE = /\{"[a-z0-9-]+":(?:"([a-z0-9-]+)"|null)\}/g;
const TIME_RE = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g;

function carveChoices(bytes: Buffer | undefined): string[] {
  if (!bytes) return [];
  return [...bytes.toString('latin1').matchAll(CHOICE_RE)].map((m) => m[1] ?? 'blank');
}

/** Voters in the order their voting time first appears in the bytes. */
function carveVoters(bytes: Buffer | undefined, vs: Voter[]): Voter[] {
  if (!bytes) return [];
  const at = new Map(vs.map((v) => [v.votedAt, v]));
  const seen = new Set<Voter>();
  for (const m of bytes.toString('latin1').matchAll(TIME_RE)) {
    const v = at.get(m[0]);
    if (v) seen.add(v);
  }
  return [...seen];
}

const HASH_RE = /[0-9a-f]{64}/g;

// ---------------------------------------------------------------------------------------------
// The write-ahead log, transaction by transaction.

function walDiffLinks(ev: Evidence): Link[] {
  const main = ev.files.get('main');
  const frames = parseWal(ev.files.get('wal'));
  if (!main || frames.length === 0) return [];
  const pageSize = frames[0].data.length;
  const vs = voters(ev);
  const at = new Map(vs.map((v) => [v.votedAt, v]));
  const count = (data: Buffer) => {
    const choices = new Map<string, number>();
    for (const c of carveChoices(data)) choices.set(c, (choices.get(c) ?? 0) + 1);
    const times = new Set([...data.toString('latin1').matchAll(TIME_RE)].map((m) => m[0]).filter((t) => at.has(t)));
    return { choices, times };
  };
  const state = new Map<number, ReturnType<typeof count>>();
  const previous = (page: number) => state.get(page) ?? count(main.subarray((page - 1) * pageSize, page * pageSize));
  const links: Link[] = [];
  let newVoters = new Set<string>();
  let delta = new Map<string, number>();
  for (const f of frames) {
    const old = previous(f.page);
    const cur = count(f.data);
    for (const t of cur.times) if (!old.times.has(t)) newVoters.add(t);
    for (const [c, n] of cur.choices) delta.set(c, (delta.get(c) ?? 0) + n - (old.choices.get(c) ?? 0));
    state.set(f.page, cur);
    if (f.commit) {
      const added = [...delta].filter(([, n]) => n > 0);
      if (newVoters.size === 1 && added.length === 1 && added[0][1] === 1) links.push({ memberRowId: (at.get([...newVoters][0]) as Voter).memberRowId, choice: added[0][0] });
      newVoters = new Set();
      delta = new Map();
    }
  }
  return links;
}

// ---------------------------------------------------------------------------------------------
// pg_dump: rows in the order the dump lists them.

function dumpBlock(dump: string, table: string): string[][] {
  const m = new RegExp(`^COPY public\\.${table} \\(([^)]*)\\) FROM stdin;\\n([\\s\\S]*?)^\\\\\\.$`, 'm').exec(dump);
  if (!m) return [];
  const cols = m[1].split(', ');
  return m[2].split('\n').filter(Boolean).map((line) => {
    const cells = line.split('\t');
    return cols.map((_, i) => cells[i]);
  }).map((cells) => [cols.join(','), ...cells]);
}

function pgDumpLinks(ev: Evidence): Link[] {
  const dump = ev.files.get('pg_dump')?.toString('utf8');
  if (!dump) return [];
  const column = (rows: string[][], name: string) => {
    if (!rows.length) return [];
    const cols = rows[0][0].split(',');
    const i = cols.indexOf(name);
    return rows.map((r) => r[i + 1]);
  };
  const roll = dumpBlock(dump, 'vote_voters');
  const members = column(roll, 'member_row_id');
  const times = column(roll, 'voted_at');
  const ordered = members.map((m, i) => ({ m: Number(m), t: times[i] })).filter((x) => x.t && x.t !== '\\N');
  const choiceTables = [...dump.matchAll(/^COPY public\.(\w+) \(([^)]*)\)/gm)].filter((m) => m[2].split(', ').includes('choices')).map((m) => m[1]);
  const choices = choiceTables.flatMap((t) => column(dumpBlock(dump, t), 'choices')).map((c) => choiceOf(c));
  return ordered.slice(0, choices.length).map((x, i) => ({ memberRowId: x.m, choice: choices[i] }));
}

// ---------------------------------------------------------------------------------------------

export const STRATEGIES: Record<string, Strategy> = {
  'ids: ballot id order = roll id order': ({ now }) => pair(voters(now).sort(by((v) => v.id)), ballots(now).sort(by((b) => b.id)).map((b) => b.choice)),
  'ids: ballot id order = voting time order': ({ now }) => pair(byTime(now), ballots(now).sort(by((b) => b.id)).map((b) => b.choice)),
  'ids: each ballot to the roll row with the nearest id': ({ now }) => {
    const vs = voters(now);
    if (!vs.length) return [];
    return ballots(now).map((b) => {
      const v = vs.reduce((best, x) => (Math.abs(x.id - b.id) < Math.abs(best.id - b.id) ? x : best));
      return { memberRowId: v.memberRowId, choice: b.choice };
    });
  },
  'rowid: ballot rowid order = voting time order': ({ now }) => {
    const bs = ballots(now);
    return has(bs.map((b) => b.row), (r) => r.rowid) ? pair(byTime(now), bs.sort(by((b) => b.row.rowid as number)).map((b) => b.choice)) : [];
  },
  'rowid: ballot rowid order = roll rowid order': ({ now }) => {
    const bs = ballots(now);
    const vs = voters(now);
    return has(bs.map((b) => b.row), (r) => r.rowid) ? pair(vs.sort(by((v) => v.row.rowid as number)), bs.sort(by((b) => b.row.rowid as number)).map((b) => b.choice)) : [];
  },
  'rowid: ballot rowid order = voting time order, reversed': ({ now }) => {
    const bs = ballots(now);
    return has(bs.map((b) => b.row), (r) => r.rowid) ? pair(byTime(now).reverse(), bs.sort(by((b) => b.row.rowid as number)).map((b) => b.choice)) : [];
  },
  'ctid: ballot ctid order = voting time order': ({ now }) => {
    const bs = ballots(now);
    return has(bs.map((b) => b.row), (r) => r.ctid) ? pair(byTime(now), bs.sort(by((b) => ctidKey(b.row))).map((b) => b.choice)) : [];
  },
  'ctid: ballot ctid order = roll ctid order': ({ now }) => {
    const bs = ballots(now);
    return has(bs.map((b) => b.row), (r) => r.ctid) ? pair(voters(now).sort(by((v) => ctidKey(v.row))), bs.sort(by((b) => ctidKey(b.row))).map((b) => b.choice)) : [];
  },
  'xmin: ballot and roll row written by the same transaction': ({ now }) => {
    const byXmin = new Map<number, Voter[]>();
    for (const v of voters(now)) if (v.row.xmin !== undefined) byXmin.set(v.row.xmin, [...(byXmin.get(v.row.xmin) ?? []), v]);
    return ballots(now).flatMap((b) => (b.row.xmin !== undefined ? (byXmin.get(b.row.xmin) ?? []).map((v) => ({ memberRowId: v.memberRowId, choice: b.choice })) : []));
  },
  'xmin: ballot xmin order = roll xmin order': ({ now }) => {
    const bs = ballots(now);
    return has(bs.map((b) => b.row), (r) => r.xmin) ? pair(voters(now).sort(by((v) => v.row.xmin as number)), bs.sort(by((b) => b.row.xmin as number)).map((b) => b.choice)) : [];
  },
  'xmax: a ballot row locked or deleted by the transaction that wrote a roll row': ({ now }) => {
    const byXid = new Map<number, Voter>();
    for (const v of voters(now)) {
      if (v.row.xmin) byXid.set(v.row.xmin, v);
      if (v.row.xmax) byXid.set(v.row.xmax, v);
    }
    return ballots(now).flatMap((b) => {
      const v = b.row.xmax ? byXid.get(b.row.xmax) : undefined;
      return v ? [{ memberRowId: v.memberRowId, choice: b.choice }] : [];
    });
  },
  'site: ballot order = roll by worksite, then voting time': ({ now }) => {
    const bs = ballots(now);
    const physical = (r: DumpedRow) => r.rowid ?? ctidKey(r);
    return pair(voters(now).sort((a, b) => a.worksiteId - b.worksiteId || (a.votedAt < b.votedAt ? -1 : 1)), bs.sort(by((b) => physical(b.row))).map((b) => b.choice));
  },
  'file: choices carved from the main file = voting times carved from it, in byte order': ({ now }) => pair(carveVoters(now.files.get('main'), voters(now)), carveChoices(now.files.get('main'))),
  'file: choices carved from the main file in byte order = voting time order': ({ now }) => pair(byTime(now), carveChoices(now.files.get('main'))),
  'wal: choices carved from the log in frame order = voting time order': ({ now }) => pair(byTime(now), carveChoices(now.files.get('wal'))),
  'wal: choices carved from the log = voting times carved from it, in frame order': ({ now }) => pair(carveVoters(now.files.get('wal'), voters(now)), carveChoices(now.files.get('wal'))),
  'wal: a commit that marks one voter and adds one choice (page diffs)': ({ now }) => walDiffLinks(now),
  'wal: choices carved from the earlier log = voting time order': ({ now, before }) => (before ? pair(byTime(now), carveChoices(before.files.get('wal'))) : []),
  'receipts: inbox order (cast order) then receipt hash order = ballot order': ({ now, before }) => {
    const inbox = (before ?? now).rows.filter((r) => r.table === 'vote_inbox');
    const order = inbox.sort(by((r) => r.rowid ?? ctidKey(r))).map((r) => String(r.values.receipt_hash));
    const vs = byTime(now);
    const voterOf = new Map(order.map((h, i) => [h, vs[i]]));
    const receipts = now.rows.filter((r) => r.table === 'vote_receipts' && r.values.outcome === 'counted').sort(by((r) => r.rowid ?? ctidKey(r)));
    const bs = ballots(now).sort(by((b) => b.row.rowid ?? ctidKey(b.row)));
    return receipts.slice(0, bs.length).flatMap((r, i) => {
      const v = voterOf.get(String(r.values.receipt_hash));
      return v ? [{ memberRowId: v.memberRowId, choice: bs[i].choice }] : [];
    });
  },
  'receipts: hashes carved from the files in byte order = voting time, ballots in receipt order': ({ now }) => {
    const bytes = Buffer.concat([now.files.get('main') ?? Buffer.alloc(0), now.files.get('wal') ?? Buffer.alloc(0)]);
    const hashes = [...new Set([...bytes.toString('latin1').matchAll(HASH_RE)].map((m) => m[0]))];
    const vs = byTime(now);
    const counted = now.rows.filter((r) => r.table === 'vote_receipts').map((r) => String(r.values.receipt_hash)).sort();
    const bs = ballots(now).sort(by((b) => b.row.rowid ?? ctidKey(b.row)));
    const rank = new Map(counted.map((h, i) => [h, i]));
    return hashes.filter((h) => rank.has(h)).slice(0, vs.length).flatMap((h, i) => {
      const b = bs[rank.get(h) as number];
      return b ? [{ memberRowId: vs[i].memberRowId, choice: b.choice }] : [];
    });
  },
  'sealed length: the longer sealed ballots say yes, in row order = voting time order': ({ now }) => {
    const sealed = sealedRows(now).sort(by((r) => r.rowid ?? ctidKey(r)));
    const lengths = [...new Set(sealed.map((r) => (r.values.sealed as Uint8Array).length))].sort((a, b) => a - b);
    if (lengths.length < 2) return [];
    const vs = byTime(now);
    return sealed.slice(0, vs.length).map((r, i) => ({ memberRowId: vs[i].memberRowId, choice: (r.values.sealed as Uint8Array).length === lengths[0] ? 'no' : 'yes' }));
  },
  'sealed length: a challenged voter\'s envelope length': ({ now }) => {
    const sealed = sealedRows(now);
    const lengths = [...new Set(sealed.map((r) => (r.values.sealed as Uint8Array).length))].sort((a, b) => a - b);
    if (lengths.length < 2) return [];
    const roll = new Map(voters(now).map((v) => [v.id, v]));
    return sealed.filter((r) => r.table === 'vote_envelopes' && roll.has(num(r.values.voter_id))).map((r) => ({ memberRowId: (roll.get(num(r.values.voter_id)) as Voter).memberRowId, choice: (r.values.sealed as Uint8Array).length === lengths[0] ? 'no' : 'yes' }));
  },
  'logs: a line naming a member and a choice': ({ now }) => {
    const vs = voters(now);
    return now.logs.flatMap((line) => {
      const choice = /\b(yes|no|blank)\b/.exec(line)?.[1];
      const v = vs.find((x) => line.includes(String(x.memberRowId)) || line.includes(String(x.id)));
      return choice && v ? [{ memberRowId: v.memberRowId, choice }] : [];
    });
  },
  'logs: choice words in log order = voting time order': ({ now }) => pair(byTime(now), now.logs.flatMap((l) => [...l.matchAll(/\b(yes|no)\b/g)].map((m) => m[1]))),
  'audit: entries at a voting time that name a choice': ({ now }) => {
    const at = new Map(voters(now).map((v) => [v.votedAt, v]));
    return now.rows.filter((r) => r.table === 'audit_log' && at.has(String(r.values.at))).flatMap((r) => {
      const choice = /\b(yes|no)\b/.exec(`${r.values.action} ${r.values.subject}`)?.[1];
      return choice ? [{ memberRowId: (at.get(String(r.values.at)) as Voter).memberRowId, choice }] : [];
    });
  },
  'audit: choices named by entries in log order = voting time order': ({ now }) => pair(byTime(now), now.rows.filter((r) => r.table === 'audit_log').sort(by((r) => num(r.values.number))).flatMap((r) => [...`${r.values.action} ${r.values.subject}`.matchAll(/\b(yes|no)\b/g)].map((m) => m[1]))),
  'pg_dump: ballots in dump order = roll in dump order': ({ now }) => pgDumpLinks(now),
  'pg_dump: ballots in dump order = voting time order': ({ now }) => {
    const dump = now.files.get('pg_dump')?.toString('utf8');
    return dump ? pair(byTime(now), carveChoices(Buffer.from(dump.replace(/\\"/g, '"'), 'utf8'))) : [];
  },
};

// ---------------------------------------------------------------------------------------------

export interface Verdict {
  strategy: string;
  claimed: number;
  correct: number;
  /** Links a coin weighted by the overall shares would get right. */
  chance: number;
  wins: boolean;
}

/**
 * A strategy wins when it beats chance meaningfully: an exact mapping of at least 8 links (a
 * coin gets 8 of 8 right once in 256 tries), or at least 50 links with more than 60% right and
 * more than 4 standard deviations above chance (at 300 links and 50% chance: 150 expected,
 * σ = √(300 × 0.25) ≈ 8.7, so at least 185 right, 61.7%).
 */
export function judge(strategy: string, links: Link[], truth: Map<number, string>): Verdict {
  const total = truth.size;
  const share = new Map<string, number>();
  for (const c of truth.values()) share.set(c, (share.get(c) ?? 0) + 1 / total);
  let correct = 0;
  let chance = 0;
  let variance = 0;
  for (const l of links) {
    if (truth.get(l.memberRowId) === l.choice) correct++;
    const p = share.get(l.choice) ?? 0;
    chance += p;
    variance += p * (1 - p);
  }
  const claimed = links.length;
  const exact = claimed >= 8 && correct === claimed;
  const beats = claimed >= 50 && correct > 0.6 * claimed && correct - chance > 4 * Math.sqrt(variance);
  return { strategy, claimed, correct, chance: Math.round(chance * 10) / 10, wins: exact || beats };
}

export function runStrategies(views: Views, truth: Map<number, string>): Verdict[] {
  return Object.entries(STRATEGIES).map(([name, s]) => judge(name, s(views), truth));
}

export function verdictTable(title: string, verdicts: Verdict[]): string {
  const w = Math.max(...verdicts.map((v) => v.strategy.length));
  const lines = verdicts.map((v) => `${v.strategy.padEnd(w)}  ${String(v.claimed).padStart(6)}  ${String(v.correct).padStart(7)}  ${v.chance.toFixed(1).padStart(6)}  ${v.wins ? 'WINS' : ''}`);
  return [`${title}`, `${'strategy'.padEnd(w)}  claimed  correct  chance`, ...lines].join('\n');
}
