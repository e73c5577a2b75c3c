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
  questions: Question[];
  cutoffAt: string;
  opensAt: string;
  closesAt: string;
  channels: Channel[];
  eligibleStatuses: string[];
  publicResults: boolean;
  publishedAt?: string | null;
  certifications?: Certification[];
}

export interface Certification { by: { id: number; name: string } | string; at: string }

export interface TurnoutLine { voted: number; eligible: number }
export interface Turnout extends TurnoutLine {
  byChannel: { channel: Channel; voted: number }[];
  byWorksite: { worksite: string | null; voted: number; eligible: number; grouped?: number }[];
}

export interface QuestionResult {
  key: string;
  text: string;
  options: { key: string; label: string; votes: number; share?: string | number }[];
  blank: number;
  passed: boolean;
}
export interface Results { questions: QuestionResult[]; turnout: Turnout }

export interface Challenge {
  id: number;
  member: { memberId: string; name: string };
  reason: string;
  status: 'pending' | 'upheld' | 'denied';
  raisedAt: string;
  envelope: boolean;
  ruling?: { by: string; at: string; note: string | null } | null;
}

export interface Voter {
  member: { id: number; memberId: string; name: string };
  worksite: { id: number; name: string } | null;
  standing: string;
  voted: boolean;
  channel: Channel | null;
}

export interface Cast { receipt: string; challenged: boolean }
export type ReceiptStatus = 'sealed' | 'awaiting-ruling' | 'counted' | 'not-counted' | 'unknown';
