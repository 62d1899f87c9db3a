/**
 * What `npm test` reads of its runners' JSON reports (scripts/test.ts): each test's time and outcome, from
 * Vitest's JSON reporter and Playwright's. Unknown shapes read as no tests, never as a crash of the summary.
 */
export interface TestTime {
  phase: string;
  name: string;
  seconds: number;
}

export interface TestCounts {
  passed: number;
  failed: number;
  skipped: number;
}

type Kind = 'vitest' | 'playwright';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const number = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

interface OneTest {
  phase: string;
  name: string;
  milliseconds: number;
  outcome: keyof TestCounts;
}

/** Vitest: testResults[] (one per file, `name` its path) of assertionResults[] with status and duration. */
function vitestTests(report: unknown): OneTest[] {
  if (!isRecord(report)) return [];
  return list(report.testResults).flatMap((file) => {
    if (!isRecord(file)) return [];
    const path = text(file.name).replace(/^.*?\/tests\//, 'tests/');
    return list(file.assertionResults).flatMap((test): OneTest[] => {
      if (!isRecord(test)) return [];
      const status = text(test.status);
      const outcome = status === 'passed' ? 'passed' : status === 'failed' ? 'failed' : 'skipped';
      const phase = path.startsWith('tests/server/') ? 'server' : 'unit';
      return [{ phase, name: `${path} › ${text(test.fullName)}`, milliseconds: number(test.duration), outcome }];
    });
  });
}

/**
 * Playwright: suites nest (a file, its describes), each with specs[] of tests[] (one per project) whose results[]
 * are its tries; a test's outcome is `status` ("expected", "unexpected", "flaky", "skipped").
 */
function playwrightTests(report: unknown): OneTest[] {
  if (!isRecord(report)) return [];
  const found: OneTest[] = [];
  const walk = (suite: unknown, file: string) => {
    if (!isRecord(suite)) return;
    const here = text(suite.file) || file;
    for (const spec of list(suite.specs)) {
      if (!isRecord(spec)) continue;
      for (const test of list(spec.tests)) {
        if (!isRecord(test)) continue;
        const status = text(test.status);
        const outcome = status === 'skipped' ? 'skipped' : status === 'unexpected' ? 'failed' : 'passed';
        const milliseconds = list(test.results).reduce<number>(
          (sum, result) => sum + (isRecord(result) ? number(result.duration) : 0),
          0,
        );
        const project = text(test.projectName);
        found.push({
          phase: 'e2e',
          name: `${here} › ${text(spec.title)}${project ? ` [${project}]` : ''}`,
          milliseconds,
          outcome,
        });
      }
    }
    for (const inner of list(suite.suites)) walk(inner, here);
  };
  for (const suite of list(report.suites)) walk(suite, '');
  return found;
}

const testsOf = (kind: Kind, report: unknown) => (kind === 'vitest' ? vitestTests(report) : playwrightTests(report));

/** Every test of a report with its time in seconds. */
export function testTimes(kind: Kind, report: unknown): TestTime[] {
  return testsOf(kind, report).map(({ phase, name, milliseconds }) => ({ phase, name, seconds: milliseconds / 1000 }));
}

/** How many tests of a report passed, failed and were skipped. */
export function testCounts(kind: Kind, report: unknown): TestCounts {
  const counts: TestCounts = { passed: 0, failed: 0, skipped: 0 };
  for (const test of testsOf(kind, report)) counts[test.outcome] += 1;
  return counts;
}
