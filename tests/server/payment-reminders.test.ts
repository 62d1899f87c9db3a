/**
 * The minute job of unpaid orders beyond expiry (functions/src/payments/holdsJob.ts, reminders.ts), against the real
 * database with the shop's rules: a bank-transfer buyer who has not paid a day before the hold ends is reminded
 * once, nobody else is, and the job notes its run for the desk, which only staff read.
 */
import { ServerValue } from 'firebase-admin/database';
import { describe, expect, it } from 'vitest';
import { runHoldsJob } from '../../functions/src/payments/holdsJob';
import { deskKey } from '../../src/features/orders/deskIndex';
import { gigEvent } from './support/gigEvent';
import { paymentsDatabase } from './support/paymentsHarness';

const HOUR = 3_600_000;

const { connect, admin, read, trusted, order } = paymentsDatabase(() => ({
  users: { staff: { firstname: 'S', lastname: 'S', email: 's@example.com', role: 'staff', created: 1 } },
  properties: { currency: 'GBP' },
  paymentSettings: {
    door: { on: true },
    transfer: { on: true, days: 7, payee: 'Harbour Jazz Ltd', account: 'GB33 BUKB 2020 1555 5555 55', bank: '' },
    card: { on: true, minutes: 30 },
  },
  products: { gig: gigEvent({ stock: 20, price: 12.5 }) },
}));

/** Moves an order's clock: placed `age` ago, its hold ending in `left`. */
async function ageOrder(uid: string, id: string, age: number, left: number): Promise<void> {
  const until = Date.now() + left;
  await admin()
    .ref()
    .update({
      [`orders/${uid}/${id}/created`]: Date.now() - age,
      [`orders/${uid}/${id}/pay/until`]: until,
      [`deskOrders/${deskKey(uid, id)}/hold`]: until,
    });
}

describe('a reminder before a bank transfer’s hold ends', () => {
  it('goes once to a buyer who has not paid a day before, with nothing else changed', async () => {
    const id = await order('ann', { gig: 2 }, 'transfer');
    await ageOrder('ann', id, 6 * 24 * HOUR, 20 * HOUR);
    const before = await read(`orders/ann/${id}/pay`);
    expect(await runHoldsJob(trusted(), Date.now())).toMatchObject({ expired: 0, reminded: 1 });
    expect(await read(`mailOutbox/${id}-reminder`)).toMatchObject({ kind: 'reminder', to: 'ann@example.com' });
    expect(await read(`orders/ann/${id}/mail/${id}-reminder`)).toMatchObject({ kind: 'reminder', state: 'queued' });
    expect(await read(`orders/ann/${id}/pay`)).toEqual(before);
    // Again, and two runs side by side: nothing more.
    expect((await runHoldsJob(trusted(), Date.now())).reminded).toBe(0);
    const both = await Promise.all([runHoldsJob(trusted(), Date.now()), runHoldsJob(trusted(), Date.now())]);
    expect(both.map((report) => report.reminded)).toEqual([0, 0]);
  });

  it('goes to nobody else: paid, card, at the door, due later, or ordered only hours ago', async () => {
    const ids = {
      paid: await order('bo', { gig: 1 }, 'transfer'),
      card: await order('cy', { gig: 1 }, 'card'),
      door: await order('di', { gig: 1 }, 'door'),
      later: await order('ed', { gig: 1 }, 'transfer'),
      fresh: await order('fa', { gig: 1 }, 'transfer'),
      // Two runs racing for one that is due: one reminder.
      due: await order('gu', { gig: 1 }, 'transfer'),
    };
    await ageOrder('bo', ids.paid, 6 * 24 * HOUR, 20 * HOUR);
    await connect('staff', 'staff')
      .ref('paymentMarks/mark-bo-00001')
      .set({ uid: 'bo', order: ids.paid, amount: 1250, method: 'transfer', by: 'staff', at: ServerValue.TIMESTAMP });
    const { markApplier } = await import('../../functions/src/payments/marks');
    await markApplier(trusted())();
    await ageOrder('cy', ids.card, HOUR, 20 * HOUR);
    await ageOrder('di', ids.door, 6 * 24 * HOUR, 20 * HOUR);
    await ageOrder('ed', ids.later, 5 * 24 * HOUR, 30 * HOUR);
    await ageOrder('fa', ids.fresh, 2 * HOUR, 20 * HOUR);
    await ageOrder('gu', ids.due, 13 * HOUR, 11 * HOUR);
    const reports = await Promise.all([runHoldsJob(trusted(), Date.now()), runHoldsJob(trusted(), Date.now())]);
    expect(reports.map((report) => report.reminded).sort()).toEqual([0, 1]);
    const outbox = Object.values((await read('mailOutbox')) as Record<string, { kind: string; to: string }>);
    expect(outbox.filter((job) => job.kind === 'reminder').map((job) => job.to)).toEqual(['gu@example.com']);
  });
});

describe('the job’s last run', () => {
  it('is noted for the desk, which staff read and nobody else writes or reads', async () => {
    const id = await order('ho', { gig: 1 }, 'transfer');
    await ageOrder('ho', id, 6 * 24 * HOUR, 20 * HOUR);
    await runHoldsJob(trusted(), Date.now());
    const run = (await read('jobRuns/holds')) as { at: number; expired: number; reminded: number };
    expect(run).toMatchObject({ expired: 0, reminded: 1 });
    expect(Math.abs(run.at - Date.now())).toBeLessThan(60_000);
    expect((await connect('staff', 'staff').ref('jobRuns/holds').get()).val()).toEqual(run);
    await expect(connect('ho', 'ho').ref('jobRuns/holds').get()).rejects.toThrow(/permission/i);
    for (const who of ['ho', 'staff']) {
      await expect(
        connect(who, who).ref('jobRuns/holds').set({ at: ServerValue.TIMESTAMP, expired: 0, reminded: 0 }),
      ).rejects.toThrow(/permission/i);
      // Nor can anyone but trusted code queue a reminder.
      await expect(
        connect(who, who).ref(`mailOutbox/${id}-reminder2`).set({
          uid: 'ho',
          order: id,
          kind: 'reminder',
          to: 'ho@example.com',
          created: 1,
          state: 'queued',
          attempts: 0,
        }),
      ).rejects.toThrow(/permission/i);
    }
  });
});
