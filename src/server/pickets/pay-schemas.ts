/** The shapes of the strike-pay routes (docs/pickets.md "Strike pay", docs/api.md). */
import { z } from '@hono/zod-openapi';
import { PayRulesSchema } from '../../pickets/pay.ts';
import { Id, plainText } from '../schemas.ts';

const DateText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date such as 2019-01-14');

export const RulesBody = z.object({ rules: PayRulesSchema }).strict().openapi('StrikePayRulesBody', { example: { rules: { basis: 'day', amountCents: 10000, minHoursPerDay: 3, firstWeek: 'paid' } } });
const Rules = PayRulesSchema.openapi('StrikePayRules');
export const RulesAnswer = z.object({
  rules: Rules, version: z.number().int().openapi({ description: '1, 2, 3… each time the rules are saved; 0: the defaults, never saved' }),
  createdAt: z.string().nullable(), createdBy: z.number().int().nullable(),
}).openapi('StrikePayRulesVersion');

const Period = z.object({
  start: z.string(), end: z.string(),
  closesAt: z.string().openapi({ description: 'when the week is over and its payout may be produced: the next Monday 00:00 in the union\'s time zone, or, when a shift of its strike days ends later, that shift\'s end plus 30 minutes (the automatic check-out)' }),
  first: z.boolean(),
});
export const PeriodsAnswer = z.object({
  periods: z.array(Period.extend({ open: z.boolean().openapi({ description: 'the week is not over yet (closesAt): no payout can be produced' }), produced: z.boolean() })),
}).openapi('StrikePayPeriods');

/** Every `why` of strike pay comes in Spanish too, built from the same facts by the same code. */
const WhyEs = z.string().openapi({ description: 'why, in Spanish: the same reason from the same facts (an organizer\'s exception reason as they wrote it)' });

const Worked = z.object({ shiftId: z.number().int(), duty: z.string(), where: z.string().nullable(), startsAt: z.string(), endsAt: z.string(), checkedInAt: z.string(), checkedOutAt: z.string().nullable(), minutes: z.number().int(), awayMinutes: z.number().int().openapi({ description: 'minutes within the shift checked out, then back: not counted' }), counts: z.boolean() });
const Day = z.object({
  dayId: z.number().int(), date: z.string(), label: z.string(), minutes: z.number().int(), hours: z.number(), shifts: z.number().int(), worked: z.array(Worked),
  counted: z.boolean(), creditMinutes: z.number().int(), creditShifts: z.number().int(),
  exception: z.object({ id: z.number().int(), kind: z.enum(['count', 'exclude']), reason: z.string() }).nullable(), why: z.string(), whyEs: WhyEs,
});
const Row = z.object({
  memberRowId: z.number().int(), memberId: z.string(), name: z.string(), days: z.array(Day), eligibleDays: z.number().int(), minutes: z.number().int(), hours: z.number(), shifts: z.number().int(),
  eligible: z.boolean(), earnedCents: z.number().int(), carriedCents: z.number().int(), amountCents: z.number().int(), why: z.string(), whyEs: WhyEs,
});
const PaidCents = z.number().int().nullable().openapi({ description: 'what the payout file paid for this week (null: not produced yet); differs from amountCents when a check-in or an exception was recorded after the payout' });
const PayoutSchema = z.object({
  id: z.number().int(), periodStart: z.string(), periodEnd: z.string(), members: z.number().int(), totalCents: z.number().int(), sha256: z.string(),
  producedAt: z.string(), producedBy: z.object({ id: z.number().int(), name: z.string() }), rulesVersionId: z.number().int(),
}).openapi('StrikePayout');

export const LedgerQuery = z.object({
  periodStart: DateText.openapi({ param: { name: 'periodStart', in: 'query' }, example: '2019-01-14', description: 'the Monday the week starts on' }),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0).openapi({ param: { name: 'offset', in: 'query' } }),
  limit: z.coerce.number().int().min(1).max(5000).default(1000).openapi({ param: { name: 'limit', in: 'query' } }),
}).strict();
export const LedgerAnswer = z.object({
  period: Period, rules: Rules, rulesVersion: z.number().int(), rows: z.array(Row.extend({ paidCents: PaidCents })), count: z.number().int().openapi({ description: 'rows in all (the page is offset..offset+limit)' }),
  members: z.number().int().openapi({ description: 'members with an amount above zero' }), totalCents: z.number().int(), payout: PayoutSchema.nullable(),
  differing: z.number().int().openapi({ description: 'members whose amount now differs from what the payout paid (0 before a payout)' }),
}).openapi('StrikePayLedger');

export const MeAnswer = z.object({
  member: z.object({ memberRowId: z.number().int(), memberId: z.string(), name: z.string() }),
  periods: z.array(Period.extend({ open: z.boolean(), days: z.array(Day), eligibleDays: z.number().int(), hours: z.number(), eligible: z.boolean(), earnedCents: z.number().int(), carriedCents: z.number().int(), amountCents: z.number().int(), why: z.string(), whyEs: WhyEs, paid: z.boolean(), paidCents: PaidCents })),
  totalCents: z.number().int(), rules: Rules,
}).openapi('MyStrikePay');

export const ExceptionBody = z.object({
  memberRowId: z.number().int().positive(), strikeDayId: z.number().int().positive(), kind: z.enum(['count', 'exclude']),
  reason: plainText(500).refine((s) => s.trim().length >= 3, 'say why, in at least 3 characters'),
}).strict().openapi('StrikePayExceptionBody', { example: { memberRowId: 12, strikeDayId: 34, kind: 'count', reason: 'sent home ill by the site captain at 7:40' } });
const ExceptionSchema = z.object({
  id: z.number().int(), memberRowId: z.number().int(), strikeDayId: z.number().int(), date: z.string(), kind: z.enum(['count', 'exclude']), reason: z.string(), grantedBy: z.number().int(), grantedAt: z.string(),
  revokedAt: z.string().nullable(),
}).openapi('StrikePayException');
export const ExceptionAnswer = z.object({ exception: ExceptionSchema });
export const ExceptionParams = z.object({ exceptionId: Id.openapi({ param: { name: 'exceptionId', in: 'path' }, example: 12 }) });

export const PayoutBody = z.object({ periodStart: DateText.openapi({ example: '2019-01-14' }) }).strict().openapi('StrikePayoutBody');
export const PayoutAnswer = z.object({ payout: PayoutSchema });
export const PayoutList = z.object({ payouts: z.array(PayoutSchema) });
export const PayoutParams = z.object({ payoutId: Id.openapi({ param: { name: 'payoutId', in: 'path' }, example: 12 }) });
