// Lists the tests that passed only on a retry (CI allows one, as Playwright's config does), so that a
// flaky test is named in the closing summary of `npm test` instead of hiding behind a green run.
// Writes one JSON line per such test to the file named by RETRIED_REPORT.
import fs from 'node:fs';
import type { Reporter, TestCase } from 'vitest/node';

export default class RetriedReporter implements Reporter {
  onTestCaseResult(testCase: TestCase) {
    const file = process.env.RETRIED_REPORT;
    const retries = testCase.diagnostic()?.retryCount ?? 0;
    if (!file || retries === 0 || testCase.result().state !== 'passed') return;
    const line = { file: testCase.module.relativeModuleId, name: testCase.fullName, retries };
    fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
  }
}
