import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachDatabase } from '../../test/helpers/databases.ts';
import { startTestServer, type Client, type TestServer } from '../../test/helpers/server.ts';
import { MAX_JSON_DEPTH, tooDeepAt } from './json-depth.ts';

const nested = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

describe('the JSON depth scan', () => {
  it(`finds the bracket that opens level ${MAX_JSON_DEPTH + 1}, and nothing at level ${MAX_JSON_DEPTH}`, () => {
    expect(tooDeepAt(nested(MAX_JSON_DEPTH))).toBe(-1);
    // Each level is `{"a":`, 5 characters: level 65 opens at index 64 × 5 = 320.
    expect(tooDeepAt(nested(MAX_JSON_DEPTH + 1))).toBe(320);
    expect(tooDeepAt('['.repeat(150_000) + ']'.repeat(150_000))).toBe(MAX_JSON_DEPTH);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ yaml: `${'['.repeat(500)}"\\"${'{'.repeat(500)}` });
    expect(tooDeepAt(text)).toBe(-1);
    expect(JSON.parse(text).yaml).toHaveLength(1003);
  });
});

eachDatabase('JSON bodies nested too deep', (dialect) => {
  let s: TestServer;
  let admin: Client;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
    admin = await s.as('district', 'admin');
  }, 60_000);
  afterAll(async () => s?.close());

  it('answers 400 request.too-deep on a proposal 150,000 deep, and 415 to a JSON Patch', async () => {
    const deep = await admin.request('POST', '/api/proposals', `{"title":"x","proposal":${nested(150_000)}}`, { 'content-type': 'application/json' });
    expect(deep.status).toBe(400);
    expect(deep.body).toMatchObject({ code: 'request.too-deep', where: { field: 'body' } });
    const patch = await admin.request('POST', '/api/invitations', JSON.stringify({ email: 'x@example.org', name: 'X', role: 'negotiator' }), { 'content-type': 'application/json-patch+json' });
    expect(patch.status).toBe(415);
    expect(patch.body).toMatchObject({ code: 'request.content-type' });
    const invitations = await s.handle.db.selectFrom('invitations').select('id').execute();
    expect(invitations).toEqual([]);
  });
});
