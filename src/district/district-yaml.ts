import { z } from 'zod';
import { isIsoDate, parseFiscalYear } from '../calendar/fiscal-year.ts';
import { parseYaml, type Path } from '../text/yaml.ts';
import type { Problem } from '../errors/problem.ts';
import { parseGradeSpan } from './grades.ts';
import type { DatedParameter, Reference } from './parameters.ts';
import type { District, DistrictParameters, Placement } from './types.ts';

/**
 * The schemas are built when a district.yaml is first checked, not when this module loads: a
 * command that reads its dataset from the cache never checks one, and building them is most of
 * what loading this module costs.
 */
function buildSchemas() {
  const referenceSchema = z.union([
    z.string().min(1).transform((title): Reference => ({ title })),
    z.object({ title: z.string().min(1), href: z.string().optional() }).strict(),
  ]);
  const references = z.union([referenceSchema.transform((r) => [r]), z.array(referenceSchema).min(1)]);

  const dateKey = z.string().refine(isIsoDate, { message: 'dates must be written YYYY-MM-DD', params: { code: 'bad-date' } });

  /** A dated parameter whose values must lie within [min, max] (`above` excludes min itself). */
  const datedWithin = (min: number, max: number, above = false) =>
    z
      .object({
        label: z.string().min(1),
        unit: z.enum(['percent', 'usd', 'count', 'days', 'hours', 'ratio']),
        values: z
          .record(dateKey, z.number().refine((n) => Number.isFinite(n) && (above ? n > min : n >= min) && n <= max, { message: `every value must be ${above ? 'more than' : 'at least'} ${min} and at most ${max}`, params: { code: 'out-of-range' } }))
          .refine((v) => Object.keys(v).length > 0, { message: 'needs at least one dated value', params: { code: 'no-values' } }),
        reference: references,
      })
      .strict()
      .transform((p): DatedParameter => ({
        label: p.label,
        unit: p.unit,
        values: Object.entries(p.values).map(([from, value]) => ({ from, value })).sort((a, b) => (a.from < b.from ? -1 : 1)),
        reference: p.reference,
      }));
  const dated = datedWithin(-1e12, 1e12);
  const percentChange = datedWithin(-100, 100, true);

  const placement = z
    .object({
      unit: z.string().min(1),
      schedule: z.string().min(1),
      columnOrClass: z.string().min(1),
      step: z.number().int().min(1),
      fte: z.number().gt(0).max(1).default(1),
      hoursPerDay: z.number().min(0).max(24).default(0),
      daysPerYear: z.number().int().min(1).max(366),
    })
    .strict()
    .transform((p): Placement => ({ unit: p.unit, schedule: p.schedule, lane: p.columnOrClass, step: p.step, fte: p.fte, hoursPerDay: p.hoursPerDay, daysPerYear: p.daysPerYear }));

  // A single grade written bare (`grades: 4`) reads as a number in YAML; accept it like "4".
  const gradeSpan = z.union([z.string(), z.number()]).transform((s, ctx) => {
    const g = parseGradeSpan(String(s));
    if (!g) ctx.addIssue({ code: 'custom', message: `"${s}" is not a grade span like K-3 or 9-12`, params: { code: 'bad-grade-span' } });
    return g ?? [];
  });

  const byKind = <T extends z.ZodTypeAny>(t: T) => z.object({ certificated: t, classified: t }).strict();

  const parametersSchema = z
    .object({
      statutory: byKind(z.record(z.string(), datedWithin(0, 100))),
      cola: percentChange,
      enrollmentTrend: percentChange,
      columnDrift: byKind(percentChange),
      healthPerEmployee: datedWithin(0, 1e6),
      healthEligibleMinHours: byKind(z.number().min(0).max(24)),
      newHirePlacement: z.record(z.string(), placement),
      attrition: z.record(z.string(), z.object({ pct: z.number().min(0).max(50), reference: references }).strict()).default({}),
      classSize: z
        .object({
          spans: z.array(z.object({ grades: gradeSpan, measure: z.enum(['maximum', 'average']), cap: z.number().int().min(1).max(100) }).strict()).min(1),
          reference: references,
        })
        .strict(),
      secondaryPeriodsPerStudent: datedWithin(0, 20, true),
      sectionsPerTeacher: datedWithin(0, 20, true),
      revenuePerAda: datedWithin(0, 1e6),
      instructionalDays: datedWithin(0, 366, true),
      normalAttendanceRate: datedWithin(0, 100, true),
    })
    .strict();

  const districtSchema = z
    .object({
      name: z.string().min(1),
      cdsCode: z.string().regex(/^\d{14}$/, { message: 'must be the 14-digit CDS code' }),
      baseFiscalYear: z.string().refine((s) => parseFiscalYear(s) !== null, { message: 'must be a fiscal year like 2018-19', params: { code: 'bad-fiscal-year' } }),
      requiredReservePct: z.number().min(0).max(100),
      sources: references.optional(),
      parameters: parametersSchema,
      imported: z.object({
        by: z.string().min(1),
        figures: z.array(z.object({ field: z.string().min(1), source: z.enum(['public', 'assumed']), fingerprint: z.string().regex(/^[0-9a-f]{16}$/) }).strict()),
      }).strict().optional(),
    })
    .strict();

  return { districtSchema, parametersSchema };
}
let schemas: ReturnType<typeof buildSchemas> | undefined;
const built = () => (schemas ??= buildSchemas());

const examples = (): [RegExp, string][] => [
  [/^$/, 'district.yaml has the fields name, cdsCode, baseFiscalYear, requiredReservePct, parameters and optionally sources'],
  [/^name$/, 'name: Los Angeles Unified School District'],
  [/^parameters$/, `parameters has ${Object.keys(built().parametersSchema.shape).join(', ')}`],
  [/^sources/, 'sources: [{ title: "CDE DataQuest", href: "https://dq.cde.ca.gov/…" }]'],
  [/^cdsCode$/, 'cdsCode: "19647330000000"'],
  [/^baseFiscalYear$/, 'baseFiscalYear: 2018-19'],
  [/^requiredReservePct$/, 'requiredReservePct: 1'],
  [/values/, 'values: { 2018-07-01: 16.28, 2019-07-01: 17.1 }'],
  [/reference/, 'reference: [{ title: "LAO EdBudget table", href: "https://lao.ca.gov/…" }]'],
  [/newHirePlacement/, 'teacher: { unit: UTLA, schedule: teachers, columnOrClass: C1, step: 1, daysPerYear: 185 }'],
  [/^parameters\.attrition/, 'attrition: { UTLA: { pct: 8, reference: "Learning Policy Institute, Teacher Turnover (2017)" } }   (percent of the unit who leave each year, 0 to 50)'],
  [/classSize/, 'spans: [{ grades: 4-6, measure: maximum, cap: 36 }]'],
  [/^parameters\.healthEligibleMinHours/, 'healthEligibleMinHours: { certificated: 0, classified: 4 }'],
  [/^parameters\.statutory(\.(certificated|classified))?$/, 'statutory: { certificated: { pension: { label: STRS employer rate, unit: percent, values: { 2018-07-01: 16.28 }, reference: CalSTRS } }, classified: { … } }'],
  [/^parameters\.columnDrift$/, 'columnDrift: { certificated: { label: Column drift, unit: percent, values: { 2018-07-01: 0.5 }, reference: … }, classified: { … } }'],
  [/label$/, 'label: Statutory COLA'],
  [/unit$/, 'unit: percent   (or usd, count, days, hours, ratio)'],
];

function example(path: Path): string | undefined {
  const label = path.join('.');
  const found = examples().find(([re]) => re.test(label))?.[1];
  if (found || path[0] !== 'parameters' || path.length < 2) return found;
  // Any other parameter is a dated value.
  return `${String(path[path.length - 1])}: { label: what the figure is, unit: percent, values: { 2018-07-01: 3.7 }, reference: where it comes from }`;
}

export function parseDistrictYaml(
  text: string,
  file: string,
): { district: District | null; problems: Problem[]; locate?: (path: Path) => { line: number; col: number } } {
  const parsed = parseYaml(text, { file, schema: built().districtSchema, example, codePrefix: 'dataset' });
  if (!parsed.ok) return { district: null, problems: parsed.problems };
  const d = parsed.value;
  const parameters: DistrictParameters = {
    ...d.parameters,
    classSize: { spans: d.parameters.classSize.spans, reference: d.parameters.classSize.reference },
  };
  return {
    district: {
      name: d.name,
      cdsCode: d.cdsCode,
      baseFiscalYear: parseFiscalYear(d.baseFiscalYear) as number,
      requiredReservePct: d.requiredReservePct,
      parameters,
      sources: d.sources ?? [],
      ...(d.imported ? { imported: d.imported } : {}),
    },
    problems: [],
    locate: parsed.locate,
  };
}
