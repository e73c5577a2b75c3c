/**
 * The 2023 worked case: LAUSD closed its schools for the three days of the SEIU Local 99 strike,
 * March 21–23, 2023 (UTLA's members honored the picket lines), and kept "approximately 150 of
 * the district's more than 1,000 schools … open with adult supervisions but no instruction",
 * with libraries, parks and "grab and go" spots for lunches (Los Angeles Times, 2023-03-21, in
 * ../shared/seeds; the dates from K-12 Dive, 2023-03-24). Which 150 sites, their capacity and
 * staffing, and the meal sites' hours are not published: each is an ASSUMPTION below.
 */
import type { Dataset, School } from '../../district/types.ts';
import { enrollmentBySchool, everyNth, spreadAcross } from './spread.ts';

export const CLOSURE_2023 = {
  days: [
    { date: '2023-03-21', label: 'SEIU Local 99 strike, day 1 (schools closed)' },
    { date: '2023-03-22', label: 'SEIU Local 99 strike, day 2 (schools closed)' },
    { date: '2023-03-23', label: 'SEIU Local 99 strike, day 3 (schools closed)' },
  ],
  /** SEIU Local 99 on strike; UTLA's members stayed out with them (both shares 1). */
  shares: { SEIU99: 1, UTLA: 1 },
  supervisionSites: 150,
  /** Supervision from 8 a.m. to 6 p.m. (the account of the district's plan). */
  hours: { opens: '08:00', closes: '18:00' },
  /** ASSUMPTION: a supervision site takes a quarter of its enrolled students, at least 50. */
  capacityShare: 0.25,
  minimumCapacity: 50,
  /** ASSUMPTION: two administrators at each supervision site. */
  administrators: 2,
  /** ASSUMPTION: grab-and-go meals at 40 other (closed) schools, 8–11 a.m., breakfast and lunch. */
  mealSites: 40,
  mealHours: { opens: '08:00', closes: '11:00' },
  mealsPerChild: 2,
  /** ASSUMPTION: at most 20 children per adult present before a site is flagged. */
  ratioLimit: 20,
} as const;

const REGULAR = ['elementary', 'middle', 'high', 'span'] as const;

export interface ClosurePlan {
  supervision: { school: School; capacity: number }[];
  meals: School[];
}

/** The 150 supervision sites (spread over the map by type) and the 40 grab-and-go schools among the rest. */
export function closurePlan(dataset: Pick<Dataset, 'schools' | 'enrollment'>): ClosurePlan {
  const enrolled = enrollmentBySchool(dataset.enrollment);
  const chosen = spreadAcross({ schools: dataset.schools, types: REGULAR, count: CLOSURE_2023.supervisionSites });
  const open = new Set(chosen.map((s) => s.id));
  const rest = dataset.schools.filter((s) => !open.has(s.id) && (REGULAR as readonly string[]).includes(s.type) && s.latitude !== null && s.longitude !== null);
  return {
    supervision: chosen.map((school) => ({ school, capacity: Math.max(CLOSURE_2023.minimumCapacity, Math.round((enrolled.get(school.id) ?? 0) * CLOSURE_2023.capacityShare)) })),
    meals: everyNth([...rest].sort((a, b) => (b.latitude ?? 0) - (a.latitude ?? 0)), CLOSURE_2023.mealSites),
  };
}
