/**
 * The coverage board and the at-risk list of a strike day, read from the database at `now`:
 * the store's set-based queries, then the pure figures (src/pickets/coverage.ts, at-risk.ts).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { coverageBoard, type Board } from '../../pickets/coverage.ts';
import { atRiskList, type AtRisk } from '../../pickets/at-risk.ts';
import { attendanceOf, messagedOf, runningSignupsOf, shiftFactsOf, strikeDayOf, type DayInfo, type SignupContact } from './board-store.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type DayBoard = { day: DayInfo } & Board;

export async function boardOf(db: Db, organizationId: number, dayId: number, now: Date): Promise<DayBoard> {
  const day = await strikeDayOf(db, organizationId, dayId);
  const [shifts, attendance] = await Promise.all([shiftFactsOf(db, organizationId, dayId), attendanceOf(db, organizationId, dayId)]);
  return { day, ...coverageBoard({ shifts, attendance, now }) };
}

export interface DayAtRisk {
  atRisk: AtRisk;
  /** The late members' contacts, by `shiftId:memberRowId`. */
  contacts: Map<string, SignupContact>;
}

export async function atRiskOf(db: Db, organizationId: number, dayId: number, now: Date): Promise<DayAtRisk> {
  const day = await strikeDayOf(db, organizationId, dayId);
  // A cancelled day has nobody late and no shift short: nobody may check in on it, so a message
  // telling members to would ask what they cannot do.
  if (day.cancelled) return { atRisk: atRiskList({ shifts: [], signups: [], attendance: [], messaged: new Set(), now }), contacts: new Map() };
  const [shifts, attendance, signups, messaged] = await Promise.all([
    shiftFactsOf(db, organizationId, dayId), attendanceOf(db, organizationId, dayId), runningSignupsOf(db, organizationId, dayId, now), messagedOf(db, organizationId, dayId),
  ]);
  return {
    atRisk: atRiskList({ shifts, signups, attendance, messaged, now }),
    contacts: new Map(signups.map((s) => [`${s.shiftId}:${s.memberRowId}`, s])),
  };
}
