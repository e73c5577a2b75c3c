/**
 * CSRF, naming the cause: on every route that changes something (POST, PUT, PATCH, DELETE in
 * the OpenAPI document, so routes added later are covered without editing this file), a
 * request that is otherwise valid, made by a signed-in person whose role may make it, but with
 * the X-CSRF-Token header missing or forged, is refused with 403 `auth.csrf` and changes no row
 * of any table; the same request with the session's token then succeeds (so it is the token,
 * not the body or the role, that was refused). Run on SQLite and PostgreSQL.
 *
 * Which routes are exempt comes from where the CSRF check sits (src/server/auth/session.ts):
 * it guards every unsafe request made with a session cookie, so the only routes without it
 * are those used before a session exists: the routes the security spec
 * (test/helpers/security.ts) opens to the public (sign-in, accepting an invitation). A
 * changing route with no valid request below fails the drift check, naming the route.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPerson } from '../src/server/admin.ts';
import { enqueueMessage } from '../src/server/messages/outbox.ts';
import { eachDatabase } from './helpers/databases.ts';
import { emailOf, startTestServer, type OrgKey, type TestServer } from './helpers/server.ts';
import { linkSignIn, makeCaptain, openVoteWorld, type VoteWorld } from './helpers/votes.ts';
import { payException, payMember, payStrikeDay } from './helpers/strike-pay.ts';
import { plantDay } from './helpers/picket-day.ts';
import {
  cdeReadyFiles, changedTables, proposalYaml, rosterCsv, rosterForm, routeKey, send, signIn, snapshot, SPEC_ROUTES, tinyCdeForm, tinyDistrictFiles, type Answer, type Session,
} from './helpers/security.ts';

const CHANGING = new Set(['post', 'put', 'patch', 'delete']);

/** Routes that run before a session exists (the spec's public routes): the CSRF check cannot apply. */
const PRE_SESSION = new Set(SPEC_ROUTES.filter((r) => r.access === 'public').map(routeKey));

/** One valid request of a route: who makes it and what they send (a fresh body each call). */
interface ValidRequest {
  org: OrgKey;
  role: string;
  path: string;
  body?: () => unknown;
  /** Statuses of success with the right token. */
  ok: number[];
}

type Roster = { importId: number; mapping: unknown; digest: string };
type Ids = {
  /** A pending roster import of Tiny Teachers, previewed as an addition (removeMissing false). */
  rosterImport: () => Promise<Roster>;
  /** A roster import applied: a member and their worksite. */
  rosterMember: () => Promise<{ memberId: number; worksiteId: number }>;
  rosterCaptain: (m: { memberId: number; worksiteId: number }) => Promise<number>;
  /** A vote of Tiny Teachers (the test clock stands at 2026-01-15): a draft, frozen and open, frozen and closed, counted, or certified. */
  vote: (stage: 'draft' | 'open' | 'closed' | 'counted' | 'certified') => Promise<number>;
  memberIdOf: (rowId: number) => Promise<{ member_id: string }>;
  challenge: () => Promise<{ voteId: number; challengeId: number }>;
  /** A new open vote of Tiny Teachers with one worksite of one member (its captain the site-captain sign-in, linked also to the member sign-in). */
  openVote: () => Promise<VoteWorld>;
  /** A kiosk the union admin opened for a new vote. */
  kiosk: () => Promise<{ voteId: number; kioskId: number }>;
  /** A new vote whose site's paper tally two other people entered alike (0 ballots). */
  agreedPaper: () => Promise<VoteWorld>;
  /** A message of Tiny Teachers' left `uncertain` (a stopped server was sending it). */
  uncertainMessage: () => Promise<number>;
  /** A strike day of Tiny Teachers with a shift at a roster worksite, a member assigned to it, and the union's member sign-in linked to a member with a sign-up of their own. */
  picket: () => Promise<{ dayId: number; date: string; shiftId: number; worksiteId: number; memberRowId: number; signupId: number; mySignupId: number }>;
  /** Strike pay: a new ended week's strike day of Tiny Teachers, a member, an exception in force. */
  strikeDay: () => Promise<{ id: number; date: string }>;
  payMember: () => Promise<number>;
  payException: () => Promise<number>;
  /** A strike day of Tiny Teachers' with a running shift and a member late for it (test/helpers/picket-day.ts). */
  boardDay: () => Promise<number>;
  /** A district strike day (declared through the API) on a new tiny dataset, whose first school is 0000001; and a site administrator named there. */
  siteDay: () => Promise<{ dayId: number; versionId: number }>;
  siteAdmin: () => Promise<number>;
  /** A meal or partner site of the district's. */
  familySite: () => Promise<number>;
  person: () => Promise<number>; dataset: () => Promise<{ datasetId: unknown; versionId: unknown }>; proposal: (opts?: { pass?: boolean; party?: 'district' | 'joint' }) => Promise<{ proposalId: unknown; versionId: unknown }> };
let marker = 0;
const mark = (what: string) => `csrf-${what}-${++marker}`;

/** A vote's setup; 'open' closes in February 2026, the others closed on 10 January (the test clock: 15 January). */
const voteSetup = (stage: string) => ({
  title: mark('vote'), kind: 'strike-authorization', channels: ['online'], cutoffAt: '2026-01-01T00:00:00Z', opensAt: '2026-01-02T00:00:00Z',
  closesAt: stage === 'draft' || stage === 'open' ? '2026-02-01T00:00:00Z' : '2026-01-10T00:00:00Z',
  questions: [{ key: 'authorize', text: 'Authorize a strike?', options: [{ key: 'yes', label: 'Yes' }, { key: 'no', label: 'No' }], pass: { option: 'yes', share: '0.5' } }],
});

/** A new strike-day date each call, inside the tiny dataset's years (2018-19 to 2021-22). */
const nextSiteDate = () => new Date(Date.UTC(2019, 8, 2) + 86_400_000 * ++marker).toISOString().slice(0, 10);
const familySiteBody = (name: string) => ({ kind: 'partner', partnerKind: 'library', name, address: '1 Main St, Los Angeles, CA 90012', latitude: 34.05, longitude: -118.25, opens: '10:00', closes: '17:00' });

const districtProposal = (title: string, party: 'district' | 'joint' = 'district') => proposalYaml({ id: title, title, party, unit: 'T' });

/** A valid request for every changing route that needs a session (keyed as `METHOD /path`). */
const VALID: Record<string, (ids: Ids) => Promise<ValidRequest>> = {
  'DELETE /api/session': async () => ({ org: 'district', role: 'negotiator', path: '/api/session', ok: [200, 204] }),
  'POST /api/invitations': async () => ({
    org: 'district', role: 'admin', path: '/api/invitations', ok: [201],
    body: () => ({ email: `${mark('invitee')}@example.org`, name: 'Invited Person', role: 'site-administrator' }),
  }),
  'POST /api/datasets': async () => ({ org: 'district', role: 'admin', path: '/api/datasets', ok: [201], body: () => ({ name: mark('dataset'), files: tinyDistrictFiles() }) }),
  'POST /api/datasets/{id}/versions': async (ids) => {
    const { datasetId } = await ids.dataset();
    return {
      org: 'district', role: 'admin', path: `/api/datasets/${datasetId}/versions`, ok: [201],
      body: () => {
        const files = tinyDistrictFiles();
        files['district.yaml'] += `# ${mark('version')}\n`;
        return { files, note: 'a new version' };
      },
    };
  },
  'POST /api/datasets/{id}/import-cde': async (ids) => {
    const { datasetId } = await ids.dataset();
    return { org: 'district', role: 'admin', path: `/api/datasets/${datasetId}/import-cde`, ok: [201], body: () => tinyCdeForm() };
  },
  'POST /api/proposals': async (ids) => {
    const { versionId } = await ids.dataset();
    return { org: 'district', role: 'budget-analyst', path: '/api/proposals', ok: [201], body: () => { const t = mark('proposal'); return { title: t, yaml: districtProposal(t), datasetVersionId: versionId }; } };
  },
  'POST /api/costings': async (ids) => {
    const { versionId } = await ids.dataset();
    return { org: 'district', role: 'budget-analyst', path: '/api/costings', ok: [200], body: () => ({ yaml: districtProposal(mark('costing')), datasetVersionId: versionId }) };
  },
  'POST /api/proposals/{id}/versions': async (ids) => {
    const { proposalId } = await ids.proposal();
    return { org: 'district', role: 'negotiator', path: `/api/proposals/${proposalId}/versions`, ok: [201], body: () => ({ yaml: districtProposal(mark('next')).replace('pct: 3', 'pct: 4') }) };
  },
  'POST /api/proposal-versions/{id}/pass': async (ids) => {
    const { versionId } = await ids.proposal();
    return { org: 'district', role: 'negotiator', path: `/api/proposal-versions/${versionId}/pass`, ok: [200, 201] };
  },
  'POST /api/proposal-versions/{id}/publish': async (ids) => {
    const { versionId } = await ids.proposal({ pass: true });
    return { org: 'district', role: 'negotiator', path: `/api/proposal-versions/${versionId}/publish`, ok: [200, 201] };
  },
  'DELETE /api/people/{id}': async (ids) => ({ org: 'district', role: 'admin', path: `/api/people/${await ids.person()}`, ok: [200] }),
  'POST /api/people/{id}/role': async (ids) => ({ org: 'district', role: 'admin', path: `/api/people/${await ids.person()}/role`, ok: [200], body: () => ({ role: 'budget-analyst' }) }),
  'DELETE /api/people/{id}/sessions': async (ids) => ({ org: 'district', role: 'admin', path: `/api/people/${await ids.person()}/sessions`, ok: [200] }),
  'DELETE /api/people/{id}/sign-in-throttle': async (ids) => ({ org: 'district', role: 'admin', path: `/api/people/${await ids.person()}/sign-in-throttle`, ok: [200] }),
  'POST /api/pickets/days': async () => ({ org: 'teachers', role: 'organizer', path: '/api/pickets/days', ok: [201], body: () => ({ date: `2026-10-${String(++marker % 28 + 1).padStart(2, '0')}`, label: mark('day') }) }),
  'PATCH /api/pickets/days/{dayId}': async (ids) => ({ org: 'teachers', role: 'organizer', path: `/api/pickets/days/${(await ids.picket()).dayId}`, ok: [200], body: () => ({ label: mark('renamed') }) }),
  'POST /api/pickets/days/{dayId}/template': async (ids) => {
    const p = await ids.picket();
    return { org: 'teachers', role: 'organizer', path: `/api/pickets/days/${p.dayId}/template`, ok: [200], body: () => ({ name: 'Mornings', shifts: [{ start: '06:30', end: '09:30', capacity: 20, minimum: 5 }], worksites: [p.worksiteId] }) };
  },
  'POST /api/pickets/days/{dayId}/shifts': async (ids) => {
    const p = await ids.picket();
    // Each body a second later: the same shift twice is refused (picket.shift-exists).
    let made = 0;
    const at = (hm: string) => new Date(Date.parse(`${p.date}T${hm}:00Z`) + ++made * 1000).toISOString();
    return { org: 'teachers', role: 'organizer', path: `/api/pickets/days/${p.dayId}/shifts`, ok: [201], body: () => {
      const startsAt = at('15:00');
      return { worksiteId: p.worksiteId, duty: 'picket', startsAt, endsAt: new Date(Date.parse(startsAt) + 2 * 3600_000).toISOString(), capacity: 10, minimum: 2 };
    } };
  },
  'PATCH /api/pickets/shifts/{shiftId}': async (ids) => ({ org: 'teachers', role: 'organizer', path: `/api/pickets/shifts/${(await ids.picket()).shiftId}`, ok: [200], body: () => ({ capacity: 30 }) }),
  'DELETE /api/pickets/shifts/{shiftId}': async (ids) => ({ org: 'teachers', role: 'organizer', path: `/api/pickets/shifts/${(await ids.picket()).shiftId}`, ok: [200] }),
  'POST /api/pickets/shifts/{shiftId}/signups': async (ids) => {
    const p = await ids.picket();
    const other = await ids.picket();
    return { org: 'teachers', role: 'organizer', path: `/api/pickets/shifts/${p.shiftId}/signups`, ok: [201], body: () => ({ memberRowId: other.memberRowId }) };
  },
  'DELETE /api/pickets/signups/{signupId}': async (ids) => ({ org: 'teachers', role: 'organizer', path: `/api/pickets/signups/${(await ids.picket()).signupId}`, ok: [200] }),
  'POST /api/pickets/signups/{signupId}/move': async (ids) => {
    const from = await ids.picket();
    const to = await ids.picket();
    return { org: 'teachers', role: 'organizer', path: `/api/pickets/signups/${from.signupId}/move`, ok: [200], body: () => ({ shiftId: to.shiftId }) };
  },
  'PUT /api/pickets/worksites/{worksiteId}/region': async (ids) => ({ org: 'teachers', role: 'organizer', path: `/api/pickets/worksites/${(await ids.picket()).worksiteId}/region`, ok: [200], body: () => ({ region: 'East' }) }),
  'POST /api/me/pickets/signups': async (ids) => {
    const p = await ids.picket();
    return { org: 'teachers', role: 'member', path: '/api/me/pickets/signups', ok: [201], body: () => ({ shiftId: p.shiftId }) };
  },
  'DELETE /api/me/pickets/signups/{signupId}': async (ids) => ({ org: 'teachers', role: 'member', path: `/api/me/pickets/signups/${(await ids.picket()).mySignupId}`, ok: [200] }),
  'POST /api/roster/imports': async () => ({ org: 'teachers', role: 'organizer', path: '/api/roster/imports', ok: [201], body: () => rosterForm(rosterCsv(mark('R'))) }),
  'POST /api/roster/imports/{id}/preview': async (ids) => {
    const r = await ids.rosterImport();
    return { org: 'teachers', role: 'organizer', path: `/api/roster/imports/${r.importId}/preview`, ok: [200], body: () => ({ mapping: r.mapping, removeMissing: false }) };
  },
  'POST /api/roster/imports/{id}/confirm': async (ids) => {
    const r = await ids.rosterImport();
    return { org: 'teachers', role: 'organizer', path: `/api/roster/imports/${r.importId}/confirm`, ok: [200], body: () => ({ mapping: r.mapping, removeMissing: false, digest: r.digest }) };
  },
  'DELETE /api/roster/imports/{id}': async (ids) => {
    const r = await ids.rosterImport();
    return { org: 'teachers', role: 'organizer', path: `/api/roster/imports/${r.importId}`, ok: [200] };
  },
  'POST /api/roster/worksites/{id}/captains': async (ids) => {
    const m = await ids.rosterMember();
    return { org: 'teachers', role: 'organizer', path: `/api/roster/worksites/${m.worksiteId}/captains`, ok: [201], body: () => ({ member: m.memberId }) };
  },
  'POST /api/messages/{id}/resend': async (ids) => {
    const id = await ids.uncertainMessage();
    return { org: 'teachers', role: 'organizer', path: `/api/messages/${id}/resend`, ok: [201] };
  },
  'POST /api/pickets/days/{dayId}/at-risk/messages': async (ids) => ({ org: 'teachers', role: 'organizer', path: `/api/pickets/days/${await ids.boardDay()}/at-risk/messages`, ok: [200], body: () => ({ via: 'sms' }) }),
  'POST /api/roster/members/{id}/invitation': async (ids) => {
    const m = await ids.rosterMember();
    return { org: 'teachers', role: 'organizer', path: `/api/roster/members/${m.memberId}/invitation`, ok: [201], body: () => ({ via: 'email' }) };
  },
  'DELETE /api/roster/captains/{id}': async (ids) => {
    const m = await ids.rosterMember();
    const k = await ids.rosterCaptain(m);
    return { org: 'teachers', role: 'admin', path: `/api/roster/captains/${k}`, ok: [200] };
  },
  'PUT /api/pickets/pay/rules': async () => ({ org: 'teachers', role: 'admin', path: '/api/pickets/pay/rules', ok: [200], body: () => ({ rules: { amountCents: 12_000 } }) }),
  'POST /api/pickets/pay/exceptions': async (ids) => {
    const [day, member] = [await ids.strikeDay(), await ids.payMember()];
    return { org: 'teachers', role: 'organizer', path: '/api/pickets/pay/exceptions', ok: [201], body: () => ({ memberRowId: member, strikeDayId: day.id, kind: 'count', reason: 'sent home ill' }) };
  },
  'DELETE /api/pickets/pay/exceptions/{exceptionId}': async (ids) => ({ org: 'teachers', role: 'organizer', path: `/api/pickets/pay/exceptions/${await ids.payException()}`, ok: [200] }),
  'POST /api/pickets/pay/payouts': async (ids) => {
    const day = await ids.strikeDay();
    return { org: 'teachers', role: 'admin', path: '/api/pickets/pay/payouts', ok: [201], body: () => ({ periodStart: day.date }) };
  },
  'POST /api/votes': async () => ({ org: 'teachers', role: 'election-committee', path: '/api/votes', ok: [201], body: () => voteSetup('open') }),
  'PATCH /api/votes/{id}': async (ids) => ({ org: 'teachers', role: 'election-committee', path: `/api/votes/${await ids.vote('draft')}`, ok: [200], body: () => ({ title: mark('renamed') }) }),
  'POST /api/votes/{id}/freeze': async (ids) => ({ org: 'teachers', role: 'election-committee', path: `/api/votes/${await ids.vote('draft')}/freeze`, ok: [200] }),
  'POST /api/votes/{id}/challenges': async (ids) => {
    const m = await ids.rosterMember();
    const { member_id } = await ids.memberIdOf(m.memberId);
    return { org: 'teachers', role: 'election-committee', path: `/api/votes/${await ids.vote('open')}/challenges`, ok: [201], body: () => ({ memberId: member_id, reason: 'left the unit' }) };
  },
  'POST /api/votes/{id}/challenges/{challengeId}/ruling': async (ids) => {
    const { voteId, challengeId } = await ids.challenge();
    return { org: 'teachers', role: 'election-committee', path: `/api/votes/${voteId}/challenges/${challengeId}/ruling`, ok: [200], body: () => ({ ruling: 'denied' }) };
  },
  'POST /api/votes/{id}/count': async (ids) => ({ org: 'teachers', role: 'election-committee', path: `/api/votes/${await ids.vote('closed')}/count`, ok: [200] }),
  'POST /api/votes/{id}/certify': async (ids) => ({ org: 'teachers', role: 'election-committee', path: `/api/votes/${await ids.vote('counted')}/certify`, ok: [200] }),
  'POST /api/votes/{id}/reminders': async (ids) => ({ org: 'teachers', role: 'election-committee', path: `/api/votes/${(await ids.openVote()).voteId}/reminders`, ok: [200], body: () => ({ via: 'email' }) }),
  'POST /api/votes/{id}/publish': async (ids) => ({ org: 'teachers', role: 'election-committee', path: `/api/votes/${await ids.vote('certified')}/publish`, ok: [200] }),
  // Strike days for the district (docs/sites.md): the district's admin plans, reports and publishes.
  'POST /api/sites/days': async (ids) => {
    const { versionId } = await ids.dataset();
    return { org: 'district', role: 'admin', path: '/api/sites/days', ok: [201], body: () => ({ date: nextSiteDate(), label: mark('site-day'), datasetVersionId: versionId }) };
  },
  'PATCH /api/sites/days/{dayId}': async (ids) => ({ org: 'district', role: 'admin', path: `/api/sites/days/${(await ids.siteDay()).dayId}`, ok: [200], body: () => ({ label: mark('renamed') }) }),
  'PATCH /api/sites/days/{dayId}/sites/{schoolId}': async (ids) => ({ org: 'district', role: 'admin', path: `/api/sites/days/${(await ids.siteDay()).dayId}/sites/0000001`, ok: [200], body: () => ({ capacity: ++marker }) }),
  'POST /api/sites/days/{dayId}/bulk': async (ids) => ({ org: 'district', role: 'admin', path: `/api/sites/days/${(await ids.siteDay()).dayId}/bulk`, ok: [200], body: () => ({ set: { volunteers: ++marker % 1000 }, sites: 'all' }) }),
  'POST /api/sites/days/{dayId}/sites/{schoolId}/counts': async (ids) => ({ org: 'district', role: 'admin', path: `/api/sites/days/${(await ids.siteDay()).dayId}/sites/0000001/counts`, ok: [200], body: () => ({ childrenPresent: 10 + (++marker % 50), adultsPresent: 2 }) }),
  'POST /api/sites/days/{dayId}/publish': async (ids) => ({ org: 'district', role: 'admin', path: `/api/sites/days/${(await ids.siteDay()).dayId}/publish`, ok: [201] }),
  'POST /api/sites/days/{dayId}/attendance': async (ids) => ({ org: 'district', role: 'admin', path: `/api/sites/days/${(await ids.siteDay()).dayId}/attendance`, ok: [200], body: () => ({ csv: `school_id,students_attending\n0000001,${1 + (++marker % 50)}\n` }) }),
  'POST /api/sites/administrators': async (ids) => {
    await ids.dataset(); // the newest dataset of the district holds school 0000001
    const personId = await ids.person();
    return { org: 'district', role: 'admin', path: '/api/sites/administrators', ok: [201], body: () => ({ personId, schoolId: '0000001' }) };
  },
  'DELETE /api/sites/administrators/{adminId}': async (ids) => ({ org: 'district', role: 'admin', path: `/api/sites/administrators/${await ids.siteAdmin()}`, ok: [200] }),
  'POST /api/sites/family': async () => ({ org: 'district', role: 'admin', path: '/api/sites/family', ok: [201], body: () => familySiteBody(mark('library')) }),
  'PATCH /api/sites/family/{id}': async (ids) => ({ org: 'district', role: 'admin', path: `/api/sites/family/${await ids.familySite()}`, ok: [200], body: () => ({ name: mark('renamed') }) }),
  'DELETE /api/sites/family/{id}': async (ids) => ({ org: 'district', role: 'admin', path: `/api/sites/family/${await ids.familySite()}`, ok: [200] }),
  'POST /api/sites/family/import': async () => ({
    org: 'district', role: 'admin', path: '/api/sites/family/import', ok: [200],
    body: () => ({ csv: `kind,name,address,latitude,longitude,opens,closes,partner_kind\npartner,${mark('Library')},1 Main St,34.05,-118.25,10:00,17:00,library\n` }),
  }),
  // Check-in: an organizer's action from the list (refused per action when the shift is not there: still a 200 that records nothing).
  'POST /api/pickets/check-ins': async () => ({ org: 'teachers', role: 'organizer', path: '/api/pickets/check-ins', ok: [200], body: () => ({ actions: [{ id: `csrf-${randomBytes(6).toString('hex')}`, shiftId: 12, action: 'in', at: '2019-01-14T14:31:00.000Z', memberRowId: 12 }] }) }),
  // A vote's casting channels: a member's ballot, a kiosk, a paper site (docs/votes.md).
  'POST /api/votes/{id}/ballot': async (ids) => {
    const v = await ids.openVote();
    return { org: 'teachers', role: 'member', path: `/api/votes/${v.voteId}/ballot`, ok: [201], body: () => ({ choices: { authorize: 'yes' } }) };
  },
  'POST /api/votes/{id}/kiosks': async (ids) => {
    const v = await ids.openVote();
    return { org: 'teachers', role: 'site-captain', path: `/api/votes/${v.voteId}/kiosks`, ok: [201], body: () => ({ worksiteId: v.worksites[0] }) };
  },
  'DELETE /api/votes/{id}/kiosks/{kioskId}': async (ids) => {
    const k = await ids.kiosk();
    return { org: 'teachers', role: 'admin', path: `/api/votes/${k.voteId}/kiosks/${k.kioskId}`, ok: [200] };
  },
  'POST /api/votes/{id}/paper/{worksiteId}/sign-ins': async (ids) => {
    const v = await ids.openVote();
    return { org: 'teachers', role: 'site-captain', path: `/api/votes/${v.voteId}/paper/${v.worksites[0]}/sign-ins`, ok: [200], body: () => ({ memberIds: [v.members[0].memberId] }) };
  },
  'POST /api/votes/{id}/paper/{worksiteId}/entries': async (ids) => {
    const v = await ids.openVote();
    return { org: 'teachers', role: 'site-captain', path: `/api/votes/${v.voteId}/paper/${v.worksites[0]}/entries`, ok: [201], body: () => ({ counts: { ballots: 0, spoiled: 0, answers: { authorize: { yes: 0, no: 0, blank: 0 } } } }) };
  },
  'POST /api/votes/{id}/paper/{worksiteId}/observer': async (ids) => {
    const v = await ids.agreedPaper();
    return { org: 'teachers', role: 'admin', path: `/api/votes/${v.voteId}/paper/${v.worksites[0]}/observer`, ok: [200], body: () => ({ observerName: 'An Observer' }) };
  },
  // The district's tentative agreement, passed to the teachers, countersigned by their bargaining team.
  'POST /api/proposal-versions/{id}/countersign': async (ids) => {
    const { versionId } = await ids.proposal({ pass: true, party: 'joint' });
    return { org: 'teachers', role: 'bargaining-team', path: `/api/proposal-versions/${versionId}/countersign`, ok: [200, 201] };
  },
};

/** Changing routes as the OpenAPI document lists them (`METHOD /path`). */
function changingRoutes(doc: { paths: Record<string, Record<string, unknown>> }): string[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).filter((m) => CHANGING.has(m)).map((m) => `${m.toUpperCase()} ${path}`)).sort();
}

eachDatabase('CSRF on every changing route', (dialect) => {
  let s: TestServer;
  let admin: Session;
  let routes: string[] = [];
  const ok = (a: Answer, what: string) => {
    if (a.status < 200 || a.status >= 300) throw new Error(`setup: ${what} answered ${a.status} ${a.text.slice(0, 300)}`);
    return a.body;
  };
  let unionAdmin: Session;
  const ids: Ids = {
    async rosterImport() {
      const p = ok(await send(s, unionAdmin, 'POST', '/api/roster/imports', { body: rosterForm(rosterCsv(mark('R'))) }), 'POST /api/roster/imports');
      const partial = ok(await send(s, unionAdmin, 'POST', `/api/roster/imports/${p.import.id}/preview`, { body: { mapping: p.mapping, removeMissing: false } }), 'roster preview');
      return { importId: p.import.id, mapping: p.mapping, digest: partial.digest };
    },
    async rosterMember() {
      const r = await ids.rosterImport();
      const done = ok(await send(s, unionAdmin, 'POST', `/api/roster/imports/${r.importId}/confirm`, { body: { mapping: r.mapping, removeMissing: false, digest: r.digest } }), 'roster confirm');
      const m = await s.handle.db.selectFrom('roster_members as m').innerJoin('roster_member_history as h', 'h.member_row_id', 'm.id').select(['m.id', 'm.worksite_id'])
        .where('h.import_id', '=', done.import.id).executeTakeFirstOrThrow();
      return { memberId: m.id, worksiteId: m.worksite_id! };
    },
    async uncertainMessage() {
      const key = mark('message');
      await enqueueMessage(s.handle.db, s.deps.ids, { organizationId: s.orgId.teachers, channel: 'email', to: `${key}@example.org`, subject: 's', body: 'b', kind: 'invitation', dedupeKey: key }, s.clock.now);
      const row = await s.handle.db.updateTable('outbox').set({ status: 'uncertain' }).where('dedupe_key', '=', key).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
    strikeDay: () => payStrikeDay(s, 'teachers'),
    payMember: () => payMember(s, 'teachers'),
    payException: () => payException(s, 'teachers'),
    async boardDay() {
      const at = s.clock.now.getTime();
      const createdBy = (await s.handle.db.selectFrom('people').select('id').where('email', '=', emailOf('teachers', 'organizer')).executeTakeFirstOrThrow()).id;
      const shift = { startsAt: new Date(at - 3600_000).toISOString(), endsAt: new Date(at + 3600_000).toISOString(), minimum: 2, members: [{ name: mark('Late'), mobile: '+12135550199' }] };
      return (await plantDay(s.handle.db, s.deps.ids, { organizationId: s.orgId.teachers, createdBy, date: new Date(at).toISOString().slice(0, 10), sites: [{ name: mark('School'), shifts: [shift] }] })).dayId;
    },
    async rosterCaptain(m) {
      return ok(await send(s, unionAdmin, 'POST', `/api/roster/worksites/${m.worksiteId}/captains`, { body: { member: m.memberId } }), 'name a captain').captain.id;
    },
    async vote(stage) {
      const id: number = ok(await send(s, unionAdmin, 'POST', '/api/votes', { body: voteSetup(stage) }), 'POST /api/votes').vote.id;
      if (stage !== 'draft') ok(await send(s, unionAdmin, 'POST', `/api/votes/${id}/freeze`), 'freeze');
      if (stage === 'counted' || stage === 'certified') ok(await send(s, unionAdmin, 'POST', `/api/votes/${id}/count`), 'count');
      // Certifying takes two committee members; the world has one, so the state is set directly.
      if (stage === 'certified') await s.handle.db.updateTable('votes').set({ state: 'certified', certified_at: s.clock.now.toISOString() }).where('id', '=', id).execute();
      return id;
    },
    memberIdOf: (rowId) => s.handle.db.selectFrom('roster_members').select('member_id').where('id', '=', rowId).executeTakeFirstOrThrow(),
    async challenge() {
      const voteId = await ids.vote('open');
      const { member_id } = await ids.memberIdOf((await ids.rosterMember()).memberId);
      const ch = ok(await send(s, unionAdmin, 'POST', `/api/votes/${voteId}/challenges`, { body: { memberId: member_id, reason: 'left the unit' } }), 'raise a challenge');
      return { voteId, challengeId: ch.challenge.id };
    },
    async openVote() {
      const v = await openVoteWorld(s, 'teachers', { perSite: [1], prefix: mark('V') });
      await makeCaptain(s, 'teachers', v.worksites[0], v.members[0].rowId);
      await linkSignIn(s, 'teachers', 'member', v.members[0].rowId);
      return v;
    },
    async kiosk() {
      const v = await openVoteWorld(s, 'teachers', { perSite: [1], prefix: mark('K') });
      const k = ok(await send(s, unionAdmin, 'POST', `/api/votes/${v.voteId}/kiosks`, { body: { worksiteId: v.worksites[0] } }), 'open a kiosk');
      return { voteId: v.voteId, kioskId: k.kioskId };
    },
    async agreedPaper() {
      const v = await openVoteWorld(s, 'teachers', { perSite: [1], prefix: mark('P') });
      const counts = JSON.stringify({ ballots: 0, spoiled: 0, answers: { authorize: { yes: 0, no: 0, blank: 0 } } });
      const people = await s.handle.db.selectFrom('people').select('id').where('email', 'in', [emailOf('teachers', 'organizer'), emailOf('teachers', 'bargaining-team')]).execute();
      for (const [i, p] of people.entries()) {
        await s.handle.db.insertInto('vote_paper_entries').values({ id: s.deps.ids.next(s.orgId.teachers), vote_id: v.voteId, worksite_id: v.worksites[0], counts, entered_by: p.id, entered_at: `2026-01-15T15:0${i}:00.000Z` }).execute();
      }
      await s.handle.db.insertInto('vote_paper_sites').values({ id: s.deps.ids.next(s.orgId.teachers), vote_id: v.voteId, worksite_id: v.worksites[0], sign_ins: 0, counts, observer_name: null, observer_signed_by: null, observer_signed_at: null, accepted_at: null }).execute();
      return v;
    },
    // A person of the district's, for the people-management routes (no password needed).
    async picket() {
      const date = `2026-0${2 + (marker % 7)}-${String(marker % 27 + 1).padStart(2, '0')}`;
      const dayId: number = ok(await send(s, unionAdmin, 'POST', '/api/pickets/days', { body: { date: `${date}`, label: mark('day') } }), 'declare a day').day.id;
      // Members written straight to the roster (an import per member would be slow across every route).
      const direct = async () => {
        const org = s.orgId.teachers;
        const at = s.clock.now.toISOString();
        const worksiteId = s.deps.ids.next(org);
        const memberId = s.deps.ids.next(org);
        const tag = mark('P');
        await s.handle.db.insertInto('roster_worksites').values({ id: worksiteId, organization_id: org, key: `text:${tag}`.toLowerCase(), name: `School ${tag}`, school_id: null, cds_code: null, created_at: at }).execute();
        await s.handle.db.insertInto('roster_members').values({ id: memberId, organization_id: org, member_id: tag, name: `Member ${tag}`, employee_id: null, email: null, mobile: null, worksite_id: worksiteId, job_class: null, status: 'active', created_at: at, updated_at: at, removed_at: null }).execute();
        return { memberId, worksiteId };
      };
      const m = await direct();
      const shift = (at: string, until: string) => send(s, unionAdmin, 'POST', `/api/pickets/days/${dayId}/shifts`, { body: { worksiteId: m.worksiteId, duty: 'picket', startsAt: `${date}T${at}:00Z`, endsAt: `${date}T${until}:00Z`, capacity: 10, minimum: 2 } }).then((a) => ok(a, 'add a shift').shift.id as number);
      const shiftId = await shift('15:00', '17:00');
      const signupId: number = ok(await send(s, unionAdmin, 'POST', `/api/pickets/shifts/${shiftId}/signups`, { body: { memberRowId: m.memberId } }), 'assign').signup.id;
      const mine = await direct();
      await linkSignIn(s, 'teachers', 'member', mine.memberId);
      const mySignupId: number = ok(await send(s, unionAdmin, 'POST', `/api/pickets/shifts/${await shift('18:00', '19:00')}/signups`, { body: { memberRowId: mine.memberId } }), 'assign mine').signup.id;
      return { dayId, date, shiftId, worksiteId: m.worksiteId, memberRowId: m.memberId, signupId, mySignupId };
    },
    async siteDay() {
      const { versionId } = await ids.dataset();
      const day = ok(await send(s, admin, 'POST', '/api/sites/days', { body: { date: nextSiteDate(), label: mark('site-day'), datasetVersionId: versionId } }), 'declare a district strike day').day;
      return { dayId: day.id as number, versionId: versionId as number };
    },
    async siteAdmin() {
      await ids.dataset();
      const personId = await ids.person();
      return ok(await send(s, admin, 'POST', '/api/sites/administrators', { body: { personId, schoolId: '0000001' } }), 'name a site administrator').administrator.id as number;
    },
    async familySite() {
      return ok(await send(s, admin, 'POST', '/api/sites/family', { body: familySiteBody(mark('library')) }), 'enter a family site').site.id as number;
    },
    person: () => addPerson(s.handle.db, { organizationId: s.orgId.district, email: `${mark('person')}@example.org`, name: 'A Person', role: 'site-administrator', passwordHash: 'no password', now: s.clock.now, ids: s.deps.ids }),
    async dataset() {
      // A second later than everything before it, so that it is unambiguously the district's newest
      // dataset (the test clock stands still, and ids are random: within one millisecond, the
      // newest is whichever has the larger id).
      s.clock.now = new Date(s.clock.now.getTime() + 1000);
      const body = ok(await send(s, admin, 'POST', '/api/datasets', { body: { name: mark('dataset'), files: cdeReadyFiles() } }), 'POST /api/datasets');
      return { datasetId: body.dataset.id, versionId: body.version.id };
    },
    async proposal(opts = {}) {
      const { versionId: datasetVersionId } = await ids.dataset();
      const t = mark('proposal');
      const body = ok(await send(s, admin, 'POST', '/api/proposals', { body: { title: t, yaml: districtProposal(t, opts.party), datasetVersionId } }), 'POST /api/proposals');
      if (opts.pass) ok(await send(s, admin, 'POST', `/api/proposal-versions/${body.id}/pass`), 'pass');
      return { proposalId: body.proposalId, versionId: body.id };
    },
  };

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    admin = await signIn(s, 'district', 'admin');
    unionAdmin = await signIn(s, 'teachers', 'admin');
    const doc = (await send(s, { cookie: null, csrf: '' }, 'GET', '/api/openapi.json')).body;
    routes = changingRoutes(doc);
  });
  afterAll(async () => s?.close());

  it('finds the changing routes in the OpenAPI document, and has a valid request for each that needs a session', () => {
    expect(routes.length).toBeGreaterThan(0);
    const missing = routes.filter((r) => !PRE_SESSION.has(r) && !(r in VALID));
    expect(missing, 'changing routes with no valid request in VALID (test/csrf.test.ts): add one').toEqual([]);
    // The exempt ones are exactly the browser's violation reports (logged, nothing stored),
    // accepting an invitation, sign-in, and a vote's routes for members and kiosks without an
    // account (a one-time code, a voter or kiosk token in the Authorization header, which a page on
    // another site cannot send; with a session cookie they need the token like any other).
    expect(routes.filter((r) => PRE_SESSION.has(r)).sort()).toEqual([
      'POST /api/csp-report', 'POST /api/invitations/accept', 'POST /api/invitations/accept-code', 'POST /api/kiosk/ballot', 'POST /api/kiosk/identify',
      'POST /api/messages/sms-inbound', 'POST /api/messages/unsubscribe', 'POST /api/session', 'POST /api/votes/{id}/access', 'POST /api/votes/{id}/access/verify',
    ]);
  });

  it('refuses a missing or forged token with 403 auth.csrf and changes nothing; the right token succeeds', async () => {
    const failures: string[] = [];
    const covered: string[] = [];
    for (const route of routes) {
      if (PRE_SESSION.has(route)) continue;
      const method = route.split(' ')[0];
      const req = await VALID[route](ids);
      const who = await signIn(s, req.org, req.role);
      // Another person's valid session token: right shape, wrong session.
      const other = await signIn(s, 'teachers', 'admin');
      const tokens: [string, string | undefined][] = [
        ['missing', undefined],
        ['empty', ''],
        ['random', randomBytes(32).toString('base64url').slice(0, who.csrf.length)],
        ['another session\'s', other.csrf],
        ['the session cookie itself', decodeURIComponent(who.cookie?.split('=')[1] ?? '')],
      ];
      for (const [name, token] of tokens) {
        const before = await snapshot(s.handle.db);
        const a = await send(s, { cookie: who.cookie, csrf: '' }, method, req.path, { body: req.body?.(), headers: token === undefined ? {} : { 'x-csrf-token': token } });
        const changed = changedTables(before, await snapshot(s.handle.db));
        if (a.status !== 403 || a.body?.code !== 'auth.csrf') failures.push(`${route} with a ${name} token: ${a.status} ${a.text.slice(0, 200)}`);
        if (changed.length > 0) failures.push(`${route} with a ${name} token changed ${changed.join('; ')}`);
      }
      const good = await send(s, who, method, req.path, { body: req.body?.() });
      if (!req.ok.includes(good.status)) failures.push(`${route} with the right token: ${good.status} ${good.text.slice(0, 300)} (the request is not otherwise valid)`);
      covered.push(route);
    }
    expect(failures).toEqual([]);
    expect(covered.length).toBe(routes.filter((r) => !PRE_SESSION.has(r)).length);
    console.log(`[csrf ${dialect}] ${covered.length} routes: ${covered.join(', ')}`);
    // Six requests and twelve snapshots per route: with the votes' routes, more than a minute on PostgreSQL.
  }, 240_000);
});
