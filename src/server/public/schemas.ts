/** Shapes of the public record's answers (for /api/openapi.json) and the compare query. */
import { z } from '@hono/zod-openapi';

const Years = z.array(z.object({ fy: z.string(), totalCents: z.number().int(), ongoingCents: z.number().int(), oneTimeCents: z.number().int() }));
const Reserve = z.array(z.object({ fy: z.string(), reservePct: z.number(), requiredReservePct: z.number(), meetsReserve: z.boolean(), endingBalanceCents: z.number().int(), extrapolated: z.boolean() }));
const Terms = z.array(z.object({ id: z.string(), kind: z.string(), unit: z.string(), title: z.string(), text: z.string().openapi({ description: 'the term in plain words' }) }));

export const PublicEntry = z
  .object({
    id: z.number().int().openapi({ description: 'the published version\'s id' }),
    organization: z.object({ name: z.string(), side: z.enum(['district', 'union']) }),
    unit: z.string(), title: z.string(),
    version: z.number().int().openapi({ description: 'the n-th version of this proposal passed across the table' }),
    date: z.string(), term: z.object({ start: z.string(), end: z.string() }),
    passedAt: z.string(), publishedAt: z.string(), datasetVersionId: z.number().int(),
    district: z.object({ name: z.string(), baseFiscalYear: z.string(), requiredReservePct: z.number() }),
    years: Years, reserve: Reserve, firstShortYear: z.string().nullable(), certification: z.enum(['positive', 'qualified', 'negative']), href: z.string(),
  })
  .openapi('PublishedProposal');

export const PublicList = z.object({ proposals: z.array(PublicEntry) }).openapi('PublicRecord');

const Line = z.looseObject({ term: z.string(), termTitle: z.string(), kind: z.string(), nature: z.string(), unit: z.string(), cents: z.number().int(), label: z.string() });
export const PublicDetail = PublicEntry.extend({ terms: Terms, lines: z.array(z.object({ fy: z.string(), lines: z.array(Line) })) }).openapi('PublishedProposalDetail');

const Change = z.object({ type: z.enum(['added', 'removed', 'modified']), term: z.string(), before: z.string().nullable(), after: z.string().nullable(), effect: z.array(z.object({ fy: z.string(), cents: z.number().int() })), totalCents: z.number().int() });
const Cents = z.array(z.object({ fy: z.string(), cents: z.number().int() }));
export const Comparison = z
  .object({
    years: z.array(z.string()),
    versions: z.array(PublicEntry.extend({ terms: Terms })),
    changes: z.array(z.object({
      from: z.number().int(), to: z.number().int(), sameDataset: z.boolean(), note: z.string().optional(),
      header: Change.nullable().optional(), changes: z.array(Change).optional(), unchanged: z.array(z.string()).optional(), fromCents: Cents.optional(), toCents: Cents.optional(),
    })).openapi({ description: 'each version against the one before it; split into changes only when both were costed on the same dataset version' }),
  })
  .openapi('Comparison');

const VERSIONS = 'must be 2 to 6 published version ids separated by commas, such as 12,15';
export const CompareQuery = z.object({
  versions: z
    .string({ error: VERSIONS })
    .regex(/^[1-9]\d{0,14}(,[1-9]\d{0,14})*$/, VERSIONS)
    .transform((s) => s.split(',').map(Number))
    .refine((ids) => ids.length >= 2 && ids.length <= 6, `${VERSIONS}; compare 2 to 6 at a time`)
    .refine((ids) => new Set(ids).size === ids.length, 'name each version once')
    .openapi({ param: { name: 'versions', in: 'query' }, example: '12,15' }),
});
