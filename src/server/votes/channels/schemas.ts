/** Request and answer shapes of the casting channels (docs/votes.md, "Channels"). */
import { z } from '@hono/zod-openapi';
import { Id, plainLine } from '../../schemas.ts';

/** The union's member id, as on the member's card (what members know and type). */
export const MemberNumber = z.string().trim().min(1).max(64).regex(/^[^\s\u0000-\u001f\u007f]+$/, 'must be a member id such as 1001');
export const Code = z.string().trim().regex(/^\d{6}$/, 'must be the 6-digit code we sent, such as 042917');

export const ChoicesBody = z.object({
  choices: z.record(z.string().max(64), z.string().max(64).nullable()).openapi({ example: { authorize: 'yes' } }),
}).strict();
export const CastSchema = z.object({ receipt: z.string().openapi({ example: '7K2M-QX9D-40TR' }), challenged: z.boolean() }).openapi('Cast');

export const AccessBody = z.object({ memberId: MemberNumber, via: z.enum(['email', 'sms']) }).strict().openapi({ example: { memberId: '1001', via: 'email' } });
/** The request id POST /api/votes/{id}/access answered: a code is checked only with it. */
export const RequestId = z.string().trim().regex(/^[A-Za-z0-9_-]{16,100}$/, 'must be the requestId that asking for the code answered, such as "q4X8vK2m…" (ask for a code first: POST /api/votes/{id}/access)');
export const AccessSchema = z.object({ message: z.string(), requestId: z.string().openapi({ description: 'send it with the code: the code works only with the request that asked for it' }) });
export const VerifyBody = z.object({ memberId: MemberNumber, code: Code, requestId: RequestId }).strict().openapi({ example: { memberId: '1001', code: '042917', requestId: 'q4X8vK2mT9bLr3wZ0yHcNd' } });
export const VerifySchema = z.object({ voterToken: z.string(), expiresAt: z.string(), onList: z.boolean() });

export const KioskBody = z.object({ worksiteId: z.number().int().positive() }).strict();
export const KioskSchema = z.object({ kioskId: z.number().int(), kioskToken: z.string(), worksiteId: z.number().int() });
export const KioskParams = z.object({ id: Id.openapi({ param: { name: 'id', in: 'path' }, example: 12 }), kioskId: Id.openapi({ param: { name: 'kioskId', in: 'path' }, example: 34 }) });
export const IdentifyBody = z.union([
  z.object({ memberId: MemberNumber, code: Code, requestId: RequestId }).strict(),
  z.object({ memberId: MemberNumber, attest: z.literal(true), captainPassword: z.string().min(1).max(200).openapi({ description: 'the password of the site captain who opened this kiosk, typed by the captain for each member attested' }) }).strict(),
]).openapi({ example: { memberId: '1001', code: '042917', requestId: 'q4X8vK2mT9bLr3wZ0yHcNd' } });
export const KioskBallotBody = z.object({ ballotToken: z.string().min(1).max(100), choices: ChoicesBody.shape.choices }).strict();

export const SiteParams = z.object({ id: Id.openapi({ param: { name: 'id', in: 'path' }, example: 12 }), worksiteId: Id.openapi({ param: { name: 'worksiteId', in: 'path' }, example: 56 }) });
export const SignInsBody = z.object({ memberIds: z.array(MemberNumber).min(1).max(500) }).strict().openapi({ example: { memberIds: ['1001', '1002'] } });
export const SignInSchema = z.object({
  results: z.array(z.object({ memberId: z.string(), result: z.enum(['signed-in', 'refused', 'not-found']), reason: z.string().optional() })),
  signIns: z.number().int(),
});
const count = z.number().int().min(0).max(1_000_000);
export const PaperCountsSchema = z.object({ ballots: count, spoiled: count, answers: z.record(z.string().max(64), z.record(z.string().max(64), count)) }).strict()
  .openapi('PaperCounts', { example: { ballots: 40, spoiled: 1, answers: { authorize: { yes: 37, no: 2, blank: 1 } } } });
export const EntryBody = z.object({ counts: PaperCountsSchema }).strict();
export const ObserverBody = z.object({ observerName: plainLine(120).pipe(z.string().min(1, 'is empty: write the observer\'s name')) }).strict().openapi({ example: { observerName: 'Rosa Parks' } });
export const PaperSiteSchema = z.object({
  worksiteId: z.number().int(), worksite: z.string(), signIns: z.number().int(), entries: z.number().int(),
  status: z.enum(['no-entries', 'one-entry', 'agree', 'mismatch']),
  overSignIns: z.boolean().openapi({ description: 'the agreed ballots plus spoiled are more than the paper sign-ins' }),
  counts: PaperCountsSchema.nullable(), observerName: z.string().nullable(), accepted: z.boolean(),
}).openapi('PaperSite');
