/**
 * The long run of the order lifecycle's model-based test (tests/server/order-lifecycle.test.ts): 200,000 random
 * steps against the real trusted code and rules, where `npm test` takes 10,000. Prints the steps, the time and what
 * the steps did; a violation fails the run with its seed and shortest sequence, as in the test.
 */
import { spawnSync } from 'node:child_process';

const STEPS = 200_000;

export function runLifecycleBench(steps = STEPS): {
  steps: number;
  seconds: number;
  msPerStep: number;
  passed: boolean;
} {
  console.log(`\n== order lifecycle, model-based: ${steps} steps ==`);
  const started = performance.now();
  const run = spawnSync(
    'npx',
    ['vitest', 'run', '--project', 'server', 'tests/server/order-lifecycle.test.ts', '--reporter', 'verbose'],
    { env: { ...process.env, LIFECYCLE_STEPS: String(steps) }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const seconds = (performance.now() - started) / 1000;
  const output = `${run.stdout}${run.stderr}`;
  const done = /order lifecycle: (\d+) steps[^\n]*/.exec(output);
  const passed = run.status === 0;
  if (!passed)
    console.log(
      output
        .split('\n')
        .filter((line) => !/FIREBASE WARNING/.test(line))
        .join('\n'),
    );
  const ran = done ? Number(done[1]) : 0;
  const result = {
    steps: ran,
    seconds: Math.round(seconds),
    msPerStep: ran ? +((seconds * 1000) / ran).toFixed(2) : 0,
    passed,
  };
  console.log(done ? done[0] : 'no steps reported');
  console.log(
    `${passed ? 'passed' : 'FAILED'}: ${ran} steps in ${result.seconds} s (${result.msPerStep} ms a step, start-up included)`,
  );
  return result;
}
