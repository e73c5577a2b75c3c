import { fiscalYearOf, fyLabel, fyStart } from '../calendar/fiscal-year.ts';
import { costProposal } from '../costing/cost.ts';
import type { ProposalSource } from '../costing/checks.ts';
import type { Dataset } from '../district/types.ts';
import { sumCents, toCents } from '../money/cents.ts';
import type { Proposal } from '../proposals/types.ts';
import type { StrikeDay } from './days.ts';
import { unitDayPay } from './pay.ts';
import type { MemberLoss, Payback, UnitMembers } from './types.ts';

/**
 * The members' side, for every unit that struck on at least one day: a day's pay of the
 * average member (and of each role), and its sum over the days the unit was on strike — what a
 * member who struck all of them lost. Health benefits continue, so they are not lost.
 */
export function memberLosses(dataset: Dataset, days: StrikeDay[]): UnitMembers[] {
  const out: UnitMembers[] = [];
  for (const u of dataset.units) {
    const struck = days.filter((d) => d.shares[u.id] > 0);
    if (struck.length === 0) continue;
    const pays = struck.map((d) => unitDayPay(dataset, fiscalYearOf(d.date)).find((x) => x.unit === u.id)!);
    const loss = (pick: (p: (typeof pays)[number]) => { members: number; perMemberCents: number }, role: string): MemberLoss => {
      const lost = sumCents(pays.map((p) => pick(p).perMemberCents));
      return { role, members: pick(pays[0]).members, perMemberPerDayCents: Math.round(lost / struck.length), lostPerMemberCents: lost };
    };
    const roles = pays[0].roles.map((r) => loss((p) => p.roles.find((x) => x.role === r.role)!, r.role));
    const all = loss((p) => p, '');
    out.push({ unit: u.id, members: all.members, strikeDays: struck.length, perMemberPerDayCents: all.perMemberPerDayCents, lostPerMemberCents: all.lostPerMemberCents, roles });
  }
  return out;
}

/**
 * Months of the proposal's ongoing raise that repay what a striking member of its unit lost.
 * The raise is the proposal's ongoing salary cost on the unit's current staff (costProposal,
 * pay terms only, not added positions) in its first full fiscal year — the first that starts
 * on or after the proposal's date — per member and per month.
 */
export function payback(dataset: Dataset, input: { proposal: Proposal; source?: ProposalSource }, members: UnitMembers[]): Payback {
  const { proposal } = input;
  const cost = costProposal({ dataset, proposal: input.proposal, source: input.source });
  const dated = fiscalYearOf(proposal.date);
  // The first fiscal year starting on or after the date, kept within the years costed.
  const costed = cost.years.map((y) => y.fy);
  const wanted = fyLabel(proposal.date === fyStart(dated) ? dated : dated + 1);
  const year = cost.years.find((y) => y.fy === wanted) ?? (wanted < costed[0] ? cost.years[0] : cost.years[cost.years.length - 1]);
  const mine = (l: (typeof year.lines)[number]) => l.unit === proposal.unit && l.population === 'existing' && l.kind === 'salary';
  const ongoing = sumCents(year.lines.filter((l) => mine(l) && l.nature === 'ongoing').map((l) => l.cents));
  const oneTime = sumCents(cost.years.flatMap((y) => y.lines.filter((l) => mine(l) && l.nature === 'one-time').map((l) => l.cents)));
  const headcount = unitDayPay(dataset, dataset.district.baseFiscalYear).find((u) => u.unit === proposal.unit)?.members ?? 0;
  const monthly = headcount > 0 ? toCents(ongoing / 100 / headcount / 12) : 0;
  const lost = members.find((m) => m.unit === proposal.unit)?.lostPerMemberCents ?? null;
  return {
    proposal: { id: proposal.id, title: proposal.title, unit: proposal.unit, date: proposal.date },
    fy: year.fy,
    ongoingSalaryCents: ongoing,
    members: headcount,
    monthlyPerMemberCents: monthly,
    lostPerMemberCents: lost,
    months: lost !== null && lost > 0 && monthly > 0 ? Math.round((lost / monthly) * 10) / 10 : null,
    oneTimePerMemberCents: headcount > 0 ? toCents(oneTime / 100 / headcount) : 0,
  };
}
