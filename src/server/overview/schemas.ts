/** The answer of GET /api/dataset-versions/{id}/overview (validation of the document, /api/openapi.json). */
import { z } from '@hono/zod-openapi';

const Int = z.number().int();
const Role = z.object({ role: z.string(), headcount: Int, fte: z.number(), payCents: Int });

export const OverviewSchema = z
  .object({
    datasetVersionId: Int,
    district: z.object({ name: z.string(), cdsCode: z.string(), baseFiscalYear: z.string(), requiredReservePct: z.number() }),
    schools: z.object({
      total: Int, highNeed: Int, unmapped: Int.openapi({ description: 'schools without a latitude and longitude (not on the map)' }),
      byType: z.array(z.object({ type: z.string(), schools: Int, highNeed: Int, students: Int })),
    }).openapi({ description: 'from schools.csv; students from enrollment.csv' }),
    enrollment: z.object({
      total: Int,
      bySpan: z.array(z.object({ span: z.string(), students: Int, schools: Int.openapi({ description: 'schools with students in the span' }) })),
    }).openapi({ description: 'enrollment.csv by the current contract\'s class-size spans (district.yaml); grades no span covers are listed one by one' }),
    staff: z.object({
      headcount: Int, fte: z.number(), payCents: Int,
      byUnit: z.array(Role.omit({ role: true }).extend({ unit: z.string(), name: z.string(), union: z.string(), kind: z.string(), roles: z.array(Role) })),
    }).openapi({ description: 'staff.csv by unit and role: positions, FTE and base-year pay from schedules.csv (annual salary × FTE × positions, or hourly rate × hours a day × days a year × positions), before benefits' }),
    budget: z.array(z.object({
      fy: z.string(), revenueCents: Int, expenditureCents: Int, endingBalanceCents: Int, committedCents: Int, reservePct: z.number(), requiredReservePct: z.number(), meetsReserve: z.boolean(),
    })).openapi({ description: 'budget.csv with no proposal: ending balance = beginning + revenues − expenditures; reserve % = (ending − the part not available as reserve, the committed column) ÷ expenditures' }),
    points: z.array(z.object({ id: z.string(), name: z.string(), type: z.string(), lat: z.number(), lon: z.number(), students: Int, highNeed: z.boolean() }))
      .openapi({ description: 'every school with a location, for the map' }),
  })
  .openapi('DatasetOverview');
