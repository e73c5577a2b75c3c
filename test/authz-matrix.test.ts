/**
 * The authorization matrix: every subject (the ten roles of the Tiny Unified table and
 * anonymous) × every route × every target (own organization's resource, the organization
 * across the table's, another table's, the public record's), generated from the one table in
 * test/helpers/security.ts (SPEC_ROUTES, SPEC_PERMISSIONS: the issue's rules, written without
 * reading src/server/authz.ts). Each cell is sent in-process and must answer as the table says:
 * allowed (2xx, or 409 where the state refuses an allowed change), or refused with 401
 * (nobody signed in), 403 (the role lacks the permission) or 404 (another organization's or
 * another table's resource, never 403), and a refused cell must change no row of any table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPerson } from '../src/server/admin.ts';
import { latestDatasetVersion } from '../src/server/datasets/store.ts';
import { enqueueMessage } from '../src/server/messages/outbox.ts';
import { datasetOfVersion } from '../src/server/sites/plan-store.ts';
import { unsubscribeKey, unsubscribeToken } from '../src/server/messages/unsubscribe-token.ts';
import { eachDatabase } from './helpers/databases.ts';
import { payException, payMember, payoutRow, payStrikeDay } from './helpers/strike-pay.ts';
import { plantDay } from './helpers/picket-day.ts';
import { PUBLISHED_SITE_DAY, publicSiteDays, UNPUBLISHED_SITE_DAY } from './helpers/public-sites-world.ts';
import { plantSiteDay } from './helpers/site-day.ts';
import { emailOf, ORGS, PASSWORD, startTestServer, type OrgKey, type TestServer } from './helpers/server.ts';
import {
  changedTables, errorShapeProblems, generateCells, NOBODY, orgOfSide, proposalYaml, routeKey, send, signIn, snapshot, SPEC_DISTRICT_ROLES,
  SPEC_ROUTES, SPEC_UNION_ROLES, subjectName, SUBJECTS, tinyDistrictFiles, cdeReadyFiles, tinyCdeForm, rosterCsv, rosterForm,
  type Answer, type Cell, type Session, type Side, type Subject, type Target,
} from './helpers/security.ts';

const CELLS = generateCells();

/** What a cell sends, and for a list how to tell whether its target is in the answer. */
interface Prepared {
  path: string;
  body?: unknown;
  /** Use this session instead of the subject's (a fresh one, for signing out). */
  session?: Session;
  /** For lists: is the target in the answer? */
  visible?: (a: Answer) => boolean | Promise<boolean>;
  /** Extra headers, and the body's content type when it is not JSON (the SMS webhook's form). */
  headers?: Record<string, string>;
  contentType?: string;
  /** Further checks on an allowed answer (problems found). */
  check?: (a: Answer) => string[] | Promise<string[]>;
}

type Prepare = (cell: Cell, subjectSession: Session) => Promise<Prepared>;

eachDatabase('authorization matrix', (dialect) => {
  let s: TestServer;
  /** A signed-in session per subject (anonymous: none). */
  const sessions = new Map<string, Session>();
  /** An admin session per organization of the world (they create the targets). */
  const admins = {} as Record<OrgKey, Session>;
  let marker = 0;
  const mark = (what: string) => `zz-${what}-${++marker}-${dialect}`;
  let checked = 0;

  // -------------------------------------------------------------------------------------------
  // The API as used by the cells (request shapes and ids of created things)
  // -------------------------------------------------------------------------------------------

  const ok = (a: Answer, what: string) => {
    if (a.status < 200 || a.status >= 300) throw new Error(`setup: ${what} answered ${a.status} ${a.text.slice(0, 500)}`);
    return a.body;
  };

  const unitOf = (org: OrgKey): string => ('unit' in ORGS[org] ? (ORGS[org] as { unit: string }).unit : 'T');
  const sideOfOrg = (org: OrgKey): Side => (ORGS[org].kind === 'union' ? 'union' : 'district');

  /** A new dataset of a district (by its admin): its id and the id of its first version. */
  async function newDataset(org: 'district' | 'otherDistrict', name: string, files = tinyDistrictFiles()): Promise<{ datasetId: number; versionId: number }> {
    const body = ok(await send(s, admins[org], 'POST', '/api/datasets', { body: { name, files } }), `POST /api/datasets as ${org} admin`);
    return { datasetId: body.dataset.id, versionId: body.version.id };
  }

  const datasetsOf = {} as Record<'district' | 'otherDistrict', { datasetId: number; versionId: number; name: string }>;

  function proposalBody(org: OrgKey, title: string, joint = false) {
    const party = joint ? 'joint' : sideOfOrg(org);
    return { title, yaml: proposalYaml({ id: title.replace(/[^a-z0-9.-]/gi, '-').toLowerCase(), title, party, unit: unitOf(org) }) };
  }

  /** A new proposal of an organization (by its admin), optionally passed across the table and published. */
  async function newProposal(org: OrgKey, opts: { pass?: boolean; publish?: boolean; title?: string; joint?: boolean } = {}): Promise<{ proposalId: number; versionId: number; title: string }> {
    const title = opts.title ?? mark(`proposal-${org}`);
    const body = ok(await send(s, admins[org], 'POST', '/api/proposals', { body: proposalBody(org, title, opts.joint) }), `POST /api/proposals as ${org} admin`);
    const proposalId: number = body.proposalId;
    const versionId: number = body.id;
    if (opts.pass || opts.publish) ok(await send(s, admins[org], 'POST', `/api/proposal-versions/${versionId}/pass`), `pass as ${org} admin`);
    if (opts.publish) ok(await send(s, admins[org], 'POST', `/api/proposal-versions/${versionId}/publish`), `publish as ${org} admin`);
    return { proposalId, versionId, title };
  }

  /** Organization keys of a target, relative to a subject's side. */
  function ownerOf(side: Side, target: Target): OrgKey {
    switch (target) {
      case 'own':
      case 'ownUnpassed':
        return orgOfSide(side);
      case 'across':
      case 'passedToUs':
        return side === 'district' ? 'teachers' : 'district';
      case 'third':
        return 'classified';
      case 'otherTable':
        return side === 'district' ? 'otherDistrict' : 'otherTeachers';
      default:
        throw new Error(`no owner for target ${target}`);
    }
  }

  /** A proposal target: created now (fresh) or once per (side, target) and shared by read cells. */
  const shared = new Map<string, Promise<{ proposalId: number; versionId: number; title: string }>>();
  function proposalTarget(side: Side, target: Target, fresh: boolean) {
    const make = () => {
      const owner = ownerOf(side, target);
      // passedToUs and third: passed (to the subject's organization, or to Tiny Unified);
      // otherTable: passed at its own table (live there, still not ours); across/own: not passed.
      const pass = target === 'passedToUs' || target === 'third' || target === 'otherTable';
      return newProposal(owner, { pass });
    };
    if (fresh) return make();
    const key = `${side}:${target}`;
    if (!shared.has(key)) shared.set(key, make());
    return shared.get(key)!;
  }
  const sideOf = (subject: Subject): Side => (subject.kind === 'anonymous' ? 'district' : subject.side);
  /** A second own version per side, for the lists of versions (GET /api/compare). */
  const companions = new Map<Side, Promise<{ proposalId: number; versionId: number; title: string }>>();
  const includes = (a: Answer, text: string) => a.text.includes(text);

  // -------------------------------------------------------------------------------------------
  // One preparation per route
  // -------------------------------------------------------------------------------------------

  const PREPARE: Record<string, Prepare> = {
    'POST /api/session': async (cell) => {
      const side = sideOf(cell.subject);
      const role = cell.subject.kind === 'anonymous' ? 'member' : cell.subject.role;
      const org = cell.subject.kind === 'anonymous' ? 'teachers' : orgOfSide(side);
      return { path: '/api/session', body: { email: emailOf(org, role), password: PASSWORD } };
    },
    'GET /api/session': async () => ({ path: '/api/session' }),
    'DELETE /api/session': async (cell) => {
      if (cell.subject.kind === 'anonymous') return { path: '/api/session' };
      // A session of its own, so signing out does not end the subject's session for the other cells.
      const fresh = await signIn(s, orgOfSide(cell.subject.side), cell.subject.role);
      return { path: '/api/session', session: fresh, check: async () => ((await send(s, fresh, 'GET', '/api/session')).status === 401 ? [] : ['the session still works after signing out']) };
    },
    'POST /api/invitations': async (cell) => {
      const side = sideOf(cell.subject);
      const email = `${mark('invitee')}@example.org`;
      return {
        path: '/api/invitations',
        body: { email, name: 'Invited Person', role: side === 'union' ? 'member' : 'site-administrator' },
        check: async () => {
          const row = await s.handle.db.selectFrom('invitations').select('organization_id').where('email', '=', email).executeTakeFirst();
          return row?.organization_id === s.orgId[orgOfSide(side)] ? [] : [`the invitation was made in organization ${row?.organization_id}, not the inviter's`];
        },
      };
    },
    'POST /api/invitations/accept': async () => {
      const inv = ok(await send(s, admins.classified, 'POST', '/api/invitations', { body: { email: `${mark('accept')}@example.org`, name: 'Accepting Person', role: 'bargaining-team' } }), 'invite');
      return { path: '/api/invitations/accept', body: { token: inv.token, password: 'a long enough passphrase' } };
    },
    'GET /api/organization': async (cell) => {
      const side = sideOf(cell.subject);
      const id = s.orgId[ownerOf(side, cell.target === 'own' ? 'own' : cell.target)];
      return {
        path: '/api/organization',
        visible: (a) => (cell.target === 'own' ? a.body?.organization?.id === id : (a.body?.acrossTheTable ?? []).some((o: { id: number }) => o.id === id) || a.body?.organization?.id === id),
      };
    },
    'GET /api/people': async (cell) => {
      const owner = ownerOf(sideOf(cell.subject), cell.target);
      const ids = (await s.handle.db.selectFrom('people').select('id').where('organization_id', '=', s.orgId[owner]).execute()).map((r) => r.id);
      const own = s.orgId[orgOfSide(sideOf(cell.subject))];
      return {
        path: '/api/people',
        visible: (a) => (a.body?.people ?? []).some((p: { id: number }) => ids.includes(p.id)),
        check: async (a) => {
          const listed: number[] = (a.body?.people ?? []).map((p: { id: number }) => p.id);
          const orgs = listed.length ? await s.handle.db.selectFrom('people').select(['id', 'organization_id']).where('id', 'in', listed).execute() : [];
          return orgs.filter((r) => r.organization_id !== own).map((r) => `person ${r.id} of organization ${r.organization_id} is listed`);
        },
      };
    },
    'GET /api/audit': async (cell) => {
      const owner = ownerOf(sideOf(cell.subject), cell.target);
      const own = s.orgId[orgOfSide(sideOf(cell.subject))];
      const ids = (await s.handle.db.selectFrom('audit_log').select('id').where('organization_id', '=', s.orgId[owner]).execute()).map((r) => r.id);
      if (ids.length === 0) throw new Error(`setup: organization ${owner} has no audit entries to look for`);
      return {
        path: '/api/audit?limit=500',
        visible: (a) => (a.body?.entries ?? []).some((e: { id: number }) => ids.includes(e.id)),
        check: async (a) => {
          const listed: number[] = (a.body?.entries ?? []).map((e: { id: number }) => e.id);
          const rows = listed.length ? await s.handle.db.selectFrom('audit_log').select(['id', 'organization_id']).where('id', 'in', listed).execute() : [];
          return rows.filter((r) => r.organization_id !== own).map((r) => `audit entry ${r.id} of organization ${r.organization_id} is listed`);
        },
      };
    },
    'DELETE /api/people/{id}': async (cell) => {
      const id = await newPerson(cell);
      return { path: `/api/people/${id}`, check: async () => ((await personRow(id)).removed_at ? [] : [`person ${id} is not marked removed`]) };
    },
    'POST /api/people/{id}/role': async (cell) => {
      const id = await newPerson(cell);
      const role = sideOf(cell.subject) === 'union' ? 'organizer' : 'negotiator';
      return { path: `/api/people/${id}/role`, body: { role }, check: async () => ((await personRow(id)).role === role ? [] : [`person ${id} does not have the role ${role}`]) };
    },
    'DELETE /api/people/{id}/sessions': async (cell) => {
      const id = await newPerson(cell);
      await s.handle.db.insertInto('sessions').values({ id: s.deps.ids.next(null), person_id: id, token_hash: mark('session').padEnd(64, '0'), created_at: s.clock.now.toISOString(), expires_at: '2999-01-01T00:00:00.000Z' }).execute();
      return { path: `/api/people/${id}/sessions`, check: async () => ((await s.handle.db.selectFrom('sessions').select('id').where('person_id', '=', id).execute()).length === 0 ? [] : [`person ${id} still has a session`]) };
    },
    'DELETE /api/people/{id}/sign-in-throttle': async (cell) => {
      const id = await newPerson(cell);
      const { email } = await personRow(id);
      await s.handle.db.insertInto('sign_in_failures').values({ id: s.deps.ids.next(null), account: email, address: '192.0.2.1', at: s.clock.now.toISOString() }).execute();
      return { path: `/api/people/${id}/sign-in-throttle`, check: async () => ((await s.handle.db.selectFrom('sign_in_failures').select('id').where('account', '=', email).execute()).length === 0 ? [] : [`${email}'s wrong passwords are still counted`]) };
    },
    'GET /api/messages': async (cell) => {
      const id = await queuedMessage(rosterOwner(cell.target));
      return { path: '/api/messages?limit=500', visible: (a) => (a.body?.messages ?? []).some((m: { id: number }) => m.id === id) };
    },
    'POST /api/messages/{id}/resend': async (cell) => {
      const id = await queuedMessage(rosterOwner(cell.target), 'uncertain');
      return { path: `/api/messages/${id}/resend`, check: async () => ((await s.handle.db.selectFrom('outbox').select('id').where('dedupe_key', '=', `resend-of:${id}`).execute()).length === 1 ? [] : ['no new message queued']) };
    },
    'GET /api/pickets/days/{dayId}/board': async (cell) => ({ path: `/api/pickets/days/${await strikeDay(rosterOwner(cell.target))}/board` }),
    'GET /api/pickets/days/{dayId}/at-risk': async (cell) => ({ path: `/api/pickets/days/${await strikeDay(rosterOwner(cell.target))}/at-risk` }),
    'POST /api/pickets/days/{dayId}/at-risk/messages': async (cell) => {
      const dayId = await strikeDay(rosterOwner(cell.target));
      return { path: `/api/pickets/days/${dayId}/at-risk/messages`, body: { via: 'sms' }, check: async (a) => (a.body?.queued === 1 ? [] : [`expected the one late member messaged, got ${JSON.stringify(a.body)}`]) };
    },
    'POST /api/roster/members/{id}/invitation': async (cell) => {
      const id = await rosterMemberRow(rosterOwner(cell.target));
      return { path: `/api/roster/members/${id}/invitation`, body: { via: 'email' } };
    },
    'GET /api/messages/unsubscribe': async () => ({ path: `/api/messages/unsubscribe?t=${encodeURIComponent(unsubscribeToken(unsubscribeKey(s.deps.ballotKey), { organizationId: s.orgId.teachers, address: `${mark('u')}@example.org` }))}` }),
    'POST /api/messages/unsubscribe': async () => ({ path: `/api/messages/unsubscribe?t=${encodeURIComponent(unsubscribeToken(unsubscribeKey(s.deps.ballotKey), { organizationId: s.orgId.teachers, address: `${mark('u')}@example.org` }))}` }),
    'POST /api/messages/sms-inbound': async () => {
      s.deps.messaging = { channels: { email: false, sms: false }, publicUrl: 'https://settle.example', smsWebhookSecret: 'matrix-webhook-secret' };
      return { path: '/api/messages/sms-inbound', body: 'From=%2B12135550142&Body=STOP', contentType: 'application/x-www-form-urlencoded', headers: { 'x-settle-webhook-secret': 'matrix-webhook-secret' } };
    },
    'POST /api/invitations/accept-code': async () => {
      const member = await rosterMemberRow('teachers');
      const inv = ok(await send(s, admins.teachers, 'POST', `/api/roster/members/${member}/invitation`, { body: { via: 'sms' } }), 'invite by SMS');
      const text = await s.handle.db.selectFrom('outbox').select('body').where('dedupe_key', '=', `invitation:${inv.invitation.id}`).executeTakeFirstOrThrow();
      return { path: '/api/invitations/accept-code', body: { invitation: inv.invitation.id, code: /code is (\d{6})/.exec(text.body)![1], password: 'plum kettle harbor nineteen' } };
    },
    'GET /api/health': async () => ({ path: '/api/health' }),
    'GET /api/openapi.json': async () => ({ path: '/api/openapi.json' }),
    'GET /api/config': async () => ({ path: '/api/config' }),
    // A browser's report (sent with the page's cookie and no CSRF token; here with both, as any request).
    'POST /api/csp-report': async () => ({ path: '/api/csp-report', body: { 'csp-report': { 'document-uri': 'http://127.0.0.1/', 'effective-directive': 'script-src-elem', 'blocked-uri': 'inline' } } }),
    'POST /api/datasets': async (cell) => {
      const name = mark('dataset');
      return {
        path: '/api/datasets',
        body: { name, files: tinyDistrictFiles() },
        check: async () => {
          const row = await s.handle.db.selectFrom('datasets').select('organization_id').where('name', '=', name).executeTakeFirst();
          return row?.organization_id === s.orgId[orgOfSide(sideOf(cell.subject))] ? [] : [`the dataset was made in organization ${row?.organization_id}`];
        },
      };
    },
    'POST /api/datasets/{id}/versions': async (cell) => {
      const { datasetId } = await newDataset(cell.target === 'own' ? 'district' : 'otherDistrict', mark('dataset'));
      // Changed files (a comment added), so an allowed upload stores a new version (201).
      const files = tinyDistrictFiles();
      files['district.yaml'] += `# ${mark('version')}\n`;
      return { path: `/api/datasets/${datasetId}/versions`, body: { files, note: 'a new version' } };
    },
    'POST /api/datasets/{id}/import-cde': async (cell) => {
      // A dataset whose schools a CDE import of tinyCdeForm() keeps: an allowed import is stored (201).
      const { datasetId } = await newDataset(cell.target === 'own' ? 'district' : 'otherDistrict', mark('dataset'), cdeReadyFiles());
      return { path: `/api/datasets/${datasetId}/import-cde`, body: tinyCdeForm() };
    },
    'GET /api/datasets': async (cell) => {
      const d = datasetsOf[cell.target === 'own' ? 'district' : 'otherDistrict'];
      return { path: '/api/datasets', visible: (a) => includes(a, d.name) };
    },
    'GET /api/dataset-versions/{id}': async (cell) => ({ path: `/api/dataset-versions/${datasetsOf[cell.target === 'own' ? 'district' : 'otherDistrict'].versionId}` }),
    'GET /api/dataset-versions/{id}/files': async (cell) => ({ path: `/api/dataset-versions/${datasetsOf[cell.target === 'own' ? 'district' : 'otherDistrict'].versionId}/files` }),
    'GET /api/dataset-versions/{id}/overview': async (cell) => ({ path: `/api/dataset-versions/${datasetsOf[cell.target === 'own' ? 'district' : 'otherDistrict'].versionId}/overview` }),
    'POST /api/proposals': async (cell) => {
      const org = orgOfSide(sideOf(cell.subject));
      return { path: '/api/proposals', body: { ...proposalBody(org, mark('new-proposal')), datasetVersionId: datasetsOf[cell.target === 'own' ? 'district' : 'otherDistrict'].versionId } };
    },
    'POST /api/costings': async (cell) => {
      const org = orgOfSide(sideOf(cell.subject));
      return { path: '/api/costings', body: { yaml: proposalBody(org, mark('costing')).yaml, datasetVersionId: datasetsOf[cell.target === 'own' ? 'district' : 'otherDistrict'].versionId } };
    },
    'GET /api/proposals': async (cell) => {
      const t = await proposalTarget(sideOf(cell.subject), cell.target, false);
      return { path: '/api/proposals', visible: (a) => includes(a, t.title) };
    },
    'GET /api/proposals/{id}': async (cell) => {
      const t = await proposalTarget(sideOf(cell.subject), cell.target, false);
      return { path: `/api/proposals/${t.proposalId}` };
    },
    'POST /api/proposals/{id}/versions': async (cell) => {
      const side = sideOf(cell.subject);
      const t = await proposalTarget(side, cell.target, true);
      const owner = ownerOf(side, cell.target);
      return { path: `/api/proposals/${t.proposalId}/versions`, body: { yaml: proposalBody(owner, t.title).yaml.replace('pct: 3', 'pct: 4') } };
    },
    'GET /api/proposal-versions/{id}': async (cell) => {
      const t = await proposalTarget(sideOf(cell.subject), cell.target, false);
      return { path: `/api/proposal-versions/${t.versionId}` };
    },
    'GET /api/proposal-versions/{id}/disclosure.pdf': async (cell) => {
      const t = await proposalTarget(sideOf(cell.subject), cell.target, false);
      return { path: `/api/proposal-versions/${t.versionId}/disclosure.pdf` };
    },
    'GET /api/proposal-versions/{id}/disclosure.xlsx': async (cell) => {
      const t = await proposalTarget(sideOf(cell.subject), cell.target, false);
      return { path: `/api/proposal-versions/${t.versionId}/disclosure.xlsx` };
    },
    'GET /api/compare': async (cell) => {
      // The first version is the subject's own (another than the target), so only the target decides.
      const side = sideOf(cell.subject);
      if (!companions.has(side)) companions.set(side, newProposal(orgOfSide(side)));
      const [own, t] = [await companions.get(side)!, await proposalTarget(side, cell.target, false)];
      return { path: `/api/compare?versions=${own.versionId},${t.versionId}` };
    },
    'POST /api/proposal-versions/{id}/pass': async (cell) => {
      // own and across: fresh and not passed; passedToUs: passed to us (ours to read, not to pass).
      const t = await proposalTarget(sideOf(cell.subject), cell.target, true);
      return { path: `/api/proposal-versions/${t.versionId}/pass` };
    },
    'POST /api/proposal-versions/{id}/publish': async (cell) => {
      const side = sideOf(cell.subject);
      let t;
      if (cell.target === 'own') t = await newProposal(ownerOf(side, 'own'), { pass: true });
      else if (cell.target === 'ownUnpassed') t = await newProposal(ownerOf(side, 'own'));
      else if (cell.target === 'across') t = await newProposal(ownerOf(side, 'across'), { pass: false });
      else t = await proposalTarget(side, cell.target, true); // passedToUs, otherTable: passed
      return { path: `/api/proposal-versions/${t.versionId}/publish` };
    },
    'POST /api/proposal-versions/{id}/countersign': async (cell) => {
      // Always a fresh joint version (a countersignature is given once): own, passed across;
      // across, not passed; passedToUs, third and otherTable, passed at their own table.
      const side = sideOf(cell.subject);
      const t = await newProposal(ownerOf(side, cell.target), { joint: true, pass: cell.target !== 'across' });
      return {
        path: `/api/proposal-versions/${t.versionId}/countersign`,
        check: async (a) => {
          const row = await s.handle.db.selectFrom('countersignatures').select(['organization_id', 'proposal_version_id']).where('proposal_version_id', '=', t.versionId).executeTakeFirst();
          const own = s.orgId[orgOfSide(side)];
          return row?.organization_id === own && a.body?.countersigned?.organization?.id === own ? [] : [`the countersignature was recorded for organization ${row?.organization_id}, not the countersigner's (${own})`];
        },
      };
    },
    'POST /api/roster/imports': async (cell) => {
      const tag = mark('R');
      return {
        path: '/api/roster/imports',
        body: rosterForm(rosterCsv(tag)),
        check: async (a) => {
          const row = await s.handle.db.selectFrom('roster_imports').select('organization_id').where('id', '=', a.body?.import?.id ?? -1).executeTakeFirst();
          return row?.organization_id === s.orgId[orgOfSide(sideOf(cell.subject))] ? [] : [`the import was stored for organization ${row?.organization_id}`];
        },
      };
    },
    'POST /api/roster/imports/{id}/preview': async (cell) => {
      const p = await rosterImport(rosterOwner(cell.target));
      return { path: `/api/roster/imports/${p.import.id}/preview`, body: { mapping: p.mapping, removeMissing: false } };
    },
    'POST /api/roster/imports/{id}/confirm': async (cell) => {
      const owner = rosterOwner(cell.target);
      const p = await rosterImport(owner);
      // As an addition (removeMissing false), so confirming leaves the other cells' members in place.
      const partial = ok(await send(s, admins[owner], 'POST', `/api/roster/imports/${p.import.id}/preview`, { body: { mapping: p.mapping, removeMissing: false } }), 'roster preview');
      return {
        path: `/api/roster/imports/${p.import.id}/confirm`, body: { mapping: p.mapping, removeMissing: false, digest: partial.digest },
        check: async () => ((await s.handle.db.selectFrom('roster_imports').select('status').where('id', '=', p.import.id).executeTakeFirstOrThrow()).status === 'applied' ? [] : ['the import is not applied']),
      };
    },
    'DELETE /api/roster/imports/{id}': async (cell) => {
      const p = await rosterImport(rosterOwner(cell.target));
      return {
        path: `/api/roster/imports/${p.import.id}`,
        check: async () => {
          const row = await s.handle.db.selectFrom('roster_imports').select(['status', 'table_gz']).where('id', '=', p.import.id).executeTakeFirstOrThrow();
          return row.status === 'discarded' && row.table_gz.length === 0 ? [] : [`the import is ${row.status} with ${row.table_gz.length} bytes of its file kept`];
        },
      };
    },
    'GET /api/roster/members': async (cell) => {
      const t = await sharedRoster(rosterOwner(cell.target));
      const own = s.orgId[orgOfSide(sideOf(cell.subject))];
      return {
        path: '/api/roster/members?limit=500',
        visible: (a) => (a.body?.members ?? []).some((m: { id: number }) => m.id === t.memberRowId),
        check: async (a) => {
          const listed: number[] = (a.body?.members ?? []).map((m: { id: number }) => m.id);
          const rows = listed.length ? await s.handle.db.selectFrom('roster_members').select(['id', 'organization_id']).where('id', 'in', listed).execute() : [];
          return rows.filter((r) => r.organization_id !== own).map((r) => `member ${r.id} of organization ${r.organization_id} is listed`);
        },
      };
    },
    'GET /api/roster/worksites': async (cell) => {
      const t = await sharedRoster(rosterOwner(cell.target));
      return { path: '/api/roster/worksites', visible: (a) => (a.body?.worksites ?? []).some((w: { id: number }) => w.id === t.worksiteId) };
    },
    'POST /api/roster/worksites/{id}/captains': async (cell) => {
      const t = await appliedRoster(rosterOwner(cell.target));
      return { path: `/api/roster/worksites/${t.worksiteId}/captains`, body: { member: t.memberRowId } };
    },
    'DELETE /api/roster/captains/{id}': async (cell) => {
      const owner = rosterOwner(cell.target);
      const t = await appliedRoster(owner);
      const k = ok(await send(s, admins[owner], 'POST', `/api/roster/worksites/${t.worksiteId}/captains`, { body: { member: t.memberRowId } }), 'name a captain');
      return {
        path: `/api/roster/captains/${k.captain.id}`,
        check: async () => ((await s.handle.db.selectFrom('roster_site_captains').select('ended_at').where('id', '=', k.captain.id).executeTakeFirstOrThrow()).ended_at ? [] : ['the assignment has not ended']),
      };
    },
    'POST /api/votes': async () => ({ path: '/api/votes', body: voteSetup(mark('vote'), 'open') }),
    'GET /api/votes': async (cell) => {
      const v = await sharedVote(rosterOwner(cell.target));
      return { path: '/api/votes', visible: (a) => (a.body?.votes ?? []).some((x: { id: number }) => x.id === v.id) };
    },
    'GET /api/votes/{id}': async (cell) => ({ path: `/api/votes/${(await sharedVote(rosterOwner(cell.target))).id}` }),
    'PATCH /api/votes/{id}': async (cell) => ({ path: `/api/votes/${(await newVote(rosterOwner(cell.target), 'draft')).id}`, body: { title: mark('renamed') } }),
    'POST /api/votes/{id}/freeze': async (cell) => ({ path: `/api/votes/${(await newVote(rosterOwner(cell.target), 'draft')).id}/freeze` }),
    'GET /api/votes/{id}/voters': async (cell) => ({ path: `/api/votes/${(await sharedVote(rosterOwner(cell.target))).id}/voters` }),
    'POST /api/votes/{id}/challenges': async (cell) => {
      const v = await newVote(rosterOwner(cell.target), 'open');
      await linkSubject(cell);
      return { path: `/api/votes/${v.id}/challenges`, body: { reason: 'I am missing from the list' } };
    },
    'GET /api/votes/{id}/challenges': async (cell) => ({ path: `/api/votes/${(await sharedVote(rosterOwner(cell.target))).id}/challenges` }),
    'POST /api/votes/{id}/challenges/{challengeId}/ruling': async (cell) => {
      const owner = rosterOwner(cell.target);
      const v = await newVote(owner, 'open');
      const t = await sharedRoster(owner);
      const m = await s.handle.db.selectFrom('roster_members').select('member_id').where('id', '=', t.memberRowId).executeTakeFirstOrThrow();
      const ch = ok(await send(s, admins[owner], 'POST', `/api/votes/${v.id}/challenges`, { body: { memberId: m.member_id, reason: 'left the unit' } }), 'raise a challenge');
      return { path: `/api/votes/${v.id}/challenges/${ch.challenge.id}/ruling`, body: { ruling: 'denied' } };
    },
    'POST /api/votes/{id}/reminders': async (cell) => ({ path: `/api/votes/${(await newVote(rosterOwner(cell.target), 'open')).id}/reminders`, body: { via: 'email' } }),
    'POST /api/votes/{id}/count': async (cell) => ({ path: `/api/votes/${(await newVote(rosterOwner(cell.target), 'closed')).id}/count` }),
    'POST /api/votes/{id}/certify': async (cell) => ({ path: `/api/votes/${(await newVote(rosterOwner(cell.target), 'counted')).id}/certify` }),
    'POST /api/votes/{id}/publish': async (cell) => ({ path: `/api/votes/${(await newVote(rosterOwner(cell.target), 'certified')).id}/publish` }),
    'GET /api/votes/{id}/ballots': async (cell) => ({ path: `/api/votes/${(await sharedVote(rosterOwner(cell.target), 'published')).id}/ballots` }),
    'GET /api/votes/{id}/results': async (cell) => ({ path: `/api/votes/${(await sharedVote(rosterOwner(cell.target), 'published')).id}/results` }),
    'GET /api/votes/{id}/me': async (cell) => {
      await linkSubject(cell);
      return { path: `/api/votes/${(await sharedVote(rosterOwner(cell.target))).id}/me` };
    },
    'GET /api/votes/{id}/receipts/{code}': async (cell) => ({ path: `/api/votes/${(await sharedVote(rosterOwner(cell.target))).id}/receipts/7K2M-QX9D-40TR` }),
    'GET /api/pickets/days': async (cell) => {
      const d = await sharedDay(rosterOwner(cell.target));
      return { path: '/api/pickets/days', visible: (a) => (a.body?.days ?? []).some((x: { id: number }) => x.id === d.id) };
    },
    'POST /api/pickets/days': async () => ({ path: '/api/pickets/days', body: { date: nextDate(), label: mark('day') } }),
    'PATCH /api/pickets/days/{dayId}': async (cell) => ({ path: `/api/pickets/days/${(await sharedDay(rosterOwner(cell.target))).id}`, body: { label: mark('renamed') } }),
    'POST /api/pickets/days/{dayId}/template': async (cell) => {
      const owner = rosterOwner(cell.target);
      const t = await sharedRoster(owner);
      return { path: `/api/pickets/days/${(await sharedDay(owner)).id}/template`, body: { name: mark('template'), shifts: [{ start: '06:30', end: '09:30', capacity: 20, minimum: 5 }], worksites: [t.worksiteId] } };
    },
    'GET /api/pickets/days/{dayId}/shifts': async (cell) => ({ path: `/api/pickets/days/${(await sharedDay(rosterOwner(cell.target))).id}/shifts` }),
    'POST /api/pickets/days/{dayId}/shifts': async (cell) => {
      const owner = rosterOwner(cell.target);
      const d = await sharedDay(owner);
      return { path: `/api/pickets/days/${d.id}/shifts`, body: { worksiteId: (await sharedRoster(owner)).worksiteId, duty: 'picket', ...shiftTimes(d.date), capacity: 10, minimum: 2 } };
    },
    'PATCH /api/pickets/shifts/{shiftId}': async (cell) => ({ path: `/api/pickets/shifts/${await newShift(rosterOwner(cell.target))}`, body: { capacity: 40 } }),
    'DELETE /api/pickets/shifts/{shiftId}': async (cell) => ({ path: `/api/pickets/shifts/${await newShift(rosterOwner(cell.target))}` }),
    'GET /api/pickets/shifts/{shiftId}/signups': async (cell) => {
      // A site captain runs the shifts they captain: the cell's shift is theirs (in their own union).
      const captainRow = cell.subject.kind === 'role' && cell.subject.side === 'union' && cell.subject.role === 'site-captain' && cell.target === 'own' ? await linkPicketSubject(cell) : undefined;
      return { path: `/api/pickets/shifts/${await newShift(rosterOwner(cell.target), captainRow)}/signups` };
    },
    'POST /api/pickets/shifts/{shiftId}/signups': async (cell) => {
      const owner = rosterOwner(cell.target);
      return { path: `/api/pickets/shifts/${await newShift(owner)}/signups`, body: { memberRowId: await rosterMemberRow(owner) } };
    },
    'DELETE /api/pickets/signups/{signupId}': async (cell) => ({ path: `/api/pickets/signups/${await newSignup(rosterOwner(cell.target))}` }),
    'POST /api/pickets/signups/{signupId}/move': async (cell) => {
      const owner = rosterOwner(cell.target);
      return { path: `/api/pickets/signups/${await newSignup(owner)}/move`, body: { shiftId: await newShift(owner) } };
    },
    'PUT /api/pickets/worksites/{worksiteId}/region': async (cell) => ({ path: `/api/pickets/worksites/${(await sharedRoster(rosterOwner(cell.target))).worksiteId}/region`, body: { region: mark('region') } }),
    'GET /api/me/pickets': async (cell) => {
      await linkPicketSubject(cell);
      return { path: '/api/me/pickets' };
    },
    'POST /api/me/pickets/signups': async (cell) => {
      await linkPicketSubject(cell);
      return { path: '/api/me/pickets/signups', body: { shiftId: await newShift(rosterOwner(cell.target)) } };
    },
    'DELETE /api/me/pickets/signups/{signupId}': async (cell) => {
      const mine = await linkPicketSubject(cell);
      // Own: the subject's own sign-up; otherwise a member's of that union.
      return { path: `/api/me/pickets/signups/${await newSignup(rosterOwner(cell.target), cell.target === 'own' ? mine : undefined)}` };
    },
    // Strike pay: the target is a week (a strike day), an exception or a payout of the cell's union.
    'GET /api/pickets/pay/rules': async () => ({ path: '/api/pickets/pay/rules' }),
    'PUT /api/pickets/pay/rules': async () => ({ path: '/api/pickets/pay/rules', body: { rules: { amountCents: 12_000 } } }),
    'GET /api/pickets/pay/periods': async (cell) => {
      const day = await payStrikeDay(s, rosterOwner(cell.target));
      return { path: '/api/pickets/pay/periods', visible: (a) => (a.body?.periods ?? []).some((p: { start: string }) => p.start === day.date) };
    },
    'GET /api/pickets/pay/ledger': async (cell) => ({ path: `/api/pickets/pay/ledger?periodStart=${(await payStrikeDay(s, rosterOwner(cell.target))).date}` }),
    'POST /api/pickets/pay/exceptions': async (cell) => {
      const owner = rosterOwner(cell.target);
      const [day, member] = [await payStrikeDay(s, owner), await payMember(s, owner)];
      return { path: '/api/pickets/pay/exceptions', body: { memberRowId: member, strikeDayId: day.id, kind: 'count', reason: 'sent home ill' } };
    },
    'DELETE /api/pickets/pay/exceptions/{exceptionId}': async (cell) => ({ path: `/api/pickets/pay/exceptions/${await payException(s, rosterOwner(cell.target))}` }),
    'POST /api/pickets/pay/payouts': async (cell) => ({ path: '/api/pickets/pay/payouts', body: { periodStart: (await payStrikeDay(s, rosterOwner(cell.target))).date } }),
    'GET /api/pickets/pay/payouts': async (cell) => {
      const id = await payoutRow(s, rosterOwner(cell.target));
      return { path: '/api/pickets/pay/payouts', visible: (a) => (a.body?.payouts ?? []).some((p: { id: number }) => p.id === id) };
    },
    'GET /api/pickets/pay/payouts/{payoutId}/csv': async (cell) => ({ path: `/api/pickets/pay/payouts/${await payoutRow(s, rosterOwner(cell.target))}/csv` }),
    'GET /api/me/strike-pay': async (cell) => {
      await linkSubject(cell);
      return { path: '/api/me/strike-pay' };
    },
    // sites: family: the target is a meal or partner site of Tiny Unified (own) or Other Unified (otherTable), whoever asks.
    'GET /api/sites/family': async (cell) => {
      const id = await familySite(ownerOf('district', cell.target));
      return { path: '/api/sites/family', visible: (a) => (a.body?.sites ?? []).some((x: { id: number }) => x.id === id) };
    },
    'POST /api/sites/family': async () => ({ path: '/api/sites/family', body: familySiteBody() }),
    'PATCH /api/sites/family/{id}': async (cell) => ({ path: `/api/sites/family/${await familySite(ownerOf('district', cell.target))}`, body: { closes: '18:00' } }),
    'DELETE /api/sites/family/{id}': async (cell) => ({ path: `/api/sites/family/${await familySite(ownerOf('district', cell.target))}` }),
    'POST /api/sites/family/import': async () => {
      const b = familySiteBody();
      return { path: '/api/sites/family/import', body: { csv: `kind,name,address,latitude,longitude,opens,closes,partner_kind\npartner,${b.name},"${b.address}",34.0504,-118.2551,10:00,17:30,library\n` } };
    },
    'GET /api/public/votes': async (cell) => {
      const v = await sharedVote('teachers', cell.target === 'published' ? 'published' : 'counted');
      return { path: '/api/public/votes', visible: (a) => includes(a, v.title) };
    },
    'GET /api/public/proposals': async (cell) => {
      const t = cell.target === 'published' ? await publishedTarget() : await proposalTarget('union', 'passedToUs', false);
      return { path: '/api/public/proposals', visible: (a) => includes(a, t.title) };
    },
    'GET /api/public/proposals/{id}': async (cell) => {
      const t = cell.target === 'published' ? await publishedTarget() : await proposalTarget('union', 'passedToUs', false);
      return { path: `/api/public/proposals/${t.versionId}` };
    },
    'GET /api/public/compare': async (cell) => {
      const a = await publishedTarget();
      const b = cell.target === 'published' ? await publishedTarget(2) : await proposalTarget('union', 'passedToUs', false);
      return { path: `/api/public/compare?versions=${a.versionId},${b.versionId}` };
    },
    // sites: plan. The target is a strike day (school E1 of the tiny dataset) of Tiny Unified (own) or Other Unified (otherTable).
    'GET /api/sites/days': async (cell) => {
      const d = await siteDay(siteOwner(cell.target));
      return { path: '/api/sites/days', visible: (a) => (a.body?.days ?? []).some((x: { id: number }) => x.id === d) };
    },
    'POST /api/sites/days': async () => ({ path: '/api/sites/days', body: { date: siteDate(), label: mark('site-day'), datasetVersionId: datasetsOf.district.versionId } }),
    'PATCH /api/sites/days/{dayId}': async (cell) => ({ path: `/api/sites/days/${await siteDay(siteOwner(cell.target))}`, body: { label: mark('renamed') } }),
    'GET /api/sites/days/{dayId}/sites': async (cell) => ({ path: `/api/sites/days/${await siteDay(siteOwner(cell.target))}/sites` }),
    'PATCH /api/sites/days/{dayId}/sites/{schoolId}': async (cell) => ({ path: `/api/sites/days/${await siteDay(siteOwner(cell.target))}/sites/E1`, body: { capacity: ++marker } }),
    'GET /api/sites/days/{dayId}/sites/{schoolId}/changes': async (cell) => ({ path: `/api/sites/days/${await siteDay(siteOwner(cell.target))}/sites/E1/changes` }),
    'POST /api/sites/days/{dayId}/bulk': async (cell) => ({ path: `/api/sites/days/${await siteDay(siteOwner(cell.target))}/bulk`, body: { set: { volunteers: ++marker }, sites: 'all', except: ['E1'] } }),
    'POST /api/sites/days/{dayId}/sites/{schoolId}/counts': async (cell) => {
      const owner = siteOwner(cell.target);
      const dayId = await siteDay(owner);
      // A site administrator reports at their own school: the cell's school is made theirs.
      if (cell.subject.kind === 'role' && cell.subject.side === 'district' && cell.subject.role === 'site-administrator' && cell.target === 'own') await nameSiteAdmin(owner, emailOf('district', 'site-administrator'));
      return { path: `/api/sites/days/${dayId}/sites/E1/counts`, body: { childrenPresent: 30, adultsPresent: 2 } };
    },
    'POST /api/sites/days/{dayId}/publish': async (cell) => ({ path: `/api/sites/days/${await siteDay(siteOwner(cell.target))}/publish` }),
    'GET /api/sites/days/{dayId}/publications': async (cell) => ({ path: `/api/sites/days/${await siteDay(siteOwner(cell.target))}/publications` }),
    'POST /api/sites/administrators': async () => {
      const personId = await addPerson(s.handle.db, { organizationId: s.orgId.district, email: `${mark('site-admin')}@example.org`, name: mark('Site Admin'), role: 'site-administrator', passwordHash: 'no password', now: s.clock.now, ids: s.deps.ids });
      return { path: '/api/sites/administrators', body: { personId, schoolId: await newestSchool() } };
    },
    'GET /api/sites/administrators': async (cell) => {
      const id = await nameSiteAdmin(siteOwner(cell.target));
      return { path: '/api/sites/administrators', visible: (a) => (a.body?.administrators ?? []).some((x: { id: number }) => x.id === id) };
    },
    'DELETE /api/sites/administrators/{adminId}': async (cell) => ({ path: `/api/sites/administrators/${await nameSiteAdmin(siteOwner(cell.target))}` }),
    // sites: public: the published day's label is listed, the unpublished day's is not.
    'GET /api/public/sites': async (cell) => {
      const days = await publicSiteDays(s, mark);
      const label = cell.target === 'published' ? days.published : days.unpublished;
      return { path: '/api/public/sites', visible: (a) => (a.body?.days ?? []).some((d: { label: string }) => d.label === label) };
    },
    // The live statuses of the published day's date; the unpublished day's date is not found.
    'GET /api/public/sites/live': async (cell) => {
      await publicSiteDays(s, mark);
      return { path: `/api/public/sites/live?date=${cell.target === 'published' ? PUBLISHED_SITE_DAY : UNPUBLISHED_SITE_DAY}` };
    },
    'GET /api/public/sites/zips': async () => ({ path: '/api/public/sites/zips' }),
    // sites: cost. One strike day per district (planted, as the planning routes leave it), on its
    // own dataset; for a union subject the target is still a district's (404 comes first).
    ...((): Record<string, Prepare> => {
      const siteDays = new Map<OrgKey, Promise<{ id: number; label: string }>>();
      const siteDay = (owner: OrgKey) => {
        if (!siteDays.has(owner)) {
          siteDays.set(owner, (async () => {
            const org = owner === 'otherDistrict' ? 'otherDistrict' : 'district';
            const label = mark(`site-day-${org}`);
            const personId = (await s.handle.db.selectFrom('people').select('id').where('email', '=', emailOf(org, 'admin')).executeTakeFirstOrThrow()).id;
            const day = await plantSiteDay(s.handle.db, s.deps.ids, { organizationId: s.orgId[org], datasetVersionId: datasetsOf[org].versionId, personId, date: '2019-03-11', label, shares: { T: 1 }, substituteDayRateCents: 30_000,
              sites: [{ schoolId: 'E1', name: 'Alder Elementary', status: 'instruction', studentsAttending: 100, substitutes: 1 }] });
            return { id: day.dayId, label };
          })());
        }
        return siteDays.get(owner)!;
      };
      const siteOwner = (target: Target): OrgKey => ownerOf('district', target);
      let attending = 100;
      return {
        'GET /api/sites/cost': async (cell) => {
          const d = await siteDay(siteOwner(cell.target));
          return { path: '/api/sites/cost', visible: (a) => (a.body?.days ?? []).some((x: { dayId: number }) => x.dayId === d.id) };
        },
        'GET /api/sites/cost.csv': async (cell) => {
          const d = await siteDay(siteOwner(cell.target));
          return { path: '/api/sites/cost.csv', visible: (a) => includes(a, d.label) };
        },
        'POST /api/sites/days/{dayId}/attendance': async (cell) => {
          const d = await siteDay(siteOwner(cell.target));
          const n = (attending = (attending % 300) + 1);
          return { path: `/api/sites/days/${d.id}/attendance`, body: { csv: `school_id,students_attending\nE1,${n}\n` }, check: (a) => (a.body?.changes === 1 ? [] : [`expected one site changed, got ${JSON.stringify(a.body)}`]) };
        },
      };
    })(),
  };

  // sites: plan (helpers). The district whose plan a cell aims at, whatever the subject's side (a union is refused first).
  const siteOwner = (target: Target): 'district' | 'otherDistrict' => (target === 'own' ? 'district' : 'otherDistrict');
  let siteDays = 0;
  /** A date in the tiny dataset's years (2018-19 to 2021-22), a new one each call. */
  const siteDate = () => new Date(Date.UTC(2019, 0, 7) + 86_400_000 * ++siteDays).toISOString().slice(0, 10);
  const sharedSiteDays = new Map<string, Promise<number>>();
  /** One strike day per district (by its admin), on the tiny dataset: schools E1, E2, M1, H1. */
  function siteDay(owner: 'district' | 'otherDistrict'): Promise<number> {
    if (!sharedSiteDays.has(owner)) {
      sharedSiteDays.set(owner, send(s, admins[owner], 'POST', '/api/sites/days', { body: { date: siteDate(), label: mark('site-day'), datasetVersionId: datasetsOf[owner].versionId } }).then((a) => ok(a, 'declare a site day').day.id as number));
    }
    return sharedSiteDays.get(owner)!;
  }
  /** Names a person (the district's site administrator, or a fresh person) to school E1 of a district, straight in the table; the assignment's id. */
  async function nameSiteAdmin(owner: 'district' | 'otherDistrict', email?: string): Promise<number> {
    const person = email
      ? (await s.handle.db.selectFrom('people').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id
      : await addPerson(s.handle.db, { organizationId: s.orgId[owner], email: `${mark('site-admin')}@example.org`, name: mark('Site Admin'), role: 'site-administrator', passwordHash: 'no password', now: s.clock.now, ids: s.deps.ids });
    const id = s.deps.ids.next(s.orgId[owner]);
    await s.handle.db.insertInto('site_admins').values({ id, organization_id: s.orgId[owner], person_id: person, school_id: 'E1', assigned_by: person, assigned_at: s.clock.now.toISOString(), ended_at: null }).execute();
    return id;
  }
  /** A school of Tiny Unified's newest dataset (other cells store new versions): where a site administrator may be named. */
  async function newestSchool(): Promise<string> {
    const actor = { org: { id: s.orgId.district, kind: 'district', districtId: null } } as Parameters<typeof latestDatasetVersion>[1];
    const version = await latestDatasetVersion(s.handle.db, actor);
    return (await datasetOfVersion(s.handle.db, version!)).schools[0].id;
  }

  /** A fresh person (no password) in the target's organization, for the people-management cells. */
  async function newPerson(cell: Cell): Promise<number> {
    const owner = ownerOf(sideOf(cell.subject), cell.target);
    const role = ORGS[owner].kind === 'union' ? 'member' : 'site-administrator';
    return addPerson(s.handle.db, { organizationId: s.orgId[owner], email: `${mark('person')}@example.org`, name: mark('Person'), role, passwordHash: 'no password', now: s.clock.now, ids: s.deps.ids });
  }
  const personRow = (id: number) => s.handle.db.selectFrom('people').select(['role', 'email', 'removed_at']).where('id', '=', id).executeTakeFirstOrThrow();

  /** The union whose roster a cell aims at: the subject's own union, Tiny Classified, or Other Teachers (for a district subject too: it is refused first). */
  const rosterOwner = (target: Target): OrgKey => ownerOf('union', target);
  /** A strike day of a union with a shift running on the test clock and one member late for it (with a mobile number). */
  async function strikeDay(owner: OrgKey): Promise<number> {
    const at = s.clock.now.getTime();
    const createdBy = (await s.handle.db.selectFrom('people').select('id').where('organization_id', '=', s.orgId[owner]).executeTakeFirstOrThrow()).id;
    const shift = { startsAt: new Date(at - 3600_000).toISOString(), endsAt: new Date(at + 3600_000).toISOString(), minimum: 2, members: [{ name: mark('Late'), mobile: '+12135550198' }] };
    return (await plantDay(s.handle.db, s.deps.ids, { organizationId: s.orgId[owner], createdBy, date: nextDate(), sites: [{ name: mark('School'), shifts: [shift] }] })).dayId;
  }
  /** A pending roster import of a union (by its admin): the preview's body. */
  async function rosterImport(owner: OrgKey) {
    return ok(await send(s, admins[owner], 'POST', '/api/roster/imports', { body: rosterForm(rosterCsv(mark('R'))) }), `roster upload as ${owner} admin`);
  }
  /** A fresh roster import of a union, applied as an addition: one of its members and that member's worksite. */
  async function appliedRoster(owner: OrgKey): Promise<{ memberRowId: number; worksiteId: number }> {
    const p = await rosterImport(owner);
    const partial = ok(await send(s, admins[owner], 'POST', `/api/roster/imports/${p.import.id}/preview`, { body: { mapping: p.mapping, removeMissing: false } }), 'roster preview');
    ok(await send(s, admins[owner], 'POST', `/api/roster/imports/${p.import.id}/confirm`, { body: { mapping: p.mapping, removeMissing: false, digest: partial.digest } }), 'roster confirm');
    const m = await s.handle.db.selectFrom('roster_members').select(['id', 'worksite_id']).where('organization_id', '=', s.orgId[owner]).where('member_id', '=', p.adds[0].memberId).executeTakeFirstOrThrow();
    return { memberRowId: m.id, worksiteId: m.worksite_id! };
  }
  /** A message queued for a union (as the votes' and invitations' code would), optionally in another state. */
  async function queuedMessage(owner: OrgKey, status?: string): Promise<number> {
    const key = mark('message');
    await enqueueMessage(s.handle.db, s.deps.ids, { organizationId: s.orgId[owner], channel: 'email', to: `${key}@example.org`, subject: 's', body: 'b', kind: 'invitation', dedupeKey: key }, s.clock.now);
    const row = await s.handle.db.selectFrom('outbox').select('id').where('dedupe_key', '=', key).executeTakeFirstOrThrow();
    if (status) await s.handle.db.updateTable('outbox').set({ status }).where('id', '=', row.id).execute();
    return row.id;
  }
  /** A roster member of a union with an email and a mobile number, written directly (no import). */
  async function rosterMemberRow(owner: OrgKey): Promise<number> {
    const id = s.deps.ids.next(s.orgId[owner]);
    const tag = mark('member');
    const at = s.clock.now.toISOString();
    await s.handle.db.insertInto('roster_members').values({ id, organization_id: s.orgId[owner], member_id: tag, name: `Member ${tag}`, employee_id: null, email: `${tag}@example.org`, mobile: `+1213555${String(marker).padStart(4, '0').slice(-4)}`, worksite_id: null, job_class: null, status: 'active', created_at: at, updated_at: at, removed_at: null }).execute();
    return id;
  }
  const rosters = new Map<OrgKey, Promise<{ memberRowId: number; worksiteId: number }>>();
  const sharedRoster = (owner: OrgKey) => {
    if (!rosters.has(owner)) rosters.set(owner, appliedRoster(owner));
    return rosters.get(owner)!;
  };

  /**
   * A vote of a union in a given stage, made through the API by the union's admin where an admin
   * may (set up, freeze, count); certified and published are set in the database (certifying
   * takes two election-committee members, whom only Tiny Teachers has in this world).
   * The test clock stands at 2026-01-15: 'open' closes in February, the others closed on 10 January.
   */
  type VoteStage = 'draft' | 'open' | 'closed' | 'counted' | 'certified' | 'published';
  function voteSetup(title: string, stage: VoteStage) {
    return {
      title, kind: 'strike-authorization', channels: ['online'], publicResults: true, cutoffAt: '2026-01-01T00:00:00Z', opensAt: '2026-01-02T00:00:00Z',
      closesAt: stage === 'draft' || stage === 'open' ? '2026-02-01T00:00:00Z' : '2026-01-10T00:00:00Z',
      questions: [{ key: 'authorize', text: 'Authorize a strike?', options: [{ key: 'yes', label: 'Yes' }, { key: 'no', label: 'No' }], pass: { option: 'yes', share: '0.5' } }],
    };
  }
  async function newVote(owner: OrgKey, stage: VoteStage): Promise<{ id: number; title: string }> {
    const title = mark(`vote-${owner}-${stage}`);
    const created = ok(await send(s, admins[owner], 'POST', '/api/votes', { body: voteSetup(title, stage) }), `set up a vote as ${owner} admin`);
    const id: number = created.vote.id;
    if (stage !== 'draft') ok(await send(s, admins[owner], 'POST', `/api/votes/${id}/freeze`), 'freeze');
    if (stage === 'counted' || stage === 'certified' || stage === 'published') ok(await send(s, admins[owner], 'POST', `/api/votes/${id}/count`), 'count');
    if (stage === 'certified' || stage === 'published') await s.handle.db.updateTable('votes').set({ state: 'certified', certified_at: s.clock.now.toISOString() }).where('id', '=', id).execute();
    if (stage === 'published') await s.handle.db.updateTable('votes').set({ published_at: s.clock.now.toISOString() }).where('id', '=', id).execute();
    return { id, title };
  }
  const votes = new Map<string, Promise<{ id: number; title: string }>>();
  const sharedVote = (owner: OrgKey, stage: VoteStage = 'open') => {
    const key = `${owner}:${stage}`;
    if (!votes.has(key)) votes.set(key, newVote(owner, stage));
    return votes.get(key)!;
  };
  /** Links the subject's sign-in to a roster member of its own union (a member's own standing, a member's own challenge). */
  async function linkSubject(cell: Cell): Promise<void> {
    if (cell.subject.kind !== 'role' || cell.subject.side !== 'union') return;
    const t = await appliedRoster('teachers');
    await s.handle.db.updateTable('people').set({ member_row_id: t.memberRowId }).where('email', '=', emailOf('teachers', cell.subject.role)).execute();
  }

  /** Strike days of a union (by its admin): one shared per union, on dates that never repeat. */
  let dateSeq = 0;
  const nextDate = () => new Date(Date.UTC(2026, 2, 1) + (dateSeq++) * 86_400_000).toISOString().slice(0, 10);
  const days = new Map<OrgKey, Promise<{ id: number; date: string }>>();
  const sharedDay = (owner: OrgKey) => {
    if (!days.has(owner)) days.set(owner, send(s, admins[owner], 'POST', '/api/pickets/days', { body: { date: nextDate(), label: mark('day') } }).then((a) => ok(a, 'declare a strike day').day));
    return days.get(owner)!;
  };
  /** A new shift on the union's shared day at its shared worksite (captained by a member, if given). */
  /** 15:00–17:00Z on `date`, each a second later than the last: the same shift twice is refused (picket.shift-exists). */
  let shiftsMade = 0;
  function shiftTimes(date: string): { startsAt: string; endsAt: string } {
    const start = Date.parse(`${date}T15:00:00.000Z`) + ++shiftsMade * 1000;
    return { startsAt: new Date(start).toISOString(), endsAt: new Date(start + 2 * 3600_000).toISOString() };
  }
  async function newShift(owner: OrgKey, captainMemberRowId?: number): Promise<number> {
    const d = await sharedDay(owner);
    const body = { worksiteId: (await sharedRoster(owner)).worksiteId, duty: 'picket', ...shiftTimes(d.date), capacity: 10, minimum: 2, ...(captainMemberRowId ? { captainMemberRowId } : {}) };
    return ok(await send(s, admins[owner], 'POST', `/api/pickets/days/${d.id}/shifts`, { body }), 'add a shift').shift.id;
  }
  /** A new sign-up (assigned by the union's admin) of a member (a fresh one unless given) on a new shift. */
  async function newSignup(owner: OrgKey, memberRowId?: number): Promise<number> {
    const shift = await newShift(owner);
    return ok(await send(s, admins[owner], 'POST', `/api/pickets/shifts/${shift}/signups`, { body: { memberRowId: memberRowId ?? await rosterMemberRow(owner) } }), 'assign').signup.id;
  }
  /** Links a union subject's sign-in to a fresh member of its union (a member's own shifts); its row id. */
  async function linkPicketSubject(cell: Cell): Promise<number | undefined> {
    if (cell.subject.kind !== 'role' || cell.subject.side !== 'union') return undefined;
    const row = await rosterMemberRow('teachers');
    await s.handle.db.updateTable('people').set({ member_row_id: row }).where('email', '=', emailOf('teachers', cell.subject.role)).execute();
    return row;
  }

  /** A meal or partner site body with a name never used before. */
  const familySiteBody = () => ({ kind: 'partner', partnerKind: 'library', name: mark('Library'), address: '630 W 5th St, Los Angeles, CA 90071', latitude: 34.0504, longitude: -118.2551, opens: '10:00', closes: '17:30' });
  /** A new meal or partner site of a district (by its admin): its id. */
  async function familySite(owner: OrgKey): Promise<number> {
    return ok(await send(s, admins[owner], 'POST', '/api/sites/family', { body: familySiteBody() }), `enter a family site as ${owner} admin`).site.id;
  }

  const published = new Map<number, Promise<{ proposalId: number; versionId: number; title: string }>>();
  function publishedTarget(n = 1) {
    if (!published.has(n)) published.set(n, newProposal(n === 1 ? 'teachers' : 'district', { publish: true }));
    return published.get(n)!;
  }

  // -------------------------------------------------------------------------------------------

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    for (const org of Object.keys(ORGS) as OrgKey[]) admins[org] = await signIn(s, org, 'admin');
    for (const subject of SUBJECTS) {
      if (subject.kind === 'role') sessions.set(subjectName(subject), await signIn(s, orgOfSide(subject.side), subject.role));
    }
    // The datasets every table costs on (if the dataset routes are there yet: cells that need
    // them fail with the reason otherwise).
    for (const org of ['district', 'otherDistrict'] as const) {
      const name = mark(`dataset-${org}`);
      try {
        datasetsOf[org] = { ...(await newDataset(org, name)), name };
      } catch (e) {
        datasetsOf[org] = { datasetId: -1, versionId: -1, name };
        console.warn(String(e));
      }
    }
  }, 120_000);
  afterAll(async () => s?.close());

  it('has the roles of the spec in the test world (one person per role of each side)', () => {
    expect([...ORGS.district.roles].sort()).toEqual([...SPEC_DISTRICT_ROLES].sort());
    expect([...ORGS.teachers.roles].sort()).toEqual([...SPEC_UNION_ROLES].sort());
  });

  it('documents every route of the table in /api/openapi.json, and nothing the table lacks', async () => {
    const doc = await send(s, NOBODY, 'GET', '/api/openapi.json');
    expect(doc.status).toBe(200);
    const documented = new Set<string>();
    for (const [path, ops] of Object.entries(doc.body.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(ops)) if (['get', 'post', 'put', 'patch', 'delete'].includes(method)) documented.add(`${method.toUpperCase()} ${path}`);
    }
    const table = new Set(SPEC_ROUTES.filter((r) => !r.undocumented).map(routeKey));
    const missingFromTable = [...documented].filter((k) => !table.has(k));
    const missingFromDocument = [...table].filter((k) => !documented.has(k));
    expect({ missingFromTable, missingFromDocument }).toEqual({ missingFromTable: [], missingFromDocument: [] });
    // The document does not describe itself; check that it answers (it did, above).
    for (const r of SPEC_ROUTES.filter((x) => x.undocumented)) expect((await send(s, NOBODY, r.method, r.path)).status, routeKey(r)).toBe(200);
  });

  async function runCell(cell: Cell): Promise<string[]> {
    const who = cell.subject.kind === 'anonymous' ? NOBODY : sessions.get(subjectName(cell.subject))!;
    const where = `${subjectName(cell.subject)} → ${routeKey(cell.route)} [${cell.target}] (expected ${cell.expected})`;
    let prep: Prepared;
    try {
      prep = await PREPARE[routeKey(cell.route)](cell, who);
    } catch (e) {
      return [`${where}: could not set up the cell: ${e instanceof Error ? e.message : String(e)}`];
    }
    const refused = typeof cell.expected === 'number' || cell.expected === 'hidden' || cell.expected === 'conflict';
    const before = refused ? await snapshot(s.handle.db) : null;
    const a = await send(s, prep.session ?? who, cell.route.method, prep.path, { ...(prep.body === undefined ? {} : { body: prep.body }), headers: prep.headers, contentType: prep.contentType });
    checked++;
    const problems: string[] = [];
    const shown = prep.body === undefined ? '' : prep.body instanceof FormData ? ` form(${[...prep.body.keys()].join(', ')})` : ` ${JSON.stringify(prep.body).slice(0, 200)}`;
    const req = `${cell.route.method} ${prep.path}${shown}`;
    const got = `${a.status} ${a.text.slice(0, 300)}`;
    const success = a.status >= 200 && a.status < 300;
    if (cell.expected === 'allow') {
      if (!success) problems.push(`${where}: ${req} answered ${got}`);
      else {
        if (prep.visible && !(await prep.visible(a))) problems.push(`${where}: ${req} answered ${a.status} without the target in it`);
        if (prep.check) problems.push(...(await prep.check(a)).map((p) => `${where}: ${p}`));
      }
    } else if (cell.expected === 'hidden') {
      if (!success) problems.push(`${where}: ${req} answered ${got}`);
      else if (!prep.visible) problems.push(`${where}: no way to tell whether the target is listed`);
      else if (await prep.visible(a)) problems.push(`${where}: ${req} lists the target`);
      else if (prep.check) problems.push(...(await prep.check(a)).map((p) => `${where}: ${p}`));
    } else {
      const want = cell.expected === 'conflict' ? 409 : cell.expected;
      if (a.status !== want) problems.push(`${where}: ${req} answered ${got}`);
      const shape = errorShapeProblems(a);
      if (shape.length > 0) problems.push(`${where}: error shape: ${shape.join('; ')}`);
    }
    if (before) {
      const changed = changedTables(before, await snapshot(s.handle.db));
      if (changed.length > 0) problems.push(`${where}: ${req} changed rows: ${changed.join(', ')}`);
    }
    return problems;
  }

  describe('every cell', () => {
    for (const route of SPEC_ROUTES.filter((r) => !r.checkedIn)) {
      const cells = CELLS.filter((c) => c.route === route);
      it(`${routeKey(route)}: ${cells.length} cells`, async () => {
        const problems: string[] = [];
        for (const cell of cells) problems.push(...(await runCell(cell)));
        expect(problems).toEqual([]);
      }, 120_000);
    }
  });

  it('lets no union person and no union draft reach the district (nor a district draft a union), in any answer a role can read', async () => {
    const db = s.handle.db;
    const peopleOf = async (orgs: OrgKey[]) =>
      (await db.selectFrom('people').select(['name', 'email']).where('organization_id', 'in', orgs.map((o) => s.orgId[o])).execute()).flatMap((p) => [p.name, p.email]);
    /** Titles of an organization's proposals none of whose versions was passed: drafts, never shared. */
    const draftsOf = async (orgs: OrgKey[]) =>
      (await db.selectFrom('proposals as p')
        .select('p.title')
        .where('p.organization_id', 'in', orgs.map((o) => s.orgId[o]))
        .where((eb) => eb.not(eb.exists(eb.selectFrom('proposal_versions as pv').innerJoin('passes', 'passes.proposal_version_id', 'pv.id').select('pv.id').whereRef('pv.proposal_id', '=', 'p.id'))))
        .execute()).map((r) => r.title);
    const leaks: string[] = [];
    let answers = 0;
    const look = async (who: Session, whoName: string, secrets: string[]) => {
      const paths = ['/api/session', '/api/organization', '/api/people', '/api/audit?limit=500', '/api/datasets', '/api/proposals', '/api/public/proposals', '/api/roster/members?limit=500', '/api/roster/worksites', '/api/votes', '/api/public/votes', '/api/messages'];
      const list = await send(s, who, 'GET', '/api/proposals');
      for (const r of list.body?.received ?? []) paths.push(`/api/proposal-versions/${r.id}`);
      const pub = await send(s, who, 'GET', '/api/public/proposals');
      for (const r of pub.body?.proposals ?? []) paths.push(`/api/public/proposals/${r.id}`);
      const ids = (pub.body?.proposals ?? []).map((r: { id: number }) => r.id).slice(0, 6);
      if (ids.length >= 2) paths.push(`/api/public/compare?versions=${ids.join(',')}`);
      for (const path of paths) {
        const a = await send(s, who, 'GET', path);
        answers++;
        const found = secrets.filter((x) => a.text.includes(x) || a.text.includes(JSON.stringify(x).slice(1, -1)));
        if (found.length > 0) leaks.push(`${whoName} GET ${path} (${a.status}) shows ${found.slice(0, 3).map((f) => JSON.stringify(f)).join(', ')}`);
      }
    };
    /** Names, emails and member ids of a union's roster: never the district's, nor another union's. */
    const rosterOf = async (orgs: OrgKey[]) =>
      (await db.selectFrom('roster_members').select(['name', 'email', 'member_id']).where('organization_id', 'in', orgs.map((o) => s.orgId[o])).execute()).flatMap((m) => [m.name, m.member_id, ...(m.email ? [m.email] : [])]);
    for (const org of ['teachers', 'classified', 'otherTeachers'] as const) await sharedRoster(org);
    /** Titles of a union's votes, except those published to the public page. */
    const votesOf = async (orgs: OrgKey[]) =>
      (await db.selectFrom('votes').select('title').where('organization_id', 'in', orgs.map((o) => s.orgId[o]))
        .where((eb) => eb.or([eb('published_at', 'is', null), eb('public_results', '=', 0)])).execute()).map((v) => v.title);
    for (const org of ['teachers', 'otherTeachers'] as const) await sharedVote(org);
    expect((await votesOf(['teachers', 'otherTeachers'])).length).toBeGreaterThan(1);
    const unionSecrets = [...(await peopleOf(['teachers', 'classified', 'otherTeachers'])), ...(await draftsOf(['teachers', 'classified', 'otherTeachers'])), ...(await rosterOf(['teachers', 'classified', 'otherTeachers'])), ...(await votesOf(['teachers', 'classified', 'otherTeachers']))];
    // The district's people are not secret from its unions (a dataset version names who uploaded
    // it); its drafts are, and so is everything of the other table.
    const districtSecrets = await draftsOf(['district', 'otherDistrict']);
    expect(unionSecrets.length).toBeGreaterThan(20);
    for (const subject of SUBJECTS) {
      if (subject.kind === 'anonymous') {
        await look(NOBODY, 'anonymous', [...unionSecrets, ...districtSecrets, ...(await peopleOf(['district', 'otherDistrict']))]);
        continue;
      }
      const who = sessions.get(subjectName(subject))!;
      // A district sees no union person and no union draft; a union, no district draft and nothing
      // of another union (Tiny Classified) or of the other table.
      const secrets = subject.side === 'district'
        ? unionSecrets
        : [...districtSecrets, ...(await peopleOf(['classified', 'otherTeachers', 'otherDistrict'])), ...(await draftsOf(['classified', 'otherTeachers'])), ...(await rosterOf(['classified', 'otherTeachers'])), ...(await votesOf(['classified', 'otherTeachers']))];
      await look(who, subjectName(subject), secrets);
    }
    console.log(`authorization matrix on ${dialect}: ${answers} answers searched for the other side's people, drafts, roster and votes`);
    expect(leaks).toEqual([]);
  }, 120_000);

  it('checked every generated cell', () => {
    console.log(`authorization matrix on ${dialect}: ${checked} of ${CELLS.length} cells checked (${SUBJECTS.length} subjects × ${SPEC_ROUTES.length} routes × their targets)`);
    expect(checked).toBe(CELLS.length);
  });
});
