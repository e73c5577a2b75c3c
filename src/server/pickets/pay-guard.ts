/**
 * What a change to the strike calendar may not do once strike pay was paid out (docs/pickets.md,
 * "Strike pay"): a payout file is what members were paid for a week, so nothing may change that
 * week's pay afterwards. Declaring, cancelling or restoring a day in a paid week would (a day
 * counts, or stops counting, for its check-ins and exceptions), and so would moving the first week
 * of the strike (the firstWeek rule pays it unpaid, paid, or with the next week) while the first
 * week or the week after it is paid: the same reason the rule itself is kept then
 * (src/server/pickets/pay-rules-routes.ts).
 */
import { ApiError } from '../errors.ts';
import { addDays, mondayOf } from '../../pickets/pay.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { currentRules, payoutOf, payouts, strikeDays, type PayoutRow } from './pay-store.ts';

type Tx = Transaction<Database>;

/**
 * The payout that paid `week`: its own; or, under the firstWeek rule 'with-next', the next week's
 * when `week` is the strike's first (its pay is in that file).
 */
export async function payoutPaying(tx: Tx, orgId: number, week: string): Promise<PayoutRow | undefined> {
  const own = await payoutOf(tx, orgId, week);
  if (own) return own;
  const { rules } = await currentRules(tx, orgId);
  if (rules.firstWeek !== 'with-next') return undefined;
  const first = (await strikeDays(tx, orgId))[0];
  if (!first || mondayOf(first.date) !== week) return undefined;
  return payoutOf(tx, orgId, addDays(week, 7));
}

const paidAs = (week: string, p: PayoutRow) =>
  p.period_start === week ? `the week of ${week} was paid out (the payout file produced by ${p.producer} at ${p.produced_at})`
    : `the week of ${week}, the strike's first, was paid with the week of ${p.period_start} (firstWeek: with-next; the payout file produced by ${p.producer} at ${p.produced_at})`;

/**
 * Refuses (409) a day at `date` starting to count (`counts: true`: declared, or its cancellation
 * undone) or stopping (`false`: cancelled) when that would change a week already paid out.
 * `what` names the change in the message ("declaring 2019-01-11").
 */
export async function keepPaidWeeks(tx: Tx, orgId: number, change: { date: string; counts: boolean; what: string; field: string }): Promise<void> {
  const paid = await payouts(tx, orgId);
  if (paid.length === 0) return;
  const week = mondayOf(change.date);
  const own = await payoutPaying(tx, orgId, week);
  if (own) {
    throw new ApiError(409, {
      code: 'strikepay.week-paid',
      message: `${paidAs(week, own)}; ${change.what} would change what members were paid for it`,
      where: { field: change.field },
      hint: 'a correction for a paid week is paid outside the payout files; a check-in recorded after the payout shows on the week\'s ledger as differing from what was paid',
    });
  }
  const dates = (await strikeDays(tx, orgId)).map((d) => d.date).filter((d) => d !== change.date);
  const firstBefore = [...dates, ...(change.counts ? [] : [change.date])].sort()[0];
  const firstAfter = [...dates, ...(change.counts ? [change.date] : [])].sort()[0];
  if (firstBefore === undefined || firstAfter === undefined || mondayOf(firstBefore) === mondayOf(firstAfter)) return;
  const carrying = new Set([firstBefore, firstAfter].flatMap((d) => [mondayOf(d), addDays(mondayOf(d), 7)]));
  const first = paid.find((p) => carrying.has(p.period_start));
  if (!first) return;
  throw new ApiError(409, {
    code: 'strikepay.first-week-paid',
    message: `${change.what} would make the week of ${mondayOf(firstAfter)} the first week of the strike instead of the week of ${mondayOf(firstBefore)}, and the payout of the week of ${first.period_start} (produced by ${first.producer} at ${first.produced_at}) paid the first week by the firstWeek rule: it would be paid twice or never`,
    where: { field: change.field },
    hint: 'a correction for the first week is paid outside the payout files',
  });
}

/** Refuses (409) retiming a shift members were checked in on when its day's week was paid out. */
export async function keepPaidShift(tx: Tx, orgId: number, shift: { id: number; date: string; field: string }): Promise<void> {
  const week = mondayOf(shift.date);
  const own = await payoutPaying(tx, orgId, week);
  if (!own) return;
  const attended = await tx.selectFrom('picket_attendance').select('shift_id').where('shift_id', '=', shift.id).where('checked_in_at', 'is not', null).limit(1).executeTakeFirst();
  if (!attended) return;
  throw new ApiError(409, {
    code: 'strikepay.week-paid',
    message: `members were checked in on this shift and ${paidAs(week, own)}; changing its times would change the hours they were paid for`,
    where: { field: shift.field },
    hint: 'its capacity, minimum and captain may still change; a correction for a paid week is paid outside the payout files',
  });
}
