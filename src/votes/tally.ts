/**
 * Counting: the opened ballots and the accepted paper tallies give each question's totals;
 * the voter roll gives turnout (overall, by channel, by worksite). Shares come from share.ts
 * (exact, rounded once to 0.1%). Worksites where fewer than SMALL_SITE members voted are
 * shown together on one line, so that no small site's turnout points at anyone; when only one
 * is, the next smallest joins it (a line of one site would be that site's turnout).
 */
import { moreThan, shareText } from './share.ts';
import { BLANK_KEY } from './setup.ts';
import { CHANNELS, type Channel, type Choices, type PaperCounts, type Question } from './types.ts';

export const SMALL_SITE = 5;
export const SMALL_SITES_LINE = 'Sites with few voters';

/** One eligible voter on the roll (listed, or added by a ruling): where, and whether and how they voted. */
export interface RollEntry {
  worksite: string | null;
  voted: boolean;
  channel: Channel | null;
}

export interface QuestionResult {
  key: string;
  text: string;
  /** Option key → ballots choosing it (online, kiosk and paper together). */
  counts: Record<string, number>;
  blank: number;
  /** Ballots that chose an option (blanks excluded): what the pass share is out of. */
  answered: number;
  passOption: string;
  threshold: string;
  /** The pass option's share of `answered`, rounded half up to 0.001. */
  share: string;
  /** Exactly: the pass option's count is more than threshold × answered. */
  passed: boolean;
}

export interface SiteTurnout {
  name: string;
  eligible: number;
  voted: number;
  /** On the merged line: how many worksites it stands for. */
  sites?: number;
}

export interface Results {
  eligible: number;
  voted: number;
  /** voted / eligible, rounded half up to 0.001. */
  turnout: string;
  byChannel: Record<Channel, number>;
  ballots: { opened: number; paper: number; spoiled: number };
  questions: QuestionResult[];
  sites: SiteTurnout[];
}

const NO_WORKSITE = 'No worksite';

export function tally(o: { questions: readonly Question[]; ballots: readonly Choices[]; paper: readonly PaperCounts[]; roll: readonly RollEntry[] }): Results {
  const questions = o.questions.map((q): QuestionResult => {
    const counts: Record<string, number> = Object.fromEntries(q.options.map((opt) => [opt.key, 0]));
    let blank = 0;
    for (const b of o.ballots) {
      const c = b[q.key];
      if (c != null && Object.hasOwn(counts, c)) counts[c] += 1;
      else blank += 1; // left blank (or, defensively, a key no option has: never counted for an option)
    }
    for (const p of o.paper) {
      const a = p.answers[q.key] ?? {};
      for (const k of Object.keys(counts)) counts[k] += a[k] ?? 0;
      blank += a[BLANK_KEY] ?? 0;
    }
    const answered = Object.values(counts).reduce((s, n) => s + n, 0);
    const yes = counts[q.pass.option] ?? 0;
    return { key: q.key, text: q.text, counts, blank, answered, passOption: q.pass.option, threshold: q.pass.share, share: shareText(yes, answered), passed: moreThan(yes, answered, q.pass.share) };
  });

  const byChannel = Object.fromEntries(CHANNELS.map((c) => [c, 0])) as Record<Channel, number>;
  const bySite = new Map<string, SiteTurnout>();
  let voted = 0;
  for (const r of o.roll) {
    const name = r.worksite ?? NO_WORKSITE;
    const site = bySite.get(name) ?? { name, eligible: 0, voted: 0 };
    site.eligible += 1;
    if (r.voted) {
      site.voted += 1;
      voted += 1;
      if (r.channel) byChannel[r.channel] += 1;
    }
    bySite.set(name, site);
  }
  const all = [...bySite.values()].sort((a, b) => a.name.localeCompare(b.name, 'en'));
  const shown = all.filter((s) => s.voted >= SMALL_SITE);
  const small = all.filter((s) => s.voted < SMALL_SITE);
  if (small.length === 1 && shown.length > 0) {
    // The site with the fewest voters (the first by name among equals) joins the one small site.
    const next = shown.reduce((a, b) => (b.voted < a.voted ? b : a));
    shown.splice(shown.indexOf(next), 1);
    small.push(next);
  }
  const sites = small.length === 0 ? shown : [...shown, {
    name: SMALL_SITES_LINE, eligible: small.reduce((n, s) => n + s.eligible, 0), voted: small.reduce((n, s) => n + s.voted, 0), sites: small.length,
  }];

  return {
    eligible: o.roll.length, voted, turnout: shareText(voted, o.roll.length), byChannel,
    ballots: { opened: o.ballots.length, paper: o.paper.reduce((n, p) => n + p.ballots, 0), spoiled: o.paper.reduce((n, p) => n + p.spoiled, 0) },
    questions, sites,
  };
}
