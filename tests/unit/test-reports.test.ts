/**
 * What `npm test` reads of its runners' reports (scripts/testing/reports.ts) for its closing table: each test's time
 * and outcome, in the shapes Vitest's and Playwright's JSON reporters write (excerpts of real reports, trimmed).
 */
import { describe, expect, it } from 'vitest';
import { testTimes, testCounts } from '../../scripts/testing/reports';

const VITEST = {
  numTotalTests: 3,
  success: false,
  testResults: [
    {
      name: '/work/checkout/tests/unit/orders.test.ts',
      status: 'failed',
      assertionResults: [
        {
          ancestorTitles: ['orders'],
          fullName: 'orders reads a user’s orders newest first',
          status: 'passed',
          title: 'reads a user’s orders newest first',
          duration: 3.2,
          failureMessages: [],
        },
        { fullName: 'orders refuses a bad total', status: 'failed', duration: 1250.5, failureMessages: ['x'] },
        { fullName: 'orders later', status: 'skipped', failureMessages: [] },
      ],
    },
    {
      name: '/work/checkout/tests/server/rules.test.ts',
      status: 'passed',
      assertionResults: [{ fullName: 'rules refuse a forged token', status: 'passed', duration: 4100 }],
    },
  ],
};

const PLAYWRIGHT = {
  config: {},
  suites: [
    {
      title: 'checkout.spec.ts',
      file: 'checkout.spec.ts',
      specs: [
        {
          title: 'a guest checks out',
          tests: [
            { projectName: 'desktop', status: 'expected', results: [{ duration: 12_000, status: 'passed' }] },
            { projectName: 'phone', status: 'flaky', results: [{ duration: 9000 }, { duration: 8000 }] },
          ],
        },
      ],
      suites: [
        {
          title: 'the door',
          file: 'checkout.spec.ts',
          specs: [
            {
              title: 'refuses a void ticket',
              tests: [
                { projectName: 'desktop', status: 'unexpected', results: [{ duration: 60_000 }] },
                { projectName: 'desktop', status: 'skipped', results: [] },
              ],
            },
          ],
        },
      ],
    },
  ],
  stats: { expected: 1, unexpected: 1, flaky: 1, skipped: 1 },
};

describe('the runners’ reports', () => {
  it('reads each Vitest test with its phase, name, time and outcome', () => {
    expect(testTimes('vitest', VITEST)).toEqual([
      { phase: 'unit', name: 'tests/unit/orders.test.ts › orders reads a user’s orders newest first', seconds: 0.0032 },
      { phase: 'unit', name: 'tests/unit/orders.test.ts › orders refuses a bad total', seconds: 1.2505 },
      { phase: 'unit', name: 'tests/unit/orders.test.ts › orders later', seconds: 0 },
      { phase: 'server', name: 'tests/server/rules.test.ts › rules refuse a forged token', seconds: 4.1 },
    ]);
    expect(testCounts('vitest', VITEST)).toEqual({ passed: 2, failed: 1, skipped: 1 });
  });

  it('reads each Playwright test per project, its tries added up, nested suites included', () => {
    expect(testTimes('playwright', PLAYWRIGHT)).toEqual([
      { phase: 'e2e', name: 'checkout.spec.ts › a guest checks out [desktop]', seconds: 12 },
      { phase: 'e2e', name: 'checkout.spec.ts › a guest checks out [phone]', seconds: 17 },
      { phase: 'e2e', name: 'checkout.spec.ts › refuses a void ticket [desktop]', seconds: 60 },
      { phase: 'e2e', name: 'checkout.spec.ts › refuses a void ticket [desktop]', seconds: 0 },
    ]);
    // A flaky test passed in the end; it counts as passed, as Playwright's own summary counts it apart.
    expect(testCounts('playwright', PLAYWRIGHT)).toEqual({ passed: 2, failed: 1, skipped: 1 });
  });

  it('reads a report of another shape as no tests rather than failing the summary', () => {
    for (const kind of ['vitest', 'playwright'] as const) {
      for (const junk of [null, 'text', [], { testResults: 'no' }, { suites: [{ specs: [null, { tests: 7 }] }] }]) {
        expect(testTimes(kind, junk)).toEqual([]);
        expect(testCounts(kind, junk)).toEqual({ passed: 0, failed: 0, skipped: 0 });
      }
    }
  });
});
