/**
 * Who votes how in the demo's strike authorization, so that its published totals are UTLA's
 * (98% yes, 81% turnout): the voters at each worksite, the channel each uses and how many
 * ballots say yes. Pure arithmetic on the voter list; the demo casts them through the API.
 *
 * Turnout is voted ÷ eligible and the share is yes ÷ answered, each rounded half up, so:
 *   voted = round(turnout × eligible), yes = round(yesShare × voted), no = voted − yes
 * (no blank or spoiled ballots). Every site votes at the overall turnout (largest remainder),
 * its first members in roll order voting; a few members vote online with a one-time code, the
 * members of the kiosk sites at their kiosk, everyone else on paper at their site. The yes
 * ballots are split over the channels and the paper sites the same way.
 */
import { apportion } from '../district/generate/random.ts';

export interface RollMember {
  memberId: string;
  worksite: string;
  /** An email on the roster: a one-time code can reach them (the online channel). */
  email: boolean;
}

export interface VotePlanSpec {
  /** Whole percents: UTLA's 81 (turnout) and 98 (yes). */
  turnoutPercent: number;
  yesPercent: number;
  /** Members who vote online with a one-time code (members with an email, from the paper sites). */
  online: number;
  /** Worksites whose voters all vote at a kiosk. */
  kioskSites: readonly string[];
}

export interface PlannedBallots {
  /** The member ids, in the order they vote; the first `yes` vote yes, the rest no. */
  memberIds: string[];
  yes: number;
}

export interface VotePlan {
  eligible: number;
  voted: number;
  yes: number;
  no: number;
  online: PlannedBallots;
  kiosk: Map<string, PlannedBallots>;
  paper: Map<string, PlannedBallots>;
}

/** Half up on whole numbers: a × b ÷ 100 with a, b integers, without floating-point surprises. */
const percentOf = (percent: number, n: number) => Math.floor((percent * n * 2 + 100) / 200);

export function planStrikeVote(roll: readonly RollMember[], spec: VotePlanSpec): VotePlan {
  const eligible = roll.length;
  const voted = percentOf(spec.turnoutPercent, eligible);
  const yes = percentOf(spec.yesPercent, voted);
  const bySite = new Map<string, RollMember[]>();
  for (const m of roll) {
    const at = bySite.get(m.worksite);
    if (at) at.push(m);
    else bySite.set(m.worksite, [m]);
  }
  const sites = [...bySite.keys()].sort();
  const votersAt = apportion(voted, sites.map((s) => bySite.get(s)!.length));

  const kioskSites = new Set(spec.kioskSites);
  const kioskVoters = new Map<string, string[]>();
  const paperVoters = new Map<string, string[]>();
  const online: string[] = [];
  sites.forEach((site, i) => {
    const voters = bySite.get(site)!.slice(0, votersAt[i]);
    if (kioskSites.has(site)) { kioskVoters.set(site, voters.map((m) => m.memberId)); return; }
    // One member with an email per site votes online instead, until there are enough.
    const remote = online.length < spec.online ? voters.find((m) => m.email) : undefined;
    if (remote) online.push(remote.memberId);
    paperVoters.set(site, voters.filter((m) => m !== remote).map((m) => m.memberId));
  });
  if (online.length < spec.online) throw new RangeError(`only ${online.length} paper sites have a voter with an email; ${spec.online} were to vote online`);

  // The yes ballots in proportion to each group's voters: online, each kiosk site, each paper site.
  const groups = [online, ...kioskVoters.values(), ...paperVoters.values()];
  const yesIn = apportion(yes, groups.map((g) => g.length));
  const ballots = (ids: string[], k: number): PlannedBallots => ({ memberIds: ids, yes: yesIn[k] });
  let k = 1;
  const kiosk = new Map([...kioskVoters].map(([site, ids]) => [site, ballots(ids, k++)]));
  const paper = new Map([...paperVoters].map(([site, ids]) => [site, ballots(ids, k++)]));
  return { eligible, voted, yes, no: voted - yes, online: ballots(online, 0), kiosk, paper };
}
