/**
 * The vote API's answers as the pages read them (docs/votes.md; the exact shapes are in
 * /api/openapi.json). A vote's questions are the ones the committee wrote.
 */
export type Channel = 'online' | 'kiosk' | 'paper';
export const CHANNELS: Channel[] = ['online', 'kiosk', 'paper'];
export type VoteKind = 'strike-authorization' | 'ratification' | 'other';
export const VOTE_KINDS: VoteKind[] = ['strike-authorization', 'ratification', 'other'];
export type VoteState = 'draft' | 'frozen' | 'counted' | 'certified';

export interface VoteOption { key: string; label: string }
export interface Question { key: string; text: string; options: VoteOption[]; pass: { option: string; share: string } }
/** One ballot: each question's key → the option chosen, or null when left blank. */
export type Choices = Record<string, string | null>;

export interface Vote {
  id: number;
  title: string;
  kind: VoteKind;
  state: VoteState;
  /** Frozen and inside its window now: members may vote. */
  open: boolean;
  questions: Question[];
  cutoffAt: string;
  opensAt: string;
  closesAt: string;
  channels: Channel[];
  eligibleStatuses: string[];
  publicResults: boolean;
  createdAt: string;
  frozenAt: string | null;
  countedAt: string | null;
  certifiedAt: string | null;
  publishedAt: string | null;
}

/** What a voter (a code's voter token, or a signed-in member) reads of a vote to mark a ballot. */
export type BallotVote = Pick<Vote, 'id' | 'title' | 'kind' | 'state' | 'open' | 'questions' | 'opensAt' | 'closesAt' | 'publishedAt'>;

export interface Certification { person: { id: number; name: string }; certifiedAt: string }

/** A worksite's line; `sites` when it is the line of small worksites shown together. */
export interface SiteTurnout { name: string; eligible: number; voted: number; sites?: number }
export interface Turnout {
  eligible: number;
  voted: number;
  /** voted / eligible as a decimal rounded to 0.001, such as "0.810". */
  turnout: string;
  byChannel: Record<Channel, number>;
  sites: SiteTurnout[];
}

export interface QuestionResult {
  key: string;
  text: string;
  /** Each option's key → ballots that chose it. */
  counts: Record<string, number>;
  blank: number;
  /** Ballots that chose an option (blanks apart): what shares are out of. */
  answered: number;
  passOption: string;
  threshold: string;
  /** The pass option's share of `answered`, such as "0.980". */
  share: string;
  passed: boolean;
}
export interface Results extends Turnout {
  ballots: { opened: number; paper: number; spoiled: number };
  questions: QuestionResult[];
}

export interface Member { id: number; memberId: string; name: string }

export interface Challenge {
  id: number;
  member: Member;
  reason: string;
  raisedAt: string;
  status: 'pending' | 'upheld' | 'denied';
  ruledAt: string | null;
  note: string | null;
  /** A sealed ballot of this member waits for the ruling. */
  envelope: boolean;
}

export interface Voter {
  member: Member;
  worksite: { id: number; name: string } | null;
  standing: string;
  voted: boolean;
  channel: Channel | null;
}

export interface PaperCounts { ballots: number; spoiled: number; answers: Record<string, Record<string, number>> }
export interface PaperSite {
  worksiteId: number;
  worksite: string;
  signIns: number;
  entries: number;
  status: 'no-entries' | 'one-entry' | 'agree' | 'mismatch';
  /** The agreed ballots and spoiled ones are more than the sign-ins. */
  overSignIns: boolean;
  counts: PaperCounts | null;
  observerName: string | null;
  accepted: boolean;
}

export interface Cast { receipt: string; challenged: boolean }
export type ReceiptStatus = 'sealed' | 'awaiting-ruling' | 'counted' | 'not-counted' | 'unknown';
