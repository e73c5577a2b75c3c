/**
 * scripts/vitest-summary.mjs is what CI reads (.ci/run): it prints `N passed, N failed` and
 * its exit code decides the build. With CI=true a skipped or todo test must fail the build.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../scripts/vitest-summary.mjs', import.meta.url));
const report = (name: string) => fileURLToPath(new URL(`./fixtures/vitest-report/${name}.json`, import.meta.url));

function summary(file: string, ci: boolean) {
  const env = { ...process.env };
  delete env.CI;
  if (ci) env.CI = 'true';
  const r = spawnSync(process.execPath, [SCRIPT, file], { env, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('vitest-summary', () => {
  it('passes a clean report, with or without CI', () => {
    for (const ci of [false, true]) {
      const r = summary(report('clean'), ci);
      expect(r.out.trim()).toBe('2 passed, 0 failed');
      expect(r.code).toBe(0);
    }
  });

  it('fails a report with a failed test', () => {
    const r = summary(report('failed'), false);
    expect(r.out.trim()).toBe('1 passed, 1 failed');
    expect(r.code).toBe(1);
  });

  it('counts a test file that failed to load as a failure, naming it (it has no failed test of its own)', () => {
    const r = summary(report('broken-file'), false);
    // 2 tests passed in cents.test.ts; rules.test.ts threw while loading: 1 failure.
    expect(r.out.trim()).toBe('2 passed, 1 failed');
    expect(r.code).toBe(1);
    expect(r.err).toContain('failed to run: /repo/src/costing/rules.test.ts: InvalidInput: date: the proposal is dated 2019-09-01');
  });

  it('under CI=true fails a report with skipped and todo tests, naming each', () => {
    const r = summary(report('skipped'), true);
    // 1 pending + 1 todo = 2 skipped.
    expect(r.out.trim()).toBe('2 passed, 0 failed, 2 skipped');
    expect(r.code).toBe(1);
    expect(r.err).toContain('skipped: /repo/test/xlsx.test.ts > xlsx recalculates in LibreOffice');
    expect(r.err).toContain('todo: /repo/src/money/cents.test.ts > toCents handles bigint');
  });

  it('outside CI counts skipped tests without failing (a laptop without LibreOffice)', () => {
    const r = summary(report('skipped'), false);
    expect(r.out.trim()).toBe('2 passed, 0 failed, 2 skipped');
    expect(r.code).toBe(0);
  });

  it('fails when there is no report at all', () => {
    const r = summary(report('missing'), false);
    expect(r.out.trim()).toBe('0 passed, 1 failed');
    expect(r.code).toBe(1);
  });
});
