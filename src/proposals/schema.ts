import { z } from 'zod';
import { isIsoDate, parseFiscalYear } from '../calendar/fiscal-year.ts';
import { parseGradeSpan } from '../district/grades.ts';
import { SCHOOL_TYPES } from '../district/types.ts';
import { EARLIEST_DATE, LATEST_DATE, MIN_CLASS_SIZE_CAP } from './limits.ts';
import { PARTIES } from './types.ts';

const custom = (code: string, message: string) => ({ message, params: { code } });

export const date = z
  .string()
  .refine(isIsoDate, custom('bad-date', 'must be a date written YYYY-MM-DD'))
  // Checked only for real dates, so a bad date gets one problem; bounds the years costing covers.
  .refine((d) => !isIsoDate(d) || (d >= EARLIEST_DATE && d <= LATEST_DATE), custom('date-out-of-range', `must be a date from ${EARLIEST_DATE} to ${LATEST_DATE}`));
/** A number as a person writes it: 3, 0.5, 2.75 (no float noise). */
const plain = (x: number) => String(Number(x.toPrecision(12)));
// A percent, so 3 is 3%. Under a tenth of one percent (0.03) is nearly always 3% written as a fraction: refused, naming both.
const pct = z.number().gt(-100).max(100).superRefine((p, ctx) => {
  if (p !== 0 && Math.abs(p) < 0.1) {
    // The reading as a fraction is offered only when it is itself a valid percent (0.0005 → 0.05 would be refused too).
    const asFraction = Math.abs(p * 100) >= 0.1 ? `; write ${plain(p * 100)} for ${plain(p * 100)}%` : '; a raise is at least 0.1 (a tenth of one percent)';
    ctx.addIssue({ code: 'custom', message: `is a percent: ${plain(p)} means ${plain(p)}%, less than a tenth of one percent${asFraction}`, params: { code: 'pct-tiny' } });
  }
});
const money = z.number().min(0).max(10_000_000);
const roles = z.array(z.string().min(1)).min(1);
// A single grade written bare (`grades: 4`) reads as a number in YAML; accept it like "4".
const grades = z.union([z.string(), z.number()]).transform((s, ctx) => {
  const g = parseGradeSpan(String(s));
  if (!g) ctx.addIssue({ code: 'custom', message: `"${s}" is not a grade span like K-3 or 9-12`, params: { code: 'bad-grade-span' } });
  return g ?? [];
});
// The fiscal years of EARLIEST_DATE (January 1990: 1989-90, but 1990-91 is the first wholly inside) and LATEST_DATE (December 2099: 2099-00).
const [FIRST_FY, LAST_FY] = [Number(EARLIEST_DATE.slice(0, 4)), Number(LATEST_DATE.slice(0, 4))];
const fiscalYear = z.string().transform((s, ctx) => {
  const fy = parseFiscalYear(String(s));
  if (fy === null) ctx.addIssue({ code: 'custom', message: `"${s}" is not a fiscal year like 2020-21`, params: { code: 'bad-fiscal-year' } });
  // The fiscal years of the dates a proposal may hold: 1990-91 to 2099-00.
  else if (fy < FIRST_FY || fy > LAST_FY) ctx.addIssue({ code: 'custom', message: `must be a fiscal year from ${FIRST_FY}-${String(FIRST_FY + 1).slice(2)} to ${LAST_FY}-${String(LAST_FY + 1).slice(2)}, got "${s}"`, params: { code: 'date-out-of-range' } });
  return fy ?? 0;
});
const reference = z.union([z.string().min(1).transform((title) => ({ title })), z.object({ title: z.string().min(1), href: z.string().optional() }).strict()]);
const schoolFilter = z.object({ types: z.array(z.enum(SCHOOL_TYPES)).min(1).optional(), highNeedOnly: z.boolean().optional() }).strict();
const classSize = z.number().int().min(MIN_CLASS_SIZE_CAP).max(100);

const base = {
  id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, { message: 'must be letters, digits, dots, dashes or underscores' }).optional(),
  title: z.string().min(1).optional(),
  unit: z.string().min(1).optional(),
  note: z.string().optional(),
};

/** `outsideTerm: true`: the term pays outside the contract term on purpose (before it starts, after it ends, or back pay after it ends; for a position term, a step dated so). */
const outsideTerm = z.literal(true, custom('outside-term', 'is written outsideTerm: true (or left out)')).optional();

export const termSchema = z.discriminatedUnion('kind', [
  z.object({ ...base, kind: z.literal('raise'), pct, effective: date, roles: roles.optional(), paid: date.optional(), outsideTerm }).strict(),
  z.object({ ...base, kind: z.literal('hourly-raise'), amount: z.number().gt(-100).max(1000), effective: date, roles: roles.optional(), paid: date.optional(), outsideTerm }).strict(),
  z.object({ ...base, kind: z.literal('flat-amount'), amount: z.number().min(-1_000_000).max(1_000_000), effective: date, roles, paid: date.optional(), outsideTerm }).strict(),
  z
    .object({ ...base, kind: z.literal('bonus'), pct: pct.optional(), amount: money.optional(), paid: date, employedIn: fiscalYear.optional(), roles: roles.optional(), outsideTerm })
    .strict()
    .refine((t) => (t.pct === undefined) !== (t.amount === undefined), custom('bonus-basis', 'give exactly one of pct (percent of annual pay) and amount (dollars per employee)')),
  z.object({ ...base, kind: z.literal('wage-floor'), hourly: z.number().gt(0).max(1000), effective: date, paid: date.optional(), outsideTerm }).strict(),
  z.object({ ...base, kind: z.literal('added-hours'), roles, hoursPerDay: z.number().gt(-24).max(24), effective: date, outsideTerm }).strict(),
  z
    .object({ ...base, kind: z.literal('health'), perEmployee: z.number().min(-100_000).max(100_000).optional(), partTimeMinHours: z.number().min(0).max(24).optional(), effective: date, outsideTerm })
    .strict()
    .refine((t) => (t.perEmployee === undefined) !== (t.partTimeMinHours === undefined), custom('health-basis', 'give exactly one of perEmployee (dollars added per eligible employee) and partTimeMinHours (hours a day from which part-time staff become eligible)')),
  z
    .object({
      ...base,
      kind: z.literal('class-size'),
      caps: z
        .array(
          z
            .object({
              grades,
              measure: z.enum(['maximum', 'average']).optional(),
              from: date,
              cap: classSize.optional(),
              reduceBy: z.number().int().min(0).max(50).optional(),
              highNeedCap: classSize.optional(),
              highNeedReduceBy: z.number().int().min(0).max(50).optional(),
            })
            .strict()
            .refine((c) => (c.cap === undefined) !== (c.reduceBy === undefined), custom('cap-basis', 'give exactly one of cap (students) and reduceBy (students fewer than the current cap)'))
            .refine((c) => c.highNeedCap === undefined || c.highNeedReduceBy === undefined, custom('cap-basis', 'give at most one of highNeedCap and highNeedReduceBy')),
        )
        .min(1),
      outsideTerm,
    })
    .strict(),
  z
    .object({
      ...base,
      kind: z.literal('staffing'),
      role: z.string().min(1),
      schools: schoolFilter,
      phases: z
        .array(
          z
            .object({ from: date, perSchool: z.number().gt(0).max(50).optional(), studentsPerStaff: z.number().int().min(1).max(100_000).optional() })
            .strict()
            .refine((p) => (p.perSchool === undefined) !== (p.studentsPerStaff === undefined), custom('staffing-basis', 'give exactly one of perSchool (FTE at each school) and studentsPerStaff (students per staff member)')),
        )
        .min(1),
      outsideTerm,
    })
    .strict(),
  z
    .object({ ...base, kind: z.literal('hire'), role: z.string().min(1), schools: schoolFilter.optional(), phases: z.array(z.object({ from: date, count: z.number().gt(0).max(100_000) }).strict()).min(1), outsideTerm })
    .strict(),
  z.object({ ...base, kind: z.literal('program'), amount: z.number().min(-1e9).max(1e9), count: z.number().int().gt(0).max(100_000).default(1), effective: date, oneTime: z.boolean().optional(), outsideTerm }).strict(),
  z.object({ ...base, kind: z.literal('me-too'), unit: z.string().min(1), terms: z.array(z.string().min(1)).min(1) }).strict(),
  z.object({ ...base, kind: z.literal('non-cost'), text: z.string().min(1) }).strict(),
]);

export const proposalSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, { message: 'must be letters, digits, dots, dashes or underscores' }),
    title: z.string().min(1),
    party: z.enum(PARTIES),
    unit: z.string().min(1),
    date,
    term: z.object({ start: date, end: date }).strict(),
    summary: z.string().optional(),
    sources: z.array(reference).optional(),
    terms: z.array(termSchema),
  })
  .strict();

export type ProposalInput = z.infer<typeof proposalSchema>;
export type TermInput = z.infer<typeof termSchema>;
