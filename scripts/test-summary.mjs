// Reads vitest's and Playwright's JSON reports and prints the one summary line CI reads.
// A missing or unreadable report counts as a failure: a runner that crashed ran nothing.
import { readFileSync } from 'node:fs';

const [vitestPath, playwrightPath] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
let broken = false;

function read(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    console.error(`No readable report at ${path}: ${error.message}`);
    broken = true;
    return null;
  }
}

const vitest = read(vitestPath);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + vitest.numTodoTests;
  // A file that failed to load, or failed on an error outside any test, counts once; so does
  // a run vitest calls unsuccessful (e.g. unhandled errors) without a failure counted yet.
  const unexplained = vitest.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  ).length;
  failed += unexplained;
  if (!vitest.success && vitest.numFailedTests + unexplained === 0) failed += 1;
}

const playwright = read(playwrightPath);
if (playwright) {
  const { expected = 0, unexpected = 0, flaky = 0, skipped: pwSkipped = 0 } = playwright.stats ?? {};
  passed += expected;
  failed += unexpected + flaky; // a test that needed a retry is not a pass
  skipped += pwSkipped;
  failed += (playwright.errors ?? []).length;
}

if (broken) failed += 1;
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
