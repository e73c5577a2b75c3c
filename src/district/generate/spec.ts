import { Document, isPair, isScalar, parse as parseYamlValue, stringify, visit, type YAMLMap, type YAMLSeq } from 'yaml';
import { z } from 'zod';
import { parseFiscalYear } from '../../calendar/fiscal-year.ts';
import { InvalidInput, type Problem } from '../../errors/problem.ts';
import { parseYaml, pathLabel, type Path } from '../../text/yaml.ts';
import { parseDistrictYaml } from '../district-yaml.ts';
import { parseGradeSpan } from '../grades.ts';
import { districtYaml } from '../serialize.ts';
import { SCHOOL_TYPES, type District, type Enrollment, type School } from '../types.ts';

/**
 * What `generateDistrict` builds a synthetic district from. A spec file is this object written
 * in YAML, except that `district` is written exactly as in district.yaml and `schoolsFrom` is
 * a folder path (read by the command line). Dollar figures are dollars.
 */
export interface GenerateSpec extends Omit<SpecFile, 'district' | 'schoolsFrom'> {
  district: District;
  /** Use these schools and this enrollment instead of generating them (e.g. from `settle import cde`). */
  schoolsFrom?: { schools: School[]; enrollment: Enrollment[] };
}
export type SchoolTypeSpec = z.output<typeof schoolTypeSchema>;
export type ScheduleSpec = z.output<typeof scheduleSchema>;
export type StaffSpec = z.output<typeof staffSchema>;
export type SpecFile = z.output<typeof specFileSchema>;

const span = z.string().refine((s) => parseGradeSpan(s) !== null, { message: 'must be a grade span like K-5, TK-5 or 9-12', params: { code: 'bad-grade-span' } });
const share = z.number().min(0).max(1);

const schoolTypeSchema = z.object({
  /** How many sites of this type. */
  count: z.number().int().min(0),
  /** One span ("K-5"), or spans with the share of schools serving each ({ K-5: 0.7, TK-5: 0.3 }). Omit for sites with no K-12 grades. */
  grades: z.union([span, z.record(span, z.number().min(0))]).optional(),
  /** Typical students per grade (default 100): a relative size only (the totals come from `students`). */
  studentsPerGrade: z.number().positive().optional(),
}).strict();

const scheduleSchema = z.object({
  unit: z.string().min(1),
  id: z.string().min(1),
  basis: z.enum(['annual', 'hourly']),
  /** Columns (certificated) or job classes (classified): pay relative to the others, and the share of placements in each (default 1). */
  lanes: z.array(z.object({ id: z.string().min(1), factor: z.number().positive(), placement: z.number().min(0).optional() }).strict()).min(1),
  stepIncreasePct: z.number().min(0).max(50),
  /** Share of staff on each step; its length is the number of steps. */
  stepPlacement: z.array(z.number().min(0)).min(1).max(60),
  /**
   * Average annual pay of everyone placed on the schedule; `minimum` pins the lowest cell (annual
   * salary or hourly rate). Or, instead of the average, `minimum` and `maximum`: the lowest and
   * highest cells of a published schedule, and the average follows from the placements.
   */
  pay: z.object({ average: z.number().positive().optional(), minimum: z.number().positive().optional(), maximum: z.number().positive().optional() }).strict()
    .refine((p) => (p.maximum === undefined ? p.average !== undefined : p.minimum !== undefined && p.average === undefined && p.maximum >= p.minimum), {
      message: 'give pay.average (with or without pay.minimum), or pay.minimum and pay.maximum (the lowest and highest cells) without pay.average',
      params: { code: 'pay' },
    }),
}).strict();

const staffSchema = z.object({
  unit: z.string().min(1),
  role: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { message: 'must be lowercase words joined by dashes, like special-education-assistant' }),
  schedule: z.string().min(1),
  /** Columns or classes this role is placed in; default every lane of the schedule, by its placement share. */
  lanes: z.array(z.string().min(1)).min(1).optional(),
  /** How many: a total, so many at each chosen school, or one per so many students at the chosen schools. */
  count: z.number().int().min(0).optional(),
  perSchool: z.number().int().min(0).optional(),
  studentsPerPosition: z.number().positive().optional(),
  /** `central`, or schools of some types: a share of them (default all, picked at random), weighted by enrollment (default) or equally. */
  at: z.union([z.literal('central'), z.object({ types: z.array(z.enum(SCHOOL_TYPES)).min(1), share: share.optional(), weight: z.enum(['enrollment', 'equal']).optional() }).strict()]),
  /** One figure, or hours → share of positions ({ 3: 0.4, 6: 0.6 }). Salaried roles may omit it. */
  hoursPerDay: z.union([z.number().min(0).max(24), z.record(z.string().regex(/^\d+(\.\d+)?$/), z.number().min(0))]).optional(),
  daysPerYear: z.number().int().min(1).max(366),
}).strict().refine((s) => [s.count, s.perSchool, s.studentsPerPosition].filter((x) => x !== undefined).length === 1, {
  message: 'give exactly one of count, perSchool and studentsPerPosition', params: { code: 'staff-count' },
});

const fyKey = z.string().refine((s) => parseFiscalYear(s) !== null, { message: 'must be a fiscal year like 2018-19', params: { code: 'bad-fiscal-year' } });

const specFileSchema = z.object({
  seed: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  /** Multiplies the numbers of schools, students, staff and budget dollars (default 1); averages stay. */
  scale: z.number().gt(0).max(1000).optional(),
  district: z.record(z.string(), z.unknown()),
  schools: z.partialRecord(z.enum(SCHOOL_TYPES), schoolTypeSchema),
  /** Students by grade span ({ K-3: 162929 }): split evenly by grade, then over the schools serving it. */
  students: z.record(span, z.number().int().min(0)),
  /** Share of the schools with K-12 grades flagged high-need. */
  highNeedShare: share,
  location: z.object({ south: z.number().min(-90).max(90), north: z.number().min(-90).max(90), west: z.number().min(-180).max(180), east: z.number().min(-180).max(180) }).strict(),
  /** Share of staff hired in the base year itself; at the top step, hired up to this many more years back. */
  hiring: z.object({ newHireShare: share, topStepExtraYears: z.number().int().min(0).max(40) }).strict(),
  units: z.array(z.object({ id: z.string().min(1), name: z.string().min(1), kind: z.enum(['certificated', 'classified']), union: z.string().min(1) }).strict()).min(1),
  schedules: z.array(scheduleSchema).min(1),
  staff: z.array(staffSchema),
  budget: z.object({
    beginningBalance: z.number(),
    committed: z.number().min(0).optional(),
    years: z.record(fyKey, z.object({ revenues: z.number().min(0), expenditures: z.number().min(0) }).strict()),
  }).strict(),
  schoolsFrom: z.string().min(1).optional(),
}).strict();

const EXAMPLES: [RegExp, string][] = [
  [/^schools/, 'elementary: { count: 450, grades: K-5, studentsPerGrade: 75 }'],
  [/^students/, 'students: { K-3: 162929, 4-6: 115998 }'],
  [/^schedules\.\d+\.lanes/, 'lanes: [{ id: C1, factor: 1, placement: 10 }]'],
  [/^schedules/, '{ unit: UTLA, id: teachers, basis: annual, lanes: [{ id: C1, factor: 1 }], stepIncreasePct: 3, stepPlacement: [1, 1], pay: { average: 75000 } }'],
  [/^staff\.\d+\.at/, 'at: { types: [elementary, middle], share: 0.5, weight: enrollment }'],
  [/^staff/, '{ unit: UTLA, role: teacher, schedule: teachers, count: 25400, at: central, daysPerYear: 184 }'],
  [/^budget/, 'budget: { beginningBalance: 1800000000, years: { 2018-19: { revenues: 7400000000, expenditures: 7900000000 } } }'],
];

/** Turns a field label (`staff[3].at`) back into a path. */
export function pathOf(label: string): Path {
  return [...label.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((m) => (m[2] !== undefined ? Number(m[2]) : m[1]));
}

/** Gives problems that name only a field (`staff[3].count`) the file, line and column of that field. */
export function locateProblems({ problems, file, locate, prefix = [] }: { problems: Problem[]; file: string; locate: (p: Path) => { line: number; col: number }; prefix?: Path }): Problem[] {
  return problems.map((p) => {
    const path = [...prefix, ...pathOf(p.where?.field ?? '')];
    return { ...p, where: { file, ...locate(path), field: pathLabel(path) } };
  });
}

export interface ParsedSpec {
  spec: GenerateSpec;
  /** The `schoolsFrom` folder as written (relative to the spec file), if any. */
  schoolsFromPath: string | null;
  locate: (path: Path) => { line: number; col: number };
}

/** Reads a spec file. Throws `InvalidInput` with every problem at its file:line:col. */
export function parseGenerateSpec(text: string, file: string): ParsedSpec {
  const example = (path: Path) => EXAMPLES.find(([re]) => re.test(path.join('.')))?.[1];
  const parsed = parseYaml(text, { file, schema: specFileSchema, example, codePrefix: 'spec' });
  if (!parsed.ok) throw new InvalidInput(parsed.problems);
  const { district: rawDistrict, schoolsFrom, ...rest } = parsed.value;
  const d = parseDistrictYaml(stringify(rawDistrict, { lineWidth: 0 }), file);
  if (!d.district) throw new InvalidInput(locateProblems({ problems: d.problems, file, locate: parsed.locate, prefix: ['district'] }));
  return { spec: { ...rest, district: d.district }, schoolsFromPath: schoolsFrom ?? null, locate: parsed.locate };
}

/** The spec as YAML that `parseGenerateSpec` reads back (given schools are left out); short lists and maps on one line. */
export function specToYaml(spec: GenerateSpec): string {
  const { seed, scale, district, schoolsFrom, ...rest } = spec;
  void schoolsFrom;
  const doc = new Document({ seed, scale, district: parseYamlValue(districtYaml(district)), ...rest }, { aliasDuplicateObjects: false });
  const short = (n: unknown) => isScalar(n) && String(n.value).length <= 30;
  const flow = (_: unknown, node: YAMLMap | YAMLSeq) => {
    if (node.items.every((it) => (isPair(it) ? short(it.value) : short(it)))) node.flow = true;
  };
  visit(doc, { Map: flow, Seq: flow });
  return doc.toString({ lineWidth: 0 });
}
