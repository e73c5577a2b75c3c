/** Shapes of the public record's answers (for /api/openapi.json) and the compare query. */
import { z } from '@hono/zod-openapi';
import { versionsQuery } from '../schemas.ts';

const Years = z.array(z.object({ fy: z.string(), totalCents: z.number().int(), ongoingCents: z.number().int(), oneTimeCents: z.number().int() }));
const Reserve = z.array(z.object({ fy: z.string(), reservePct: z.number(), requiredReservePct: z.number(), meetsReserve: z.boolean(), endingBalanceCents: z.number().int(), extrapolated: z.boolean() }));
const Words = z.object({ en: z.string(), es: z.string() });
const Span = z.object({ from: z.string(), to: z.string() }).openapi({ description: 'first and last fiscal year, inclusive' });
const Total = z.object({ from: z.string(), to: z.string(), cents: z.number().int() }).openapi({ description: 'a sum of added cost over the fiscal years it names, from and to inclusive' });
const FyList = z.array(z.string()).nullable();
const PlainTerm = z.object({
  id: z.string(), kind: z.string(), unit: z.string(),
  en: z.string().openapi({ description: 'the term in plain words, in English, with dates written out; a non-cost term\'s text as written' }),
  es: z.string().openapi({ description: 'the same in Spanish; a non-cost term\'s text stays as written' }),
});
const Terms = z.array(PlainTerm.extend({ title: z.string(), text: z.string().openapi({ description: 'the term in brief (as in files and tables)' }) }));

export const PublicEntry = z
  .object({
    id: z.number().int().openapi({ description: 'the published version\'s id' }),
    organization: z.object({ name: z.string(), side: z.enum(['district', 'union']) }),
    party: z.enum(['union', 'district', 'joint', 'fact-finder']).openapi({ description: 'whose proposal it is: joint only for an agreement both sides signed (a version written party: joint is its drafting side\'s proposal until the other side countersigns it)' }),
    awaitingCountersignature: z.boolean().openapi({ description: 'written as a tentative agreement (party: joint) by one side, not countersigned by the other yet: shown as that side\'s proposal' }),
    countersigned: z.object({ at: z.string(), organization: z.object({ name: z.string(), side: z.enum(['district', 'union']) }) }).nullable()
      .openapi({ description: 'when the other side countersigned the agreement (the day agreement was reached); null for anything else' }),
    unit: z.string(), title: z.string(),
    version: z.number().int().openapi({ description: 'the n-th version of this proposal passed across the table' }),
    date: z.string(), term: z.object({ start: z.string(), end: z.string() }),
    passedAt: z.string(), publishedAt: z.string(), datasetVersionId: z.number().int(),
    district: z.object({ name: z.string(), baseFiscalYear: z.string(), requiredReservePct: z.number() }),
    years: Years,
    total: Total.openapi({ description: 'the added cost over the years in `years` (in a comparison: over its common years)' }),
    contractTotal: Total.openapi({ description: 'the added cost over the contract\'s own fiscal years, as far as they are costed' }),
    reserve: Reserve, firstShortYear: z.string().nullable(), certification: z.enum(['positive', 'qualified', 'negative', 'not-certified']),
    certificationYears: FyList.openapi({ description: 'the fiscal year of the proposal\'s date and the two after it: the years the certification covers (null: not kept for a version written before)' }),
    missingYears: FyList.openapi({ description: 'certification years the dataset\'s budget lacks: then not certified (null: unknown)' }),
    laterShortYears: FyList.openapi({ description: 'contract years after the certification years whose reserve falls short of the minimum (null: unknown)' }),
    otherYear: z.object({ datasetYear: z.string(), proposalYear: z.string() }).nullable().openapi({ description: 'set when the proposal is dated in another fiscal year than its data (a stated what-if)' }),
    notCosted: z.array(z.object({ term: z.string(), field: z.string(), date: z.string(), after: z.string().openapi({ description: 'the last fiscal year costed' }) })).nullable()
      .openapi({ description: 'dates of the proposal after the last year costed (total.to of its own costing): what a term sets from then is in no year and no total (null: the proposal as written could not be read)' }),
    terms: Terms,
    sources: z.array(z.object({ title: z.string(), href: z.string().optional() })).openapi({ description: 'where the proposal\'s terms come from, as its authors cite them (links are http or https only)' }),
    href: z.string(),
  })
  .openapi('PublishedProposal');

const Dataset = z
  .object({
    id: z.number().int().openapi({ description: 'the dataset version\'s id (datasetVersionId on a proposal)' }),
    name: z.string(), version: z.number().int(),
    without: z.array(z.object({ fy: z.string(), reservePct: z.number(), meetsReserve: z.boolean() }))
      .openapi({ description: 'the reserve each year with no proposal at all (the status quo), over every year a published version on this data covers' }),
  })
  .openapi('PublicDataset');

const Table = z
  .object({
    id: z.string().openapi({ description: 'the table: the district\'s and the union\'s organization ids, such as d1-u2' }),
    district: z.object({ name: z.string() }),
    union: z.object({ name: z.string(), unit: z.string() }),
    rounds: z.array(z.object({
      union: z.number().int().nullable().openapi({ description: 'the union\'s latest proposal in the round' }),
      district: z.number().int().nullable().openapi({ description: 'the district\'s latest proposal in the round' }),
      agreement: z.number().int().nullable().openapi({ description: 'the agreement (a joint version both sides signed) that ended the round; null while bargaining goes on' }),
      versions: z.array(z.object({
        id: z.number().int(),
        before: z.number().int().nullable().openapi({ description: 'the version "compare with the one before" opens: the same side\'s previous version in this round, else the latest before it in this round; null for the first of the round' }),
      })).openapi({ description: 'the round\'s versions by proposal date (then contract start, then publication); the agreement last' }),
      span: Span.nullable().openapi({ description: 'the years the round\'s versions are shown over side by side (null when they were costed on different dataset versions: each side then has its own)' }),
      sides: z.array(z.object({
        id: z.number().int(), years: Years,
        total: Total.openapi({ description: 'over the round\'s span: the sum of `years`' }), contractTotal: Total,
        reserve: Reserve, firstShortYear: z.string().nullable(),
      })).openapi({ description: 'the figures of the round\'s versions (union, district, agreement, those there are) over the round\'s common years' }),
    })).openapi({ description: 'newest first by date: an agreement closes the round of every proposal dated on or before it and after the agreement before it; proposals dated after the last agreement are the open round. The order of publication plays no part.' }),
    history: z.array(z.number().int()).openapi({ description: 'every version published at this table, oldest round first, each round in order' }),
  })
  .openapi('PublicTable');

export const PublicList = z
  .object({ proposals: z.array(PublicEntry.extend({ terms: z.array(PlainTerm) })), tables: z.array(Table).openapi({ description: 'each bargaining table, the one with the newest publication first' }), datasets: z.array(Dataset) })
  .openapi('PublicRecord');

const Line = z.looseObject({ term: z.string(), termTitle: z.string(), kind: z.string(), nature: z.string(), unit: z.string(), cents: z.number().int(), label: z.string() });
export const PublicDetail = PublicEntry.extend({ lines: z.array(z.object({ fy: z.string(), lines: z.array(Line) })), datasets: z.array(Dataset) }).openapi('PublishedProposalDetail');

const Change = z.object({
  type: z.enum(['added', 'removed', 'modified', 'moved']).openapi({ description: '`moved`: a term written the same in both versions whose cost moved because of the other changes' }),
  term: z.string().openapi({ description: 'the term\'s id (for machines; show `title` or the plain words)' }),
  title: z.string().openapi({ description: 'the term\'s title as written' }),
  before: z.string().nullable(), after: z.string().nullable(),
  plainBefore: Words.nullable().optional().openapi({ description: 'the term before, in plain words (English and Spanish)' }),
  plainAfter: Words.nullable().optional().openapi({ description: 'the term after, in plain words (English and Spanish)' }),
  effect: z.array(z.object({ fy: z.string(), cents: z.number().int() })), totalCents: z.number().int(),
});
const Cents = z.array(z.object({ fy: z.string(), cents: z.number().int() }));
export const Comparison = z
  .object({
    years: z.array(z.string()),
    span: Span.nullable().openapi({ description: 'the years every version is shown over, when all were costed on one dataset version (else null: see `groups`)' }),
    groups: z.array(z.object({ datasetVersionId: z.number().int(), span: Span, versions: z.array(z.number().int()) }))
      .openapi({ description: 'the versions by the dataset version they were costed on, each group over its own span' }),
    note: z.string().optional().openapi({ description: 'present when the versions were costed on different dataset versions: totals on different data are not compared' }),
    versions: z.array(PublicEntry).openapi({ description: 'each with `years`, `total`, `reserve` over its group\'s span' }),
    datasets: z.array(Dataset),
    changes: z.array(z.object({
      from: z.number().int(), to: z.number().int(), sameDataset: z.boolean(), note: z.string().optional(),
      span: Span.optional().openapi({ description: 'the years of fromCents and toCents: exactly the versions\' years' }),
      header: Change.nullable().optional(), changes: z.array(Change).optional(), unchanged: z.array(z.string()).optional(), fromCents: Cents.optional(), toCents: Cents.optional(),
    })).openapi({ description: 'each version against the one before it; split into changes only when both were costed on the same dataset version' }),
  })
  .openapi('Comparison');

export const CompareQuery = versionsQuery('published version');
