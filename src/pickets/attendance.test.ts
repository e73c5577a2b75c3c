import { describe, expect, it } from 'vitest';
import { replay, RULE_FAR_APART, RULE_OUT_NOT_IN, RULE_UNDO, withAutoCheckOut } from './attendance.ts';
import type { ActionKind, Method, RecordedAction } from './types.ts';

// A 6:30–9:30 Pacific shift on 14 January 2019 (PST = UTC−8): 14:30Z–17:30Z.
const SHIFT = { startsAt: '2019-01-14T14:30:00.000Z', endsAt: '2019-01-14T17:30:00.000Z' };
const DURING = '2019-01-14T15:00:00.000Z';
const CAPTAIN_A = 101;
const CAPTAIN_B = 102;
const MEMBER = 200;

function act(id: string, action: ActionKind, at: string, recordedBy: number | null, o: { receivedAt?: string; method?: Method } = {}): RecordedAction {
  return { deviceActionId: id, action, at, receivedAt: o.receivedAt ?? at, method: o.method ?? (recordedBy === MEMBER ? 'code' : 'captain'), recordedBy };
}

describe('replaying check-in actions', () => {
  it('an offline check-in made at 6:31 and sent at 6:50 is recorded at 6:31', () => {
    // 6:31 PST = 14:31Z; it reached the server at 6:50 (14:50Z).
    const a = replay([act('phone-1', 'in', '2019-01-14T14:31:00.000Z', MEMBER, { receivedAt: '2019-01-14T14:50:00.000Z' })], SHIFT, DURING);
    expect(a).toEqual({ checkedInAt: '2019-01-14T14:31:00.000Z', checkedOutAt: null, outMethod: null, conflict: null });
  });

  it('the order of arrival does not matter: device time decides', () => {
    // In at 6:31, out at 9:25 (17:25Z); the check-out arrived first.
    const actions = [act('b', 'out', '2019-01-14T17:25:00.000Z', MEMBER), act('a', 'in', '2019-01-14T14:31:00.000Z', MEMBER)];
    const expected = { checkedInAt: '2019-01-14T14:31:00.000Z', checkedOutAt: '2019-01-14T17:25:00.000Z', outMethod: 'code', conflict: null };
    expect(replay(actions, SHIFT, DURING)).toEqual(expected);
    expect(replay([...actions].reverse(), SHIFT, DURING)).toEqual(expected);
  });

  it('two captains disagree: A checks in at 6:35, B undoes at 6:40; the later (B) holds and the conflict is shown', () => {
    const a = replay([act('a-1', 'in', '2019-01-14T14:35:00.000Z', CAPTAIN_A), act('b-1', 'undo', '2019-01-14T14:40:00.000Z', CAPTAIN_B)], SHIFT, DURING);
    expect(a.checkedInAt).toBeNull();
    expect(a.conflict).toEqual({
      actions: [
        { deviceActionId: 'a-1', action: 'in', at: '2019-01-14T14:35:00.000Z', recordedBy: CAPTAIN_A, method: 'captain' },
        { deviceActionId: 'b-1', action: 'undo', at: '2019-01-14T14:40:00.000Z', recordedBy: CAPTAIN_B, method: 'captain' },
      ],
      held: 'b-1',
      rule: RULE_UNDO,
    });
  });

  it('the other way round: B undid at 6:40 (offline) and A checked in again at 6:45; A holds', () => {
    const a = replay([act('b-1', 'undo', '2019-01-14T14:40:00.000Z', CAPTAIN_B), act('a-2', 'in', '2019-01-14T14:45:00.000Z', CAPTAIN_A), act('a-1', 'in', '2019-01-14T14:35:00.000Z', CAPTAIN_A)], SHIFT, DURING);
    // a-1 in (6:35) → b-1 undo (6:40, conflict with a-1) → a-2 in (6:45, conflict with b-1): checked in at 6:45.
    expect(a.checkedInAt).toBe('2019-01-14T14:45:00.000Z');
    expect(a.conflict?.held).toBe('a-2');
    expect(a.conflict?.actions.map((x) => x.deviceActionId)).toEqual(['a-1', 'b-1', 'a-2']);
  });

  it('one captain undoing their own check-in is a correction, not a conflict', () => {
    const a = replay([act('a-1', 'in', '2019-01-14T14:35:00.000Z', CAPTAIN_A), act('a-2', 'undo', '2019-01-14T14:36:00.000Z', CAPTAIN_A)], SHIFT, DURING);
    expect(a).toEqual({ checkedInAt: null, checkedOutAt: null, outMethod: null, conflict: null });
  });

  it('two check-ins by different recorders 15 minutes apart: the first time holds, shown as a conflict; 5 minutes apart is no conflict', () => {
    // Member's code at 6:31, captain from the list at 6:46: 15 min > 10 min.
    const far = replay([act('m-1', 'in', '2019-01-14T14:31:00.000Z', MEMBER), act('c-1', 'in', '2019-01-14T14:46:00.000Z', CAPTAIN_A)], SHIFT, DURING);
    expect(far.checkedInAt).toBe('2019-01-14T14:31:00.000Z');
    expect(far.conflict).toMatchObject({ held: 'm-1', rule: RULE_FAR_APART });
    // 6:31 and 6:36: 5 min apart, both say the same thing.
    const near = replay([act('m-1', 'in', '2019-01-14T14:31:00.000Z', MEMBER), act('c-1', 'in', '2019-01-14T14:36:00.000Z', CAPTAIN_A)], SHIFT, DURING);
    expect(near).toEqual({ checkedInAt: '2019-01-14T14:31:00.000Z', checkedOutAt: null, outMethod: null, conflict: null });
    // Checked out by the captain at 6:40, back at 7:20 by another recorder: a return, not a disagreement; 40 min away.
    const back = replay([act('m-1', 'in', '2019-01-14T14:31:00.000Z', MEMBER), act('c-1', 'out', '2019-01-14T14:40:00.000Z', CAPTAIN_A), act('o-1', 'in', '2019-01-14T15:20:00.000Z', CAPTAIN_B)], SHIFT, DURING);
    expect(back).toEqual({ checkedInAt: '2019-01-14T14:31:00.000Z', checkedOutAt: null, outMethod: null, conflict: null, away: [['2019-01-14T14:40:00.000Z', '2019-01-14T15:20:00.000Z']] });
  });

  it('the same action sent twice counts once (the server stores one row per device action id, and replay sees the same id twice the same way)', () => {
    const once = replay([act('x', 'in', '2019-01-14T14:31:00.000Z', MEMBER)], SHIFT, DURING);
    const twice = replay([act('x', 'in', '2019-01-14T14:31:00.000Z', MEMBER), act('x', 'in', '2019-01-14T14:31:00.000Z', MEMBER)], SHIFT, DURING);
    expect(twice).toEqual(once);
  });

  it('ties on device time are broken by the action id', () => {
    // Same second: 'a' (in) before 'b' (undo) → not checked in; swapping the ids swaps the order.
    expect(replay([act('b', 'undo', '2019-01-14T14:31:00.000Z', MEMBER), act('a', 'in', '2019-01-14T14:31:00.000Z', MEMBER)], SHIFT, DURING).checkedInAt).toBeNull();
    expect(replay([act('a', 'undo', '2019-01-14T14:31:00.000Z', MEMBER), act('b', 'in', '2019-01-14T14:31:00.000Z', MEMBER)], SHIFT, DURING).checkedInAt).toBe('2019-01-14T14:31:00.000Z');
  });

  it('a check-out on a member never checked in changes nothing and disagrees with nothing; leaving and coming back keeps the first check-in and the time away', () => {
    expect(replay([act('o', 'out', '2019-01-14T14:20:00.000Z', MEMBER)], SHIFT, DURING)).toEqual({ checkedInAt: null, checkedOutAt: null, outMethod: null, conflict: null });
    const back = replay([act('1', 'in', '2019-01-14T14:31:00.000Z', MEMBER), act('2', 'out', '2019-01-14T15:00:00.000Z', MEMBER), act('3', 'in', '2019-01-14T15:10:00.000Z', MEMBER)], SHIFT, '2019-01-14T15:20:00.000Z');
    // Out at 15:00, back at 15:10: ten minutes away, kept (strike pay does not count them).
    expect(back).toEqual({ checkedInAt: '2019-01-14T14:31:00.000Z', checkedOutAt: null, outMethod: null, conflict: null, away: [['2019-01-14T15:00:00.000Z', '2019-01-14T15:10:00.000Z']] });
    // Twice away; an undo clears the periods with the check-in.
    const twice = replay([...[['1', 'in', '14:31'], ['2', 'out', '14:45'], ['3', 'in', '15:00'], ['4', 'out', '15:30'], ['5', 'in', '16:00'], ['6', 'out', '16:30']].map(([id, a, t]) => act(id, a as 'in' | 'out', `2019-01-14T${t}:00.000Z`, MEMBER))], SHIFT, '2019-01-14T16:40:00.000Z');
    expect(twice.away).toEqual([['2019-01-14T14:45:00.000Z', '2019-01-14T15:00:00.000Z'], ['2019-01-14T15:30:00.000Z', '2019-01-14T16:00:00.000Z']]);
    expect(replay([act('1', 'in', '2019-01-14T14:31:00.000Z', MEMBER), act('2', 'out', '2019-01-14T15:00:00.000Z', MEMBER), act('3', 'in', '2019-01-14T15:10:00.000Z', MEMBER), act('4', 'undo', '2019-01-14T15:12:00.000Z', MEMBER)], SHIFT, '2019-01-14T15:20:00.000Z').away).toBeUndefined();
  });
});

/** Every order the actions could arrive in. */
function orders<T>(xs: T[]): T[][] {
  if (xs.length <= 1) return [xs];
  return xs.flatMap((x, i) => orders([...xs.slice(0, i), ...xs.slice(i + 1)]).map((rest) => [x, ...rest]));
}

describe('a check-out that finds the member not checked in', () => {
  it('timed before the check-in (the organizer\'s phone 2 minutes behind): changes nothing and is shown, the check-in holds, in any order of arrival', () => {
    // Member's code at 7:20 (15:20Z); the organizer's check-out at 7:18 (15:18Z) by his phone's clock.
    // By device time the check-out comes first and finds her not checked in: she stays checked in
    // from 15:20Z, and the two disagree by RULE_OUT_NOT_IN with the check-in holding.
    const actions = [act('m-in', 'in', '2019-01-14T15:20:00.000Z', MEMBER), act('o-out', 'out', '2019-01-14T15:18:00.000Z', 300, { method: 'organizer' })];
    const expected = {
      checkedInAt: '2019-01-14T15:20:00.000Z', checkedOutAt: null, outMethod: null,
      conflict: {
        actions: [
          { deviceActionId: 'o-out', action: 'out', at: '2019-01-14T15:18:00.000Z', recordedBy: 300, method: 'organizer' },
          { deviceActionId: 'm-in', action: 'in', at: '2019-01-14T15:20:00.000Z', recordedBy: MEMBER, method: 'code' },
        ],
        held: 'm-in',
        rule: RULE_OUT_NOT_IN,
      },
    };
    for (const order of orders(actions)) expect(replay(order, SHIFT, '2019-01-14T15:30:00.000Z')).toEqual(expected);
  });

  it('by one recorder too: in at 7:00 and out at 6:45 in one batch is a conflict, the check-in holding', () => {
    // 7:00 = 15:00Z, 6:45 = 14:45Z: the check-out is first by device time and finds nobody checked in.
    const a = replay([act('c-in', 'in', '2019-01-14T15:00:00.000Z', CAPTAIN_A), act('c-out', 'out', '2019-01-14T14:45:00.000Z', CAPTAIN_A)], SHIFT, DURING);
    expect([a.checkedInAt, a.checkedOutAt]).toEqual(['2019-01-14T15:00:00.000Z', null]);
    expect(a.conflict).toMatchObject({ held: 'c-in', rule: RULE_OUT_NOT_IN });
    expect(a.conflict?.actions.map((x) => x.deviceActionId)).toEqual(['c-out', 'c-in']);
  });

  it('after an undo: the undo holds', () => {
    // A in 6:35, A undo 6:40 (a correction, no conflict by itself), A out 7:00: the check-out finds nobody checked in.
    const a = replay([act('1', 'in', '2019-01-14T14:35:00.000Z', CAPTAIN_A), act('2', 'undo', '2019-01-14T14:40:00.000Z', CAPTAIN_A), act('3', 'out', '2019-01-14T15:00:00.000Z', CAPTAIN_A)], SHIFT, DURING);
    expect([a.checkedInAt, a.checkedOutAt]).toEqual([null, null]);
    expect(a.conflict).toMatchObject({ held: '2', rule: RULE_OUT_NOT_IN });
    expect(a.conflict?.actions.map((x) => x.deviceActionId)).toEqual(['2', '3']);
  });
});

describe('the action that holds', () => {
  it('is the one whose effect stands: captain in 6:05, member undo 7:00, captain out 7:08, member in 7:10 → the member\'s 7:10 check-in', () => {
    // 6:05 = 14:05Z is before the shift (14:30Z) but within its margin. Replayed: in 14:05 → undo 15:00
    // (captain's in vs member's undo: conflict) → out 15:08 finds nobody checked in (no effect) → in
    // 15:10 checks the member in. The result, checked in at 15:10, is the member's 7:10 check-in.
    const actions = [
      act('c-in', 'in', '2019-01-14T14:05:00.000Z', CAPTAIN_A), act('m-undo', 'undo', '2019-01-14T15:00:00.000Z', MEMBER),
      act('c-out', 'out', '2019-01-14T15:08:00.000Z', CAPTAIN_A), act('m-in', 'in', '2019-01-14T15:10:00.000Z', MEMBER),
    ];
    for (const order of orders(actions)) {
      const a = replay(order, SHIFT, '2019-01-14T15:20:00.000Z');
      expect([a.checkedInAt, a.checkedOutAt]).toEqual(['2019-01-14T15:10:00.000Z', null]);
      expect(a.conflict?.held).toBe('m-in');
      expect(a.conflict?.actions.map((x) => x.deviceActionId)).toEqual(['c-in', 'm-undo', 'c-out', 'm-in']);
    }
  });

  it('is added to the disagreeing actions when a recorder corrected themselves later', () => {
    // A in 6:35, B undo 6:40 (conflict), A in 6:45 (conflict), A undo 6:50 (A's own correction): not
    // checked in, by A's 6:50 undo, which is what holds.
    const a = replay([
      act('a-1', 'in', '2019-01-14T14:35:00.000Z', CAPTAIN_A), act('b-1', 'undo', '2019-01-14T14:40:00.000Z', CAPTAIN_B),
      act('a-2', 'in', '2019-01-14T14:45:00.000Z', CAPTAIN_A), act('a-3', 'undo', '2019-01-14T14:50:00.000Z', CAPTAIN_A),
    ], SHIFT, DURING);
    expect(a.checkedInAt).toBeNull();
    expect(a.conflict).toMatchObject({ held: 'a-3', rule: RULE_UNDO });
    expect(a.conflict?.actions.map((x) => x.deviceActionId)).toEqual(['a-1', 'b-1', 'a-2', 'a-3']);
  });
});

describe('automatic check-out', () => {
  const IN = [act('m', 'in', '2019-01-14T14:31:00.000Z', MEMBER)];
  it('still checked in at the end + 30 min (10:00, 18:00Z) → checked out at the end (9:30, 17:30Z), method auto', () => {
    expect(replay(IN, SHIFT, '2019-01-14T18:00:00.000Z')).toEqual({ checkedInAt: '2019-01-14T14:31:00.000Z', checkedOutAt: '2019-01-14T17:30:00.000Z', outMethod: 'auto', conflict: null });
  });
  it('one minute before that (9:59) the member is still checked in', () => {
    expect(replay(IN, SHIFT, '2019-01-14T17:59:00.000Z').checkedOutAt).toBeNull();
  });
  it('a member who checked out themselves keeps their own time', () => {
    const a = replay([...IN, act('o', 'out', '2019-01-14T17:10:00.000Z', MEMBER)], SHIFT, '2019-01-15T00:00:00.000Z');
    expect([a.checkedOutAt, a.outMethod]).toEqual(['2019-01-14T17:10:00.000Z', 'code']);
  });
  it('applies to stored attendance on read the same way', () => {
    const stored = { checkedInAt: '2019-01-14T14:31:00.000Z', checkedOutAt: null, outMethod: null, conflict: null };
    expect(withAutoCheckOut(stored, SHIFT, '2019-01-14T18:00:00.000Z').checkedOutAt).toBe('2019-01-14T17:30:00.000Z');
    expect(withAutoCheckOut(stored, SHIFT, '2019-01-14T17:00:00.000Z')).toBe(stored);
  });
});
