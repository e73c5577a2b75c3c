// Prints the plain `N passed, N failed` line CI reads, from vitest's JSON report.
// With CI=true a skipped or todo test is a failure (.ci/run promises no test is skipped
// there): the exit code is 1 and every skipped test is named on stderr.
import { readFileSync, existsSync } from 'node:fs';

const file = process.argv[2] ?? '.vitest.json';
if (!existsSync(file)) {
  console.log('0 passed, 1 failed');
  console.error(`no test report at ${file}: the test run did not start`);
  process.exit(1);
}
const r = JSON.parse(readFileSync(file, 'utf8'));
const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
// A test file that fails before its tests run (an error at load) has no failed test in it:
// count it as one failure, so the line never reads "0 failed" for a run that failed.
const brokenFiles = (r.testResults ?? []).filter((f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'));
for (const f of brokenFiles) console.error(`failed to run: ${f.name}${f.message ? `: ${String(f.message).split('\n')[0]}` : ''}`);
const failed = r.numFailedTests + brokenFiles.length;
console.log(`${r.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
const ok = r.success && failed === 0;
if (process.env.CI === 'true' && skipped > 0) {
  const names = [];
  for (const f of r.testResults ?? []) {
    for (const a of f.assertionResults ?? []) {
      if (a.status !== 'passed' && a.status !== 'failed') names.push(`  ${a.status}: ${f.name} > ${a.fullName ?? a.title}`);
    }
  }
  console.error(`CI=true: ${skipped} test(s) skipped or todo; under CI every test must run:`);
  for (const n of names) console.error(n);
  process.exit(1);
}
process.exit(ok ? 0 : 1);
