/**
 * The demo's synthetic check-ins, for the morning shifts that started by the demo's "now". Pure:
 * the random source and "now" are passed in. Per strike day, over the sign-ups of the morning
 * shifts that started (exact shares, half up, of the N sign-ups; the random source chooses who):
 *   absent  round(0.10·N)      no action
 *   late    round(0.07·N)      checked in 16–75 minutes after the start
 *   on time the rest           checked in up to 25 minutes before the start
 * Of those present (P): round(0.04·P) were recorded offline and sent 8–40 minutes later; and,
 * on shifts that ended, round(0.6·P) checked out up to 10 minutes after the end, the rest
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
import { replay } from './attendance.ts';
import type { ActionKind, Attendance, Method, RecordedAction } from './types.ts';
import { share, type PicketPlan } from './demo-plan.ts';

export interface PlannedAction extends RecordedAction { shift: number; memberRowId: number }
export interface PlannedAttendance extends Attendance { shift: number; memberRowId: number; lastAt: string }

const MIN = 60_000;
const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

/**
 * `captains`: the worksites whose captain has a sign-in, with that person's id; `organizer`: the
 * person who disagrees with a captain twice. Attendance is replayed from the actions by the
 * stated rule (src/pickets/attendance.ts), so it is what the server would make of them.
 */
export function planCheckIns(x: { plan: PicketPlan; now: string; rng: Rng; captains: ReadonlyMap<number, number>; organizer: number }): { actions: PlannedAction[]; attendance: PlannedAttendance[] } {
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
      const captain = shift.worksiteId === null ? undefined : x.captains.get(shift.worksiteId);
      const method: Method = captain === undefined ? 'code' : 'captain';
      const recordedBy = captain ?? null;
      const at = i < late ? plus(shift.startsAt, (16 + Math.floor(rng.next() * 60)) * MIN) : plus(shift.startsAt, (-25 + Math.floor(rng.next() * 26)) * MIN);
      const receivedAt = offline.has(signup) ? plus(at, (8 + Math.floor(rng.next() * 33)) * MIN) : plus(at, 1000 + Math.floor(rng.next() * 2000));
      if (Date.parse(receivedAt) > now) return;
      const id = (kind: string) => `demo-${signup.shift}-${signup.memberRowId}-${kind}`;
      const action = (deviceActionId: string, kind: ActionKind, when: string, how: Method, by: number | null, delay: number): PlannedAction =>
        ({ deviceActionId, shift: signup.shift, memberRowId: signup.memberRowId, action: kind, at: when, receivedAt: plus(when, delay), method: how, recordedBy: by });
      const mine: PlannedAction[] = [{ ...action(id('in'), 'in', at, method, recordedBy, 0), receivedAt }];
      const ended = Date.parse(shift.endsAt) + 30 * MIN <= now;
      if (ended && leaving.has(signup)) {
        mine.push(action(id('out'), 'out', plus(shift.endsAt, Math.floor(rng.next() * 11) * MIN), method, recordedBy, 1500));
      } else if (!ended && captain !== undefined && conflicts < 2 && Date.parse(at) + 15 * MIN <= now) {
        // An organizer at the same site disagrees with the captain: first an undo 10 minutes later, then a second check-in 15 minutes later.
        mine.push(conflicts === 0 ? action(id('organizer-undo'), 'undo', plus(at, 10 * MIN), 'organizer', x.organizer, 2000) : action(id('organizer-in'), 'in', plus(at, 15 * MIN), 'organizer', x.organizer, 2000));
        conflicts++;
      }
      actions.push(...mine);
      const state = replay(mine, shift, x.now);
      attendance.push({ ...state, shift: signup.shift, memberRowId: signup.memberRowId, lastAt: mine.reduce((t, a) => (a.receivedAt > t ? a.receivedAt : t), mine[0].receivedAt) });
    });
  }
  return { actions, attendance };
}
