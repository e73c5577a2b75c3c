/**
 * Strike pay (docs/pickets.md "Strike pay"): the union's eligibility rules, validated, with the
 * defaults an organizer starts from. Every rule is one a real union has used (sources in the
 * docs): pay per counted day or per qualifying week, a day counts from so many hours on duty, a
 * week qualifies by shifts, hours or days, the first week paid, unpaid or paid with the next,
 * alternate duties counted or not, and a weekly maximum.
 */
import { z } from 'zod';
import { DUTIES } from './types.ts';

export const ALTERNATE_DUTIES = DUTIES.filter((d) => d !== 'picket');

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const hours = (max: number) => z.number().min(0).max(max).multipleOf(0.25, 'must be a whole number of quarter hours, such as 3 or 3.5');

export const PayRulesSchema = z.strictObject({
  /** The union's time zone: weeks run Monday 00:00 to Sunday 24:00 there. */
  timeZone: z.string().min(1).max(64).refine(isTimeZone, 'must be an IANA time zone such as America/Los_Angeles').default('America/Los_Angeles'),
  /** `day`: amountCents for each counted day; `week`: amountCents for each qualifying week. */
  basis: z.enum(['day', 'week']).default('day'),
  /** Whole cents, such as 10000 for $100.00. */
  amountCents: z.number().int('must be whole cents, such as 10000 for $100.00').min(0).max(10_000_000).default(10_000),
  /** A day counts when the member spent at least this many hours on duty that day. */
  minHoursPerDay: hours(24).default(3),
  /** A week qualifies when it meets these minimums (0: no minimum), all of them or any one (`weekTest`). */
  minDaysPerWeek: z.number().int().min(0).max(7).default(0),
  minShiftsPerWeek: z.number().int().min(0).max(50).default(0),
  minHoursPerWeek: hours(168).default(0),
  weekTest: z.enum(['all', 'any']).default('all'),
  /** `paid`: like any week; `unpaid`: not paid; `with-next`: earned, and paid with the following week. */
  firstWeek: z.enum(['paid', 'unpaid', 'with-next']).default('paid'),
  /** The alternate duties (shifts away from the line) whose hours count like picket hours. */
  alternateDuties: z.array(z.enum(ALTERNATE_DUTIES as [string, ...string[]])).max(ALTERNATE_DUTIES.length)
    .refine((a) => new Set(a).size === a.length, 'name each duty once').default([...ALTERNATE_DUTIES]),
  /** The most a member is paid for one week, whole cents; null: no maximum. */
  maxPerWeekCents: z.number().int('must be whole cents').min(0).max(10_000_000).nullable().default(50_000),
});

export type PayRules = z.infer<typeof PayRulesSchema>;

/** The rules a union has until it saves its own. */
export const DEFAULT_RULES: PayRules = PayRulesSchema.parse({});

/** An example body for error hints. */
export const RULES_EXAMPLE = JSON.stringify({ rules: { basis: 'day', amountCents: 10000, minHoursPerDay: 3, firstWeek: 'paid' } });
