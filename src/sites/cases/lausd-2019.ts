/**
 * The 2019 worked case: UTLA's six strike days, January 14–22, 2019, when LAUSD kept its schools
 * open with administrators and about 400 newly hired substitutes. Students attending each day
 * are the district's published counts (LAUSD figures reported by CBS Los Angeles, CNN and the
 * Los Angeles Times; see ../shared/data/published_figures/PROVENANCE.md,
 * lausd_2019_utla_strike_daily.csv): parameters here, with that reference. Each day's count is
 * split over the schools in proportion to their enrollment (exactly: the split adds up to the
 * published count). Which schools had the substitutes is not published: an ASSUMPTION below.
 */
import { apportion } from '../../district/generate/random.ts';
import type { Dataset } from '../../district/types.ts';
import { enrollmentBySchool } from './spread.ts';

export const OPEN_SCHOOLS_2019 = {
  days: [
    { date: '2019-01-14', studentsAttending: 156_774 },
    { date: '2019-01-15', studentsAttending: 171_480 },
    { date: '2019-01-16', studentsAttending: 134_724 },
    { date: '2019-01-17', studentsAttending: 84_160 },
    { date: '2019-01-18', studentsAttending: 87_559 },
    // Monday 2019-01-21 was the Martin Luther King Jr. holiday.
    { date: '2019-01-22', studentsAttending: 110_881 },
  ],
  shares: { UTLA: 1 },
  /** About 400 substitutes (Los Angeles Times, January 2019); ASSUMPTION: one each at the 400 largest schools. */
  substitutes: 400,
  /** ASSUMPTION: a substitute's day rate during the strike, in dollars. */
  substituteDayRate: 300,
  /** ASSUMPTION: two administrators at each school with students. */
  administrators: 2,
  ratioLimit: 30,
} as const;

export interface OpenSchoolsDay {
  date: string;
  label: string;
  /** Students attending by school id (schools with students only). */
  attending: Map<string, number>;
}

/** The schools with enrolled students, the 400 with substitutes, and each day's attendance by school. */
export function openSchoolsPlan(dataset: Pick<Dataset, 'schools' | 'enrollment'>): { schools: string[]; substitutes: string[]; days: OpenSchoolsDay[] } {
  const enrolled = enrollmentBySchool(dataset.enrollment);
  const schools = dataset.schools.filter((s) => (enrolled.get(s.id) ?? 0) > 0).map((s) => s.id);
  const weights = schools.map((id) => enrolled.get(id) ?? 0);
  const largest = [...schools].sort((a, b) => (enrolled.get(b) ?? 0) - (enrolled.get(a) ?? 0) || (a < b ? -1 : 1)).slice(0, OPEN_SCHOOLS_2019.substitutes);
  const days = OPEN_SCHOOLS_2019.days.map((d, i) => {
    const split = apportion(d.studentsAttending, weights);
    return { date: d.date, label: `UTLA strike, day ${i + 1} (schools open)`, attending: new Map(schools.map((id, k) => [id, split[k]])) };
  });
  return { schools, substitutes: largest, days };
}
