/** The shapes of the strike-day, shift and sign-up routes (docs/pickets.md "Strike days and shifts"). */
import { z } from '@hono/zod-openapi';
import { DUTIES } from '../../pickets/types.ts';
import { TEMPLATE_LIMITS } from '../../pickets/template.ts';
import { Id, plainLine } from '../schemas.ts';

const param = (name: string) => Id.openapi({ param: { name, in: 'path' }, example: 12 });
export const DayParams = z.object({ dayId: param('dayId') });
export const ShiftParams = z.object({ shiftId: param('shiftId') });
export const SignupParams = z.object({ signupId: param('signupId') });
export const WorksiteParams = z.object({ worksiteId: param('worksiteId') });

const Instant = z.string().max(40).regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, 'must be a UTC instant such as 2019-01-14T14:30:00.000Z')
  .refine((s) => !Number.isNaN(Date.parse(s)), 'is not a real time').openapi({ example: '2019-01-14T14:30:00.000Z' });
const People = z.number().int().min(0).max(TEMPLATE_LIMITS.capacity);
const Duty = z.enum(DUTIES);
const HHMM = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a 24-hour time HH:MM such as 06:30 or 14:00').openapi({ example: '06:30' });

export const DayBody = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD such as 2019-01-14'),
  label: plainLine(200).refine((s) => s !== '', 'name the day, such as "Strike day 1"'),
  timeZone: z.string().max(64).optional().openapi({ description: 'IANA time zone of the day\'s shift times; default America/Los_Angeles' }),
}).strict().openapi('StrikeDayNew', { example: { date: '2019-01-14', label: 'Strike day 1', timeZone: 'America/Los_Angeles' } });

export const DayEditBody = z.object({
  label: plainLine(200).refine((s) => s !== '', 'name the day, such as "Strike day 1"').optional(),
  cancelled: z.boolean().optional(),
}).strict().openapi('StrikeDayEdit', { example: { cancelled: true } });

export const DaySchema = z.object({
  id: z.number().int(), date: z.string(), label: z.string(), timeZone: z.string(), cancelled: z.boolean(),
  shifts: z.number().int().openapi({ description: 'shifts planned that day (that you can see)' }), sites: z.number().int().openapi({ description: 'worksites with at least one shift' }),
}).openapi('StrikeDay');

export const TemplateBody = z.object({
  name: plainLine(200),
  shifts: z.array(z.object({ start: HHMM, end: HHMM, capacity: People, minimum: People, duty: Duty.optional() }).strict()).min(1).max(TEMPLATE_LIMITS.shifts),
  worksites: z.union([z.literal('all'), z.array(z.number().int().positive()).min(1).max(5000)]).openapi({ description: '"all" (every worksite on the roster) or worksite ids' }),
  preview: z.boolean().optional(),
}).strict().openapi('ShiftTemplate', {
  example: { name: 'Mornings and afternoons', shifts: [{ start: '06:30', end: '09:30', capacity: 20, minimum: 5 }, { start: '14:00', end: '16:00', capacity: 10, minimum: 3 }], worksites: 'all', preview: true },
});

export const CaptainSchema = z.object({ memberRowId: z.number().int(), name: z.string() }).nullable();

export const ShiftSchema = z.object({
  id: z.number().int(), dayId: z.number().int(), worksiteId: z.number().int().nullable(), worksite: z.string().nullable(), region: z.string().nullable(),
  place: z.string().nullable(), duty: z.string(), startsAt: z.string(), endsAt: z.string(), capacity: z.number().int(), minimum: z.number().int(),
  captain: CaptainSchema, signedUp: z.number().int(), template: z.string().nullable(),
}).openapi('PicketShift');

export const TemplateAnswer = z.object({
  created: z.number().int().openapi({ description: 'shifts made (preview: that would be made)' }),
  skipped: z.number().int().openapi({ description: 'shifts already there (same worksite, duty, start and end)' }),
  preview: z.boolean(),
  sample: z.array(ShiftSchema.extend({ id: z.number().int().nullable() })).openapi({ description: 'the first shifts made (at most 10); ids are null in a preview' }),
}).openapi('ShiftTemplateResult');

export const ShiftsQuery = z.object({
  worksiteId: Id.optional().openapi({ param: { name: 'worksiteId', in: 'query' }, description: 'only this worksite\'s shifts' }),
});

export const ShiftBody = z.object({
  worksiteId: z.number().int().positive().optional(), place: plainLine(200).optional(), duty: Duty,
  startsAt: Instant, endsAt: Instant, capacity: People, minimum: People, captainMemberRowId: z.number().int().positive().optional(),
}).strict().openapi('PicketShiftNew', { example: { worksiteId: 12, duty: 'picket', startsAt: '2019-01-14T14:30:00.000Z', endsAt: '2019-01-14T17:30:00.000Z', capacity: 20, minimum: 5 } });

export const ShiftEditBody = z.object({
  startsAt: Instant.optional(), endsAt: Instant.optional(), capacity: People.optional(), minimum: People.optional(),
  captainMemberRowId: z.number().int().positive().nullable().optional().openapi({ description: 'the shift\'s captain; null: the worksite\'s captain' }),
}).strict().openapi('PicketShiftEdit', { example: { capacity: 30 } });

export const SignupSchema = z.object({
  id: z.number().int(), shiftId: z.number().int(), memberRowId: z.number().int(), memberId: z.string(), name: z.string(),
  source: z.enum(['self', 'assigned']), createdAt: z.string(),
}).openapi('PicketSignup');

export const SignupAnswer = z.object({
  signup: SignupSchema,
  overCapacity: z.boolean().openapi({ description: 'an organizer put the member on a shift already full: it is now over capacity' }),
  note: z.string().optional(),
});

export const MemberBody = z.object({ memberRowId: z.number().int().positive() }).strict().openapi({ example: { memberRowId: 12 } });
export const MoveBody = z.object({ shiftId: z.number().int().positive() }).strict().openapi({ example: { shiftId: 12 } });
export const RegionBody = z.object({ region: plainLine(100).nullable() }).strict().openapi({ example: { region: 'Local District East' } });
export const MineBody = z.object({ shiftId: z.number().int().positive() }).strict().openapi({ example: { shiftId: 12 } });
