/**
 * A member's attendance on a shift, replayed from the actions recorded for them (docs/pickets.md,
 * "Check-in"). Devices queue actions offline and send them late, in any order; the server keeps
 * every action and replays them, so the answer depends only on the actions, never on when they
 * arrived.
 *
 * The rule: actions are replayed in order of device time `at` (ties: the device's action id).
 * - `in` checks the member in at `at` if they are not checked in; if they had checked out, it
 *   reopens their check-in (they came back) and keeps the first check-in time;
 * - `out` checks them out at `at` if they are checked in (a later check-out replaces an earlier);
 * - `undo` clears both (the check-in was a mistake).
 * The latest action by device time holds. When two recorders disagree — one checked the member in
 * or out and another undid it (either order), or two check-ins more than 10 minutes apart — the
 * result carries the conflict: the actions that disagreed, the one whose result holds, the rule.
 *
 * Automatic check-out: a member still checked in at the shift's end + 30 min is checked out at
 * the shift's end (method `auto`). Pure: `now` is passed in.
 */
import type { ActionKind, Attendance, Conflict, Method, RecordedAction, ShiftTimes } from './types.ts';

export const AUTO_OUT_AFTER_MS = 30 * 60_000;
export const FAR_APART_MS = 10 * 60_000;

export const RULE_UNDO = 'Actions count in the order of the time on the device that recorded them; the latest holds. One recorder undid what another recorded.';
export const RULE_FAR_APART = 'Two check-ins more than 10 minutes apart by different recorders: the first check-in time holds.';

const byDeviceTime = (a: RecordedAction, b: RecordedAction) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.deviceActionId < b.deviceActionId ? -1 : a.deviceActionId > b.deviceActionId ? 1 : 0);

type Brief = Conflict['actions'][number];
const brief = (a: RecordedAction): Brief => ({ deviceActionId: a.deviceActionId, action: a.action, at: a.at, recordedBy: a.recordedBy, method: a.method });
const opposed = (x: ActionKind, y: ActionKind) => (x === 'undo') !== (y === 'undo');

export function replay(actions: readonly RecordedAction[], shift: ShiftTimes, now: string): Attendance {
  const sorted = [...actions].sort(byDeviceTime);
  let checkedInAt: string | null = null;
  let checkedOutAt: string | null = null;
  let outMethod: Method | null = null;
  let firstIn: RecordedAction | null = null;
  const involved = new Map<string, RecordedAction>();
  let held: string | null = null;
  let rule = RULE_UNDO;
  let previous: RecordedAction | null = null;
  for (const a of sorted) {
    if (previous && previous.recordedBy !== a.recordedBy && opposed(previous.action, a.action)) {
      involved.set(previous.deviceActionId, previous).set(a.deviceActionId, a);
      held = a.deviceActionId;
      rule = RULE_UNDO;
    }
    if (a.action === 'in') {
      if (checkedInAt === null) {
        checkedInAt = a.at;
        firstIn = a;
      } else {
        if (firstIn && firstIn.recordedBy !== a.recordedBy && Date.parse(a.at) - Date.parse(firstIn.at) > FAR_APART_MS) {
          involved.set(firstIn.deviceActionId, firstIn).set(a.deviceActionId, a);
          held = firstIn.deviceActionId;
          rule = RULE_FAR_APART;
        }
        checkedOutAt = null;
        outMethod = null;
      }
    } else if (a.action === 'out') {
      if (checkedInAt !== null) {
        checkedOutAt = a.at;
        outMethod = a.method;
      }
    } else {
      checkedInAt = checkedOutAt = outMethod = null;
      firstIn = null;
    }
    previous = a;
  }
  const conflict: Conflict | null = held === null ? null : { actions: [...involved.values()].sort(byDeviceTime).map(brief), held, rule };
  return withAutoCheckOut({ checkedInAt, checkedOutAt, outMethod, conflict }, shift, now);
}

/** The automatic check-out, applied to attendance as stored: still in at end + 30 min → out at the end. */
export function withAutoCheckOut(a: Attendance, shift: ShiftTimes, now: string): Attendance {
  if (a.checkedInAt === null || a.checkedOutAt !== null) return a;
  if (Date.parse(now) < Date.parse(shift.endsAt) + AUTO_OUT_AFTER_MS) return a;
  // Checked in after the shift ended (a late check-in within the margin): out at the check-in itself, never before it.
  const endsAt = new Date(Math.max(Date.parse(shift.endsAt), Date.parse(a.checkedInAt))).toISOString();
  return { ...a, checkedOutAt: endsAt, outMethod: 'auto' };
}
