/** The query and answer of GET /api/compare (validation and /api/openapi.json). */
import { z } from '@hono/zod-openapi';
import { versionsQuery } from '../schemas.ts';

const Int = z.number().int();
const Cents = z.array(z.object({ fy: z.string(), cents: Int }));
const Span = z.object({ from: z.string(), to: z.string() }).openapi({ description: 'first and last fiscal year, inclusive' });
const Total = z.object({ from: z.string(), to: z.string(), cents: Int }).openapi({ description: 'a sum of added cost over the fiscal years it names, from and to inclusive' });
const Change = z.object({
  type: z.enum(['added', 'removed', 'modified', 'moved']).openapi({ description: '`moved`: a term written the same in both versions whose cost moved because of the other changes (a raise reaching added positions)' }),
  term: z.string().openapi({ description: 'the term\'s id (for machines; show `title`)' }),
  title: z.string().openapi({ description: 'the row\'s name: the term\'s own title, else the provision it speaks to ("Class size"), since before and after say what it is' }),
  before: z.string().nullable(), after: z.string().nullable(),
  effect: Cents.openapi({ description: 'the change\'s cost effect by fiscal year, given the changes listed before it' }), totalCents: Int,
});

export const CompareQuery = versionsQuery('proposal version');

export const CompareSchema = z
  .object({
    years: z.array(z.string()).openapi({ description: 'every fiscal year any of the versions is costed for, in order' }),
    span: Span.nullable().openapi({ description: 'the years every version is costed over, when all are on one dataset version (else null: see `groups`)' }),
    groups: z.array(z.object({ datasetVersionId: Int, span: Span, versions: z.array(Int) }))
      .openapi({ description: 'the versions by the dataset version they were costed on; the versions of a group are costed over the group\'s span (the base year through the latest last year of any of them)' }),
    note: z.string().optional().openapi({ description: 'present when the versions were costed on different dataset versions: totals on different data are not compared' }),
    baseline: z.object({ datasetVersionId: Int, district: z.string() }).openapi({ description: 'the dataset version whose current contract is the baseline column (the first version\'s)' }),
    provisions: z.array(z.object({
      key: z.string(), label: z.string(), baseline: z.string().openapi({ description: 'what the current contract or the district\'s data says' }),
      values: z.array(z.string()).openapi({ description: 'what each version says, in the order of `versions` (empty: the version does not speak to it)' }),
    })),
    versions: z.array(z.object({
      id: Int, own: z.boolean(),
      version: Int.openapi({ description: 'your draft number; for a version passed to you, the n-th version of it passed' }),
      title: z.string(), organization: z.object({ id: Int, name: z.string(), kind: z.enum(['district', 'union']) }),
      unit: z.string(), party: z.string().openapi({ description: 'whose proposal it is; a joint version is its drafting side\'s until the other side countersigns it' }), date: z.string(), term: z.object({ start: z.string(), end: z.string() }), datasetVersionId: Int,
      passedAt: z.string().nullable(), publishedAt: z.string().nullable(),
      years: z.array(z.object({ fy: z.string(), totalCents: Int, ongoingCents: Int, oneTimeCents: Int })).openapi({ description: 'cost per year over its group\'s span' }),
      total: Total.openapi({ description: 'the added cost over its group\'s span: the sum of `years`' }),
      contractTotal: Total.openapi({ description: 'the added cost over the version\'s own contract years (as far as they are costed)' }),
      reserve: z.array(z.object({ fy: z.string(), reservePct: z.number(), requiredReservePct: z.number(), meetsReserve: z.boolean(), endingBalanceCents: Int, extrapolated: z.boolean() })),
      firstShortYear: z.string().nullable(), certification: z.enum(['positive', 'qualified', 'negative', 'not-certified']),
      certificationYears: z.array(z.string()).openapi({ description: 'the fiscal year of the version\'s date and the two after it: the years the certification covers' }),
      missingYears: z.array(z.string()).openapi({ description: 'certification years the dataset\'s budget lacks (then not certified)' }),
      laterShortYears: z.array(z.string()).openapi({ description: 'contract years after the certification years whose reserve falls short of the minimum' }),
    })),
    changes: z.array(z.object({
      from: Int, to: Int, sameDataset: z.boolean(), note: z.string().optional(),
      span: Span.optional().openapi({ description: 'the years of fromCents and toCents: the span of the two versions\' group' }),
      header: Change.nullable().optional(), changes: z.array(Change).optional(), unchanged: z.array(z.string()).optional().openapi({ description: 'ids of terms unchanged in both text and cost' }), fromCents: Cents.optional(), toCents: Cents.optional(),
    })).openapi({ description: 'each version against the one before it; split into changes (with each one\'s cost) only when both were costed on the same dataset version' }),
  })
  .openapi('WorkspaceComparison');
