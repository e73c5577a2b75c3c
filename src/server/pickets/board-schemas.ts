/**
 * The shapes of the coverage board and the at-risk list in /api/openapi.json (docs/pickets.md,
 * "Coverage board").
 */
import { z } from '@hono/zod-openapi';
import { Id, plainText } from '../schemas.ts';

/** `?at=`: the figures as of that time instead of now (a morning looked back on); the default is now. */
export const AsOfQuery = z.object({
  at: z.string().datetime({ offset: true }).optional().openapi({ param: { name: 'at', in: 'query' }, example: '2019-01-22T15:20:00Z', description: 'the time the figures are for (ISO 8601 with a zone); absent: now' }),
});

export const DayParams = z.object({ dayId: Id.openapi({ param: { name: 'dayId', in: 'path' }, example: 12, description: 'a strike day id from GET /api/pickets/days' }) });

const Status = z.enum(['upcoming', 'running', 'over']).openapi({ description: 'upcoming: not started; running: between start and end; over: ended' });

export const BoardShiftSchema = z.object({
  id: z.number().int(), duty: z.string(), startsAt: z.string(), endsAt: z.string(), status: Status,
  minimum: z.number().int(), capacity: z.number().int(),
  signedUp: z.number().int().openapi({ description: 'current sign-ups' }),
  checkedIn: z.number().int().openapi({ description: 'checked in now (not checked out; the automatic check-out 30 minutes after the end applied)' }),
  arrived: z.number().int().openapi({ description: 'checked in at some time so far' }),
  captain: z.boolean().openapi({ description: 'a captain named on the shift, or a current captain of its worksite' }),
  belowMinimum: z.boolean().openapi({ description: 'before the start: fewer signed up than the minimum; while running: fewer checked in; once over: false' }),
}).openapi('BoardShift');

export const BoardSchema = z.object({
  day: z.object({
    id: z.number().int(), date: z.string(), label: z.string(), timeZone: z.string(), cancelled: z.boolean(),
    lastActionAt: z.string().nullable().openapi({ description: 'the device time of the latest check-in, check-out or undo recorded for the day; null: none yet' }),
  }),
  asOf: z.string().openapi({ description: 'the time the figures are for (UTC)' }),
  totals: z.object({
    sites: z.number().int().openapi({ description: 'worksites with shifts, as the plan counts them' }), places: z.number().int().openapi({ description: 'other places with shifts (alternate duties)' }), shifts: z.number().int(), signedUp: z.number().int(), checkedIn: z.number().int(), arrived: z.number().int(),
    peopleCheckedIn: z.number().int().openapi({ description: 'members checked in now, each once (checkedIn counts one per shift: a walk-up on two shifts at once is two)' }), peopleArrived: z.number().int().openapi({ description: 'members who arrived, each once' }),
    belowMinimum: z.number().int().openapi({ description: 'shifts below their minimum' }),
    noCaptain: z.number().int().openapi({ description: 'shifts with no captain' }),
    sitesBelowMinimum: z.number().int().openapi({ description: 'worksites (of sites) with a shift below its minimum' }), sitesNoCaptain: z.number().int().openapi({ description: 'worksites (of sites) with a shift with no captain' }),
    placesBelowMinimum: z.number().int().openapi({ description: 'other places (of places) with a shift below its minimum' }), placesNoCaptain: z.number().int().openapi({ description: 'other places (of places) with a shift with no captain' }),
  }),
  regions: z.array(z.object({
    region: z.string().nullable().openapi({ description: 'null: sites with no region set, and alternate duties away from a site' }),
    sites: z.array(z.object({
      worksiteId: z.number().int().nullable().openapi({ description: 'null for an alternate duty away from a site (name is its place)' }),
      name: z.string(), shifts: z.array(BoardShiftSchema), belowMinimum: z.boolean(), noCaptain: z.boolean(),
    })),
  })),
}).openapi('CoverageBoard');

export const AtRiskSchema = z.object({
  asOf: z.string(),
  late: z.array(z.object({
    memberRowId: z.number().int(), name: z.string(), shiftId: z.number().int(), worksite: z.string(), startsAt: z.string(),
    minutesLate: z.number().int().openapi({ description: 'whole minutes since the shift started, or since the member was signed up when that was later' }),
    messaged: z.boolean().openapi({ description: 'an at-risk message for this shift was already queued to them' }),
  })).openapi({ description: 'signed up, not checked in, 15 minutes or more after the start of a shift still running' }),
  belowMinimum: z.array(z.object({
    shiftId: z.number().int(), worksite: z.string(), startsAt: z.string(), status: Status,
    signedUp: z.number().int(), checkedIn: z.number().int(), minimum: z.number().int(),
  })).openapi({ description: 'shifts below their minimum, running ones first' }),
}).openapi('AtRiskList');

export const AtRiskMessageBody = z.object({
  via: z.enum(['sms', 'email']).openapi({ description: 'which of the roster\'s contacts to use' }),
  text: plainText(320).optional().openapi({ description: 'your own words instead of the standard ones (at most 320 characters); the site and start time are always included' }),
}).strict().openapi('AtRiskMessage', { example: { via: 'sms' } });

export const AtRiskMessagesSchema = z.object({
  queued: z.number().int().openapi({ description: 'messages queued now' }),
  alreadyQueued: z.number().int().openapi({ description: 'already sent an at-risk message for this shift by this channel: not queued again' }),
  optedOut: z.number().int(),
  noAddress: z.number().int().openapi({ description: 'late members with no email (or mobile) on the roster' }),
}).openapi('AtRiskMessages');
