/**
 * The demo's UTLA roster: 31,800 synthetic members at the 2018-19 dataset's sites
 * (src/roster/demo.ts), uploaded by the union's admin as a CSV file, previewed, and confirmed
 * with the preview's digest, exactly as the roster page does; then site captains named at the
 * largest sites. Reading the file and planning the import run on a costing thread.
 */
import type { Dataset } from '../district/types.ts';
import { demoRoster, demoRosterCsv, UTLA_DEMO_ROSTER, type DemoMember } from '../roster/demo.ts';
import type { DemoClient } from './demo-client.ts';

export const UNION_ADMIN = 'admin@utla.demo';
/** Sites with a captain: the largest ones, where a kiosk is worth setting up. */
export const CAPTAIN_SITES = 20;

interface Preview {
  import: { id: number };
  mapping: Record<string, string | null>;
  removeMissing: boolean;
  counts: { rows: number; adds: number; rejectedRows: number };
  worksites: { unmatched: { name: string }[] };
  digest: string;
}
export interface DemoWorksite { id: number; name: string; schoolId: string | null; members: number }
export interface DemoCaptain { id: number; worksiteId: number; member: { id: number; memberId: string; name: string } }

export interface SeededRoster {
  members: DemoMember[];
  worksites: DemoWorksite[];
  captains: DemoCaptain[];
}

export async function seedRoster(x: { client: DemoClient; clock: { now: Date }; dataset: Dataset; seed: number; progress: (line: string) => void }): Promise<SeededRoster> {
  const { client, clock } = x;
  const members = demoRoster({ schools: x.dataset.schools, staff: x.dataset.staff, spec: { ...UTLA_DEMO_ROSTER, seed: x.seed } });
  x.progress(`Importing the UTLA roster: ${members.length.toLocaleString('en-US')} synthetic members (read and checked on a costing thread)`);
  const form = new FormData();
  form.append('file', new File([demoRosterCsv(members)], 'utla-roster-2018-08.csv', { type: 'text/csv' }));
  const preview = await client.call<Preview>(UNION_ADMIN, 'POST', '/api/roster/imports', form);
  // The demo's own file must import whole: a rejected row or a school the dataset does not
  // have means the generator and the dataset disagree, which should stop the demo, not hide.
  if (preview.counts.rejectedRows > 0 || preview.worksites.unmatched.length > 0 || preview.counts.adds !== members.length) {
    throw new Error(`demo: the UTLA roster would add ${preview.counts.adds} of ${members.length} members (${preview.counts.rejectedRows} rows rejected, ${preview.worksites.unmatched.length} worksites unmatched)`);
  }
  clock.now = new Date(clock.now.getTime() + 600_000);
  await client.call(UNION_ADMIN, 'POST', `/api/roster/imports/${preview.import.id}/confirm`, { mapping: preview.mapping, removeMissing: preview.removeMissing, digest: preview.digest });

  clock.now = new Date(clock.now.getTime() + 24 * 3600_000);
  x.progress(`Naming site captains at the ${CAPTAIN_SITES} largest sites`);
  const { worksites } = await client.call<{ worksites: DemoWorksite[] }>(UNION_ADMIN, 'GET', '/api/roster/worksites');
  const largest = [...worksites].sort((a, b) => b.members - a.members || a.name.localeCompare(b.name)).slice(0, CAPTAIN_SITES);
  const captains: DemoCaptain[] = [];
  for (const site of largest) {
    const page = await client.call<{ members: { id: number; status: string }[] }>(UNION_ADMIN, 'GET', `/api/roster/members?worksite=${site.id}&limit=20`);
    const member = page.members.find((m) => m.status === 'active');
    if (!member) continue;
    const { captain } = await client.call<{ captain: DemoCaptain }>(UNION_ADMIN, 'POST', `/api/roster/worksites/${site.id}/captains`, { member: member.id });
    captains.push(captain);
  }
  return { members, worksites, captains };
}
