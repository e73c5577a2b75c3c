/**
 * What costing keeps beside a cached dataset (kept.ts) gives the same figures as working it all
 * out again: for every 2019 example proposal, over the kept years and past them, on a dataset
 * with attrition (whose replacements make the status quo depend on the years most).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { range } from '../calendar/fiscal-year.ts';
import { generateDistrict } from '../district/generate/generate.ts';
import { lausdSpec } from '../district/demo/lausd.ts';
import { loadDataset } from '../district/load.ts';
import { serializeDataset } from '../district/serialize.ts';
import type { Dataset } from '../district/types.ts';
import { parseProposal } from '../proposals/parse.ts';
import { baselineYears } from './baseline.ts';
import { costProposal } from './cost.ts';
import { keptParts, keptYears, seedKept, type KeptParts } from './kept.ts';
import { prepare } from './prepare.ts';

const EXAMPLES = fileURLToPath(new URL('../../examples/lausd-2019/', import.meta.url));
const generated = generateDistrict(lausdSpec({ scale: 0.05 }));
// 8% of teachers and 12% of classified staff leave each year, replaced at the new-hire placement.
generated.district.parameters.attrition = { UTLA: { pct: 8, reference: [{ title: 'test' }] }, SEIU99: { pct: 12, reference: [{ title: 'test' }] } };
const files = serializeDataset(generated);

/** A dataset as read from the files: a new object each time, so nothing worked out for another is reused. */
const fresh = (): Dataset => loadDataset(files);

/** A dataset as read from the cache: its kept parts, through the same serializer, given back. */
function fromCache(): Dataset {
  const kept = deserialize(serialize(keptParts(fresh()))) as KeptParts;
  const ds = fresh();
  seedKept(ds, kept);
  return ds;
}

const proposals = readdirSync(EXAMPLES).filter((f) => f.endsWith('.yaml')).map((f) => parseProposal(readFileSync(join(EXAMPLES, f), 'utf8'), f));

describe('costing from what is kept beside a cached dataset', () => {
  it('has the attrition this test means to exercise', () => {
    expect(fresh().district.parameters.attrition).toHaveProperty('UTLA.pct', 8);
    expect(proposals).toHaveLength(5);
  });

  it('keeps the base year through six years on, or the end of the budget if later', () => {
    const ds = fresh();
    const base = ds.district.baseFiscalYear;
    const budgetEnd = Math.max(...ds.budget.map((b) => b.fy));
    expect(keptYears(ds)).toEqual(range(base, Math.max(base + 6, budgetEnd)));
  });

  it('costs every example the same as from the files, over its own years and over years past those kept', () => {
    const cached = fromCache();
    const past = Math.max(...keptYears(cached)) + 3;
    for (const p of proposals) {
      expect(costProposal({ dataset: cached, proposal: p.proposal, source: p }), p.proposal.id).toEqual(costProposal({ dataset: fresh(), proposal: p.proposal, source: p }));
      expect(costProposal({ dataset: cached, proposal: p.proposal, source: p, through: past }), `${p.proposal.id} through ${past}`)
        .toEqual(costProposal({ dataset: fresh(), proposal: p.proposal, source: p, through: past }));
    }
  });

  it('works out a status quo year the same whichever other years are asked for with it', () => {
    const base = fresh().district.baseFiscalYear;
    const long = baselineYears(prepare(fresh()), range(base, base + 9));
    const short = baselineYears(prepare(fresh()), range(base, base + 3));
    const later = baselineYears(prepare(fresh()), range(base + 5, base + 9));
    expect(short).toEqual(long.slice(0, 4));
    expect(later).toEqual(long.slice(5));
    // Replacements are paid from the year after the base year: the test sees them.
    expect(long[3].turnoverSavingsCents).toBeGreaterThan(0);
  });
});
