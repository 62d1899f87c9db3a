/**
 * `npm test`: every phase in turn (type check beside lint, then unit, server, end to end), stopping at the first that
 * fails,
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
  /**
   * Runs beside the next phase, its output held back until it ends: the type check and the lint each keep one core
   * busy, and on two cores they take about as long together as the lint alone (docs/testing.md#the-phases).
   */
  beside?: true;
  /** Where the phase's runner writes its JSON report, for the slowest tests and the counts. */
  report?: { file: string; kind: 'vitest' | 'playwright' };
  env?: Record<string, string>;
}

const vitest = (project: string, more: readonly string[] = []): Phase => ({
  name: project,
  command: [
    'npx',
    'vitest',
    'run',
    ...[project, ...more].flatMap((name) => ['--project', name]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${join(REPORTS, `${project}.json`)}`,
  ],
  report: { file: join(REPORTS, `${project}.json`), kind: 'vitest' },
});

const PHASES: Phase[] = [
  { name: 'type check', command: ['npm', 'run', '--silent', 'typecheck'], beside: true },
  { name: 'lint', command: ['npm', 'run', '--silent', 'lint'] },
  vitest('unit'),
  vitest('server', ['server-mocking']),
  {
    name: 'end to end',
    command: ['npx', 'playwright', 'test', '--reporter=list,json'],
    report: { file: join(REPORTS, 'e2e.json'), kind: 'playwright' },
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(REPORTS, 'e2e.json') },
  },
];

/** Runs `phase`; its output goes straight through, or (`held`) is printed whole once it ends. */
function run(phase: Phase, held = false): Promise<number> {
  const [command, ...args] = phase.command;
  return new Promise((resolve) => {
    const child = spawn(command!, args, {
      stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...phase.env },
    });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    const done = (code: number) => {
      if (held && output.length > 0) process.stdout.write(Buffer.concat(output));
      resolve(code);
    };
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
    child.on('error', () => done(1));
  });
}

/** Runs `phase` and says how long it took and how it ended. */
async function timed(phase: Phase, held = false): Promise<{ name: string; seconds: number; code: number }> {
  const started = performance.now();
  const code = await run(phase, held);
  return { name: phase.name, seconds: (performance.now() - started) / 1000, code };
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
const began = performance.now();
for (let index = 0; index < PHASES.length && failed === null; index++) {
  const phase = PHASES[index]!;
  const next = phase.beside ? PHASES[++index] : undefined;
  // A phase run beside the next prints when it ends, after the next's own output.
  const ended = await Promise.all([timed(phase, next !== undefined), ...(next ? [timed(next)] : [])]);
  for (const { name, seconds, code } of ended) {
    rows.push({ name, seconds, outcome: code === 0 ? 'passed' : 'FAILED' });
    if (code !== 0) failed ??= name;
  }
}
const wall = (performance.now() - began) / 1000;

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

// Phases run side by side count once: the total is the time the run took.
const total = (Number.isFinite(install) && install > 0 ? install : 0) + wall;
console.log('\nTime by phase (min:s)');
for (const row of rows) console.log(`  ${row.name.padEnd(12)} ${minutes(row.seconds)}  ${row.outcome}`);
console.log(`  ${'total'.padEnd(12)} ${minutes(total)}`);
const together = PHASES.flatMap((phase, index) =>
  phase.beside && PHASES[index + 1] ? [`${phase.name} and ${PHASES[index + 1]!.name}`] : [],
);
if (together.length > 0) console.log(`  (side by side, counted once in the total: ${together.join('; ')})`);
console.log('\nThe ten slowest tests (s)');
for (const test of times.sort((a, b) => b.seconds - a.seconds).slice(0, 10)) {
  console.log(`  ${test.seconds.toFixed(1).padStart(6)}  ${test.phase.padEnd(7)} ${test.name}`);
}
if (failed) console.log(`\nStopped: ${failed} failed.`);
console.log(`\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failed ? 1 : 0);
