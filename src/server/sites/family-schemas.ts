/** The shapes of the meal and partner sites routes (docs/api.md "Sites: meal and partner sites"). */
import { EARLIEST_DATE, LATEST_DATE } from '../../proposals/limits.ts';
import { z } from '@hono/zod-openapi';
import { isIsoDate } from '../../calendar/fiscal-year.ts';
import { FAMILY_KINDS, FAMILY_LIMITS, HHMM, PARTNER_KINDS } from '../../sites/family-site.ts';
import { Id, plainLine, WhereSchema } from '../schemas.ts';

export const FamilySiteParams = z.object({ id: Id.openapi({ param: { name: 'id', in: 'path' }, example: 12 }) });

export const FamilyListQuery = z.object({
  kind: z.enum(FAMILY_KINDS).optional().openapi({ param: { name: 'kind', in: 'query' }, description: 'only meal sites or only partner sites' }),
});

const required = (max: number, example: string) => plainLine(max).refine((s) => s !== '', `must not be empty, such as "${example}"`);
const Time = z.string().regex(HHMM, 'must be a 24-hour time HH:MM such as 07:30 or 13:30');
const Dates = z.array(z.string().max(10).refine(isIsoDate, 'must be a date YYYY-MM-DD on the calendar, such as 2023-03-21')
  .refine((d) => d >= EARLIEST_DATE && d <= LATEST_DATE, `must be a strike day's date, from ${EARLIEST_DATE} to ${LATEST_DATE}, such as 2023-03-21`)).max(FAMILY_LIMITS.dates)
  .refine((d) => new Set(d).size === d.length, 'lists a date twice: list each date once')
  .openapi({ description: 'the dates the site is open; [] (or left out): every strike day from the day it is entered (never an earlier strike\'s)', example: ['2023-03-21', '2023-03-22'] });
const Languages = z.array(required(FAMILY_LIMITS.language, 'Spanish')).max(FAMILY_LIMITS.languages).openapi({ example: ['English', 'Spanish'] });

const fields = {
  partnerKind: z.enum(PARTNER_KINDS).nullable().openapi({ description: 'partner sites: library, park, recreation or other; meal sites: null' }),
  name: required(FAMILY_LIMITS.name, 'Central Library'),
  address: required(FAMILY_LIMITS.address, '630 W 5th St, Los Angeles, CA 90071'),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  opens: Time.openapi({ example: '10:00' }),
  closes: Time.openapi({ example: '17:30' }),
  dates: Dates,
  mealsPerChild: z.number().int().min(1).max(FAMILY_LIMITS.mealsPerChild).nullable().openapi({ description: 'meal sites: meals handed to each child (2: breakfast and lunch); partner sites: null' }),
  offers: plainLine(FAMILY_LIMITS.offers),
  languages: Languages,
};

export const FamilySiteBody = z.object({
  kind: z.enum(FAMILY_KINDS),
  ...fields,
  partnerKind: fields.partnerKind.optional(), mealsPerChild: fields.mealsPerChild.optional(),
  dates: fields.dates.optional(), offers: fields.offers.optional(), languages: fields.languages.optional(),
}).strict().openapi('FamilySiteNew', {
  example: { kind: 'partner', partnerKind: 'library', name: 'Central Library', address: '630 W 5th St, Los Angeles, CA 90071', latitude: 34.0504, longitude: -118.2551, opens: '10:00', closes: '17:30', dates: [], offers: 'Supervision, computers', languages: ['English', 'Spanish'] },
});

export const FamilySiteEdit = z.object({
  kind: z.enum(FAMILY_KINDS).optional(),
  partnerKind: fields.partnerKind.optional(), name: fields.name.optional(), address: fields.address.optional(), latitude: fields.latitude.optional(), longitude: fields.longitude.optional(),
  opens: fields.opens.optional(), closes: fields.closes.optional(), dates: fields.dates.optional(), mealsPerChild: fields.mealsPerChild.optional(), offers: fields.offers.optional(), languages: fields.languages.optional(),
}).strict().openapi('FamilySiteEdit', { example: { closes: '18:00' } });

export const FamilySiteSchema = z.object({
  id: z.number().int(), kind: z.enum(FAMILY_KINDS), partnerKind: z.enum(PARTNER_KINDS).nullable(), name: z.string(), address: z.string(),
  latitude: z.number(), longitude: z.number(), opens: z.string(), closes: z.string(), dates: z.array(z.string()), mealsPerChild: z.number().int().nullable(),
  offers: z.string(), languages: z.array(z.string()),
  servesFrom: z.string().nullable().openapi({ description: 'a site without dates: the date it was entered (Los Angeles), from which it serves every strike day; null when it lists its dates' }),
  updatedAt: z.string(),
}).openapi('FamilySite');

export const ImportBody = z.object({
  csv: z.string().min(1).openapi({ description: 'the file\'s text (UTF-8), header first: kind,name,address,latitude,longitude,opens,closes,dates,meals_per_child,partner_kind,offers,languages' }),
  preview: z.boolean().optional().openapi({ description: 'true: answer the report and change nothing' }),
}).strict().openapi('FamilySitesImport', { example: { csv: 'kind,name,address,latitude,longitude,opens,closes,partner_kind\npartner,Central Library,"630 W 5th St, Los Angeles, CA 90071",34.0504,-118.2551,10:00,17:30,library\n', preview: true } });

const ReportProblem = z.object({ code: z.string(), message: z.string(), where: WhereSchema.optional(), hint: z.string().optional() });
export const ImportReport = z.object({
  preview: z.boolean(),
  rows: z.number().int().openapi({ description: 'rows read, header aside' }),
  toAdd: z.number().int().openapi({ description: 'sites the file adds (rows without a problem)' }),
  added: z.number().int().openapi({ description: 'sites added (0 in a preview)' }),
  problems: z.array(ReportProblem).openapi({ description: 'every problem, by line and column (the first 200, then how many more); any problem: an import is refused' }),
  sample: z.array(FamilySiteSchema.extend({ id: z.number().int().nullable(), line: z.number().int() })).openapi({ description: 'the first sites (at most 10); ids are null in a preview' }),
}).openapi('FamilySitesImportReport');
