/**
 * One read made once for everyone asking for it at the same time. A strike day's coverage board
 * takes about 0.17 s of the server's thread on a district-sized day (1,700 shifts, 18,500
 * check-ins: three queries and the figures), and fifty of an organizer's board requests at once
 * held every other request of the server, the district's and the public's too, for 7 s: each
 * made the same board again.
 *
 * Here a request that finds no read of its key under way starts one; a request that finds one
 * under way waits for it to end and then shares the next one with every other request that came
 * meanwhile. The next read starts after each of them arrived, so each sees every change
 * acknowledged before it asked (a check-in answered, then the board asked for, shows that
 * check-in), and a key is never read more than twice at once whatever the number asking.
 */
interface Slot<T> { running: Promise<T> | null; next: Promise<T> | null }

export class SharedReads<T> {
  private readonly slots = new Map<string, Slot<T>>();

  /** `make`'s answer, shared with the requests of the same key that wait for the same read. */
  read(key: string, make: () => Promise<T>): Promise<T> {
    let slot = this.slots.get(key);
    if (!slot) this.slots.set(key, (slot = { running: null, next: null }));
    if (!slot.running) return this.start(key, slot, make);
    if (slot.next) return slot.next;
    const s = slot;
    const ended = slot.running.then(() => undefined, () => undefined);
    return (s.next = ended.then(() => {
      s.next = null;
      return this.start(key, s, make);
    }));
  }

  /** How many keys have a read under way or waiting (for tests). */
  get size(): number {
    return this.slots.size;
  }

  private start(key: string, slot: Slot<T>, make: () => Promise<T>): Promise<T> {
    const p: Promise<T> = make().finally(() => {
      if (slot.running !== p) return;
      slot.running = null;
      if (!slot.next) this.slots.delete(key);
    });
    slot.running = p;
    return p;
  }
}
