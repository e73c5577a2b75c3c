import { fiscalYearOf, fyLabel } from '../calendar/fiscal-year.ts';
import type { ProposalSource } from '../costing/checks.ts';
import type { Dataset } from '../district/types.ts';
import type { Problem } from '../errors/problem.ts';
import { sumCents, toCents } from '../money/cents.ts';
import type { Proposal } from '../proposals/types.ts';
import { normalDay, revenueLost } from './attendance.ts';
import type { StrikeDays } from './days.ts';
import { memberLosses, payback } from './members.ts';
import { unitDayPay } from './pay.ts';
import type { DayImpact, Running, StrikeImpact, UnitPayNotPaid, YearParameters } from './types.ts';
import { weekdayName } from './weekday.ts';

export const METHOD = [
  'normal attendance = enrollment × normal attendance rate',
  'ADA lost = (normal attendance − students attending) ÷ instructional days',
  'revenue lost = ADA lost × revenue per ADA',
  'daily pay of a unit = Σ over its pay groups of annual status-quo pay ÷ days worked a year',
  'pay not paid = Σ over units of (striking share × daily pay) × (1 + statutory rate); health and welfare benefits continue and are not saved',
  'substitutes = number of substitutes × day rate',
  'net cost = revenue lost − pay not paid + substitutes + other costs',
];

/**
 * What each strike day costs the district (revenue lost, pay not paid, substitutes, other
 * costs, net, and running totals) and what it costs a striking member; with a proposal, how
 * many months of its raise repay the member's loss. Pure: same inputs, same result.
 */
export function strikeImpact(input: { dataset: Dataset; days: StrikeDays; proposal?: { proposal: Proposal; source?: ProposalSource } }): StrikeImpact {
  const { dataset, days } = input;
  const running: Running = { revenueLostCents: 0, payNotPaidCents: 0, substitutesCents: 0, otherCostsCents: 0, netCents: 0 };
  const out: DayImpact[] = days.days.map((d, i) => {
    const fy = fiscalYearOf(d.date);
    const normal = normalDay(dataset, fy);
    const revenue = revenueLost(normal, d.studentsAttending);
    const payNotPaid: UnitPayNotPaid[] = unitDayPay(dataset, fy).filter((u) => d.shares[u.unit] > 0).map((u) => {
      const share = d.shares[u.unit];
      const payCents = toCents((share * u.dailyPayCents) / 100);
      return { unit: u.unit, share, strikers: Math.round(share * u.members * 100) / 100, payCents, statutoryCents: toCents(((payCents / 100) * u.statutoryPct) / 100) };
    });
    const payNotPaidCents = sumCents(payNotPaid.flatMap((u) => [u.payCents, u.statutoryCents]));
    const substitutesCents = d.substitutes * d.substituteRateCents;
    const netCents = revenue.cents - payNotPaidCents + substitutesCents + d.otherCostsCents;
    running.revenueLostCents += revenue.cents;
    running.payNotPaidCents += payNotPaidCents;
    running.substitutesCents += substitutesCents;
    running.otherCostsCents += d.otherCostsCents;
    running.netCents += netCents;
    return {
      day: i + 1, line: d.line, date: d.date, weekday: weekdayName(d.date), fy: normal.fy,
      studentsAttending: d.studentsAttending, normalAttendance: normal.normalAttendance, adaLost: revenue.adaLost,
      revenueLostCents: revenue.cents, payNotPaid, payNotPaidCents,
      substitutes: d.substitutes, substituteRateCents: d.substituteRateCents, substitutesCents,
      otherCostsCents: d.otherCostsCents, netCents, running: { ...running }, note: d.note,
    };
  });
  const fys = [...new Set(days.days.map((d) => fiscalYearOf(d.date)))];
  const years: YearParameters[] = fys.map((fy) => ({ ...normalDay(dataset, fy), units: unitDayPay(dataset, fy).map(({ roles: _roles, ...u }) => u) }));
  const members = memberLosses(dataset, days.days);
  const warnings: Problem[] = [...days.warnings];
  if (members.length === 0) {
    warnings.push({
      code: 'strike.no-strikers', where: { file: days.file },
      message: 'no unit has a striking share above 0 on any day, so pay not paid is $0 and there is no members\' side',
      hint: `--striking ${dataset.units[0]?.id ?? 'UTLA'}=1, or a column ${'strike_share_' + (dataset.units[0]?.id ?? 'UTLA')}`,
    });
  }
  const back = input.proposal ? payback(dataset, input.proposal, members) : null;
  if (back && back.lostPerMemberCents === null) {
    warnings.push({ code: 'strike.proposal-unit-not-striking', where: { file: days.file }, message: `the proposal's unit ${back.proposal.unit} has no striking share above 0 on any day: there is no lost pay to repay`, hint: `--striking ${back.proposal.unit}=1` });
  }
  return {
    district: { name: dataset.district.name, cdsCode: dataset.district.cdsCode, baseFiscalYear: fyLabel(dataset.district.baseFiscalYear) },
    daysFile: days.file,
    method: METHOD,
    years,
    days: out,
    totals: { days: out.length, from: out[0]?.date ?? null, to: out[out.length - 1]?.date ?? null, ...running },
    members,
    payback: back,
    warnings,
  };
}
