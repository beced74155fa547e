// Prints one plain closing line for the whole `npm test` run ("N passed, N failed"), summed from the
// vitest JSON reports of the unit and end-to-end suites, so that a reader of CI's output sees at a
// glance that real tests ran. Exits non-zero when a report is missing or counts a failure.
import { existsSync, readFileSync } from 'node:fs';

const reports = ['test-results/unit.json', 'test-results/e2e.json'];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of reports) {
  if (!existsSync(file)) {
    console.error(`No test report at ${file}: that suite did not run.`);
    process.exit(1);
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
}
console.log(`\nTests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
