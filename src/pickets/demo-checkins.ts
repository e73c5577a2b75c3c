/**
 * The demo's synthetic check-ins, for the morning shifts that started by the demo's "now". Pure:
 * the random source and "now" are passed in. Per strike day, over the sign-ups of the morning
 * shifts that started (exact shares, half up, of the N sign-ups; the random source chooses who):
 *   absent  round(0.10·N)      no action
 *   late    round(0.07·N)      checked in 16–75 minutes after the start
 *   on time the rest           checked in from 20 minutes before to 14 minutes after the start
 * Of those present (P): round(0.04·P) were recorded offline and sent 8–40 minutes later; and,
 * on shifts that ended, round(0.6·P) checked out 5 minutes before to 10 after the end, the rest
 * were checked out automatically at the end (method `auto`: on the attendance row, as the
 * server's sweep leaves it; no device sent an action for it). An action is in the demo only if
 * the server had it by "now" (a late arrival still to come is not).
 *
 * Who recorded it: at a site whose captain has a sign-in (`captains`), the captain from the
 * list; elsewhere the member typed the site's code (the demo's members have no sign-ins, so
 * those actions carry no recorder). Two conflicts at the first such site on the day in progress:
 * an organizer undoes one check-in the captain made, and checks in again a member the captain
 * had checked in 15 minutes earlier (the stated rule: src/pickets/attendance.ts).
 */
import { shuffled, type Rng } from '../district/generate/random.ts';
import type { ActionKind, Attendance, Conflict, Method } from './types.ts';
import { share, type PicketPlan } from './demo-plan.ts';

export type Recorder = 'captain' | 'organizer' | null;

export interface PlannedAction {
  deviceActionId: string;
  shift: number;
  memberRowId: number;
  action: ActionKind;
  at: string;
  receivedAt: string;
  method: Method;
  /** Who sent it: the site's captain (with a sign-in), the organizer, or nobody the demo has a sign-in for. */
  recorder: Recorder;
}

export interface PlannedAttendance extends Attendance { shift: number; memberRowId: number; lastAt: string }

const MIN = 60_000;
const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

export const RULE_UNDO = 'Actions are replayed in order of the time on the device; the latest holds, so the undo clears the check-in.';
export const RULE_TWICE = 'A second check-in does not move the first: the earlier check-in holds.';

export function planCheckIns(x: { plan: PicketPlan; now: string; rng: Rng; captains: ReadonlySet<number> }): { actions: PlannedAction[]; attendance: PlannedAttendance[] } {
  const { plan, rng } = x;
  const now = Date.parse(x.now);
  const actions: PlannedAction[] = [];
  const attendance: PlannedAttendance[] = [];
  const days = [...new Set(plan.shifts.map((s) => s.day))];
  let conflicts = 0;
  for (const day of days) {
    const started = plan.signups.filter((s) => plan.shifts[s.shift].day === day && plan.shifts[s.shift].morning && Date.parse(plan.shifts[s.shift].startsAt) <= now);
    const order = shuffled(rng, started);
    const absent = share(0.1, order.length);
    const late = share(0.07, order.length);
    const present = order.slice(absent);
    const offline = new Set(present.slice(0, share(0.04, present.length)));
    const leaving = new Set(shuffled(rng, present).slice(0, share(0.6, present.length)));
    present.forEach((signup, i) => {
      const shift = plan.shifts[signup.shift];
      const byCaptain = shift.worksiteId !== null && x.captains.has(shift.worksiteId);
      const method: Method = byCaptain ? 'captain' : 'code';
      const recorder: Recorder = byCaptain ? 'captain' : null;
      const at = i < late ? plus(shift.startsAt, (16 + Math.floor(rng.next() * 60)) * MIN) : plus(shift.startsAt, (-20 + Math.floor(rng.next() * 35)) * MIN);
      const receivedAt = offline.has(signup) ? plus(at, (8 + Math.floor(rng.next() * 33)) * MIN) : plus(at, 1000 + Math.floor(rng.next() * 2000));
      if (Date.parse(receivedAt) > now) return;
      const id = (kind: string) => `demo-${signup.shift}-${signup.memberRowId}-${kind}`;
      const mine: PlannedAction[] = [{ deviceActionId: id('in'), shift: signup.shift, memberRowId: signup.memberRowId, action: 'in', at, receivedAt, method, recorder }];
      const row: PlannedAttendance = { shift: signup.shift, memberRowId: signup.memberRowId, checkedInAt: at, checkedOutAt: null, outMethod: null, conflict: null, lastAt: receivedAt };
      const ended = Date.parse(shift.endsAt) + 30 * MIN <= now;
      if (ended && leaving.has(signup)) {
        const out = plus(shift.endsAt, (-5 + Math.floor(rng.next() * 16)) * MIN);
        mine.push({ deviceActionId: id('out'), shift: signup.shift, memberRowId: signup.memberRowId, action: 'out', at: out, receivedAt: plus(out, 1500), method, recorder });
        Object.assign(row, { checkedOutAt: out, outMethod: method, lastAt: plus(out, 1500) });
      } else if (ended) {
        Object.assign(row, { checkedOutAt: shift.endsAt, outMethod: 'auto', lastAt: plus(shift.endsAt, 30 * MIN) });
      } else if (byCaptain && conflicts < 2 && Date.parse(at) + 15 * MIN <= now) {
        // An organizer at the same site disagrees with the captain: first an undo, then a second check-in.
        const kind: ActionKind = conflicts === 0 ? 'undo' : 'in';
        const second = plus(at, (conflicts === 0 ? 10 : 15) * MIN);
        const other: PlannedAction = { deviceActionId: id(`organizer-${kind}`), shift: signup.shift, memberRowId: signup.memberRowId, action: kind, at: second, receivedAt: plus(second, 2000), method: 'organizer', recorder: 'organizer' };
        mine.push(other);
        const conflict: Conflict = {
          actions: mine.map((a) => ({ deviceActionId: a.deviceActionId, action: a.action, at: a.at, recordedBy: null, method: a.method })),
          held: kind === 'undo' ? other.deviceActionId : mine[0].deviceActionId,
          rule: kind === 'undo' ? RULE_UNDO : RULE_TWICE,
        };
        Object.assign(row, { checkedInAt: kind === 'undo' ? null : at, conflict, lastAt: other.receivedAt });
        conflicts++;
      }
      actions.push(...mine);
      attendance.push(row);
    });
  }
  return { actions, attendance };
}
