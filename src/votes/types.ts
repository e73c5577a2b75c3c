/**
 * A vote's questions, a ballot's choices, a paper tally and the results: the shapes the pure
 * vote core (this folder) and the server (src/server/votes/) share. docs/votes.md explains them.
 */

export const CHANNELS = ['online', 'kiosk', 'paper'] as const;
export type Channel = (typeof CHANNELS)[number];

export const VOTE_KINDS = ['strike-authorization', 'ratification', 'other'] as const;
export type VoteKind = (typeof VOTE_KINDS)[number];

export interface VoteOption {
  /** Short stable key, such as `yes`. */
  key: string;
  label: string;
}

export interface Question {
  key: string;
  text: string;
  options: VoteOption[];
  /**
   * What passes: `option` receives more than `share` of the ballots that answered the question
   * (blank answers do not count), such as { option: 'yes', share: '0.5' } for a majority or
   * '0.6667' for two thirds. Decimal as text.
   */
  pass: { option: string; share: string };
}

/** One ballot: each question's key → the option chosen, or null when left blank. */
export type Choices = Record<string, string | null>;

/**
 * A worksite's paper tally as one person counted it: ballots in the box, spoiled ballots, and
 * per question the count of each option and of blanks.
 */
export interface PaperCounts {
  ballots: number;
  spoiled: number;
  answers: Record<string, Record<string, number>>;
}
