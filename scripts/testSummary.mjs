// Sums the JSON reports of every suite (Vitest, Playwright, the quick benchmarks) into one closing
// line.
import { existsSync, readFileSync } from 'node:fs';

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];

const vitest = read('test-results/vitest.json');
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests + (vitest.numRuntimeErrorTestSuites ?? 0);
  skipped += vitest.numPendingTests + vitest.numTodoTests;
} else missing.push('unit');

const playwright = read('test-results/playwright.json');
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  skipped += playwright.stats.skipped;
} else missing.push('e2e');

// The quick benchmark tier: each benchmark that ran is a pass, each that could not run a failure.
const bench = read('test-results/bench-quick.json');
if (bench) {
  passed += bench.ran;
  failed += bench.failures.length;
} else missing.push('bench');

// A suite that never reported (an earlier step failed) counts as one failure, never as a pass.
failed += missing.length;
if (missing.length > 0) console.log(`suites that did not report: ${missing.join(', ')}`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
