/**
 * The roster as it stood at a vote's eligibility cutoff, from the roster's history (every add,
 * change, restore and remove, with the member's fields before and after as JSON:
 * src/server/roster/apply.ts). The roster now is the wrong answer: a member added after the
 * cutoff may not vote, one removed after it may, and a status changed after it does not count.
 */

export interface HistoryRow {
  memberRowId: number;
  /** `add`, `change`, `restore` or `remove`. */
  action: string;
  /** The fields after the change (JSON with `status` and `worksite` name); null when removed. */
  after: string | null;
  changedAt: string;
}

export interface MemberAsOf {
  memberRowId: number;
  status: string;
  /** The worksite's name at the cutoff, or null. */
  worksite: string | null;
}

/**
 * Each member existing (and not removed) at the cutoff, as they stood then: the last change at
 * or before the cutoff decides. Changes at the same instant keep the order given.
 */
export function rosterAsOf(history: readonly HistoryRow[], cutoff: string): MemberAsOf[] {
  const limit = Date.parse(cutoff);
  const last = new Map<number, HistoryRow>();
  const ordered = history.map((h, i) => ({ h, i, t: Date.parse(h.changedAt) })).sort((a, b) => a.t - b.t || a.i - b.i);
  for (const { h, t } of ordered) if (t <= limit) last.set(h.memberRowId, h);
  const out: MemberAsOf[] = [];
  for (const [memberRowId, h] of last) {
    if (h.action === 'remove' || h.after === null) continue;
    const after = JSON.parse(h.after) as { status?: string; worksite?: string | null };
    out.push({ memberRowId, status: after.status ?? 'active', worksite: after.worksite ?? null });
  }
  return out.sort((a, b) => a.memberRowId - b.memberRowId);
}

/** Those of them whose status at the cutoff may vote. */
export function eligibleAsOf(history: readonly HistoryRow[], cutoff: string, statuses: readonly string[]): MemberAsOf[] {
  return rosterAsOf(history, cutoff).filter((m) => statuses.includes(m.status));
}
