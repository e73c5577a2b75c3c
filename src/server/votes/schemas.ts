/** The shapes of the committee's and members' vote routes: one zod schema per body, query and answer. */
import { z } from '@hono/zod-openapi';
import { Id, plainLine, plainText } from '../schemas.ts';

const Key = z.string().max(100);
const Time = z.string().max(40).openapi({ example: '2027-01-14T08:00:00Z' });

const OptionSchema = z.object({ key: Key, label: plainLine(500) }).strict();
const QuestionSchema = z.object({
  key: Key, text: plainText(2000), options: z.array(OptionSchema).max(20),
  pass: z.object({ option: Key, share: z.string().max(20).openapi({ description: 'the share of the answers the option must exceed, as a decimal such as "0.5"' }) }).strict(),
}).strict().openapi('VoteQuestion');

const setupFields = {
  title: plainLine(1000), kind: z.string().max(100), questions: z.array(QuestionSchema).max(20),
  cutoffAt: Time, opensAt: Time, closesAt: Time, channels: z.array(z.string().max(40)).max(10),
  eligibleStatuses: z.array(z.string().max(40)).max(10).optional(), publicResults: z.boolean().optional(),
};

const EXAMPLE = {
  title: 'Strike authorization, January 2027', kind: 'strike-authorization',
  questions: [{ key: 'authorize', text: 'Do you authorize the bargaining team to call a strike?', options: [{ key: 'yes', label: 'Yes' }, { key: 'no', label: 'No' }], pass: { option: 'yes', share: '0.5' } }],
  cutoffAt: '2027-01-10T00:00:00Z', opensAt: '2027-01-14T08:00:00Z', closesAt: '2027-01-21T20:00:00Z', channels: ['online', 'kiosk', 'paper'], eligibleStatuses: ['active', 'leave'], publicResults: true,
};

export const CreateBody = z.object(setupFields).strict().openapi('VoteSetup', { example: EXAMPLE });
export const EditBody = z.object(setupFields).partial().strict().openapi('VoteEdit', { example: { closesAt: '2027-01-22T20:00:00Z' } });

export const VoteSchema = z.object({
  id: z.number().int(), title: z.string(), kind: z.string(), questions: z.array(QuestionSchema),
  cutoffAt: z.string(), opensAt: z.string(), closesAt: z.string(), channels: z.array(z.string()), eligibleStatuses: z.array(z.string()), publicResults: z.boolean(),
  state: z.enum(['draft', 'frozen', 'counted', 'certified']),
  open: z.boolean().openapi({ description: 'frozen and between opensAt and closesAt now: members may vote' }),
  createdAt: z.string(), frozenAt: z.string().nullable(), countedAt: z.string().nullable(), certifiedAt: z.string().nullable(), publishedAt: z.string().nullable(),
}).openapi('Vote');

const SiteSchema = z.object({ name: z.string(), eligible: z.number().int(), voted: z.number().int(), sites: z.number().int().optional() });
const ByChannel = z.object({ online: z.number().int(), kiosk: z.number().int(), paper: z.number().int() });
export const TurnoutSchema = z.object({ eligible: z.number().int(), voted: z.number().int(), turnout: z.string(), byChannel: ByChannel, sites: z.array(SiteSchema) }).openapi('VoteTurnout');

export const ResultsSchema = z.object({
  eligible: z.number().int(), voted: z.number().int(), turnout: z.string().openapi({ description: 'voted / eligible, rounded half up to 0.001' }), byChannel: ByChannel,
  ballots: z.object({ opened: z.number().int(), paper: z.number().int(), spoiled: z.number().int() }),
  questions: z.array(z.object({
    key: z.string(), text: z.string(), counts: z.record(z.string(), z.number().int()), blank: z.number().int(), answered: z.number().int(),
    passOption: z.string(), threshold: z.string(), share: z.string(), passed: z.boolean(),
  })),
  sites: z.array(SiteSchema),
}).openapi('VoteResults');

export const VoteAnswer = z.object({ vote: VoteSchema, turnout: TurnoutSchema.optional() });
export const VoteList = z.object({ votes: z.array(VoteSchema) }).openapi('Votes');

export const VotersQuery = z.object({
  worksite: Id.optional().openapi({ param: { name: 'worksite', in: 'query' }, description: 'only voters of this worksite' }),
  q: z.string().trim().max(100).optional().openapi({ param: { name: 'q', in: 'query' }, description: 'part of a name or member id' }),
  limit: z.coerce.number().int().min(1).max(500).default(100).openapi({ param: { name: 'limit', in: 'query' } }),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0).openapi({ param: { name: 'offset', in: 'query' } }),
});

export const VotersSchema = z.object({
  voters: z.array(z.object({
    member: z.object({ id: z.number().int(), memberId: z.string(), name: z.string() }),
    worksite: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    standing: z.string(), voted: z.boolean(), channel: z.string().nullable(),
  })),
  total: z.number().int(), limit: z.number().int(), offset: z.number().int(),
}).openapi('VoteVoters');

export const ChallengeBody = z.object({
  memberId: z.string().trim().min(1).max(100).optional().openapi({ description: 'the member id the challenge is about (the committee); a member signed in leaves it out, or names their own' }),
  reason: plainText(2000).refine((s) => s.trim() !== '', 'say why'),
}).strict().openapi({ example: { memberId: '1001', reason: 'I was on leave at the cutoff and am missing from the list' } });

export const ChallengeSchema = z.object({
  id: z.number().int(), member: z.object({ id: z.number().int(), memberId: z.string(), name: z.string() }),
  reason: z.string(), raisedAt: z.string(), status: z.enum(['pending', 'upheld', 'denied']), ruledAt: z.string().nullable(), note: z.string().nullable(),
  envelope: z.boolean().openapi({ description: 'a challenged ballot of this member is sealed, waiting for the ruling (never its content)' }),
}).openapi('VoteChallenge');

export const ChallengesSchema = z.object({
  challenges: z.array(ChallengeSchema),
  envelopesWithoutChallenge: z.array(z.object({ member: z.object({ id: z.number().int(), memberId: z.string(), name: z.string() }) }))
    .openapi({ description: 'members not on the list who cast a challenged ballot and whom no challenge names yet: raise one (POST …/challenges {memberId}) to rule' }),
}).openapi('VoteChallenges');

export const RulingBody = z.object({ ruling: z.enum(['upheld', 'denied']), note: plainText(2000).optional() }).strict()
  .openapi({ example: { ruling: 'upheld', note: 'On leave at the cutoff: eligible under Article 5' } });

export const ChallengeParams = z.object({
  id: Id.openapi({ param: { name: 'id', in: 'path' }, example: 12 }),
  challengeId: Id.openapi({ param: { name: 'challengeId', in: 'path' }, example: 34 }),
});

export const ReceiptParams = z.object({
  id: Id.openapi({ param: { name: 'id', in: 'path' }, example: 12 }),
  code: z.string().max(40).openapi({ param: { name: 'code', in: 'path' }, example: '7K2M-QX9D-40TR' }),
});

export const CertificationsSchema = z.object({
  vote: VoteSchema, certifications: z.array(z.object({ person: z.object({ id: z.number().int(), name: z.string() }), certifiedAt: z.string() })),
}).openapi('VoteCertifications');

export const BallotsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(5000).default(1000).openapi({ param: { name: 'limit', in: 'query' } }),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0).openapi({ param: { name: 'offset', in: 'query' } }),
});
export const BallotsSchema = z.object({ ballots: z.array(z.record(z.string(), z.string().nullable())), total: z.number().int(), limit: z.number().int(), offset: z.number().int() }).openapi('VoteBallots');

export const MeSchema = z.object({ onList: z.boolean(), standing: z.string().nullable(), voted: z.boolean(), channel: z.string().nullable() }).openapi('VoteMe');
export const ReceiptSchema = z.object({ status: z.enum(['sealed', 'awaiting-ruling', 'counted', 'not-counted', 'unknown']) }).openapi('VoteReceipt');

export const PublicVotesSchema = z.object({
  votes: z.array(z.object({
    union: z.string(), title: z.string(), kind: z.string(), closedAt: z.string(), summary: z.string().openapi({ example: '98.0% yes, passed; 81.0% turnout' }),
    turnout: z.string(), questions: z.array(z.object({ text: z.string(), passOption: z.string(), share: z.string(), passed: z.boolean() })),
  })),
}).openapi('PublicVotes');
