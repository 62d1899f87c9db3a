/**
 * The rush's invoices (issue 52, bench/rush.ts `invoices`): `pay` with UK VAT and invoicing switched on. After the
 * payments' aftermath, staff give part of some paid orders back and cancel others; then trusted code issues the
 * documents in a process of its own (bench/invoiceIssuerProcess.ts), which is killed (SIGKILL) part-way through and
 * started again. Then the accounting, every figure read back from the database: each paid order has exactly one
 * invoice, for what it was due; the numbers are 1 to N without a gap or a repeat; each refund is seen to once; and
 * what each order's documents come to is what it keeps. Printed; a count that is not nothing fails the run.
 */
import { spawn } from 'node:child_process';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getDatabase, ServerValue } from 'firebase-admin/database';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cancelApplier } from '../functions/src/payments/cancel';
import { refundApplier } from '../functions/src/payments/refunds';
import { adminQueueDatabase } from '../functions/src/orders/adminQueueDatabase';
import { parseInvoiceDocument, type InvoiceDocument } from '../src/features/invoices/model/invoiceDocument';
import { parseOrderPayment } from '../src/features/payments/model/orderPayment';
import { isRecord } from '../src/state/validation';
import { UK_VAT } from '../tests/fixtures/ukVat';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const STAFF_UID = 'rush-staff';

/** What the shop is set to besides the payments: UK VAT on its prices, and invoices issued with the prefix INV-. */
export const invoicingSeed = {
  taxSettings: UK_VAT,
  invoiceSettings: {
    on: true,
    prefix: 'INV-',
    seller: { name: 'Rush Events Ltd', address: '1 Quay Street\nBristol BS1 4DJ', vatId: 'GB123456789' },
  },
};

/** Runs the issuer in a process of its own until it exits, or until `kill` says to kill it; its wall time, ms. */
function issuerRun(databaseUrl: string, kill?: () => Promise<void>): Promise<{ ms: number; killed: boolean }> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(REPO, 'bench', 'invoiceIssuerProcess.ts'), databaseUrl],
    {
      cwd: REPO,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  let killed = false;
  void kill?.().then(() => {
    killed = child.exitCode === null && child.kill('SIGKILL');
  });
  return new Promise((resolve) =>
    child.once('exit', () => resolve({ ms: Math.round(performance.now() - started), killed })),
  );
}

export async function invoicesAftermath(databaseUrl: string) {
  const app = initializeApp({ databaseURL: databaseUrl }, `rush-invoices-${Date.now()}`);
  const admin = getDatabase(app);
  const staff = getDatabase(
    initializeApp(
      { databaseURL: databaseUrl, databaseAuthVariableOverride: { uid: STAFF_UID } },
      `rush-inv-staff-${Date.now()}`,
    ),
  );
  const read = async (path: string): Promise<unknown> => (await admin.ref(path).get()).val();
  const trusted = adminQueueDatabase(databaseUrl);
  try {
    // Staff give £5 back of every 10th paid order and cancel every 25th (its money then owed back), as the desk does.
    const orders = ((await read('orders')) ?? {}) as Record<string, Record<string, Record<string, unknown>>>;
    const paid = Object.entries(orders).flatMap(([uid, byId]) =>
      Object.entries(byId).flatMap(([id, order]) =>
        parseOrderPayment(order.pay)?.state === 'paid' ? [{ uid, id }] : [],
      ),
    );
    let refunds = 0;
    let cancels = 0;
    for (const [index, { uid, id }] of paid.entries()) {
      if (index % 10 === 3) {
        await staff.ref(`refundRequests/refund-${String(index).padStart(6, '0')}`).set({
          uid,
          order: id,
          amount: 500,
          way: 'by-hand',
          by: STAFF_UID,
          note: '',
          at: ServerValue.TIMESTAMP,
        });
        refunds++;
      }
      if (index % 25 === 7) {
        await staff
          .ref(`orderCancels/cancel-${String(index).padStart(6, '0')}`)
          .set({ uid, order: id, by: STAFF_UID, at: ServerValue.TIMESTAMP });
        cancels++;
      }
    }
    await refundApplier(trusted, null)();
    await cancelApplier(trusted)();
    const queued = Object.keys(((await read('invoiceQueue')) ?? {}) as object).length;

    // The issuer, killed once about a third of the documents are out, then started again.
    const killAt = Math.round((paid.length + refunds + cancels) / 3);
    let numberAtKill = 0;
    const first = await issuerRun(databaseUrl, async () => {
      for (;;) {
        numberAtKill = Number((await read('invoiceCounters/INV-')) ?? 0);
        if (numberAtKill >= killAt) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    const second = await issuerRun(databaseUrl);

    // The accounting.
    const documents = ((await read('invoices')) ?? {}) as Record<string, unknown>;
    const lists = ((await read('invoicesOf')) ?? {}) as Record<string, Record<string, unknown>>;
    const finalOrders = ((await read('orders')) ?? {}) as Record<string, Record<string, Record<string, unknown>>>;
    const allRefunds = ((await read('refunds')) ?? {}) as Record<string, Record<string, { state?: string }>>;
    const parsed = Object.entries(documents).map(([number, raw]) => parseInvoiceDocument(number, raw));
    const readable = parsed.filter((document): document is InvoiceDocument => document !== null);
    const seqs = readable.map((document) => document.seq).sort((a, b) => a - b);
    const gaps = seqs.reduce((count, seq, index) => count + (seq === index + 1 ? 0 : 1), 0);
    const repeats = seqs.length - new Set(seqs).size;
    const problems = {
      unreadable: parsed.length - readable.length,
      gaps,
      repeats,
      wrongInvoiceCount: 0,
      wrongTotal: 0,
      refundsNotSeen: 0,
      notWhatIsKept: 0,
      leftQueued: 0,
    };
    for (const [uid, byId] of Object.entries(finalOrders)) {
      for (const [id, order] of Object.entries(byId)) {
        const pay = parseOrderPayment(order.pay);
        if (pay?.state !== 'paid') continue;
        const key = `${uid}~${id}`;
        const mine = readable.filter((document) => document.order.uid === uid && document.order.id === id);
        const invoices = mine.filter((document) => document.kind === 'invoice');
        if (invoices.length !== 1) problems.wrongInvoiceCount++;
        if (invoices[0] && invoices[0].gross !== pay.due) problems.wrongTotal++;
        const seen = (isRecord(lists[key]) && isRecord(lists[key].refunds) ? lists[key].refunds : {}) as object;
        for (const [refundId, refund] of Object.entries(allRefunds[key] ?? {})) {
          if ((refund.state === 'done' || refund.state === 'pending') && !(refundId in seen)) problems.refundsNotSeen++;
        }
        const stands = mine.reduce((sum, document) => sum + document.gross, 0);
        const keeps = order.status === 'cancelled' ? 0 : Math.min(pay.due, pay.paid - pay.refunded);
        if (stands !== keeps) problems.notWhatIsKept++;
      }
    }
    problems.leftQueued = Object.keys(((await read('invoiceQueue')) ?? {}) as object).length;
    const result = {
      paidOrders: paid.length,
      refunds,
      cancels,
      queued,
      invoices: readable.filter((document) => document.kind === 'invoice').length,
      creditNotes: readable.filter((document) => document.kind === 'credit').length,
      lastNumber: seqs.at(-1) ?? 0,
      killedAt: first.killed ? numberAtKill : null,
      firstRunMs: first.ms,
      secondRunMs: second.ms,
      msPerDocument: Number(((first.ms + second.ms) / Math.max(1, seqs.length)).toFixed(1)),
      problems,
    };
    console.log(`invoices: ${JSON.stringify(result)}`);
    const failed = Object.values(problems).some((count) => count !== 0) || !first.killed;
    if (failed) process.exitCode = 1;
    return result;
  } finally {
    await trusted.close();
    await deleteApp(app);
  }
}
