import { describe, expect, it } from 'vitest';
import { lausdSpec } from '../district/demo/lausd.ts';
import { generateDistrict } from '../district/generate/generate.ts';
import { suggestMapping } from './fields.ts';
import { demoRoster, demoRosterCsv, unitPositions, UTLA_DEMO_ROSTER, type DemoMember } from './demo.ts';
import { planImport } from './plan.ts';
import { siteIndex } from './sites.ts';
import { readRoster } from './table.ts';

const dataset = generateDistrict(lausdSpec());
const spec = { ...UTLA_DEMO_ROSTER, seed: 20190114 };
const roster = demoRoster({ schools: dataset.schools, staff: dataset.staff, spec });
const count = (xs: readonly DemoMember[], f: (m: DemoMember) => boolean) => xs.filter(f).length;

describe('the UTLA demo roster', () => {
  it('puts 31,800 members at the sites where UTLA has positions, as many at each as it has positions', () => {
    expect(roster).toHaveLength(31_800);
    // UTLA's positions in the 2018-19 dataset: 25,400 teachers + 3,000 special-education (2,790
    // asked, the generator's perSchool minimum adds 210) + 600 early-education + 500 adult-education +
    // 1,000 counselors + 500 psychologists + 400 nurses + 300 social workers + 100 librarians = 31,800,
    // so each site gets exactly its positions.
    const positions = unitPositions(dataset.staff, 'UTLA');
    const bySite = new Map<string, number>();
    for (const m of roster) bySite.set(m.schoolId, (bySite.get(m.schoolId) ?? 0) + 1);
    const wanted = new Map([...positions].map(([site, roles]) => [site, [...roles.values()].reduce((s, n) => s + n, 0)]));
    expect([...bySite.values()].reduce((s, n) => s + n, 0)).toBe(31_800);
    expect(bySite).toEqual(wanted);
    // A site's members hold the jobs of its positions: its teachers are members who teach.
    const site = [...positions.keys()].find((s) => s !== 'central')!;
    expect(count(roster, (m) => m.schoolId === site && m.jobClass === 'Teacher')).toBe(positions.get(site)!.get('teacher') ?? 0);
  });

  it('has exact shares of statuses, emails and mobiles, each email and mobile once, none that can reach anyone', () => {
    // 31,800 × 97% = 30,846 active; × 2% = 636 on leave; × 1% = 318 lapsed (30,846 + 636 + 318 = 31,800).
    expect([count(roster, (m) => m.status === 'active'), count(roster, (m) => m.status === 'leave'), count(roster, (m) => m.status === 'inactive')]).toEqual([30_846, 636, 318]);
    // 31,800 × 70% = 22,260 emails; × 2% = 636 mobiles (fewer than the 900 fictional numbers).
    const emails = roster.flatMap((m) => (m.email ? [m.email] : []));
    const mobiles = roster.flatMap((m) => (m.mobile ? [m.mobile] : []));
    expect([emails.length, new Set(emails).size, mobiles.length, new Set(mobiles).size]).toEqual([22_260, 22_260, 636, 636]);
    expect(emails.every((e) => /^[a-z]+\.[a-z]+\.1\d{5}@example\.org$/.test(e))).toBe(true);
    expect(mobiles.every((p) => /^\(\d{3}\) 555-01\d\d$/.test(p))).toBe(true);
    expect(new Set(roster.map((m) => m.memberId)).size).toBe(31_800);
    expect(new Set(roster.map((m) => m.employeeId)).size).toBe(31_800);
  });

  it('is the same roster for the same seed, and another for another seed', () => {
    expect(demoRoster({ schools: dataset.schools, staff: dataset.staff, spec })).toEqual(roster);
    const other = demoRoster({ schools: dataset.schools, staff: dataset.staff, spec: { ...spec, seed: 1 } });
    expect(other.map((m) => m.name)).not.toEqual(roster.map((m) => m.name));
    // The sites' counts do not depend on the seed: they are the dataset's positions.
    expect(other.map((m) => m.schoolId)).toEqual(roster.map((m) => m.schoolId));
  });

  it('imports as it is: every row accepted, every worksite one of the dataset\'s sites', async () => {
    const table = await readRoster('utla-roster.csv', new TextEncoder().encode(demoRosterCsv(roster)));
    const sites = siteIndex(dataset.schools.map((s) => ({ id: s.id, name: s.name, cdsCode: s.cdsCode })));
    const plan = planImport({ table, mapping: suggestMapping(table.header), roster: [], sites, removeMissing: true });
    expect(plan.rejected).toEqual([]);
    expect(plan.adds).toHaveLength(31_800);
    expect(plan.worksites.unmatched).toEqual([]);
    expect(plan.worksites.matched.reduce((s, w) => s + w.members, 0)).toBe(31_800);
    // The mobile as written, (213) 555-0142, is read as E.164.
    const withMobile = plan.adds.find((a) => a.fields.mobile !== null)!;
    expect(withMobile.fields.mobile).toMatch(/^\+1\d{3}55501\d\d$/);
  });
});
