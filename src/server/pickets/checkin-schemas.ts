/** The shapes of the check-in routes (docs/pickets.md, "Check-in"; docs/api.md). */
import { z } from '@hono/zod-openapi';
import { ACTIONS, METHODS } from '../../pickets/types.ts';

const RowId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** A UTC instant such as 2019-01-14T14:31:00.000Z (any ISO form with Z or an offset; stored as UTC). */
const Instant = z.string().max(40)
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/, 'must be an ISO instant with a time zone, such as 2019-01-14T14:31:00.000Z')
  .refine((s) => Number.isFinite(Date.parse(s)), 'is not a real date and time')
  .openapi({ example: '2019-01-14T14:31:00.000Z' });

export const ActionBody = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8 to 64 letters, digits, - or _ made on the device, such as 3f9c2a1e-phone-0001')
    .openapi({ description: 'made on the device, unique per action: a resend with the same id is stored once', example: '3f9c2a1e-phone-0001' }),
  shiftId: RowId.openapi({ example: 12 }),
  action: z.enum(ACTIONS),
  at: Instant.openapi({ description: 'when it happened on the device (an offline check-in keeps its time)' }),
  memberRowId: RowId.optional().openapi({ description: 'a captain or organizer checking a member in from the shift list' }),
  code: z.string().regex(/^\d{6}$/, 'must be the six digits shown on the captain\'s phone, such as 042917').optional()
    .openapi({ description: 'a member checking themselves in: the site\'s code at that time' }),
}).strict().superRefine((a, ctx) => {
  if ((a.memberRowId === undefined) === (a.code === undefined)) {
    ctx.addIssue({ code: 'custom', path: [a.code === undefined ? 'code' : 'memberRowId'], message: 'give exactly one of code (yourself, with the site\'s code) or memberRowId (a captain checking someone in)' });
  }
});

export const CheckInsBody = z.object({ actions: z.array(ActionBody).min(1).max(200) }).strict().openapi('PicketCheckIns', {
  example: { actions: [{ id: '3f9c2a1e-phone-0001', shiftId: 12, action: 'in', at: '2019-01-14T14:31:00.000Z', code: '042917' }] },
});
export type ActionIn = z.infer<typeof ActionBody>;

const ConflictSchema = z.object({
  actions: z.array(z.object({ deviceActionId: z.string(), action: z.enum(ACTIONS), at: z.string(), recordedBy: z.number().int().nullable(), method: z.enum(METHODS) })),
  held: z.string(), rule: z.string(),
}).openapi('PicketConflict');

export const AttendanceSchema = z.object({
  shiftId: z.number().int(), memberRowId: z.number().int(),
  checkedInAt: z.string().nullable(), checkedOutAt: z.string().nullable(), outMethod: z.enum(METHODS).nullable(), conflict: ConflictSchema.nullable(),
  away: z.array(z.tuple([z.string(), z.string()])).optional().openapi({ description: 'periods checked out between a check-out and a later check-in (not paid); absent when none' }),
}).openapi('PicketAttendance');

export const REASONS = [
  'picket.no-shift', 'picket.not-your-site', 'picket.no-member', 'picket.day-cancelled', 'picket.code-wrong', 'picket.too-many-tries',
  'picket.too-early', 'picket.too-late', 'picket.clock-ahead', 'picket.sent-too-late',
] as const;
export type Reason = (typeof REASONS)[number];

export const ResultSchema = z.object({
  id: z.string(), outcome: z.enum(['recorded', 'duplicate', 'refused']),
  reason: z.enum(REASONS).optional(), attendance: AttendanceSchema.optional(),
});
export type ActionResult = z.infer<typeof ResultSchema>;
export const CheckInsAnswer = z.object({ results: z.array(ResultSchema) }).openapi('PicketCheckInResults');
