/**
 * A member's attendance on a shift, replayed from the actions recorded for them (docs/pickets.md,
 * "Check-in"). Devices queue actions offline and send them late, in any order; the server keeps
 * every action and replays them, so the answer depends only on the actions, never on when they
 * arrived.
 *
 * The rule: actions are replayed in order of device time `at` (ties: the device's action id).
 * - `in` checks the member in at `at` if they are not checked in; if they had checked out, it
 *   reopens their check-in (they came back), keeps the first check-in time and the time between
 *   as `away` (not on the shift: strike pay does not count it);
 * - `out` checks them out at `at` if they are checked in (a later check-out replaces an earlier);
 *   one that finds them not checked in changes nothing;
 * - `undo` clears both (the check-in was a mistake).
 * The latest action by device time holds. When two recorders disagree — one checked the member in
 * or out and another undid it (either order), or two check-ins more than 10 minutes apart — or a
 * check-out finds the member not checked in (timed before their check-in, or after an undo; by
 * anyone, even the one who checked them in), the result carries the conflict: the actions that
 * disagreed, the one whose effect stands in the result (`held`, added to them if it was not one of
 * them) and the rule.
 *
 * Automatic check-out: a member still checked in at the shift's end + 30 min is checked out at
 * the shift's end (method `auto`). Pure: `now` is passed in.
 */
import type { ActionKind, Attendance, Conflict, Method, RecordedAction, ShiftTimes } from './types.ts';

/**
 * The periods away as the attendance table stores them (a JSON list of [from, to] pairs, '[]'
 * when none; absent in rows read without the column): the `away` an Attendance carries, left out
 * when there are none.
 */
export function awayFromColumn(text: string | null | undefined): { away?: [string, string][] } {
  const away = text ? (JSON.parse(text) as [string, string][]) : [];
  return away.length > 0 ? { away } : {};
}

/** A member still checked in this long after a shift's end is checked out at its end (method `auto`; docs/pickets.md "Check-in"): the one margin the replay, the board and strike pay use. */
export const AUTO_OUT_AFTER_MS = 30 * 60_000;
export const FAR_APART_MS = 10 * 60_000;

export const RULE_UNDO = 'Actions count in the order of the time on the device that recorded them; the latest holds. One recorder undid what another recorded.';
export const RULE_FAR_APART = 'Two check-ins more than 10 minutes apart by different recorders: the first check-in time holds.';
export const RULE_OUT_NOT_IN = 'A check-out timed when the member was not checked in (before their check-in, or after it was undone) changes nothing: the check-in or the undo holds.';

const byDeviceTime = (a: RecordedAction, b: RecordedAction) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.deviceActionId < b.deviceActionId ? -1 : a.deviceActionId > b.deviceActionId ? 1 : 0);

type Brief = Conflict['actions'][number];
const brief = (a: RecordedAction): Brief => ({ deviceActionId: a.deviceActionId, action: a.action, at: a.at, recordedBy: a.recordedBy, method: a.method });
const opposed = (x: ActionKind, y: ActionKind) => (x === 'undo') !== (y === 'undo');

export function replay(actions: readonly RecordedAction[], shift: ShiftTimes, now: string): Attendance {
  const sorted = [...actions].sort(byDeviceTime);
  let checkedInAt: string | null = null;
  let checkedOutAt: string | null = null;
  let outMethod: Method | null = null;
  let away: [string, string][] = [];
  // The action whose effect the result holds: the check-in (`firstIn`) or the undo that cleared it.
  let firstIn: RecordedAction | null = null;
  let undoneBy: RecordedAction | null = null;
  // Check-outs that found the member not yet checked in: they disagree with the check-in that follows.
  let strayOuts: RecordedAction[] = [];
  const involved = new Map<string, RecordedAction>();
  let rule: string | null = null;
  const disagree = (why: string, ...xs: RecordedAction[]) => {
    for (const x of xs) involved.set(x.deviceActionId, x);
    rule = why;
  };
  let previous: RecordedAction | null = null;
  for (const a of sorted) {
    if (previous && previous.recordedBy !== a.recordedBy && opposed(previous.action, a.action)) disagree(RULE_UNDO, previous, a);
    if (a.action === 'in') {
      if (checkedInAt === null) {
        checkedInAt = a.at;
        firstIn = a;
        undoneBy = null;
        if (strayOuts.length > 0) disagree(RULE_OUT_NOT_IN, ...strayOuts, a);
        strayOuts = [];
      } else {
        // Far apart only while still checked in: after a check-out, a check-in is the member coming back, not a disagreement.
        if (checkedOutAt === null && firstIn && firstIn.recordedBy !== a.recordedBy && Date.parse(a.at) - Date.parse(firstIn.at) > FAR_APART_MS) disagree(RULE_FAR_APART, firstIn, a);
        if (checkedOutAt !== null && a.at > checkedOutAt) away.push([checkedOutAt, a.at]);
        checkedOutAt = null;
        outMethod = null;
      }
    } else if (a.action === 'out') {
      if (checkedInAt !== null) {
        checkedOutAt = a.at;
        outMethod = a.method;
      } else if (undoneBy) disagree(RULE_OUT_NOT_IN, undoneBy, a);
      else strayOuts.push(a);
    } else {
      checkedInAt = checkedOutAt = outMethod = null;
      away = [];
      firstIn = null;
      undoneBy = a;
    }
    previous = a;
  }
  let conflict: Conflict | null = null;
  // `held` is the action whose effect stands: the check-in the member is checked in by, else the
  // undo that cleared them (a conflict always has one of them); when a later action by the same
  // recorder replaced the disagreeing ones, it is added to them.
  const held = firstIn ?? undoneBy;
  if (rule !== null && held !== null) {
    involved.set(held.deviceActionId, held);
    conflict = { actions: [...involved.values()].sort(byDeviceTime).map(brief), held: held.deviceActionId, rule };
  }
  return withAutoCheckOut({ checkedInAt, checkedOutAt, outMethod, conflict, ...(away.length > 0 ? { away } : {}) }, shift, now);
}

/** The automatic check-out, applied to attendance as stored: still in at end + 30 min → out at the end. */
export function withAutoCheckOut(a: Attendance, shift: ShiftTimes, now: string): Attendance {
  if (a.checkedInAt === null || a.checkedOutAt !== null) return a;
  if (Date.parse(now) < Date.parse(shift.endsAt) + AUTO_OUT_AFTER_MS) return a;
  // Checked in after the shift ended (a late check-in within the margin): out at the check-in itself, never before it.
  const endsAt = new Date(Math.max(Date.parse(shift.endsAt), Date.parse(a.checkedInAt))).toISOString();
  return { ...a, checkedOutAt: endsAt, outMethod: 'auto' };
}
