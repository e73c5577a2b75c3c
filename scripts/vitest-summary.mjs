// Prints the plain `N passed, N failed` line CI reads, from vitest's JSON report.
import { readFileSync, existsSync } from 'node:fs';

const file = process.argv[2] ?? '.vitest.json';
if (!existsSync(file)) {
  console.log('0 passed, 1 failed');
  console.error(`no test report at ${file}: the test run did not start`);
  process.exit(1);
}
const r = JSON.parse(readFileSync(file, 'utf8'));
const skipped = r.numPendingTests + r.numTodoTests;
console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(r.success && r.numFailedTests === 0 ? 0 : 1);
