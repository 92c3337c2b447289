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

// Each failure is named just above the summary line, so a log's last lines say what failed.
const failures = [];
// The runners colour their messages; the log wants the words.
const firstLine = (text = '') =>
  text
    .replace(/\u001b\[[0-9;]*m/g, '')
    .trim()
    .split('\n')[0]
    .slice(0, 300);

const vitest = read(vitestPath);
if (vitest) {
  for (const file of vitest.testResults) {
    for (const test of file.assertionResults.filter((t) => t.status === 'failed')) {
      failures.push(`${file.name}: ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
    if (file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed')) {
      failures.push(`${file.name}: ${firstLine(file.message)}`);
    }
  }
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
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected' || test.status === 'flaky') {
          const error = test.results?.find((r) => r.error)?.error?.message;
          failures.push(`${spec.file}:${spec.line}: ${[...titles, spec.title].join(' › ')}: ${firstLine(error)}`);
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const suite of playwright.suites ?? []) visit(suite, []);
  for (const error of playwright.errors ?? []) failures.push(`playwright: ${firstLine(error.message)}`);
}

if (broken) failed += 1;
if (failures.length) console.log(`failed:\n${failures.map((line) => `  ${line}`).join('\n')}`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
