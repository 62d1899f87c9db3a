/**
 * The model-based test of the order lifecycle (docs/payments.md#the-order-lifecycle; tests/server/support/
 * lifecycleModel.ts): seeded random sequences of the events that move money and places, against the real trusted
 * code and rules on the local database and a local card provider reached through the real `stripe` SDK, every
 * invariant checked after every step. A failure prints fast-check's seed and path (LIFECYCLE_SEED and LIFECYCLE_PATH
 * replay it) and the shortest sequence it found. The bench runs it long (`npm run bench`, bench/lifecycle.ts).
 */
import fc from 'fast-check';
import { expect, it, onTestFinished } from 'vitest';
import { lifecycleEvent, lifecycleRunner, lifecycleShop } from './support/lifecycleModel';
import { paymentsDatabase } from './support/paymentsHarness';

/** Steps in `npm test`; a sequence is 1 to 2 × LENGTH events long. */
const STEPS = Number(process.env.LIFECYCLE_STEPS ?? 10_000);
const LENGTH = 25;
/** Each round of RUNS sequences has its own seed, SEED + round; a failure names the one to replay. */
const SEED = Number(process.env.LIFECYCLE_SEED ?? 49_2026);
const RUNS = 20;

const { admin, connect, trusted } = paymentsDatabase(lifecycleShop);

it(
  `keeps money, places, tickets, emails and the desk in step over ${STEPS} random steps`,
  { timeout: 3_600_000 },
  async () => {
    const runner = lifecycleRunner(admin(), connect('staff', 'staff'), trusted());
    onTestFinished(runner.close);
    let steps = 0;
    const property = fc.asyncProperty(
      fc.array(lifecycleEvent, { minLength: 1, maxLength: 2 * LENGTH, size: 'max' }),
      async (events) => {
        steps += events.length;
        await runner.run(events);
      },
    );
    const replay = process.env.LIFECYCLE_PATH;
    for (let round = 0; replay ? round === 0 : steps < STEPS; round++) {
      await fc.assert(property, { seed: SEED + round, numRuns: RUNS, ...(replay ? { path: replay } : {}) });
    }
    const done = Object.fromEntries([...runner.done()].sort());
    console.log(`order lifecycle: ${steps} steps from seed ${SEED}; what they did: ${JSON.stringify(done)}`);
    if (replay) return;
    expect(steps).toBeGreaterThanOrEqual(STEPS);
    // Every kind of event did something, money met every state (cancelled, lapsed and sold out, already paid), and
    // card payments went every way the lifecycle table has them.
    for (const what of [
      'place ordered',
      'place short',
      'place voucher',
      'pay paid',
      'pay part-paid',
      'pay cancelled',
      'pay late-no-stock',
      'card-start redirect',
      'card-start processing',
      'card-start cancelled',
      'card-page card',
      'card-page refunds-pending',
      'card-page refunds-fail',
      'card-page debit-settles',
      'card-page debit-fails',
      'card-page declined',
      'card-page gives-up',
      'card-page closed',
      'debit arrived',
      'debit failed',
      'webhook deliver',
      'webhook replay',
      'webhook race',
      'heard checkout.session.completed paid',
      'heard checkout.session.completed already',
      'heard checkout.session.async_payment_failed failed',
      'heard charge.refund.updated done',
      'heard charge.refund.updated failed',
      'card-return paid',
      'card money paid',
      'card money cancelled',
      'cancel cancelled',
      'cancel already',
      'cancel closed a page paid meanwhile',
      'lapse',
      'lapse paid at the last moment',
      'lapse waits for a debit',
      'refund by-hand done',
      'refund by-hand too-much',
      'refund card done',
      'refund card failed',
      'refund card no-card',
      'switch changed',
      'status confirmed',
      'status fulfilled',
      'capacity',
    ]) {
      expect(done[what] ?? 0, what).toBeGreaterThan(0);
    }
  },
);
