import { formatDollars } from '../money/cents.ts';
import { renderTable, type Row } from '../reports/table.ts';
import type { Payback, StrikeImpact, UnitMembers, YearParameters } from './types.ts';

const usd = (c: number) => formatDollars(c, { exact: true });
const count = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** The human-readable report: one row per strike day with totals, the method, the members' side. */
export function strikeTable(r: StrikeImpact): string {
  const first = r.days[0];
  const last = r.days[r.days.length - 1];
  const out: string[] = [
    `Strike impact on ${r.district.name}`,
    `${r.totals.days} strike day${r.totals.days === 1 ? '' : 's'}, ${first.date} to ${last.date}, from ${r.daysFile}`,
    '',
    'The district\'s side (net cost = revenue lost − pay not paid + substitutes + other costs)',
  ];
  const subs = r.days.some((d) => d.substitutesCents !== 0);
  const other = r.days.some((d) => d.otherCostsCents !== 0);
  const header = ['Day', 'Date', 'Attending', 'Revenue lost', 'Pay not paid', ...(subs ? ['Substitutes'] : []), ...(other ? ['Other costs'] : []), 'Net cost', 'Net cost so far'];
  const rows: Row[] = r.days.map((d) => [
    String(d.day), `${d.weekday.slice(0, 3)} ${d.date}`, count(d.studentsAttending), usd(d.revenueLostCents), usd(d.payNotPaidCents),
    ...(subs ? [usd(d.substitutesCents)] : []), ...(other ? [usd(d.otherCostsCents)] : []), usd(d.netCents), usd(d.running.netCents),
  ]);
  rows.push('rule');
  const t = r.totals;
  rows.push(['Total', '', '', usd(t.revenueLostCents), usd(t.payNotPaidCents), ...(subs ? [usd(t.substitutesCents)] : []), ...(other ? [usd(t.otherCostsCents)] : []), usd(t.netCents), '']);
  out.push(renderTable(header, rows));
  if (!subs && !other) out.push('No substitutes or other costs were given (columns substitutes, substitute_day_rate, other_costs; or --substitutes and --substitute-rate).\n');
  for (const y of r.years) out.push(yearText(y, r.years.length > 1));
  out.push('Health and welfare benefits continue during a strike: they are not saved and are not in "pay not paid".\n');
  if (r.members.length > 0) out.push(membersText(r.members));
  if (r.payback) out.push(paybackText(r.payback));
  return out.join('\n');
}

function yearText(y: YearParameters, named: boolean): string {
  const perDay = Math.round(y.revenuePerAdaCents / y.instructionalDays);
  const lines = [
    `How the figures are made${named ? ` (days in ${y.fy})` : ''}, with the dataset's ${y.fy} parameters:`,
    `  normal attendance = ${count(y.enrollment)} enrolled × ${y.normalAttendanceRatePct}% = ${count(y.normalAttendance)} students a day`,
    `  revenue lost = (${count(y.normalAttendance)} − students attending) ÷ ${y.instructionalDays} instructional days × ${usd(y.revenuePerAdaCents)} revenue per ADA`,
    `                 (about ${usd(perDay)} for each student who stays away one day)`,
    '  pay not paid = striking share × daily pay × (1 + statutory rate), for each unit; daily pay = annual pay ÷ days worked a year:',
    ...y.units.map((u) => `    ${u.unit}: ${count(u.members)} members, daily pay ${usd(u.dailyPayCents)} (${usd(u.perMemberCents)} a member), statutory ${u.statutoryPct}%`),
  ];
  return lines.join('\n') + '\n';
}

function membersText(members: UnitMembers[]): string {
  const rows: Row[] = [];
  for (const m of members) {
    rows.push([`${m.unit} (average member)`, count(m.members), usd(m.perMemberPerDayCents), String(m.strikeDays), usd(m.lostPerMemberCents)]);
    for (const r of m.roles) rows.push([`  ${r.role}`, count(r.members), usd(r.perMemberPerDayCents), String(m.strikeDays), usd(r.lostPerMemberCents)]);
  }
  return 'The members\' side: pay a member loses by striking every day the unit is out (health benefits continue)\n'
    + renderTable(['Unit / role', 'Members', 'Pay a day', 'Strike days', 'Pay lost'], rows);
}

function paybackText(b: Payback): string {
  const p = b.proposal;
  const lines = [
    `Proposal ${p.id} (unit ${p.unit}, dated ${p.date}): how long its raise takes to repay the strike`,
    `  ongoing salary increase for ${p.unit}'s current staff in ${b.fy}, its first full year: ${usd(b.ongoingSalaryCents)}`,
    `  ÷ ${count(b.members)} members ÷ 12 months = ${usd(b.monthlyPerMemberCents)} a member a month`,
  ];
  if (b.lostPerMemberCents === null) lines.push(`  ${p.unit} did not strike on any day of the file: there is no lost pay to repay`);
  else if (b.months === null) lines.push(`  a member who struck every day lost ${usd(b.lostPerMemberCents)}; the proposal has no ongoing raise for ${p.unit} in ${b.fy} to repay it`);
  else lines.push(`  a member who struck every day lost ${usd(b.lostPerMemberCents)}: repaid in ${b.months} months of the raise (${usd(b.lostPerMemberCents)} ÷ ${usd(b.monthlyPerMemberCents)})`);
  lines.push(`  one-time money per member in the proposal (retroactive pay, bonuses), not counted above: ${usd(b.oneTimePerMemberCents)}`);
  return lines.join('\n') + '\n';
}
