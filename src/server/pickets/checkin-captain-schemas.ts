/** The shapes of the captain's check-in routes and a member's own check-ins. */
import { z } from '@hono/zod-openapi';
import { Id } from '../schemas.ts';
import { METHODS } from '../../pickets/types.ts';

const ConflictSchema = z.object({
  actions: z.array(z.object({ deviceActionId: z.string(), action: z.string(), at: z.string(), recordedBy: z.number().int().nullable(), method: z.string() })),
  held: z.string(), rule: z.string(),
});
const state = { checkedInAt: z.string().nullable(), checkedOutAt: z.string().nullable(), outMethod: z.enum(METHODS).nullable(), conflict: ConflictSchema.nullable(), away: z.array(z.tuple([z.string(), z.string()])).optional().openapi({ description: 'periods checked out between a check-out and a later check-in (not paid); absent when none' }) };

export const ShiftIdParams = z.object({ shiftId: Id.openapi({ param: { name: 'shiftId', in: 'path' }, example: 12 }) });

export const CaptainShiftsQuery = z.object({
  dayId: Id.optional().openapi({ param: { name: 'dayId', in: 'query' }, example: 12 }),
  worksiteId: Id.optional().openapi({ param: { name: 'worksiteId', in: 'query' }, example: 7 }),
}).strict();

export const CaptainShiftsAnswer = z.object({
  shifts: z.array(z.object({
    id: z.number().int(), dayId: z.number().int(), date: z.string(), worksiteId: z.number().int().nullable(), worksite: z.string().nullable(), place: z.string().nullable(), duty: z.string(),
    startsAt: z.string(), endsAt: z.string(), capacity: z.number().int(), minimum: z.number().int(), signedUp: z.number().int(),
    checkedIn: z.number().int().openapi({ description: 'checked in now, as the board counts them (not checked out, nor past the automatic check-out 30 minutes after the end)' }),
    arrived: z.number().int().openapi({ description: 'checked in at some time on the shift, including those since checked out' }),
  })),
  truncated: z.boolean().openapi({ description: 'more than 500 shifts matched: filter by dayId and worksiteId' }),
}).openapi('PicketCaptainShifts');

export const ShiftAttendanceAnswer = z.object({
  shift: z.object({ id: z.number().int(), dayId: z.number().int(), worksiteId: z.number().int().nullable(), startsAt: z.string(), endsAt: z.string() }),
  people: z.array(z.object({ memberRowId: z.number().int(), memberId: z.string(), name: z.string(), signedUp: z.boolean(), ...state })),
}).openapi('PicketShiftAttendance');

export const CodesAnswer = z.object({
  windowSeconds: z.number().int(),
  codes: z.array(z.object({ from: z.string(), to: z.string(), code: z.string() })),
}).openapi('PicketCodes');

export const MyAttendanceAnswer = z.object({
  attendance: z.array(z.object({
    shiftId: z.number().int(), dayId: z.number().int(), date: z.string(), worksite: z.string().nullable(), place: z.string().nullable(), duty: z.string(), startsAt: z.string(), endsAt: z.string(), ...state,
  })),
}).openapi('PicketMyAttendance');
