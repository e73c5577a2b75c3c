/** The answers of the strike-morning routes the pages read (docs/pickets.md, docs/api.md). */
export interface Day { id: number; date: string; label: string; timeZone: string; cancelled: boolean; shifts?: number; sites?: number }
export interface Shift {
  id: number; dayId: number; worksiteId: number | null; worksite: string | null; region?: string | null; place: string | null; duty: string;
  startsAt: string; endsAt: string; capacity: number; minimum: number; captain?: { memberRowId: number; name: string } | null; signedUp: number; checkedIn?: number;
}
export interface Conflict { actions: { deviceActionId: string; action: string; at: string; recordedBy: number | null; method: string }[]; held: string; rule: string }
export interface Person { memberRowId: number; memberId: string; name: string; signedUp: boolean; checkedInAt: string | null; checkedOutAt: string | null; outMethod: string | null; conflict: Conflict | null }
export interface Codes { windowSeconds: number; codes: { from: string; to: string; code: string }[] }
export interface BoardShift { id: number; duty: string; startsAt: string; endsAt: string; status: string; minimum: number; capacity: number; signedUp: number; checkedIn: number; arrived: number; captain: boolean; belowMinimum: boolean }
export interface Board {
  day: Day & { lastActionAt?: string | null }; asOf: string;
  totals: { sites: number; places: number; shifts: number; signedUp: number; checkedIn: number; arrived: number; peopleCheckedIn: number; peopleArrived: number; belowMinimum: number; noCaptain: number; sitesBelowMinimum: number; sitesNoCaptain: number; placesBelowMinimum: number; placesNoCaptain: number };
  regions: { region: string | null; sites: { worksiteId: number | null; name: string; shifts: BoardShift[]; belowMinimum: boolean; noCaptain: boolean }[] }[];
}
export interface AtRisk {
  asOf: string;
  late: { memberRowId: number; name: string; shiftId: number; worksite: string; startsAt: string; minutesLate: number; messaged: boolean }[];
  belowMinimum: { shiftId: number; worksite: string; startsAt: string; status: string; signedUp: number; checkedIn: number; minimum: number }[];
}
export interface PayDay { dayId: number; date: string; label: string; hours: number; counted: boolean; why: string; whyEs: string; exception: { id: number; kind: string; reason: string } | null }
export interface PayRow { memberRowId: number; memberId: string; name: string; days: PayDay[]; eligibleDays: number; hours: number; eligible: boolean; amountCents: number; why: string; whyEs: string; paidCents: number | null }
export interface PayRules { timeZone: string; basis: 'day' | 'week'; amountCents: number; minHoursPerDay: number; firstWeek: string; maxPerWeekCents: number | null; [k: string]: unknown }
export interface Payout { id: number; periodStart: string; periodEnd: string; members: number; totalCents: number; sha256: string; producedAt: string; producedBy: { id: number; name: string } }
