/**
 * Wrong check-in codes: a member who types 10 wrong codes for one shift within an hour is refused
 * (`picket.too-many-tries`) until the hour has passed, so six digits cannot be guessed by sending
 * thousands. Kept in this process's memory: with several processes each counts its own (a guesser
 * gets 10 tries per process per hour, still far from the 500,000 a guess needs on average).
 */
export const CODE_TRIES_PER_HOUR = 10;
const HOUR_MS = 3600_000;
const MAX_KEYS = 100_000;

class Tries {
  private readonly wrongAt = new Map<string, number[]>();

  private recent(key: string, nowMs: number): number[] {
    const list = (this.wrongAt.get(key) ?? []).filter((t) => t > nowMs - HOUR_MS);
    if (list.length) this.wrongAt.set(key, list);
    else this.wrongAt.delete(key);
    return list;
  }

  blocked(org: number, person: number, shift: number, now: string): boolean {
    return this.recent(`${org} ${person} ${shift}`, Date.parse(now)).length >= CODE_TRIES_PER_HOUR;
  }

  wrong(org: number, person: number, shift: number, now: string): void {
    const key = `${org} ${person} ${shift}`;
    const nowMs = Date.parse(now);
    if (this.wrongAt.size >= MAX_KEYS) for (const k of [...this.wrongAt.keys()]) this.recent(k, nowMs);
    this.wrongAt.set(key, [...this.recent(key, nowMs), nowMs]);
  }
}

export const codeTries = new Tries();
