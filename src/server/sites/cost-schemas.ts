/**
 * The shapes of the day's cost routes (docs/api.md, "Sites: the day's cost"). Money in integer
 * cents, as `settle strike-impact --json` prints it.
 */
import { z } from '@hono/zod-openapi';
import { isIsoDate } from '../../calendar/fiscal-year.ts';
import { Id, WhereSchema } from '../schemas.ts';

const ProblemShape = z.object({ code: z.string(), message: z.string(), where: WhereSchema.optional(), hint: z.string().optional() });

const RunningSchema = z.object({
  revenueLostCents: z.number().int(), payNotPaidCents: z.number().int(), substitutesCents: z.number().int(), otherCostsCents: z.number().int(), netCents: z.number().int(),
}).openapi('StrikeCostRunning');

/** A strike's totals, naming the days they cover. */
const TotalsSchema = RunningSchema.extend({ days: z.number().int(), from: z.string().nullable(), to: z.string().nullable() });

const InputsSchema = z.object({
  date: z.string(), label: z.string(), studentsAttending: z.number().int(), substitutes: z.number().int(), substituteRateCents: z.number().int(),
  substituteRateMissing: z.boolean(), otherCostsCents: z.number().int(), shares: z.record(z.string(), z.number()), openSites: z.number().int(), classSitesWithoutAttendance: z.number().int(),
  attendanceNotCounted: z.number().int().openapi({ description: 'children reported at sites without classes (supervision, meals): not attendance for funding, which is earned on days of instruction' }),
}).openapi('StrikeCostInputs');

const ImpactSchema = z.object({
  day: z.number().int(), line: z.number().int(), date: z.string(), weekday: z.string(), fy: z.string(), studentsAttending: z.number().int(), normalAttendance: z.number(), adaLost: z.number(),
  revenueLostCents: z.number().int(),
  payNotPaid: z.array(z.object({ unit: z.string(), share: z.number(), strikers: z.number(), payCents: z.number().int(), statutoryCents: z.number().int() })),
  payNotPaidCents: z.number().int(), substitutes: z.number().int(), substituteRateCents: z.number().int(), substitutesCents: z.number().int(), otherCostsCents: z.number().int(), netCents: z.number().int(),
  running: RunningSchema, note: z.string(),
}).openapi('StrikeCostDayImpact');

export const StrikeCostSchema = z.object({
  days: z.array(z.object({ dayId: z.number().int(), datasetVersionId: z.number().int(), strike: z.number().int().openapi({ description: 'the index of the day\'s strike in strikes' }), inputs: InputsSchema, impact: ImpactSchema,
    warnings: z.array(ProblemShape).openapi({ description: 'what settle strike-impact warns of this day (strike.weekend, strike.more-than-normal; strike.more-than-enrolled, which refuses the days file), where naming the days file\'s column' }) })),
  strikes: z.array(z.object({
    from: z.string(), to: z.string(), datasetVersionIds: z.array(z.number().int()), totals: TotalsSchema,
    classSitesWithoutAttendance: z.number().int().openapi({ description: 'sites holding classes with no students-attending figure yet, over this strike\'s days (they count 0)' }),
    attendanceNotCounted: z.number().int().openapi({ description: 'children reported at sites without classes over this strike\'s days: shown, not counted' }),
  })).openapi({ description: 'runs of strike days at most 14 calendar days apart, oldest first; day numbers and running totals start again with each' }),
  totals: TotalsSchema.openapi({ description: 'the totals of the latest strike (the last of strikes), from and to its first and last date' }),
  classSitesWithoutAttendance: z.number().int().openapi({ description: 'sites holding classes with no students-attending figure yet, over every day of every strike (each strike\'s own: strikes[])' }),
  attendanceNotCounted: z.number().int().openapi({ description: 'children reported at sites without classes, over every day of every strike (each strike\'s own: strikes[]): shown, not counted' }),
  datasetVersionIds: z.array(z.number().int()),
  method: z.array(z.string()),
  warnings: z.array(ProblemShape),
}).openapi('StrikeCost');

const DateParam = (name: string, description: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD such as 2019-01-14')
  .refine(isIsoDate, 'must be a real date YYYY-MM-DD such as 2019-01-14').optional().openapi({ param: { name, in: 'query' }, example: '2019-01-14', description });

export const CostCsvQuery = z.object({
  datasetVersionId: Id.optional().openapi({ param: { name: 'datasetVersionId', in: 'query' }, example: 12, description: 'only the days declared on this dataset version (needed when the days use several)' }),
  from: DateParam('from', 'only the days from this date on (a strike\'s from, in GET /api/sites/cost\'s strikes)'),
  to: DateParam('to', 'only the days up to this date (a strike\'s to); not before from'),
});

export const DayParams = z.object({ dayId: Id.openapi({ param: { name: 'dayId', in: 'path' }, example: 12 }) });

export const AttendanceBody = z.object({
  csv: z.string().min(1).max(4_000_000).openapi({ example: 'school_id,students_attending\nE0001,120\n' }),
  preview: z.boolean().optional().openapi({ description: 'true: check and answer what would change, changing nothing' }),
}).strict().openapi('AttendanceImport');

export const AttendanceAnswerSchema = z.object({
  preview: z.boolean(),
  rows: z.number().int(),
  matched: z.number().int(),
  changes: z.number().int(),
  sites: z.array(z.object({ line: z.number().int(), schoolId: z.string(), name: z.string(), before: z.number().int().nullable(), after: z.number().int() })),
  problems: z.array(ProblemShape),
  /** The day's plan version after the import (null in a preview). */
  version: z.number().int().nullable(),
}).openapi('AttendanceImportAnswer');
