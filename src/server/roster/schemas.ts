/** The shapes of the roster routes: one zod schema per body, query and answer. */
import { z } from '@hono/zod-openapi';
import { FIELDS, STATUSES } from '../../roster/fields.ts';
import { Id } from '../schemas.ts';

const Column = z.string().max(500).nullable().openapi({ description: 'the header name of the column, as the file writes it; null: not in the file' });

export const MappingSchema = z.object({
  memberId: z.string().max(500).openapi({ description: 'the column of the member id (required)' }),
  name: z.string().max(500).openapi({ description: 'the column of the name (required)' }),
  employeeId: Column, email: Column, mobile: Column, worksite: Column, jobClass: Column, status: Column,
}).strict().openapi('RosterMapping', { example: { memberId: 'Member ID', name: 'Name', employeeId: 'Employee #', email: 'E-mail', mobile: 'Cell', worksite: 'School', jobClass: null, status: null } });

/** A mapping as answered: a suggestion may leave even a required field unmapped (null). */
const MappingAnswer = z.object({ memberId: Column, name: Column, employeeId: Column, email: Column, mobile: Column, worksite: Column, jobClass: Column, status: Column }).openapi('RosterMappingAnswer');

const RemoveMissing = z.boolean().openapi({ description: 'true: the file is the whole roster, members not in it are removed (kept in the history); false: the file adds and changes only' });

export const PreviewBody = z.object({ mapping: MappingSchema, removeMissing: RemoveMissing }).strict()
  .openapi({ example: { mapping: { memberId: 'Member ID', name: 'Name', employeeId: null, email: 'E-mail', mobile: 'Cell', worksite: 'School', jobClass: null, status: null }, removeMissing: true } });

export const ConfirmBody = PreviewBody.extend({
  digest: z.string().regex(/^[0-9a-f]{64}$/, 'must be the digest of the preview, 64 hexadecimal characters').openapi({ description: 'the preview\'s `digest`: the confirmation applies only if the plan is still the one previewed' }),
}).strict();

export const UploadForm = z.object({
  file: z.file().openapi({ type: 'string', format: 'binary', description: 'the roster as CSV (UTF-8) or XLSX (first worksheet), with a header row' }),
}).strict();

const ImportSchema = z.object({ id: z.number().int(), fileName: z.string(), format: z.string(), rows: z.number().int(), status: z.string(), createdAt: z.string() }).openapi('RosterImport');
const Text = z.string().nullable();
const MemberFieldsSchema = { memberId: z.string(), name: z.string(), employeeId: Text, email: Text, mobile: Text, worksite: Text, jobClass: Text, status: z.enum(STATUSES) };

export const PreviewSchema = z.object({
  import: ImportSchema,
  columns: z.array(z.string()),
  mapping: MappingAnswer,
  suggestedMapping: MappingAnswer,
  removeMissing: z.boolean(),
  mappingProblems: z.array(z.object({ field: z.enum(FIELDS), message: z.string(), hint: z.string() })).openapi({ description: 'what the mapping still lacks (a required field unmapped): empty when the preview is complete' }),
  sample: z.array(z.object({ line: z.number().int(), cells: z.array(z.string()) })).openapi({ description: 'the first rows as the file has them' }),
  counts: z.object({
    rows: z.number().int(), accepted: z.number().int(), rejectedRows: z.number().int(), duplicates: z.number().int(),
    adds: z.number().int(), changes: z.number().int(), removes: z.number().int(), unchanged: z.number().int(),
  }),
  rejected: z.array(z.object({
    line: z.number().int(), field: z.enum(FIELDS).nullable(), code: z.string(), message: z.string(), hint: z.string(),
    duplicateOf: z.object({ line: z.number().int().optional(), memberId: z.string().optional(), name: z.string().optional() }).nullable(),
  })).openapi({ description: 'every problem of every rejected row, by line (the first 500; counts are whole)' }),
  adds: z.array(z.object({ line: z.number().int(), ...MemberFieldsSchema, restored: z.boolean() })),
  changes: z.array(z.object({ line: z.number().int(), memberId: z.string(), name: z.string(), changes: z.array(z.object({ field: z.enum(FIELDS), before: Text, after: Text })) })),
  removes: z.array(z.object({ memberId: z.string(), name: z.string(), worksite: Text })),
  worksites: z.object({
    matched: z.array(z.object({ key: z.string(), name: z.string(), schoolId: Text, cdsCode: Text, members: z.number().int() })),
    unmatched: z.array(z.object({ name: z.string(), members: z.number().int(), lines: z.array(z.number().int()) })),
  }),
  datasetVersionId: z.number().int().nullable().openapi({ description: 'the district dataset version worksites were matched against (null: the table has none yet)' }),
  digest: z.string(),
}).openapi('RosterPreview');

export const AppliedSchema = z.object({
  import: ImportSchema,
  applied: z.object({ added: z.number().int(), restored: z.number().int(), changed: z.number().int(), removed: z.number().int(), unchanged: z.number().int(), rejectedRows: z.number().int() }),
}).openapi('RosterImportApplied');

export const DiscardedSchema = z.object({ import: ImportSchema }).openapi('RosterImportDiscarded');

export const MembersQuery = z.object({
  worksite: Id.optional().openapi({ param: { name: 'worksite', in: 'query' }, description: 'only members of this worksite (an id from GET /api/roster/worksites)' }),
  q: z.string().trim().max(100).optional().openapi({ param: { name: 'q', in: 'query' }, description: 'part of a name, member id or email' }),
  limit: z.coerce.number().int().min(1).max(500).default(100).openapi({ param: { name: 'limit', in: 'query' } }),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0).openapi({ param: { name: 'offset', in: 'query' } }),
});

export const MemberSchema = z.object({
  id: z.number().int(), ...MemberFieldsSchema, status: z.string(),
  worksite: z.object({ id: z.number().int(), name: z.string() }).nullable(), updatedAt: z.string(),
}).openapi('RosterMember');

export const MembersSchema = z.object({ members: z.array(MemberSchema), total: z.number().int(), limit: z.number().int(), offset: z.number().int() }).openapi('RosterMembers');

export const CaptainSchema = z.object({ id: z.number().int(), worksiteId: z.number().int(), member: z.object({ id: z.number().int(), memberId: z.string(), name: z.string() }), assignedAt: z.string() }).openapi('SiteCaptain');

export const WorksitesSchema = z.object({
  worksites: z.array(z.object({
    id: z.number().int(), name: z.string(), schoolId: Text, cdsCode: Text,
    matched: z.boolean().openapi({ description: 'false: the roster\'s text matched no school or office of the district dataset' }),
    members: z.number().int().openapi({ description: 'current members (not removed)' }),
    captains: z.array(CaptainSchema),
  })),
}).openapi('RosterWorksites');

export const CaptainBody = z.object({ member: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).openapi({ description: 'the member\'s id (from GET /api/roster/members)', example: 12 }) }).strict()
  .openapi({ example: { member: 12 } });
