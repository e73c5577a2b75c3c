import { InvalidInput } from '../../errors/problem.ts';
import { GRADES, parseGradeSpan, type Grade } from '../grades.ts';
import { SCHOOL_TYPES, type Enrollment, type School, type SchoolType } from '../types.ts';
import { apportion, makeRng, normalish, shuffled } from './random.ts';
import type { GenerateSpec, SchoolTypeSpec } from './spec.ts';

const PREFIX: Record<SchoolType, string> = {
  elementary: 'E', middle: 'M', high: 'H', span: 'S', continuation: 'C', 'special-education': 'X',
  'early-education': 'P', adult: 'A', other: 'O',
};
const LABEL: Record<SchoolType, string> = {
  elementary: 'Elementary School', middle: 'Middle School', high: 'High School', span: 'Academy',
  continuation: 'Continuation High School', 'special-education': 'Special Education Center',
  'early-education': 'Early Education Center', adult: 'Adult School', other: 'Office',
};
const WORDS = [
  'Acacia', 'Alder', 'Aspen', 'Bay', 'Birch', 'Canyon', 'Cedar', 'Central', 'Coral', 'Cypress', 'Eastside', 'Elm',
  'Fair Oaks', 'Foothill', 'Garden', 'Harbor', 'Hillside', 'Jacaranda', 'Juniper', 'Lakeview', 'Laurel', 'Lemon Grove',
  'Magnolia', 'Maple', 'Meadow', 'Mesa', 'Mission', 'Northridge', 'Oak', 'Ocean View', 'Olive', 'Orchard', 'Palm',
  'Park', 'Pine', 'Poppy', 'Ridge', 'River', 'Sage', 'Sequoia', 'Sierra', 'Sunrise', 'Sycamore', 'Valley', 'Vista',
  'Walnut', 'Westside', 'Willow',
];

/** A type's grade spans, each with the share of its schools serving it ([] for no K-12 grades). */
export function gradeVariants(grades: SchoolTypeSpec['grades']): { grades: Grade[]; share: number }[] {
  if (grades === undefined) return [{ grades: [], share: 1 }];
  const entries: [string, number][] = typeof grades === 'string' ? [[grades, 1]] : Object.entries(grades);
  return entries.map(([span, share]) => ({ grades: parseGradeSpan(span) ?? [], share }));
}

const round5 = (x: number) => Math.round(x * 1e5) / 1e5;

/**
 * Schools of each type: `count × scale` of them, grade spans dealt out by their shares, random
 * names and coordinates inside the bounding box, and `highNeedShare` of the schools with K-12
 * grades flagged high-need. Ids are a type letter and a number (E0001); CDS codes use the
 * district's county and district digits.
 */
export function generateSchools({ spec, scale }: { spec: GenerateSpec; scale: number }): School[] {
  const rng = makeRng(spec.seed, 'schools');
  const { south, north, west, east } = spec.location;
  const countyDistrict = spec.district.cdsCode.slice(0, 7);
  const names = new Map<string, number>();
  const schools: School[] = [];
  for (const type of SCHOOL_TYPES) {
    const t = spec.schools[type];
    if (!t) continue;
    const n = Math.round(t.count * scale);
    const variants = gradeVariants(t.grades);
    const perVariant = apportion(n, variants.map((v) => v.share));
    const spans = shuffled(rng, variants.flatMap((v, i) => Array.from({ length: perVariant[i] }, () => v.grades)));
    const width = Math.max(4, String(n).length);
    spans.forEach((grades, i) => {
      const base = `${WORDS[Math.floor(rng.next() * WORDS.length)]} ${LABEL[type]}`;
      const seen = (names.get(base) ?? 0) + 1;
      names.set(base, seen);
      schools.push({
        id: `${PREFIX[type]}${String(i + 1).padStart(width, '0')}`,
        cdsCode: `${countyDistrict}${1000001 + schools.length}`,
        name: seen === 1 ? base : `${base} ${seen}`,
        type, grades: [...grades], highNeed: false,
        latitude: round5(south + rng.next() * (north - south)),
        longitude: round5(west + rng.next() * (east - west)),
        address: '',
      });
    });
  }
  const graded = schools.filter((s) => s.grades.length > 0);
  for (const s of shuffled(rng, graded).slice(0, Math.round(spec.highNeedShare * graded.length))) s.highNeed = true;
  return schools;
}

/** Students per grade: each span × scale, split evenly by grade (the remainder to the lowest grades). */
export function studentsByGrade(students: Record<string, number>, scale: number): Map<Grade, { students: number; span: string }> {
  const out = new Map<Grade, { students: number; span: string }>();
  for (const [span, n] of Object.entries(students)) {
    const grades = parseGradeSpan(span) ?? [];
    apportion(Math.round(n * scale), grades.map(() => 1)).forEach((k, i) => {
      const prev = out.get(grades[i]);
      out.set(grades[i], { students: (prev?.students ?? 0) + k, span: prev?.span ?? span });
    });
  }
  return out;
}

/**
 * Enrollment by school and grade. Each grade's students go to the schools serving it in
 * proportion to the type's `studentsPerGrade`, times a random size for the school (sd 30%)
 * and for the grade (sd 10%); the split is exact, so every grade total is as specified.
 */
export function generateEnrollment({ spec, schools, scale }: { spec: GenerateSpec; schools: School[]; scale: number }): Enrollment[] {
  const rng = makeRng(spec.seed, 'enrollment');
  const size = new Map(schools.map((s) => [s.id, Math.max(0.3, 1 + 0.3 * normalish(rng))]));
  const rows: Enrollment[] = [];
  const byGrade = studentsByGrade(spec.students, scale);
  for (const grade of GRADES) {
    const want = byGrade.get(grade);
    if (!want || want.students === 0) continue;
    const serving = schools.filter((s) => s.grades.includes(grade));
    if (serving.length === 0) {
      throw new InvalidInput([{
        code: 'generate.grade-not-served', where: { field: `students.${want.span}` },
        message: `${want.students} students in grade ${grade}, but no school type serves grade ${grade}`,
        hint: 'add the grade to a school type, e.g. elementary: { count: 450, grades: K-5 }',
      }]);
    }
    const weights = serving.map((s) => (spec.schools[s.type]?.studentsPerGrade ?? 100) * (size.get(s.id) ?? 1) * Math.max(0.5, 1 + 0.1 * normalish(rng)));
    apportion(want.students, weights).forEach((n, i) => {
      if (n > 0) rows.push({ school: serving[i].id, grade, students: n });
    });
  }
  return rows;
}
