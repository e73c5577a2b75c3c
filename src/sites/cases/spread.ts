/**
 * Choosing sites spread across a district for a worked case: each school type gets its share of
 * the count (in proportion to how many schools it has), and within a type the schools are taken
 * at an even stride from north to south, so the chosen sites cover the whole map rather than
 * one corner. Pure and deterministic: the same dataset gives the same sites.
 */
import { apportion } from '../../district/generate/random.ts';
import type { School, SchoolType } from '../../district/types.ts';

export function spreadAcross({ schools, types, count }: { schools: readonly School[]; types: readonly SchoolType[]; count: number }): School[] {
  const byType = types.map((t) => schools.filter((s) => s.type === t).sort(northToSouth));
  const shares = apportion(Math.min(count, byType.reduce((n, list) => n + list.length, 0)), byType.map((list) => list.length));
  return byType.flatMap((list, i) => everyNth(list, shares[i]));
}

/** `n` items at an even stride (the first, and then every length ÷ n-th). */
export function everyNth<T>(list: readonly T[], n: number): T[] {
  const take = Math.min(n, list.length);
  if (take <= 0) return [];
  const stride = list.length / take;
  return Array.from({ length: take }, (_, k) => list[Math.floor(k * stride)]);
}

function northToSouth(a: School, b: School): number {
  return (b.latitude ?? 0) - (a.latitude ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Students enrolled at each school (all grades). */
export function enrollmentBySchool(enrollment: readonly { school: string; students: number }[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const e of enrollment) out.set(e.school, (out.get(e.school) ?? 0) + e.students);
  return out;
}
