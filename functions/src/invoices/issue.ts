/**
 * Issues the documents orders need (docs/invoices.md#issuing), after the batch and never in it: what makes an order
 * paid, a refund given, an order cancelled puts the order on invoiceQueue in the same update, and this works through
 * that queue. For each order it asks which document is needed next (nextDocument), writes it with the next number
 * of its prefix in one atomic update, and asks again until none is; then it takes the order off the queue.
 *
 * The rules hold the numbering (database.rules.json, invoiceCounters and invoices): a number is written only with
 * its counter moved on from the one before, so two issuers at once, a call delivered twice or a restart between two
 * documents leave neither a gap nor a repeat; the one refused reads again and takes the next number.
 */
import { DEFAULT_LANGUAGE } from '../../../src/i18n/languages';
import { paths } from '../../../src/firebase/paths';
import { parseOrder } from '../../../src/features/orders/order';
import {
  composeCredit,
  composeInvoice,
  type ComposedDocument,
} from '../../../src/features/invoices/model/composeDocuments';
import {
  documentNumber,
  invoicePaths,
  parseInvoiceDocument,
  type InvoiceDocument,
} from '../../../src/features/invoices/model/invoiceDocument';
import { parseInvoiceSettings } from '../../../src/features/invoices/model/invoiceSettings';
import { invoiceLeft } from '../../../src/features/invoices/model/composeDocuments';
import { nextDocument, type GivenBack } from '../../../src/features/invoices/model/nextDocument';
import { parseRefunds, refundPaths } from '../../../src/features/payments/model/refundRecords';
import { isRecord } from '../../../src/state/validation';
import { applyDecided } from '../answeredQueue';
import { coalescedRuns } from '../coalescedRuns';
import { drainQueue } from '../drainQueue';
import type { PaymentsDatabase } from '../payments/settlePayment';
import { SERVER_TIME } from '../payments/settlePayment';

export interface InvoicesDatabase extends PaymentsDatabase {
  /** Up to `limit` orders waiting for their documents, the longest waiting first. */
  oldestInvoiceRequests(limit: number): Promise<{ key: string; raw: unknown }[]>;
}

/** Orders looked at per query. */
const PAGE = 50;

/**
 * Steps for one order in one run at most: an order needs a few at once (its invoice, a credit note for each refund
 * since, one for its cancel); one that seemed to need more every time would otherwise hold the run for ever. What is
 * left waits for the next run, the order still queued.
 */
const STEPS = 20;

/**
 * One step of issuing for an order: a document, or nothing more to issue (`done`), or an order whose lines and tax do
 * not come to what it was due, or whose documents cannot be read whole (`unfit`: nothing is issued with figures that
 * do not add up; staff see the order has no invoice).
 */
type Step = 'invoice' | 'credit' | 'no-credit' | 'done' | 'unfit';

/** What a run issued: invoices and credit notes, orders left unfit, and orders left queued for the next run. */
export interface InvoicesReport {
  invoices: number;
  credits: number;
  unfit: number;
  deferred: number;
}

/** An order's documents, as listed at invoicesOf/{orderKey}/docs and read back, in the order of their numbers. */
async function readDocuments(db: InvoicesDatabase, listed: unknown): Promise<InvoiceDocument[] | null> {
  const numbers = isRecord(listed) ? Object.keys(listed) : [];
  const read = await db.readAll(numbers.map(invoicePaths.document));
  const documents = numbers.map((number) => parseInvoiceDocument(number, read.get(invoicePaths.document(number))));
  // A document listed but unreadable: nothing is decided from a history trusted code cannot read whole.
  if (documents.some((document) => document === null)) return null;
  return (documents as InvoiceDocument[]).sort((a, b) => a.issued - b.issued || a.seq - b.seq);
}

/** The dates of the events an order's lines are tickets for, by the event's product id. */
async function eventDates(db: InvoicesDatabase, events: readonly string[]): Promise<Map<string, string>> {
  const read = await db.readAll(events.map((event) => `${paths.product(event)}/date`));
  return new Map(
    events.flatMap((event) => {
      const date = read.get(`${paths.product(event)}/date`);
      return typeof date === 'string' ? [[event, date] as const] : [];
    }),
  );
}

/**
 * The writes that issue `document` as number `seq` of its prefix, listed under its order, with the order's open
 * invoice as it is after it; a credit note of a refund marks the refund seen to, with its number.
 */
function issueWrites(
  orderKey: string,
  prefix: string,
  seq: number,
  document: ComposedDocument,
  open: string | null,
): Record<string, unknown> {
  const number = documentNumber(prefix, seq);
  const ofOrder = invoicePaths.ofOrder(orderKey);
  return {
    [invoicePaths.counter(prefix)]: seq,
    [invoicePaths.document(number)]: { ...document, prefix, seq, issued: SERVER_TIME },
    [`${ofOrder}/docs/${number}`]: document.kind,
    [`${ofOrder}/open`]: open,
    [`${ofOrder}/last`]: number,
    ...(document.refund ? { [`${ofOrder}/refunds/${document.refund}`]: number } : {}),
  };
}

/** The refunds that gave money back (done, or under way at the card provider), oldest first. */
function givenBack(raw: unknown): GivenBack[] {
  return parseRefunds(raw)
    .refunds.filter((refund) => refund.state === 'done' || refund.state === 'pending')
    .map((refund) => ({
      id: refund.id,
      amount: refund.amount,
      ...(refund.line && refund.quantity ? { line: refund.line, quantity: refund.quantity } : {}),
    }));
}

/** Decides and writes the one next step for the order `orderKey`, from a fresh reading. */
async function decideStep(
  db: InvoicesDatabase,
  orderKey: string,
): Promise<{ update: Record<string, unknown>; outcome: { kind: Step } } | null> {
  const [uid = '', orderId = ''] = orderKey.split('~');
  const orderPath = paths.order(uid, orderId);
  const ofOrder = invoicePaths.ofOrder(orderKey);
  const first = await db.readAll([
    orderPath,
    invoicePaths.settings,
    `${ofOrder}/docs`,
    `${ofOrder}/refunds`,
    invoicePaths.queued(orderKey),
    refundPaths.refunds(orderKey),
  ]);
  const queued = first.get(invoicePaths.queued(orderKey));
  const at = isRecord(queued) && typeof queued.at === 'number' ? queued.at : null;
  // Taken off the queue only as it was read: the rules refuse it when the order was queued again meanwhile (a refund
  // just given), and the order is looked at again.
  const settled = (kind: Step) => ({
    update: at === null ? {} : { [invoicePaths.queued(orderKey)]: null, [`${ofOrder}/checked`]: at },
    outcome: { kind },
  });
  const documents = await readDocuments(db, first.get(`${ofOrder}/docs`));
  const order = parseOrder(uid, orderId, first.get(orderPath));
  if (!documents || !order) return settled('unfit');
  const settings = parseInvoiceSettings(first.get(invoicePaths.settings));
  const seen = first.get(`${ofOrder}/refunds`);
  const next = nextDocument(
    order,
    settings,
    documents,
    givenBack(first.get(refundPaths.refunds(orderKey))),
    new Set(isRecord(seen) ? Object.keys(seen) : []),
  );
  if (!next) return settled('done');
  if (next.kind === 'no-credit') {
    return { update: { [`${ofOrder}/refunds/${next.refund}`]: 'none' }, outcome: { kind: 'no-credit' } };
  }
  // Every document takes the next number of the prefix of the day: a credit note too, in the series it is issued in.
  const { prefix } = settings;
  const last = (await db.readAll([invoicePaths.counter(prefix)])).get(invoicePaths.counter(prefix));
  const seq = (typeof last === 'number' ? last : 0) + 1;
  if (next.kind === 'invoice') {
    const dates = await eventDates(db, [...new Set(order.lines.map((line) => line.event))]);
    const invoice = composeInvoice(order, settings, dates, DEFAULT_LANGUAGE);
    if (!invoice) return settled('unfit');
    const number = documentNumber(prefix, seq);
    return { update: issueWrites(orderKey, prefix, seq, invoice, number), outcome: { kind: 'invoice' } };
  }
  const credit = composeCredit(next.invoice, next.credits, next.amount, next.why, next.refund, next.named);
  const closes = invoiceLeft(next.invoice, next.credits) === next.amount;
  const open = closes ? null : documentNumber(next.invoice.prefix, next.invoice.seq);
  return { update: issueWrites(orderKey, prefix, seq, credit, open), outcome: { kind: 'credit' } };
}

/**
 * Issues what every queued order needs; calls while a run goes join it. An order whose step the rules refuse again
 * and again (another issuer taking the same numbers) waits for the next call.
 */
export function invoiceIssuer(db: InvoicesDatabase): () => Promise<InvoicesReport> {
  return coalescedRuns(
    (): InvoicesReport => ({ invoices: 0, credits: 0, unfit: 0, deferred: 0 }),
    (report) =>
      drainQueue(
        (limit) => db.oldestInvoiceRequests(limit),
        PAGE,
        async (orderKey) => {
          for (let steps = 0; steps < STEPS; steps++) {
            const step = await applyDecided(db, () => decideStep(db, orderKey));
            if (step === null) {
              report.deferred++;
              return 'skip';
            }
            if (step.kind === 'invoice') report.invoices++;
            else if (step.kind === 'credit') report.credits++;
            else if (step.kind !== 'no-credit') {
              if (step.kind === 'unfit') report.unfit++;
              return 'done';
            }
          }
          report.deferred++;
          return 'skip';
        },
      ),
  );
}
