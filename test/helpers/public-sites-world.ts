/**
 * For the authorization matrix: one published and one unpublished district strike day of Tiny
 * Unified (docs/sites.md, "Publishing"), made once per test server, with labels to look for in
 * GET /api/public/sites. Waits past the next check of the public answer (at most once a second per
 * process, src/server/public/sites-cache.ts) so the first cell already sees the publication.
 */
import { CHECK_EVERY_MS } from '../../src/server/public/sites-cache.ts';
import { addDatasetVersion } from '../../src/server/proposals/test-world.ts';
import type { TestServer } from './server.ts';
import { plantSiteDay } from './site-day.ts';
import { publishSiteDay } from './site-publication.ts';

/** The dates of the published and the unpublished day. */
export const PUBLISHED_SITE_DAY = '2039-11-14';
export const UNPUBLISHED_SITE_DAY = '2039-11-15';

const made = new WeakMap<TestServer, Promise<{ published: string; unpublished: string }>>();

export function publicSiteDays(s: TestServer, label: (what: string) => string): Promise<{ published: string; unpublished: string }> {
  let days = made.get(s);
  if (!days) {
    days = (async () => {
      const datasetVersionId = await addDatasetVersion(s, 'district', undefined, label('sites data'));
      const personId = (await s.handle.db.selectFrom('people').select('id').where('organization_id', '=', s.orgId.district).where('role', '=', 'admin').executeTakeFirstOrThrow()).id;
      const [published, unpublished] = [label('Published sites day'), label('Unpublished sites day')];
      const day = (date: string, name: string) => plantSiteDay(s.handle.db, s.deps.ids, { organizationId: s.orgId.district, datasetVersionId, personId, date, label: name, sites: [{ schoolId: 'E0001', name: 'Tiny Elementary', status: 'supervision', capacity: 30 }] });
      const { dayId } = await day(PUBLISHED_SITE_DAY, published);
      await day(UNPUBLISHED_SITE_DAY, unpublished);
      await publishSiteDay(s.handle.db, s.deps.ids, { dayId, organizationId: s.orgId.district, personId, at: s.clock.now.toISOString() });
      await new Promise((r) => setTimeout(r, CHECK_EVERY_MS + 100));
      return { published, unpublished };
    })();
    made.set(s, days);
  }
  return days;
}
