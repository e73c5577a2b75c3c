/** The query and answer of GET /api/compare (validation and /api/openapi.json). */
import { z } from '@hono/zod-openapi';
import { versionsQuery } from '../schemas.ts';

const Int = z.number().int();
const Cents = z.array(z.object({ fy: z.string(), cents: Int }));
const Change = z.object({
  type: z.enum(['added', 'removed', 'modified', 'moved']), term: z.string(), before: z.string().nullable(), after: z.string().nullable(),
  effect: Cents.openapi({ description: 'the change\'s cost effect by fiscal year, given the changes listed before it' }), totalCents: Int,
});

export const CompareQuery = versionsQuery('proposal version');

export const CompareSchema = z
  .object({
    years: z.array(z.string()).openapi({ description: 'every fiscal year any of the versions is costed for, in order' }),
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
      years: z.array(z.object({ fy: z.string(), totalCents: Int, ongoingCents: Int, oneTimeCents: Int })),
      reserve: z.array(z.object({ fy: z.string(), reservePct: z.number(), requiredReservePct: z.number(), meetsReserve: z.boolean(), endingBalanceCents: Int, extrapolated: z.boolean() })),
      firstShortYear: z.string().nullable(), certification: z.enum(['positive', 'qualified', 'negative', 'not-certified']),
    })),
    changes: z.array(z.object({
      from: Int, to: Int, sameDataset: z.boolean(), note: z.string().optional(),
      header: Change.nullable().optional(), changes: z.array(Change).optional(), unchanged: z.array(z.string()).optional(), fromCents: Cents.optional(), toCents: Cents.optional(),
    })).openapi({ description: 'each version against the one before it; split into changes (with each one\'s cost) only when both were costed on the same dataset version' }),
  })
  .openapi('WorkspaceComparison');
