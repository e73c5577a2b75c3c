/**
 * The demo workspaces: LAUSD with UTLA and SEIU Local 99, the generated LAUSD 2018-19 and
 * 2022-23 datasets, and the 2019 and 2023 proposals drafted, passed and published on the dates
 * they were made, each costed on the dataset of its own year (each tentative agreement countersigned by the
 * other side before it is published).
 * Everything after the accounts goes through the HTTP API, exactly as a user's browser would,
 * with the clock set to each proposal's date so the public history reads as it happened.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { lausdSpec } from '../district/demo/lausd.ts';
import { lausd2022Spec } from '../district/demo/lausd-2022-23.ts';
import type { GenerateSpec } from '../district/generate/spec.ts';
import { generateDistrict } from '../district/generate/generate.ts';
import { serializeDataset } from '../district/serialize.ts';
import type { Dataset } from '../district/types.ts';
import { addPerson } from './admin.ts';
import { createApp } from './app.ts';
import { DEMO_PASSWORD, demoClient } from './demo-client.ts';
import { seedRoster } from './demo-roster.ts';
import { seedStrikeVote } from './demo-vote.ts';
import { seedStrikeDays } from './demo-pickets.ts';
import { seedClosure2023, seedOpenSchools2019, seedSiteAdministrator } from './demo-sites.ts';
import type { Deps } from './env.ts';

export { DEMO_PASSWORD };

const EXAMPLES = fileURLToPath(new URL('../../examples/', import.meta.url));

export const DEMO_ACCOUNTS = [
  { org: 'lausd', email: 'admin@lausd.demo', name: 'District admin', role: 'admin' },
  { org: 'lausd', email: 'negotiator@lausd.demo', name: 'District negotiator', role: 'negotiator' },
  { org: 'lausd', email: 'budget@lausd.demo', name: 'Budget analyst', role: 'budget-analyst' },
  // The site administrator of one of the 2023 supervision sites (docs/sites.md).
  { org: 'lausd', email: 'site@lausd.demo', name: 'Site administrator', role: 'site-administrator' },
  { org: 'utla', email: 'admin@utla.demo', name: 'UTLA admin', role: 'admin' },
  { org: 'utla', email: 'bargaining@utla.demo', name: 'UTLA bargaining team', role: 'bargaining-team' },
  // UTLA's election committee, two site captains (each opens a kiosk) and a member, for the strike authorization.
  { org: 'utla', email: 'committee@utla.demo', name: 'UTLA election committee chair', role: 'election-committee' },
  { org: 'utla', email: 'committee2@utla.demo', name: 'UTLA election committee secretary', role: 'election-committee' },
  { org: 'utla', email: 'committee3@utla.demo', name: 'UTLA election committee member', role: 'election-committee' },
  { org: 'utla', email: 'captain@utla.demo', name: 'UTLA site captain', role: 'site-captain' },
  { org: 'utla', email: 'captain2@utla.demo', name: 'UTLA site captain (second site)', role: 'site-captain' },
  { org: 'utla', email: 'member@utla.demo', name: 'UTLA member', role: 'member' },
  { org: 'seiu99', email: 'admin@seiu99.demo', name: 'SEIU 99 admin', role: 'admin' },
  { org: 'seiu99', email: 'bargaining@seiu99.demo', name: 'SEIU 99 bargaining team', role: 'bargaining-team' },
] as const;

type OrgKey = (typeof DEMO_ACCOUNTS)[number]['org'];

/** Who drafts each example, and which examples are versions of one proposal. */
const PLAN: { file: string; by: OrgKey; proposal: string }[] = [
  { file: 'lausd-2019/fact-finder-2018-12-18.yaml', by: 'utla', proposal: 'Fact-finding report 2018' },
  { file: 'lausd-2019/utla-demands.yaml', by: 'utla', proposal: 'UTLA proposal 2019' },
  { file: 'lausd-2019/district-offer-2019-01-07.yaml', by: 'lausd', proposal: 'LAUSD offer to UTLA 2019' },
  { file: 'lausd-2019/district-offer-2019-01-11.yaml', by: 'lausd', proposal: 'LAUSD offer to UTLA 2019' },
  { file: 'lausd-2019/settlement-2019-01-22.yaml', by: 'lausd', proposal: 'UTLA tentative agreement 2019' },
  { file: 'lausd-2023/seiu99-demands-2023.yaml', by: 'seiu99', proposal: 'SEIU 99 proposal 2023' },
  { file: 'lausd-2023/seiu99-district-offer-2023-03-20.yaml', by: 'lausd', proposal: 'LAUSD offer to SEIU 99 2023' },
  { file: 'lausd-2023/seiu99-settlement-2023-03-24.yaml', by: 'lausd', proposal: 'SEIU 99 tentative agreement 2023' },
  { file: 'lausd-2023/utla-settlement-2023-04-18.yaml', by: 'lausd', proposal: 'UTLA tentative agreement 2023' },
];

export interface DemoReport {
  accounts: { email: string; role: string; organization: string }[];
  password: string;
  published: number;
}

/** The worked cases of strike days the demo can load (docs/sites.md, "The worked cases in the demo"). */
export const DEMO_STRIKE_DAYS = ['both', '2019', '2023', 'none'] as const;
export type DemoStrikeDays = (typeof DEMO_STRIKE_DAYS)[number];

export interface DemoOptions {
  /**
   * UTLA's 31,800-member roster and its strike authorization (default true). Tests of the
   * proposals' record leave them out: they take most of the demo's start.
   */
  members?: boolean;
  /**
   * The district's strike days, published: true (the default) both worked cases, false none, or
   * one of them: the 2019 open schools or the 2023 closure (`settle serve --demo --strike-days`).
   */
  sites?: boolean | DemoStrikeDays;
}

/** Seeds the demo on an empty database; does nothing (returns null) if any workspace exists. */
export async function seedDemo(deps: Deps, progress: (line: string) => void = () => undefined, options: DemoOptions = {}): Promise<DemoReport | null> {
  const any = await deps.db.selectFrom('organizations').select('id').limit(1).executeTakeFirst();
  if (any) return null;
  const clock = { now: new Date('2018-07-02T16:00:00.000Z') };
  // The demo talks to itself in-process (http://localhost), never through the proxy a
  // deployment may sit behind: its sign-ins are not the browser's.
  const app = createApp({ ...deps, behindProxy: false, now: () => clock.now });
  const hash = await deps.passwords.hash(DEMO_PASSWORD);

  const at = clock.now.toISOString();
  const org = async (values: { kind: 'district' | 'union'; name: string; district_id: number | null; unit: string | null }) =>
    (await deps.db.insertInto('organizations').values({ id: deps.ids.next(null), ...values, created_at: at }).returning('id').executeTakeFirstOrThrow()).id;
  const ids: Record<OrgKey, number> = { lausd: 0, utla: 0, seiu99: 0 };
  ids.lausd = await org({ kind: 'district', name: 'Los Angeles Unified School District', district_id: null, unit: null });
  ids.utla = await org({ kind: 'union', name: 'United Teachers Los Angeles', district_id: ids.lausd, unit: 'UTLA' });
  ids.seiu99 = await org({ kind: 'union', name: 'SEIU Local 99', district_id: ids.lausd, unit: 'SEIU99' });
  const names: Record<OrgKey, string> = { lausd: 'Los Angeles Unified School District', utla: 'United Teachers Los Angeles', seiu99: 'SEIU Local 99' };
  for (const a of DEMO_ACCOUNTS) await addPerson(deps.db, { organizationId: ids[a.org], email: a.email, name: a.name, role: a.role, passwordHash: hash, now: clock.now, ids: deps.ids });

  const client = demoClient(app, clock);
  const { call } = client;
  const negotiator: Record<OrgKey, string> = { lausd: 'negotiator@lausd.demo', utla: 'bargaining@utla.demo', seiu99: 'bargaining@seiu99.demo' };

  // Each example is costed on the data of its own year: the 2019 ones on 2018-19, the 2023 ones on
  // 2022-23, uploaded by the district on July 1, 2022 (the start of the year of its adopted budget).
  const datasets = new Map<string, { id: number; dataset: Dataset }>();
  const upload = async (year: string, spec: () => GenerateSpec): Promise<{ id: number; dataset: Dataset }> => {
    progress(`Generating the LAUSD ${year} demo dataset`);
    const dataset = generateDistrict(spec());
    progress('Uploading it (checked on a costing thread)');
    const uploaded = await call<{ version: { id: number } }>('admin@lausd.demo', 'POST', '/api/datasets', { name: `LAUSD ${year} (demo, generated)`, note: `Synthetic district calibrated to LAUSD published ${year} totals; see docs/dataset.md.`, files: serializeDataset(dataset) });
    datasets.set(year, { id: uploaded.version.id, dataset });
    return { id: uploaded.version.id, dataset };
  };
  const first = await upload('2018-19', () => lausdSpec());
  const versions = new Map<string, number>([['lausd-2019', first.id]]);

  if (options.members !== false) {
    // UTLA's roster, imported on August 1, 2018, matched against the 2018-19 dataset's schools.
    clock.now = new Date('2018-08-01T17:00:00.000Z');
    const roster = await seedRoster({ client, clock, dataset: first.dataset, seed: lausdSpec().seed, progress });
    // UTLA's strike authorization: voted at school sites August 22–30, 2018, announced on the 31st
    // (https://www.utla.net/news/utla-members-vote-overwhelmingly-authorize-strike).
    await seedStrikeVote({ deps, client, clock, roster, progress });
    // UTLA's six strike days, January 14–22, 2019: shifts, sign-ups and the mornings' check-ins (written directly: a few hundred thousand rows).
    await seedStrikeDays({ deps, schools: first.dataset.schools, seed: lausdSpec().seed, progress });
  }

  const proposals = new Map<string, number>();
  let published = 0;
  for (const step of PLAN) {
    const folder = step.file.split('/')[0];
    if (folder === 'lausd-2023' && !versions.has(folder)) {
      clock.now = new Date('2022-07-01T16:00:00.000Z');
      versions.set(folder, (await upload('2022-23', () => lausd2022Spec())).id);
    }
    const datasetVersionId = versions.get(folder) ?? (versions.get('lausd-2019') as number);
    const yaml = readFileSync(join(EXAMPLES, step.file), 'utf8');
    const written = parse(yaml) as { date: string; party: string };
    const date = String(written.date);
    clock.now = new Date(`${date}T17:00:00.000Z`);
    progress(`Drafting, passing${written.party === 'joint' ? ', countersigning' : ''} and publishing ${step.file}`);
    const existing = proposals.get(step.proposal);
    const v = existing === undefined
      ? await call<{ id: number; proposalId: number }>(negotiator[step.by], 'POST', '/api/proposals', { title: step.proposal, datasetVersionId, yaml })
      : await call<{ id: number; proposalId: number }>(negotiator[step.by], 'POST', `/api/proposals/${existing}/versions`, { datasetVersionId, yaml });
    if (existing === undefined) proposals.set(step.proposal, v.proposalId);
    clock.now = new Date(clock.now.getTime() + 3600_000);
    const passed = await call<{ passed: { to: { id: number } } }>(negotiator[step.by], 'POST', `/api/proposal-versions/${v.id}/pass`);
    clock.now = new Date(clock.now.getTime() + 3600_000);
    if (written.party === 'joint') {
      // A tentative agreement is the table's agreement once the other side countersigns it.
      const other = (Object.keys(ids) as OrgKey[]).find((k) => ids[k] === passed.passed.to.id);
      if (!other) throw new Error(`demo: ${step.file} was passed to an organization the demo did not make`);
      await call(negotiator[other], 'POST', `/api/proposal-versions/${v.id}/countersign`);
      clock.now = new Date(clock.now.getTime() + 3600_000);
    }
    await call(negotiator[step.by], 'POST', `/api/proposal-versions/${v.id}/publish`);
    published++;
  }
  const d2019 = datasets.get('2018-19');
  const d2023 = datasets.get('2022-23');
  const cases: DemoStrikeDays = options.sites === undefined || options.sites === true ? 'both' : options.sites === false ? 'none' : options.sites;
  // The district's strike days, each on the dataset of its year, published for families.
  if ((cases === 'both' || cases === '2019') && d2019) await seedOpenSchools2019({ client, clock, datasetVersionId: d2019.id, dataset: d2019.dataset, progress });
  if ((cases === 'both' || cases === '2023') && d2023) {
    const closure = await seedClosure2023({ client, clock, datasetVersionId: d2023.id, dataset: d2023.dataset, progress });
    await seedSiteAdministrator({ deps, client, clock, dayId: closure[closure.length - 1], dataset: d2023.dataset });
  }
  return {
    accounts: DEMO_ACCOUNTS.map((a) => ({ email: a.email, role: a.role, organization: names[a.org] })),
    password: DEMO_PASSWORD,
    published,
  };
}

/** The demo's accounts when this database holds them (a later start of the demo), else null. */
export async function existingDemo(deps: Deps): Promise<DemoReport | null> {
  const people = await deps.db
    .selectFrom('people')
    .innerJoin('organizations', 'organizations.id', 'people.organization_id')
    .select(['people.email', 'people.role', 'organizations.name'])
    .where('people.email', 'in', DEMO_ACCOUNTS.map((a) => a.email))
    .execute();
  if (people.length === 0) return null;
  const published = await deps.db.selectFrom('publications').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const order = new Map<string, number>(DEMO_ACCOUNTS.map((a, i) => [a.email, i]));
  return {
    accounts: people.sort((a, b) => (order.get(a.email) ?? 0) - (order.get(b.email) ?? 0)).map((p) => ({ email: p.email, role: p.role, organization: p.name })),
    password: DEMO_PASSWORD,
    published: Number(published.n),
  };
}

/** The example files the demo loads (for tests). */
export function demoExampleFiles(): string[] {
  return PLAN.map((p) => p.file).filter((f) => readdirSync(join(EXAMPLES, f.split('/')[0])).includes(f.split('/')[1]));
}
