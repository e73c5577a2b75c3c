/**
 * Strike mornings (docs/pickets.md): the shapes the pure picket modules share. No clock, no
 * database: callers pass times in (UTC ISO instants) and get results out.
 */

/** What a shift is for. `picket` is on the line at a worksite; the others are alternate duties. */
export const DUTIES = ['picket', 'phone-bank', 'food', 'child-care', 'access', 'other'] as const;
export type Duty = (typeof DUTIES)[number];

/** A recorded attendance action. `undo` says the member was not there (a mistaken check-in). */
export const ACTIONS = ['in', 'out', 'undo'] as const;
export type ActionKind = (typeof ACTIONS)[number];

/** How an action was made: the member typed the site's code, a captain or organizer from the list, or the server at the shift's end. */
export const METHODS = ['code', 'captain', 'organizer', 'auto'] as const;
export type Method = (typeof METHODS)[number];

export interface ShiftTimes {
  startsAt: string;
  endsAt: string;
}

/** One action as stored (picket_actions). */
export interface RecordedAction {
  deviceActionId: string;
  action: ActionKind;
  /** The device's time (UTC ISO). */
  at: string;
  /** The server's time when it arrived (UTC ISO). */
  receivedAt: string;
  method: Method;
  /** Who sent it (a person id); null for `auto`. */
  recordedBy: number | null;
}

/** A member's attendance on one shift, as the actions give it. */
export interface Attendance {
  checkedInAt: string | null;
  checkedOutAt: string | null;
  outMethod: Method | null;
  /** When two recorders disagreed: what each said and which held (the stated rule). */
  conflict: Conflict | null;
  /** Periods [from, to] checked out between a check-out and a later check-in: away, not paid. Absent when none. */
  away?: [string, string][];
}

export interface Conflict {
  /** The actions that disagreed, oldest first. */
  actions: { deviceActionId: string; action: ActionKind; at: string; recordedBy: number | null; method: Method }[];
  /** The action whose result holds. */
  held: string;
  /** The rule, in words, for the page. */
  rule: string;
}
