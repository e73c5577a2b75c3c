/**
 * The demo's district strike days (docs/sites.md), made through the API as the district's staff
 * would make them: the 2019 open-schools strike (six days, every school open with administrators
 * and 400 substitutes, the published daily attendance imported as the student system's file)
 * and the 2023 closure (three days, every site closed but 150 supervision sites from 8 a.m. to
 * 6 p.m., grab-and-go meal sites). Each day is published to the public page. The plans
 * themselves are pure (src/sites/cases/).
 */
import { readFileSync } from 'node:fs';
import type { Dataset } from '../district/types.ts';
import { closurePlan, CLOSURE_2023 } from '../sites/cases/lausd-2023.ts';
import { openSchoolsPlan, OPEN_SCHOOLS_2019 } from '../sites/cases/lausd-2019.ts';
import type { DemoClient } from './demo-client.ts';
import type { Deps } from './env.ts';

export const SITE_PLANNER = 'admin@lausd.demo';
export const SITE_ADMINISTRATOR = 'site@lausd.demo';

interface CaseInput {
  client: DemoClient;
  clock: { now: Date };
  datasetVersionId: number;
  dataset: Dataset;
  progress: (line: string) => void;
}

type Day = { id: number };

const csvOf = (rows: (string | number)[][]) => rows.map((r) => r.join(',')).join('\n') + '\n';

/** The 2019 strike: schools open, attendance as published, substitutes at the 400 largest schools. */
export async function seedOpenSchools2019({ client, clock, datasetVersionId, dataset, progress }: CaseInput): Promise<number[]> {
  const { call } = client;
  const plan = openSchoolsPlan(dataset);
  const ids: number[] = [];
  for (const d of plan.days) {
    progress(`District strike day ${d.date}: schools open (2019)`);
    clock.now = new Date(`${d.date}T12:00:00.000Z`);
    const { day } = await call<{ day: Day }>(SITE_PLANNER, 'POST', '/api/sites/days', {
      date: d.date, label: d.label, datasetVersionId, shares: OPEN_SCHOOLS_2019.shares, substituteDayRate: OPEN_SCHOOLS_2019.substituteDayRate,
      ratioLimit: OPEN_SCHOOLS_2019.ratioLimit, status: 'closed',
    });
    ids.push(day.id);
    // The schools with students hold classes; the district's offices are not places for children.
    await call(SITE_PLANNER, 'POST', `/api/sites/days/${day.id}/bulk`, { set: { status: 'instruction', opens: '08:00', closes: '15:00', administrators: OPEN_SCHOOLS_2019.administrators, offers: 'Classes with administrators and substitutes, breakfast and lunch' }, sites: plan.schools });
    await call(SITE_PLANNER, 'POST', `/api/sites/days/${day.id}/bulk`, { set: { substitutes: 1 }, sites: plan.substitutes });
    // The student system's daily file: one row per school with students.
    await call(SITE_PLANNER, 'POST', `/api/sites/days/${day.id}/attendance`, { csv: csvOf([['school_id', 'students_attending'], ...[...d.attending].map(([id, n]) => [id, n])]) });
    clock.now = new Date(clock.now.getTime() + 3600_000);
    await call(SITE_PLANNER, 'POST', `/api/sites/days/${day.id}/publish`);
  }
  return ids;
}

/** The 2023 closure: 150 supervision sites 8 a.m.–6 p.m., every other site closed, 40 grab-and-go meal sites. */
export async function seedClosure2023({ client, clock, datasetVersionId, dataset, progress }: CaseInput): Promise<number[]> {
  const { call } = client;
  const plan = closurePlan(dataset);
  const open = plan.supervision.map((s) => s.school.id);
  // The grab-and-go sites, imported once as the district's meal-site file (every strike day).
  clock.now = new Date('2023-03-20T20:00:00.000Z');
  progress('Grab-and-go meal sites for the 2023 closure');
  const header = ['kind', 'name', 'address', 'latitude', 'longitude', 'opens', 'closes', 'dates', 'meals_per_child', 'partner_kind', 'offers', 'languages'];
  const meals = plan.meals.map((s) => ['meal', `Grab-and-go meals at ${s.name}`, `"${s.address || `${s.name}, Los Angeles, CA`}"`, s.latitude ?? 0, s.longitude ?? 0, CLOSURE_2023.mealHours.opens, CLOSURE_2023.mealHours.closes,
    CLOSURE_2023.days.map((d) => d.date).join(';'), CLOSURE_2023.mealsPerChild, '', 'Breakfast and lunch to take home', 'English;Spanish']);
  await call(SITE_PLANNER, 'POST', '/api/sites/family/import', { csv: csvOf([header, ...meals]) });
  // Real public places (libraries, parks, high schools that handed out meals), as the district's own file: examples/lausd-2023/family-sites.md.
  await call(SITE_PLANNER, 'POST', '/api/sites/family/import', { csv: readFileSync(new URL('../../examples/lausd-2023/family-sites.csv', import.meta.url), 'utf8') });
  const ids: number[] = [];
  for (const d of CLOSURE_2023.days) {
    progress(`District strike day ${d.date}: schools closed, 150 supervision sites (2023)`);
    const { day } = await call<{ day: Day }>(SITE_PLANNER, 'POST', '/api/sites/days', {
      date: d.date, label: d.label, datasetVersionId, shares: CLOSURE_2023.shares, ratioLimit: CLOSURE_2023.ratioLimit, status: 'closed',
    });
    ids.push(day.id);
    await call(SITE_PLANNER, 'POST', `/api/sites/days/${day.id}/bulk`, {
      set: { status: 'supervision', ...CLOSURE_2023.hours, administrators: CLOSURE_2023.administrators, offers: 'Supervision (no classes), breakfast and lunch', languages: ['English', 'Spanish'] },
      sites: open,
    });
    for (const s of plan.supervision) await call(SITE_PLANNER, 'PATCH', `/api/sites/days/${day.id}/sites/${s.school.id}`, { capacity: s.capacity });
    await call(SITE_PLANNER, 'POST', `/api/sites/days/${day.id}/publish`);
  }
  return ids;
}

/**
 * The demo's site administrator runs the first 2023 supervision site; on the closure's last day
 * they and the planner report the children and adults present at a few sites (one full, one
 * filling, one above the children-per-adult limit), as the day's live status shows them.
 */
export async function seedSiteAdministrator({ deps, client, clock, dayId, dataset }: { deps: Deps; client: DemoClient; clock: { now: Date }; dayId: number; dataset: Dataset }): Promise<void> {
  const { call } = client;
  const plan = closurePlan(dataset);
  const person = await deps.db.selectFrom('people').select('id').where('email', '=', SITE_ADMINISTRATOR).executeTakeFirstOrThrow();
  await call(SITE_PLANNER, 'POST', '/api/sites/administrators', { personId: person.id, schoolId: plan.supervision[0].school.id });
  clock.now = new Date('2023-03-23T17:00:00.000Z');
  const [first, second, third] = plan.supervision;
  // Full: children present = capacity. Filling: 85% of capacity. Flagged: 60 children for 2 adults (30 per adult, above 20).
  await call(SITE_ADMINISTRATOR, 'POST', `/api/sites/days/${dayId}/sites/${first.school.id}/counts`, { childrenPresent: first.capacity, adultsPresent: Math.ceil(first.capacity / 15) });
  await call(SITE_PLANNER, 'POST', `/api/sites/days/${dayId}/sites/${second.school.id}/counts`, { childrenPresent: Math.round(second.capacity * 0.85), adultsPresent: Math.ceil(second.capacity / 15) });
  await call(SITE_PLANNER, 'POST', `/api/sites/days/${dayId}/sites/${third.school.id}/counts`, { childrenPresent: 60, adultsPresent: 2 });
}
