import { afterAll, beforeAll, expect, it } from 'vitest';
import { eachDatabase } from '../../test/helpers/databases.ts';
import { startTestServer, type TestServer } from '../../test/helpers/server.ts';

eachDatabase('the API as a whole', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
  }, 60_000);
  afterAll(async () => s?.close());

  it('refuses a name with a NUL character (PostgreSQL cannot store it), and stores nothing', async () => {
    const admin = await s.as('teachers', 'admin');
    const before = await s.handle.db.selectFrom('invitations').select('id').execute();
    const res = await admin.request('POST', '/api/invitations', '{"email":"a@b.test","name":"A\\u0000B","role":"member"}', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'request.custom', where: { field: 'name' } });
    expect(res.body.message).toContain('no control characters');
    expect(await s.handle.db.selectFrom('invitations').select('id').execute()).toEqual(before);
    // The same body without the NUL is accepted.
    const ok = await admin.request('POST', '/api/invitations', '{"email":"a@b.test","name":"AB","role":"member"}', { 'content-type': 'application/json' });
    expect(ok.status).toBe(201);
  });

  it('answers a body that is not JSON, an unknown route and a wrong content type in the one error shape', async () => {
    const anon = s.anonymous();
    const bad = await anon.request('POST', '/api/session', '{"email": ', { 'content-type': 'application/json' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'request.malformed-json' });
    const none = await anon.request('GET', '/api/nothing-here');
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ code: 'not-found', hint: 'the routes are listed at /api/openapi.json' });
    const form = await anon.request('POST', '/api/session', 'email=a', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBeGreaterThanOrEqual(400);
    expect(form.status).toBeLessThan(500);
    expect(typeof form.body.code).toBe('string');
    expect(typeof form.body.message).toBe('string');
  });

  it('describes every route in the OpenAPI document, with the error shape', async () => {
    const doc = await s.anonymous().request('GET', '/api/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe('3.1.0');
    // Error = Problem (code and message required) plus the optional list of every problem.
    expect(doc.body.components.schemas.Problem.required).toEqual(expect.arrayContaining(['code', 'message']));
    expect(doc.body.components.schemas.Error.allOf[0]).toEqual({ $ref: '#/components/schemas/Problem' });
    // Every route answers its errors with that shape.
    for (const [path, methods] of Object.entries(doc.body.paths as Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>)) {
      for (const [method, op] of Object.entries(methods)) {
        for (const [status, r] of Object.entries(op.responses)) {
          if (Number(status) >= 400) expect(r.content?.['application/json']?.schema, `${method} ${path} ${status}`).toEqual({ $ref: '#/components/schemas/Error' });
        }
      }
    }
    const paths = Object.keys(doc.body.paths);
    for (const p of ['/api/session', '/api/invitations', '/api/invitations/accept', '/api/organization', '/api/people', '/api/audit', '/api/health', '/api/config']) expect(paths).toContain(p);
  });
});
