/**
 * The fast path of POST /api/pickets/check-ins (docs/pickets.md, "Check-in: speed"). On a strike
 * morning tens of thousands of phones check in within minutes; through the ordinary stack each
 * check-in costs about a millisecond of the server's one thread (the Web Request and stream
 * adapters, every middleware, a session query of its own), which caps a server near 1,000 a
 * second. This path answers the ordinary case straight from Node's request:
 *
 * - It takes a request only when its headers are ordinary: JSON of a known length within the body
 *   limit, a session cookie, and that session's CSRF token (checked here, as the sessions
 *   middleware does). Any other request goes to the ordinary stack untouched.
 * - It reads the body, parses it and checks it against the route's own schema (CheckInsBody).
 * - It queues the check-in only when its session may check in (a union's member roles), read
 *   first by the gate (src/server/pickets/checkin-gate.ts: one query for the sessions of one turn,
 *   kept a minute), so nothing from a made-up session or from the district waits in the unions'
 *   queue. The batch the check-in joins reads every session again, in its own transaction
 *   (src/server/pickets/checkin-sessions.ts), by the same rules.
 * - It answers 200 with the route's answer and the headers the ordinary stack puts on every API
 *   answer (read once from the app itself).
 *
 * Whatever it does not answer (a body that does not parse or fit the schema, a session that
 * may not check in, an error of the batch, a full queue) goes to the ordinary route with the body
 * already read, so every refusal is the ordinary one, word for word. Resending is safe: actions
 * carry device ids, and a refused batch wrote nothing.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { commonHeaders, sessionToken, type Fetcher, type Listener } from '../http/fast-path.ts';
import { cookieName } from '../auth/session.ts';
import { csrfTokenFor, hashToken, sameToken } from '../auth/tokens.ts';
import type { Deps } from '../env.ts';
import { CHECK_INS_PATH } from './checkin-routes.ts';
import { CheckInsBody } from './checkin-schemas.ts';
import { coalescerOf } from './coalescer.ts';
import { checkInGateOf } from './checkin-gate.ts';

const JSON_TYPE = /^application\/json\s*(;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;
/** Headers of the answer that belong to that answer, not to every API answer. */
const OWN_HEADERS = new Set(['content-length', 'date', 'set-cookie', 'retry-after', 'transfer-encoding', 'connection', 'keep-alive']);

/**
 * A request listener that answers ordinary check-ins itself and hands everything else to
 * `ordinary` (the app's listener); `app` answers what it hands over after reading the body.
 */
export function withCheckInFastPath(deps: Deps, app: Fetcher, ordinary: Listener, o: { bodyLimit: number }): Listener {
  const name = cookieName(deps);
  let headers: Promise<Record<string, string>> | null = null;
  // The headers the ordinary stack puts on this route's answers (security headers, CSP, no-store,
  // the plain-HTTP notice), read from one answer of its own: a check-in sent signed out (401).
  const apiHeaders = () =>
    (headers ??= commonHeaders(app, new Request(`http://localhost${CHECK_INS_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }), OWN_HEADERS)
      .then((h) => ({ ...h, 'content-type': 'application/json' })));

  const handOver = async (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const h = new Headers();
    for (const [k, v] of Object.entries(req.headers)) {
      if (typeof v === 'string') h.set(k, v);
      else if (Array.isArray(v)) for (const x of v) h.append(k, x);
    }
    const answer = await app.fetch(new Request(`http://${req.headers.host ?? 'localhost'}${req.url}`, { method: 'POST', headers: h, body: new Uint8Array(body) }), { incoming: req, outgoing: res });
    const out: Record<string, string | string[]> = {};
    answer.headers.forEach((v, k) => {
      if (k !== 'set-cookie') out[k] = v;
    });
    const cookies = answer.headers.getSetCookie();
    if (cookies.length) out['set-cookie'] = cookies;
    const bytes = Buffer.from(await answer.arrayBuffer());
    out['content-length'] = String(bytes.length);
    res.writeHead(answer.status, out);
    res.end(bytes);
  };

  const answer = async (req: IncomingMessage, res: ServerResponse, body: Buffer, tokenHash: string) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      return handOver(req, res, body);
    }
    const valid = CheckInsBody.safeParse(parsed);
    if (!valid.success) return handOver(req, res, body);
    const orgId = await checkInGateOf(deps).admit(tokenHash);
    if (orgId === null) return handOver(req, res, body);
    let got;
    try {
      got = await coalescerOf(deps).submit({ tokenHash, receivedAt: deps.now().toISOString(), actions: valid.data.actions.map((a) => ({ ...a, at: new Date(a.at).toISOString() })) }, orgId);
    } catch {
      return handOver(req, res, body);
    }
    if (!('results' in got)) return handOver(req, res, body);
    const text = JSON.stringify({ results: got.results });
    res.writeHead(200, { ...(await apiHeaders()), 'content-length': String(Buffer.byteLength(text)) });
    res.end(text);
  };

  return (req, res) => {
    if (req.method !== 'POST' || req.url !== CHECK_INS_PATH) return ordinary(req, res);
    const length = Number(req.headers['content-length']);
    const type = req.headers['content-type'];
    const token = sessionToken(req.headers.cookie, name);
    const csrf = req.headers['x-csrf-token'];
    if (
      req.headers['transfer-encoding'] !== undefined || !Number.isSafeInteger(length) || length <= 0 || length > o.bodyLimit ||
      typeof type !== 'string' || !JSON_TYPE.test(type) || token === null || token.length === 0 || token.length > 100 ||
      typeof csrf !== 'string' || !sameToken(csrf, csrfTokenFor(token))
    ) return ordinary(req, res);
    const tokenHash = hashToken(token);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      answer(req, res, Buffer.concat(chunks), tokenHash).catch(async (e: unknown) => {
        deps.log(`check-in fast path: ${e instanceof Error ? e.message : String(e)}`);
        const text = JSON.stringify({ code: 'internal', message: 'the server failed on this request. The error is in the server log; send the same check-ins again (each is stored once).' });
        // With the headers of every API answer (no-store, the security headers), as the ordinary route's 500.
        const common = await apiHeaders().catch(() => ({ 'content-type': 'application/json' }));
        if (!res.headersSent) res.writeHead(500, { ...common, 'content-length': String(Buffer.byteLength(text)) });
        res.end(text);
      });
    });
  };
}
