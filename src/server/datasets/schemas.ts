/**
 * The shapes of the dataset routes: what an upload or an import sends (JSON, or multipart
 * fields) and what comes back (datasets, their versions, and each version's summary). One zod
 * schema per shape drives validation, the handlers' types and the OpenAPI document.
 */
import { z } from '@hono/zod-openapi';
import { isGrade } from '../../district/grades.ts';
import { plainLine, plainText } from '../schemas.ts';

const Name = plainLine(200).pipe(z.string().min(1, 'must not be empty, such as "2018-19 adopted budget"'));
const Note = plainText(5000).transform((s) => s.trim())
  .optional().openapi({ description: 'what this version is, for the people who will cost on it' });
const text = z.string().optional();
const FileField = z.file().openapi({ type: 'string', format: 'binary' });
const fileOrText = z.union([FileField, z.string()]).optional();

export const FilesSchema = z
  .object({ 'district.yaml': text, 'schools.csv': text, 'enrollment.csv': text, 'units.csv': text, 'schedules.csv': text, 'staff.csv': text, 'budget.csv': text })
  .strict()
  .openapi('DatasetFiles', { description: 'the text of each of the seven files of a dataset folder (docs/dataset.md)' });

const fileFields = {
  zip: FileField.optional().openapi({ description: 'the dataset folder, zipped (the seven files at the top or inside one folder); instead of the seven file fields' }),
  'district.yaml': fileOrText, 'schools.csv': fileOrText, 'enrollment.csv': fileOrText, 'units.csv': fileOrText,
  'schedules.csv': fileOrText, 'staff.csv': fileOrText, 'budget.csv': fileOrText,
};

export const CreateJson = z.object({ name: Name, note: Note, files: FilesSchema }).strict()
  .openapi({ example: { name: '2018-19 adopted budget', note: 'from the June budget book', files: { 'district.yaml': 'name: …', 'schools.csv': 'id,cds_code,…' } } });
export const CreateForm = z.object({ name: Name, note: Note, ...fileFields }).strict();
export const VersionJson = z.object({ note: Note, files: FilesSchema }).strict()
  .openapi({ example: { note: 'first interim report', files: { 'district.yaml': 'name: …', 'schools.csv': 'id,cds_code,…' } } });
export const VersionForm = z.object({ note: Note, ...fileFields }).strict();

export const UPLOAD_EXAMPLE = '{"name": "2018-19 adopted budget", "files": {"district.yaml": "…", "schools.csv": "…", "enrollment.csv": "…", "units.csv": "…", "schedules.csv": "…", "staff.csv": "…", "budget.csv": "…"}}, or multipart fields name and zip (the folder zipped)';

export const ImportForm = z.object({
  directory: z.union([FileField, z.string()]).openapi({ description: 'the CDE public schools directory (pubschls), CSV or tab-separated' }),
  frpm: z.union([FileField, z.string()]).openapi({ description: 'the CDE free or reduced-price meal (FRPM) file, CSV' }),
  enrollment: fileOrText.openapi({ description: 'the CDE "Enrollment by School" file; without it enrollment by grade is estimated from FRPM totals' }),
  district: z.string().trim().min(1).max(40).openapi({ description: 'county-district code', example: '19-64733' }),
  charters: z.enum(['exclude', 'include']).default('exclude'),
  highNeedThreshold: z.string().trim().regex(/^(0(\.\d+)?|1(\.0*)?|\.\d+)$/, 'must be a share from 0 to 1, such as 0.9').transform(Number).optional()
    .openapi({ type: 'string', description: 'FRPM share (0-1) from which a school is high need (default 0.9)', example: '0.9' }),
  gradeWeights: z.string().trim().max(400).refine(gradeWeightsOk, 'must be grade:weight pairs with grades TK, K, 1-12 (each once) and weights of 0 or more, such as "K:1,1:1,9:1.1"').optional()
    .openapi({ description: 'weights for the estimated split by grade, such as "K:1,1:1,9:1.1" (grades not listed weigh 1)' }),
  note: Note,
}).strict();

/** "K:1,1:1,9:1.1": known grades, each once, weights of 0 or more. */
function gradeWeightsOk(text: string): boolean {
  const grades = text.split(',').map((part) => part.split(':').map((x) => x.trim()));
  const valid = grades.every(([g = '', w = '', ...rest]) => rest.length === 0 && isGrade(g.toUpperCase()) && /^\d+(\.\d+)?$/.test(w));
  return valid && new Set(grades.map(([g = '']) => g.toUpperCase())).size === grades.length;
}

export const IMPORT_EXAMPLE = 'multipart fields directory (pubschls.csv), frpm (frpm1415.csv), district (19-64733), optional enrollment, charters (exclude|include), highNeedThreshold (0.9)';

export const DatasetSummarySchema = z.object({
  district: z.string(), cdsCode: z.string(), baseFiscalYear: z.string(),
  schools: z.number().int(), students: z.number().int(), employees: z.number().int(), fte: z.number(),
  units: z.array(z.object({ id: z.string(), name: z.string(), union: z.string(), employees: z.number().int() })),
}).openapi('DatasetSummary');

export const DatasetVersionSchema = z.object({
  id: z.number().int(), datasetId: z.number().int(), version: z.number().int(),
  source: z.enum(['upload', 'zip', 'cde']), note: z.string(), sha256: z.string(),
  summary: DatasetSummarySchema, createdAt: z.string(), createdBy: z.string().openapi({ description: 'the name of who uploaded it' }),
}).openapi('DatasetVersion');

const DatasetRef = z.object({ id: z.number().int(), name: z.string() });

export const DatasetSchema = DatasetRef.extend({ createdAt: z.string(), versions: z.array(DatasetVersionSchema).openapi({ description: 'newest first' }) }).openapi('Dataset');

export const VersionAnswer = z.object({ dataset: DatasetRef, version: DatasetVersionSchema }).openapi('DatasetVersionAnswer');

export const UploadAnswer = VersionAnswer.extend({
  unchanged: z.boolean().openapi({ description: 'true when the files are byte-identical to the latest version: nothing was stored and that version is returned' }),
  ignored: z.array(z.string()).openapi({ description: 'entries of the zip that are not dataset files, left out' }),
}).openapi('DatasetUpload');
