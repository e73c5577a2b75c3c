/**
 * Strike pay (issue 14; docs/pickets.md "Strike pay"): the union's rules (pay-rules.ts), its
 * weeks (pay-period.ts), a member's day and week (pay-day.ts, pay-week.ts), the ledger for a
 * period (pay-ledger.ts) and the payout file (pay-csv.ts). Pure: no clock, no database.
 */
export { DEFAULT_RULES, PayRulesSchema, RULES_EXAMPLE, ALTERNATE_DUTIES, type PayRules } from './pay-rules.ts';
export { addDays, isMonday, localMidnight, mondayOf, periodOf, type Period } from './pay-period.ts';
export { memberDay, type DayLedger, type PayAttendance, type PayDay, type PayException, type PayMember, type PayShift, type WorkedShift } from './pay-day.ts';
export { memberWeek, type WeekResult } from './pay-week.ts';
export { periodLedger, periodsOf, type LedgerRow, type PayFacts, type PeriodLedger } from './pay-ledger.ts';
export { dollars, payoutCsv, payoutFile, PAYOUT_COLUMNS, safeCell, type PayoutFile, type PayoutFileInput } from './pay-csv.ts';
