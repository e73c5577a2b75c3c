/**
 * The database as Kysely sees it: one interface for SQLite and PostgreSQL.
 *
 * Conventions, the same on both databases:
 * - ids are opaque: integers chosen by the application, uniformly at random in [1, 2^53)
 *   (src/db/ids.ts; every insert names its id, so the types require one). They are no
 *   sequence and no time: nothing orders by id, and an id says nothing about how many rows
 *   any organization wrote or when. They reach JavaScript as safe integers (PostgreSQL's int8
 *   strings are parsed in one place, `parseInt8` in connect.ts).
 * - order comes from a time column, a version number, or a counter kept per organization
 *   (the audit log's `number`), never from anything shared by every organization.
 * - times are ISO-8601 UTC text written by the application (`2024-07-01T12:00:00.000Z`),
 *   so both databases store and return exactly the same string.
 * - money, where a table has any, is a bigint column of whole cents, never a float.
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export type OrganizationKind = 'district' | 'union';

export interface OrganizationsTable {
  id: number;
  kind: OrganizationKind;
  name: string;
  created_at: string;
  /** A union's district (the other side of its table); null for a district. */
  district_id: number | null;
  /** A union's bargaining unit code in the district's data (such as `UTLA`); null for a district. */
  unit: string | null;
  /** The number of this organization's newest audit entry (0 before any). */
  audit_count: Generated<number>;
}

export interface PeopleTable {
  id: number;
  organization_id: number;
  /** Unique across the whole server; stored as given (callers normalise case). */
  email: string;
  name: string;
  created_at: string;
  role: Generated<string>;
  /** argon2id hash; null until the person accepts an invitation and sets a password. */
  password_hash: string | null;
  /** When an admin removed the person; null while they belong. Removed people stay for the audit history. */
  removed_at: Generated<string | null>;
  /** The roster member this sign-in belongs to (a member or a site captain); null for staff. */
  member_row_id: Generated<number | null>;
}

export interface AuditLogTable {
  id: number;
  organization_id: number;
  /** Null when the write was made by the system rather than a person. */
  person_id: number | null;
  /** What was done, such as `person.create`. */
  action: string;
  /** What it was done to, such as `people/12`. */
  subject: string;
  at: string;
  /** 1, 2, 3… within the organization, in the order the entries were written: the log's order. */
  number: number;
}

export interface InvitationsTable {
  id: number;
  organization_id: number;
  email: string;
  name: string;
  role: string;
  /** SHA-256 of the one-time token, hex; the token itself is only ever in the link. */
  token_hash: string;
  created_by: number | null;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
}

export interface SessionsTable {
  id: number;
  /** SHA-256 of the cookie's token, hex. */
  token_hash: string;
  person_id: number;
  created_at: string;
  expires_at: string;
}

/** One wrong password: keyed by the email as typed (normalised) whether or not an account has it, and the client address. */
export interface SignInFailuresTable {
  /** Never shown to anyone; random like every id. */
  id: number;
  /** The email, trimmed and lower-cased. */
  account: string;
  /** The client address (an IPv6 address as its /64), or `unknown`. */
  address: string;
  at: string;
  /** 1 while its password check runs (written in advance), 0 once the password proved wrong; one left at 1 was cut off by a stop. */
  pending: Generated<number>;
}

/** A rate limit's counter (src/server/http/counter.ts): how many were counted for `key` in the window from `window_start` to `window_end`. */
export interface RateLimitsTable {
  key: string;
  window_start: string;
  window_end: string;
  count: number;
}

export interface DatasetsTable {
  id: number;
  organization_id: number;
  name: string;
  created_by: number;
  created_at: string;
}

export interface DatasetVersionsTable {
  id: number;
  dataset_id: number;
  version: number;
  /** `upload`, `zip` or `cde`. */
  source: string;
  note: string;
  /** SHA-256 of the canonical JSON of the files, hex. */
  sha256: string;
  /** JSON: counts shown in lists (schools, students, employees, units, base year). */
  summary: string;
  /** gzip of JSON `{ "district.yaml": "...", "schools.csv": "...", ... }`. */
  files_gz: Uint8Array;
  created_by: number;
  created_at: string;
}

export interface ProposalsTable {
  id: number;
  organization_id: number;
  title: string;
  created_by: number;
  created_at: string;
}

export interface ProposalVersionsTable {
  id: number;
  proposal_id: number;
  version: number;
  dataset_version_id: number;
  /** The proposal as written (YAML); JSON input is stored as its YAML rendering. */
  yaml: string;
  /** JSON of the costing result (with traces). */
  result: string;
  /** JSON of the figures in brief (`VersionSummary`); null only for versions written before 0003. */
  summary: string | null;
  /** JSON of the cost lines by year without traces; null only for versions written before 0003. */
  cost_lines: string | null;
  created_by: number;
  created_at: string;
}

export interface PassesTable {
  id: number;
  proposal_version_id: number;
  from_organization_id: number;
  to_organization_id: number;
  passed_by: number;
  passed_at: string;
}

export interface PublicationsTable {
  id: number;
  proposal_version_id: number;
  published_by: number;
  published_at: string;
}

/** The other side's countersignature of a joint version (a tentative agreement): once per version, never changed. */
export interface CountersignaturesTable {
  id: number;
  proposal_version_id: number;
  /** The countersigning organization: the one the version was passed to. */
  organization_id: number;
  countersigned_by: number;
  countersigned_at: string;
}

/** A union's worksite: a school or office of the district's dataset, or text no site matched (`school_id` null). */
export interface RosterWorksitesTable {
  id: number;
  organization_id: number;
  /** `school:<dataset school id>` or `text:<normalised text>`: one row per key per union. */
  key: string;
  name: string;
  school_id: string | null;
  cds_code: string | null;
  created_at: string;
  /** The region the coverage board groups the site under; null: not set. */
  region: Generated<string | null>;
}

/** A member of a union's roster; removed members keep their row (`removed_at`). */
export interface RosterMembersTable {
  id: number;
  organization_id: number;
  /** The union's own member id, unique within the union. */
  member_id: string;
  name: string;
  employee_id: string | null;
  email: string | null;
  /** E.164, such as +12135550143. */
  mobile: string | null;
  worksite_id: number | null;
  job_class: string | null;
  /** `active`, `leave` or `inactive`. */
  status: string;
  created_at: string;
  updated_at: string;
  removed_at: string | null;
}

/** An uploaded roster file: `pending` until confirmed, then `applied`. */
export interface RosterImportsTable {
  id: number;
  organization_id: number;
  file_name: string;
  /** `csv` or `xlsx`. */
  format: string;
  rows: number;
  /** gzip of JSON `{ header, rows: [{ line, cells }] }`: the table as read. */
  table_gz: Uint8Array;
  /** The dataset version worksites were matched against; null when the table has none. */
  dataset_version_id: number | null;
  status: string;
  /** JSON counts once applied. */
  summary: string | null;
  created_by: number;
  created_at: string;
  applied_by: number | null;
  applied_at: string | null;
}

/** One change to a member: `add`, `change`, `remove` or `restore`, with the fields before and after (JSON). */
export interface RosterMemberHistoryTable {
  id: number;
  organization_id: number;
  member_row_id: number;
  import_id: number | null;
  action: string;
  before: string | null;
  after: string | null;
  changed_by: number;
  changed_at: string;
}

/** A member named captain of a worksite; `ended_at` once the assignment ends. */
export interface RosterSiteCaptainsTable {
  id: number;
  organization_id: number;
  worksite_id: number;
  member_row_id: number;
  assigned_by: number;
  assigned_at: string;
  ended_by: number | null;
  ended_at: string | null;
}

/** A vote (docs/votes.md). JSON columns: questions, channels, eligible_statuses, results. */
export interface VotesTable {
  id: number;
  organization_id: number;
  title: string;
  /** `strike-authorization`, `ratification` or `other`. */
  kind: string;
  /** JSON: Question[] (src/votes/types.ts). */
  questions: string;
  /** JSON: Channel[]. */
  channels: string;
  /** JSON: the roster statuses that may vote, such as ["active","leave"]. */
  eligible_statuses: string;
  cutoff_at: string;
  opens_at: string;
  closes_at: string;
  /** `draft`, `frozen` (the voter list is fixed), `counted`, `certified`. */
  state: string;
  /** 1: the certified result may be shown on the public page. */
  public_results: Generated<number>;
  /** JSON: Results (src/votes/types.ts), once counted. */
  results: string | null;
  created_by: number;
  created_at: string;
  updated_at: string;
  frozen_at: string | null;
  counted_by: number | null;
  counted_at: string | null;
  certified_at: string | null;
  published_at: string | null;
}

/** The voter roll: who may vote and who has; never how. */
export interface VoteVotersTable {
  id: number;
  vote_id: number;
  member_row_id: number;
  /** The member's worksite as of the cutoff (turnout by site). */
  worksite_id: number | null;
  /** `listed`, `added`, `challenged`, `struck`. */
  standing: string;
  voted_at: string | null;
  /** `online`, `kiosk` or `paper` once voted. */
  channel: string | null;
}

/** A sealed ballot cast while the vote is open: no voter, no time. */
export interface VoteInboxTable {
  id: number;
  vote_id: number;
  sealed: Uint8Array;
  receipt_hash: string;
}

/** A challenged ballot, sealed, waiting for the committee's ruling on its voter. */
export interface VoteEnvelopesTable {
  id: number;
  vote_id: number;
  voter_id: number;
  sealed: Uint8Array;
  receipt_hash: string;
}

/** An opened ballot, written by the count in a random order. */
export interface VoteBallotsTable {
  id: number;
  vote_id: number;
  /** JSON: Choices (question key → option key, or null for a question left blank). */
  choices: string;
}

/** A receipt's hash and what became of its ballot: `counted` or `not-counted`. */
export interface VoteReceiptsTable {
  vote_id: number;
  receipt_hash: string;
  outcome: string;
}

export interface VoteRefusalsTable {
  id: number;
  vote_id: number;
  member_row_id: number;
  channel: string;
  reason: string;
  at: string;
}

export interface VoteChallengesTable {
  id: number;
  vote_id: number;
  member_row_id: number;
  raised_by: number | null;
  reason: string;
  raised_at: string;
  /** `pending`, `upheld` (the member may vote) or `denied`. */
  status: string;
  ruled_by: number | null;
  ruled_at: string | null;
  ruling_note: string | null;
}

export interface VoteAccessTable {
  id: number;
  vote_id: number;
  member_row_id: number;
  /** `email` or `sms`. */
  via: string;
  code_hash: string;
  created_at: string;
  expires_at: string;
  attempts: Generated<number>;
  used_at: string | null;
  token_hash: string | null;
  token_expires_at: string | null;
  /** The hash of the request id answered to whoever asked for the code (null: a kiosk ballot token). */
  request_hash: string | null;
  /** A keyed hash of the network address that asked for the code (null: a kiosk ballot token). */
  requested_from: string | null;
}

export interface VoteKiosksTable {
  id: number;
  vote_id: number;
  worksite_id: number;
  token_hash: string;
  opened_by: number;
  opened_at: string;
  closed_at: string | null;
}

export interface VotePaperEntriesTable {
  id: number;
  vote_id: number;
  worksite_id: number;
  /** JSON: PaperCounts (src/votes/types.ts). */
  counts: string;
  entered_by: number;
  entered_at: string;
}

export interface VotePaperSitesTable {
  id: number;
  vote_id: number;
  worksite_id: number;
  sign_ins: number;
  /** JSON: the reconciled PaperCounts once two entries agree. */
  counts: string | null;
  observer_name: string | null;
  observer_signed_by: number | null;
  observer_signed_at: string | null;
  accepted_at: string | null;
}

export interface VoteCertificationsTable {
  id: number;
  vote_id: number;
  person_id: number;
  certified_at: string;
}

/**
 * A message to send (src/server/messages/): `pending` → `sending` → `sent`, or `failed`
 * (retries left: back to `pending` at `next_attempt_at`), `bounced` (refused for good),
 * `opted-out` (the address asked for no more), `uncertain` (the server stopped mid-send; never
 * sent again by itself).
 */
export interface OutboxTable {
  id: number;
  organization_id: number;
  /** `email` or `sms`. */
  channel: string;
  /** An email address or an E.164 mobile number. */
  recipient: string;
  subject: string | null;
  body: string;
  /** What it is for: `invitation`, `vote-code`, `vote-reminder`, … */
  kind: string;
  /** Unique per organization: the same message is never queued twice. */
  dedupe_key: string;
  status: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  last_error: string | null;
  provider_id: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface MessageOptOutsTable {
  id: number;
  organization_id: number;
  channel: string;
  address: string;
  /** `stop-reply`, `unsubscribe-link`, `provider`, `bounce`. */
  reason: string;
  at: string;
}

/** A strike day the union declared (docs/pickets.md). `date` is YYYY-MM-DD in `time_zone`. */
export interface StrikeDaysTable {
  id: number;
  organization_id: number;
  date: string;
  label: string;
  /** IANA time zone of the day's shift times, such as America/Los_Angeles. */
  time_zone: string;
  created_by: number;
  created_at: string;
  cancelled_at: string | null;
}

/** A shift on a strike day, at a worksite or (an alternate duty) at `place`. Times are UTC ISO instants. */
export interface PicketShiftsTable {
  id: number;
  organization_id: number;
  strike_day_id: number;
  worksite_id: number | null;
  place: string | null;
  /** `picket`, `phone-bank`, `food`, `child-care`, `access` or `other`. */
  duty: string;
  starts_at: string;
  ends_at: string;
  capacity: number;
  /** The fewest people the shift needs; below it the site is at risk. */
  minimum: number;
  /** The shift's captain (a roster member); null: the worksite's current captain. */
  captain_member_id: number | null;
  /** The template the shift was made from, if any. */
  template: string | null;
  /** Hex of 32 random bytes: the key the shift's rotating check-in codes come from. Never sent to members. */
  code_secret: string;
  created_by: number;
  created_at: string;
  updated_at: string;
  removed_at: string | null;
}

/** A member on a shift: `self` (signed up) or `assigned` (by an organizer); `ended_at` once cancelled or moved. */
export interface PicketSignupsTable {
  id: number;
  organization_id: number;
  shift_id: number;
  member_row_id: number;
  source: string;
  created_by: number;
  created_at: string;
  ended_by: number | null;
  ended_at: string | null;
  /** The sign-up that replaced this one when an organizer moved the member. */
  moved_to: number | null;
}

/** A check-in, check-out or undo as recorded, never changed; unique per union by the device's id for it. */
export interface PicketActionsTable {
  /**
   * Never shown to anyone and never read but to see whether a row exists. On PostgreSQL a random id
   * (src/db/ids.ts); on SQLite the file's next rowid, which the check-in's insert leaves to the
   * file (src/server/pickets/checkin-batch.ts; ids.ts says why).
   */
  id: number;
  organization_id: number;
  device_action_id: string;
  shift_id: number;
  member_row_id: number;
  /** `in`, `out` or `undo`. */
  action: string;
  /** The time on the device that recorded it (UTC ISO). */
  at: string;
  received_at: string;
  /** `code`, `captain`, `organizer` or `auto`. */
  method: string;
  /** The person whose session sent it; null for `auto`. */
  recorded_by: number | null;
}

/** A member's attendance on a shift, as the actions give it (src/pickets/attendance.ts). */
export interface PicketAttendanceTable {
  shift_id: number;
  member_row_id: number;
  organization_id: number;
  checked_in_at: string | null;
  checked_out_at: string | null;
  /** How the check-out was made (`code`, `captain`, `organizer`, `auto`); null while checked in. */
  out_method: string | null;
  /** JSON: the disagreement between recorders and which action held; null when none. */
  conflict: string | null;
  /** JSON list of [from, to]: periods checked out between a check-out and a later check-in (not paid); '[]' when none. */
  away: Generated<string>;
  updated_at: string;
}

/** One version of the union's strike-pay rules (JSON, src/pickets/pay.ts); the latest holds. */
export interface StrikePayRulesTable {
  id: number;
  organization_id: number;
  rules: string;
  created_by: number;
  created_at: string;
}

/** An organizer's exception for a member on a strike day (`count` or `exclude`), with the reason. */
export interface StrikePayExceptionsTable {
  id: number;
  organization_id: number;
  member_row_id: number;
  strike_day_id: number;
  kind: string;
  reason: string;
  granted_by: number;
  granted_at: string;
  revoked_by: number | null;
  revoked_at: string | null;
}

/** A payout export, produced once per union and period. */
export interface StrikePayoutsTable {
  id: number;
  organization_id: number;
  period_start: string;
  period_end: string;
  rules_id: number;
  members: number;
  total_cents: number;
  csv: string;
  sha256: string;
  produced_by: number;
  produced_at: string;
}

/** What a payout paid one member (a row of its file). */
export interface StrikePayoutLinesTable {
  payout_id: number;
  organization_id: number;
  member_row_id: number;
  amount_cents: number;
  eligible_days: number;
  minutes: number;
}

/** A district's strike day (docs/sites.md): the plan of its sites, and the inputs of its cost. */
export interface SiteDaysTable {
  id: number;
  organization_id: number;
  /** YYYY-MM-DD. */
  date: string;
  label: string;
  /** The dataset version the day's cost (and its list of sites) comes from. */
  dataset_version_id: number;
  /** JSON `{ "UTLA": 1 }`: share (0–1) of each bargaining unit on strike. */
  shares: string;
  substitute_day_rate_cents: number | null;
  other_costs_cents: Generated<number>;
  /** The most children per adult present before a site is flagged. */
  ratio_limit: number;
  /** One more at every change of the day or of a site on it. */
  version: number;
  /** The plan version last published; null: never published. */
  published_version: number | null;
  created_by: number;
  created_at: string;
  cancelled_at: string | null;
}

export type SiteStatus = 'instruction' | 'supervision' | 'meals' | 'closed';

/** One school or office of the dataset on a district strike day. */
export interface SiteStatusesTable {
  day_id: number;
  organization_id: number;
  /** The dataset school id (E0001). */
  school_id: string;
  name: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
  status: string;
  /** Local HH:MM; null when closed. */
  opens: string | null;
  closes: string | null;
  /** Children the site can take; null: not set. */
  capacity: number | null;
  administrators: Generated<number>;
  substitutes: Generated<number>;
  volunteers: Generated<number>;
  /** The latest counts a site administrator reported, and when. */
  children_present: number | null;
  adults_present: number | null;
  counted_at: string | null;
  /** Students attending that day (entered or imported), for the day's cost. */
  students_attending: number | null;
  offers: Generated<string>;
  /** JSON array of language names. */
  languages: Generated<string>;
  version: number;
  updated_by: number;
  updated_at: string;
}

/** Every change of a site on a day, never changed. */
export interface SiteChangesTable {
  id: number;
  organization_id: number;
  day_id: number;
  school_id: string;
  plan_version: number;
  /** `plan` (a planner's change), `bulk` (part of a bulk change), `count` (a site administrator's counts), `attendance`. */
  kind: string;
  /** JSON of the changed fields before and after. */
  before: string;
  after: string;
  /** The bulk change this row belongs to (the id of its first row); null for a single change. */
  batch: number | null;
  person_id: number;
  at: string;
}

export interface SitePublicationsTable {
  id: number;
  organization_id: number;
  day_id: number;
  plan_version: number;
  /** JSON of what the public page shows for the day. */
  snapshot: string;
  published_by: number;
  published_at: string;
}

export interface SiteAdminsTable {
  id: number;
  organization_id: number;
  person_id: number;
  school_id: string;
  assigned_by: number;
  assigned_at: string;
  ended_at: string | null;
}

/** A grab-and-go meal site or a partner site (library, park, recreation center). */
export interface FamilySitesTable {
  id: number;
  organization_id: number;
  /** `meal` or `partner`. */
  kind: string;
  /** For partner sites: `library`, `park`, `recreation` or `other`. */
  partner_kind: string | null;
  name: string;
  address: string;
  latitude: number;
  longitude: number;
  opens: string;
  closes: string;
  /** JSON array of YYYY-MM-DD; [] = every strike day. */
  dates: string;
  meals_per_child: number | null;
  offers: Generated<string>;
  languages: Generated<string>;
  created_by: number;
  created_at: string;
  updated_at: string;
  removed_at: string | null;
}

export interface Database {
  organizations: OrganizationsTable;
  people: PeopleTable;
  audit_log: AuditLogTable;
  invitations: InvitationsTable;
  sessions: SessionsTable;
  sign_in_failures: SignInFailuresTable;
  rate_limits: RateLimitsTable;
  datasets: DatasetsTable;
  dataset_versions: DatasetVersionsTable;
  proposals: ProposalsTable;
  proposal_versions: ProposalVersionsTable;
  passes: PassesTable;
  publications: PublicationsTable;
  countersignatures: CountersignaturesTable;
  roster_worksites: RosterWorksitesTable;
  roster_members: RosterMembersTable;
  roster_imports: RosterImportsTable;
  roster_member_history: RosterMemberHistoryTable;
  roster_site_captains: RosterSiteCaptainsTable;
  votes: VotesTable;
  vote_voters: VoteVotersTable;
  vote_inbox: VoteInboxTable;
  vote_envelopes: VoteEnvelopesTable;
  vote_ballots: VoteBallotsTable;
  vote_receipts: VoteReceiptsTable;
  vote_refusals: VoteRefusalsTable;
  vote_challenges: VoteChallengesTable;
  vote_access: VoteAccessTable;
  vote_kiosks: VoteKiosksTable;
  vote_paper_entries: VotePaperEntriesTable;
  vote_paper_sites: VotePaperSitesTable;
  vote_certifications: VoteCertificationsTable;
  outbox: OutboxTable;
  message_opt_outs: MessageOptOutsTable;
  strike_days: StrikeDaysTable;
  picket_shifts: PicketShiftsTable;
  picket_signups: PicketSignupsTable;
  picket_actions: PicketActionsTable;
  picket_attendance: PicketAttendanceTable;
  strike_pay_rules: StrikePayRulesTable;
  strike_pay_exceptions: StrikePayExceptionsTable;
  strike_payouts: StrikePayoutsTable;
  strike_payout_lines: StrikePayoutLinesTable;
  site_days: SiteDaysTable;
  site_statuses: SiteStatusesTable;
  site_changes: SiteChangesTable;
  site_publications: SitePublicationsTable;
  site_admins: SiteAdminsTable;
  family_sites: FamilySitesTable;
}

export type Organization = Selectable<OrganizationsTable>;
export type NewOrganization = Insertable<OrganizationsTable>;
export type OrganizationUpdate = Updateable<OrganizationsTable>;
export type Person = Selectable<PeopleTable>;
export type NewPerson = Insertable<PeopleTable>;
export type PersonUpdate = Updateable<PeopleTable>;
export type AuditEntry = Selectable<AuditLogTable>;
export type NewAuditEntry = Insertable<AuditLogTable>;
