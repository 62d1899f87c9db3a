/**
 * The phone the browser benchmarks stand for, the same on every host (docs/performance.md#a-constant-phone).
 *
 * Lighthouse slows the CPU by a fixed 4x by default: 4x of a fast desktop is a mid-tier phone, 4x of this slower,
 * shared machine is a much slower one, so the same build scored 92–99 on one host and 97–100 on another. Lighthouse
 * measures the host's speed with every report (`environment.benchmarkIndex`; its docs/throttling.md: a mid-tier
 * phone is 125–800, a high-end desktop 1500–2000, and 4x takes a typical high-end desktop into the mid-tier
 * bracket). So the slowdown is that index over the index of the phone we aim at, PHONE_INDEX: a typical high-end
 * desktop (1,750) divided by Lighthouse's own 4x. On such a desktop the benchmark runs as Lighthouse's defaults do;
 * on a slower host it slows the CPU less, on a faster one more, and every host measures the same phone.
 */
import lighthouse from 'lighthouse';
import { percentile } from './liveApp';

/** The benchmark index of the phone the benchmarks measure: mid-tier (125–800), where 4x takes a 1,750 desktop. */
export const PHONE_INDEX = 1750 / 4;
/** How many short Lighthouse runs the index is the median of: it varies from run to run on a shared machine. */
const CALIBRATION_RUNS = 9;

export interface CalibratedPhone {
  /** The host's benchmark index (median of the calibration runs) and each run's. */
  benchmarkIndex: number;
  indexRuns: number[];
  /** The CPU slowdown that makes this host run as the phone, between 1 and 20. */
  multiplier: number;
  /** Whether PHONE_SLOWDOWN holds the slowdown fixed, for every run. */
  fixed: boolean;
}

/** The CPU slowdown that makes a host of `benchmarkIndex` run as the phone. */
export const slowdownFor = (benchmarkIndex: number): number =>
  Math.round(Math.min(20, Math.max(1, benchmarkIndex / PHONE_INDEX)) * 100) / 100;

/** Runs Lighthouse on `url` a few times (one cheap audit) through the Chrome on `port` and reads the index. */
export async function calibratePhone(url: string, port: number): Promise<CalibratedPhone> {
  const indexRuns: number[] = [];
  for (let run = 0; run < CALIBRATION_RUNS; run++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyAudits: ['viewport'] });
    const index = result?.lhr.environment.benchmarkIndex;
    if (typeof index === 'number' && index > 0) indexRuns.push(Math.round(index));
  }
  if (indexRuns.length === 0) throw new Error('Lighthouse measured no benchmark index');
  const benchmarkIndex = percentile(
    [...indexRuns].sort((a, b) => a - b),
    50,
  );
  // Two builds compared side by side in separate runs need one slowdown: the index of the nine runs still varies.
  const fixed = Number(process.env.PHONE_SLOWDOWN);
  return { benchmarkIndex, indexRuns, multiplier: fixed > 0 ? fixed : slowdownFor(benchmarkIndex), fixed: fixed > 0 };
}

export const describePhone = ({ benchmarkIndex, indexRuns, multiplier }: CalibratedPhone): string =>
  `host benchmarkIndex ${benchmarkIndex} (runs ${indexRuns.join(', ')}), CPU slowdown ${multiplier}x for a phone of index ${Math.round(PHONE_INDEX)}`;
