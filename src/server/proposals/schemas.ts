/**
 * Request and answer shapes of the proposal routes (validation and /api/openapi.json).
 * A proposal arrives as the YAML file's text (`yaml`) or as the same thing as a JSON object
 * (`proposal`), exactly one of the two; docs/proposals.md describes the fields.
 */
import { z } from '@hono/zod-openapi';
import { looksEmpty, LOOKS_EMPTY } from '../../text/invisible.ts';
import { oddCharacter, PLAIN_TEXT } from '../../text/plain-text.ts';

const EXAMPLE_YAML = 'id: offer-1\ntitle: Union proposal of March 1, 2019\nparty: union\nunit: T\ndate: 2019-03-01\nterm: { start: 2019-07-01, end: 2021-06-30 }\nterms:\n  - { kind: raise, pct: 1, effective: 2019-07-01 }\n';

const DatasetVersionId = z.number({ error: 'must be a whole number such as 3' }).int('must be a whole number such as 3').positive('must be a positive whole number such as 3').max(Number.MAX_SAFE_INTEGER, 'is too large to be an id');

const source = {
  datasetVersionId: DatasetVersionId.optional().openapi({ description: 'the dataset version to cost on; default: the newest at your table', example: 3 }),
  yaml: z.string().min(1, 'is empty: give the proposal file\'s text').optional().openapi({ description: 'the proposal file (YAML), as written', example: EXAMPLE_YAML }),
  proposal: z.record(z.string(), z.unknown()).optional().openapi({ description: 'the same proposal as a JSON object (stored as its YAML rendering)' }),
  allowOtherYear: z.boolean({ error: 'must be true or false' }).default(false).openapi({
    description: 'a what-if: cost a proposal dated outside the fiscal year of the dataset\'s data (as the CLI\'s --allow-other-year); the result then says so in otherYear. Default false: such a proposal is refused (422 proposal.other-year, naming the dataset\'s years)',
    example: false,
  }),
};

const exactlyOne = (b: { yaml?: string; proposal?: object }) => (b.yaml === undefined) !== (b.proposal === undefined);
const oneOf = { message: 'give exactly one of yaml (the proposal file\'s text) and proposal (the same as a JSON object)', path: ['yaml'] };

export const CreateBody = z
  .object({ title: z.string().trim().min(1).max(200).refine((t) => !oddCharacter(t), PLAIN_TEXT).refine((t) => !looksEmpty(t), LOOKS_EMPTY).optional().openapi({ description: 'the name in your workspace; default: the proposal\'s title' }), ...source })
  .strict()
  .refine(exactlyOne, oneOf)
  .openapi('NewProposal', { example: { title: 'Opening offer', yaml: EXAMPLE_YAML } });

export const VersionBody = z.object(source).strict().refine(exactlyOne, oneOf).openapi('NewProposalVersion', { example: { yaml: EXAMPLE_YAML } });
export const CostingBody = z.object(source).strict().refine(exactlyOne, oneOf).openapi('Costing', { example: { yaml: EXAMPLE_YAML } });

const Org = z.object({ id: z.number().int(), name: z.string() });
const YearsTotal = z.object({ from: z.string(), to: z.string(), cents: z.number().int() });
const YearTotal = z.object({ fy: z.string(), totalCents: z.number().int(), ongoingCents: z.number().int(), oneTimeCents: z.number().int() });

export const Passed = z
  .object({ number: z.number().int().openapi({ description: 'the n-th version of this proposal passed across the table' }), from: Org, to: Org, at: z.string(), by: z.string().nullable().openapi({ description: 'who passed it (only inside the workspace that made it)' }) })
  .openapi('Passed');
export const Published = z.object({ at: z.string(), by: z.string().nullable() }).openapi('Published');
export const Countersigned = z
  .object({ at: z.string(), organization: Org, by: z.string().nullable().openapi({ description: 'who countersigned (only inside the workspace that countersigned)' }) })
  .openapi('Countersigned', { description: 'the other side\'s countersignature of a joint version: from then on it is the table\'s agreement' });

const standing = {
  party: z.enum(['union', 'district', 'joint', 'fact-finder']).openapi({ description: 'whose proposal it is shown as: as written, except that a joint version (a tentative agreement) is its drafting side\'s proposal until the other side countersigns it' }),
  awaitingCountersignature: z.boolean().openapi({ description: 'a joint version the other side has not countersigned yet' }),
  countersigned: Countersigned.nullable(),
};

export const VersionSchema = z
  .object({
    id: z.number().int(),
    version: z.number().int().openapi({ description: 'your draft number; for the other side, the number of the version as passed (drafts never passed are not counted)' }),
    own: z.boolean(),
    proposalId: z.number().int().nullable(),
    organization: Org.extend({ kind: z.enum(['district', 'union']) }),
    title: z.string(),
    datasetVersionId: z.number().int(),
    createdAt: z.string().nullable(),
    createdBy: z.string().nullable(),
    passed: Passed.nullable(),
    published: Published.nullable(),
    ...standing,
    yaml: z.string(),
    result: z.record(z.string(), z.unknown()).openapi({ description: 'the costing result with every line\'s trace (docs/costing.md)' }),
  })
  .openapi('ProposalVersion');

export const VersionBrief = z
  .object({
    id: z.number().int(), version: z.number().int(), title: z.string(), datasetVersionId: z.number().int(), createdAt: z.string(), createdBy: z.string(),
    years: z.array(YearTotal),
    total: YearsTotal.openapi({ description: 'the added cost over every year costed (the first and last of `years`)' }),
    contractTotal: YearsTotal.openapi({ description: 'the added cost over the contract\'s own fiscal years, as far as they are costed' }),
    certification: z.string(), firstShortYear: z.string().nullable(),
    certificationYears: z.array(z.string()).nullable().openapi({ description: 'the years the certification covers: the fiscal year of the proposal\'s date and the two after it (null: not kept for a version written before)' }),
    missingYears: z.array(z.string()).nullable().openapi({ description: 'certification years the dataset\'s budget lacks (null: unknown)' }),
    laterShortYears: z.array(z.string()).nullable().openapi({ description: 'contract years after the certification years whose reserve falls short (null: unknown)' }),
    passed: Passed.nullable(), published: Published.nullable(),
    ...standing,
  })
  .openapi('ProposalVersionBrief');

export const ProposalList = z.object({
  proposals: z.array(z.object({ id: z.number().int(), title: z.string(), createdAt: z.string(), versions: z.number().int(), latest: VersionBrief })),
  received: z.array(z.object({
    id: z.number().int(), version: z.number().int(), title: z.string(), unit: z.string(), from: Org.extend({ kind: z.enum(['district', 'union']) }),
    passedAt: z.string(), publishedAt: z.string().nullable(), datasetVersionId: z.number().int(), years: z.array(YearTotal),
    total: YearsTotal.openapi({ description: 'the added cost over every year costed (the first and last of `years`)' }),
    contractTotal: YearsTotal.openapi({ description: 'the added cost over the contract\'s own fiscal years, as far as they are costed' }),
    certification: z.string(),
    ...standing,
  })),
  tables: z.array(z.object({
    id: z.string(), district: z.object({ name: z.string() }), union: z.object({ name: z.string(), unit: z.string() }),
    rounds: z.array(z.object({
      union: z.number().int().nullable(), district: z.number().int().nullable(), agreement: z.number().int().nullable(),
      versions: z.array(z.object({ id: z.number().int(), before: z.number().int().nullable().openapi({ description: 'the version to compare it with: the same side\'s previous one in this round, else the latest before it in this round' }) })),
    })).openapi({ description: 'newest first by date; an agreement closes the round of every version dated on or before it; the order versions were passed plays no part' }),
    history: z.array(z.number().int()).openapi({ description: 'every version passed either way, oldest round first, each round by date' }),
    versions: z.array(z.object({
      id: z.number().int(), title: z.string(), party: z.string(), date: z.string(), version: z.number().int(), passedAt: z.string(), countersignedAt: z.string().nullable(),
      from: z.object({ name: z.string(), kind: z.enum(['district', 'union']) }),
    })).openapi({ description: 'the versions of `history`, in its order' }),
  })).openapi({ description: 'each bargaining table the organization sits at, with what crossed it, in rounds by date' }),
}).openapi('ProposalList');

export const ProposalDetail = z
  .object({ id: z.number().int(), title: z.string(), createdAt: z.string(), createdBy: z.string(), versions: z.array(VersionBrief) })
  .openapi('Proposal');

export const CostResultSchema = z
  .looseObject({ years: z.array(z.looseObject(YearTotal.shape)), projection: z.array(z.looseObject({ fy: z.string(), reservePct: z.number() })), certification: z.string() })
  .openapi('CostResult', { description: 'years with totals and lines (each with its trace), the budget projection and the certification' });
