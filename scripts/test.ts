/**
 * `npm test`: every phase in turn (type check, lint, unit, server, end to end), stopping at the first that fails,
 * then a table of each phase's time and the ten slowest tests (docs/testing.md#what-ci-prints). `.ci/run` passes
 * the install's time in CI_INSTALL_SECONDS, so the table covers the whole run. The last line sums the tests of
 * every phase as "N passed, N failed".
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { testCounts, testTimes, type TestTime } from './testing/reports';

// Not under test-results/: Playwright empties that folder when it starts.
const REPORTS = 'test-reports';

interface Phase {
  name: string;
  command: string[];
  /** Where the phase's runner writes its JSON report, for the slowest tests and the counts. */
  report?: { file: string; kind: 'vitest' | 'playwright' };
  env?: Record<string, string>;
}

const vitest = (project: string): Phase => ({
  name: project,
  command: [
    'npx',
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${join(REPORTS, `${project}.json`)}`,
  ],
  report: { file: join(REPORTS, `${project}.json`), kind: 'vitest' },
});

const PHASES: Phase[] = [
  { name: 'type check', command: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'lint', command: ['npm', 'run', '--silent', 'lint'] },
  vitest('unit'),
  vitest('server'),
  {
    name: 'end to end',
    command: ['npx', 'playwright', 'test', '--reporter=list,json'],
    report: { file: join(REPORTS, 'e2e.json'), kind: 'playwright' },
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(REPORTS, 'e2e.json') },
  },
];

function run(phase: Phase): Promise<number> {
  const [command, ...args] = phase.command;
  return new Promise((resolve) => {
    const child = spawn(command!, args, { stdio: 'inherit', env: { ...process.env, ...phase.env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}

/** m:ss, rounded to the second first (59.6 s is 1:00, not 0:60). */
function minutes(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`.padStart(6);
}

rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });
const rows: { name: string; seconds: number; outcome: string }[] = [];
const install = Number(process.env.CI_INSTALL_SECONDS);
if (Number.isFinite(install) && install > 0) rows.push({ name: 'install', seconds: install, outcome: 'done' });

let failed: string | null = null;
for (const phase of PHASES) {
  const started = performance.now();
  const code = await run(phase);
  rows.push({
    name: phase.name,
    seconds: (performance.now() - started) / 1000,
    outcome: code === 0 ? 'passed' : 'FAILED',
  });
  if (code !== 0) {
    failed = phase.name;
    break;
  }
}

const reports = PHASES.flatMap((phase) =>
  phase.report && existsSync(phase.report.file)
    ? [{ kind: phase.report.kind, json: JSON.parse(readFileSync(phase.report.file, 'utf8')) as unknown }]
    : [],
);
const times: TestTime[] = reports.flatMap((report) => testTimes(report.kind, report.json));
const counts = reports
  .map((report) => testCounts(report.kind, report.json))
  .reduce(
    (sum, count) => ({
      passed: sum.passed + count.passed,
      failed: sum.failed + count.failed,
      skipped: sum.skipped + count.skipped,
    }),
    { passed: 0, failed: 0, skipped: 0 },
  );

const total = rows.reduce((sum, row) => sum + row.seconds, 0);
console.log('\nTime by phase (min:s)');
for (const row of rows) console.log(`  ${row.name.padEnd(12)} ${minutes(row.seconds)}  ${row.outcome}`);
console.log(`  ${'total'.padEnd(12)} ${minutes(total)}`);
console.log('\nThe ten slowest tests (s)');
for (const test of times.sort((a, b) => b.seconds - a.seconds).slice(0, 10)) {
  console.log(`  ${test.seconds.toFixed(1).padStart(6)}  ${test.phase.padEnd(7)} ${test.name}`);
}
if (failed) console.log(`\nStopped: ${failed} failed.`);
console.log(`\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failed ? 1 : 0);
