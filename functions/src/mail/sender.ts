/**
 * The mail sender: delivers the jobs waiting in mailOutbox, each at least once and never twice
 * (docs/decisions.md#email). A job is claimed before it is sent: a compare-and-set on the job that counts the
 * attempt and leases it to this run for a while, so two senders (two instances, a retry timer and a kick) never
 * send one job at the same time. A sent job is marked sent and never claimed again; its Message-ID is fixed by
 * its id, so in the one case where a job may go out twice (the sender dies after the SMTP server took the
 * message and before the mark, and the lease runs out) the receiving side sees the same message. A refusal
 * that will not change (SMTP 5xx, an address that is not one) fails the job for good, shown to staff on the
 * order; anything else (server down, 4xx) is tried again later, each wait twice the last, up to a cap.
 */
import { mailDocuments, mayCarryDocuments } from '../invoices/mailDocuments';
import { randomUUID } from 'node:crypto';
import {
  MAIL_KINDS,
  orderMailIds,
  parseReceived,
  type MailKind,
  type ReceivedMoney,
} from '../../../src/features/orders/orderMail';
import { ORDER_STATUSES, type OrderStatus } from '../../../src/features/orders/orderStatus';
import { orderPageUrl } from '../../../src/features/orders/orderLink';
import { deskKey } from '../../../src/features/orders/deskIndex';
import { parseRefunds, refundPaths } from '../../../src/features/payments/model/refundRecords';
import { paths } from '../../../src/firebase/paths';
import { isRecord } from '../../../src/state/validation';
import { coalescedRuns } from '../coalescedRuns';
import { composeMessageJob, messageOutcomeWrites, queueDueMessages } from './bookedMessages';
import { composeMail, UnsendableMail, type ComposedMail, type MailRefund } from './compose';
import { addressBudgetKey, PER_ADDRESS, spend } from './mailBudget';
import { giftCardPageUrl } from '../../../src/features/giftcards/model/giftCard';
import { voucherLink } from '../../../src/features/vouchers/model/voucher';
import { readOrderData, type MailDatabase } from './orderData';
import { composeGiftMail } from './giftMail';
import { composeDeskCardMail } from './deskCardMail';
import { DESK_CARD_MAIL_KIND } from '../../../src/features/giftcards/model/deskCardMail';

export interface MailTransport {
  send(mail: ComposedMail): Promise<void>;
}

export interface SenderOptions {
  /** The shop's origin for order links, e.g. https://shop.example (configuration, never a request's Host). */
  shopUrl: string;
  /** The sending address. */
  from: string;
  now?: () => number;
  /** How long a claim holds: longer than one SMTP exchange can take (nodemailer's timeouts, smtp.ts). */
  leaseMs?: number;
  /** Attempts before a job that keeps failing for passing reasons is given up. */
  maxAttempts?: number;
  log?: (message: string) => void;
  /**
   * Run once the jobs due are read, in each round and whenever they may carry a document: issues the documents
   * orders are waiting for (invoices/issue.ts), so that an email of an order paid or refunded goes out with its
   * document there, and the issuing runs wherever money moved and mail is sent, and every minute with the retry
   * (docs/invoices.md#issuing). Its failure is logged and sends no less mail.
   */
  beforeSending?: () => Promise<unknown>;
}

interface SendReport {
  sent: number;
  retrying: number;
  failed: number;
}

export interface MailSender {
  /** Sends every job due now; resolves when none is left that this run could claim. */
  drain(): Promise<SendReport>;
}

const FIRST_RETRY_MS = 30_000;
const LONGEST_WAIT_MS = 3_600_000;
const BATCH = 20;
const AT_ONCE = 4;
/**
 * What a buyer's actions make the shop send (an order's confirmation, find my order's link), to an address the buyer
 * typed: bounded per address (mailBudget.ts). Staff's mail (status, tickets again, messages) is not.
 */
const CAUSED_BY_BUYERS: ReadonlySet<MailKind> = new Set(['confirmation', 'link', 'expired', 'reminder', 'documents']);
/** A job held back by its address's budget for longer than this is given up, so a flood leaves no backlog. */
const LONGEST_HOLD_MS = 86_400_000;

/** The address's budget is spent: the job waits for the next window without losing an attempt. */
class HeldBack extends Error {
  constructor(readonly until: number) {
    super(
      `held back until ${new Date(until).toISOString()}: at most ${PER_ADDRESS.max} emails an hour go to one address from orders and find my order`,
    );
  }
}

/** The wait before attempt `attempts + 1`: 30 s, 1 min, 2 min … at most an hour. */
export function retryDelay(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_WAIT_MS);
}

interface Job {
  id: string;
  uid: string;
  order: string;
  kind: MailKind;
  to: string;
  status?: OrderStatus;
  /** A staff message's id (kind 'message'). */
  message?: string;
  /** The money a 'received' email tells of. */
  received?: ReceivedMoney;
  attempts: number;
  /** When it was queued (epoch ms; 0 when unknown). */
  created: number;
}

/** A card staff issued by hand, emailed to whom they named: about a card, not an order (deskCardMail.ts). */
interface CardJob extends Pick<Job, 'id' | 'to' | 'attempts' | 'created'> {
  kind: typeof DESK_CARD_MAIL_KIND;
  card: string;
}

function readJob(id: string, raw: unknown): Job | CardJob | null {
  if (!isRecord(raw)) return null;
  const { uid, order, kind, to, attempts, status, message, created } = raw;
  const received = parseReceived(raw.received);
  if (kind === DESK_CARD_MAIL_KIND && typeof raw.card === 'string' && typeof attempts === 'number') {
    const when = typeof created === 'number' ? created : 0;
    return { id, kind, card: raw.card, to: typeof to === 'string' ? to : '', attempts, created: when };
  }
  if (typeof uid !== 'string' || typeof order !== 'string' || typeof attempts !== 'number') return null;
  if (!(MAIL_KINDS as readonly unknown[]).includes(kind)) return null;
  if (kind === 'message' && typeof message !== 'string') return null;
  if (kind === 'received' && !received) return null;
  return {
    id,
    uid,
    order,
    kind: kind as MailKind,
    to: typeof to === 'string' ? to : '',
    attempts,
    created: typeof created === 'number' ? created : 0,
    ...((ORDER_STATUSES as readonly unknown[]).includes(status) ? { status: status as OrderStatus } : {}),
    ...(typeof message === 'string' ? { message } : {}),
    ...(received ? { received } : {}),
  };
}

/** The refund a refund email tells of, made or failed after all, as its id says (orderMailIds). */
async function readRefund(db: MailDatabase, job: Job): Promise<MailRefund> {
  const named = orderMailIds.refundOf(job.order, job.id);
  const refundId = named?.refundId ?? '';
  const failedNews = named?.failed ?? false;
  const { refunds } = parseRefunds(
    refundId ? { [refundId]: await db.read(refundPaths.refund(deskKey(job.uid, job.order), refundId)) } : null,
  );
  const refund = refunds[0];
  const told = failedNews ? ['failed'] : ['done', 'pending', 'failed'];
  if (!refund || !told.includes(refund.state)) throw new UnsendableMail('the refund is not made');
  return {
    amount: refund.amount,
    currency: refund.currency,
    way: refund.way,
    failed: failedNews,
    ...(refund.card ? { card: refund.card } : {}),
  };
}

/** Whether an error will happen again whatever we do: an SMTP 5xx, or mail we refuse to send. */
export function isPermanent(error: unknown): boolean {
  if (error instanceof UnsendableMail) return true;
  const code = isRecord(error) ? error.responseCode : undefined;
  return typeof code === 'number' && code >= 500 && code < 600;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);

export function createMailSender(db: MailDatabase, transport: MailTransport, options: SenderOptions): MailSender {
  const now = options.now ?? Date.now;
  const leaseMs = options.leaseMs ?? 120_000;
  const maxAttempts = options.maxAttempts ?? 10;
  const log = options.log ?? ((message: string) => console.error(message));
  /** The documents orders wait for, issued; a failure is logged and sends no less mail. */
  const issueFirst = async () => {
    await options.beforeSending?.().catch((error: unknown) => log(`before sending: ${String(error)}`));
  };
  const domain = new URL(options.shopUrl).hostname;

  /** Claims job `id` for `run`: the attempt is counted before anything is sent. */
  async function claim(id: string, run: string): Promise<Job | CardJob | null> {
    let job: Job | CardJob | null = null;
    const changed = await db.transact(paths.outboxMessage(id), (current) => {
      const read = readJob(id, current);
      if (!read || !isRecord(current) || current.state !== 'queued') return undefined;
      const lease = current.lease;
      if (isRecord(lease) && typeof lease.until === 'number' && lease.until > now()) return undefined;
      job = { ...read, attempts: read.attempts + 1 };
      return { ...current, attempts: job.attempts, lease: { by: run, until: now() + leaseMs } };
    });
    return changed ? job : null;
  }

  /** Records how the attempt went, on the job (if this run still holds it) and beside the order. */
  async function finish(
    job: Job | CardJob,
    run: string,
    outcome: { error: unknown } | null,
  ): Promise<keyof SendReport> {
    const at = now();
    const heldUntil = outcome?.error instanceof HeldBack ? outcome.error.until : null;
    const permanent =
      outcome !== null && heldUntil === null && (isPermanent(outcome.error) || job.attempts >= maxAttempts);
    const result: keyof SendReport = outcome === null ? 'sent' : permanent ? 'failed' : 'retrying';
    const error =
      outcome === null
        ? null
        : job.attempts >= maxAttempts && !isPermanent(outcome.error)
          ? `gave up after ${job.attempts} attempts: ${describe(outcome.error)}`
          : describe(outcome.error);
    const held = await db.transact(paths.outboxMessage(job.id), (current) => {
      if (!isRecord(current) || !isRecord(current.lease) || current.lease.by !== run) return undefined;
      const { lease: _lease, error: _error, next: _next, ...rest } = current;
      if (result === 'sent') return { ...rest, state: 'sent', sent: at };
      if (result === 'failed') return { ...rest, state: 'failed', error: error! };
      if (heldUntil !== null) return { ...rest, attempts: job.attempts - 1, next: heldUntil, error: error! };
      return { ...rest, next: at + retryDelay(job.attempts), error: error! };
    });
    if (!held) {
      log(`mail: job ${job.id} was taken over by another sender before its result was recorded`);
      return result;
    }
    // A card's email has its state on its job alone: there is no order to record it beside.
    if (job.kind === DESK_CARD_MAIL_KIND) return result;
    // The job's own record is what counts; the state beside the order is for people to read, and an order that
    // is gone (or a write the rules refuse) must not hold up the emails behind this one.
    await db
      .update({
        [paths.orderMail(job.uid, job.order, job.id)]: {
          kind: job.kind,
          state: result === 'sent' ? 'sent' : result === 'failed' ? 'failed' : 'queued',
          at,
          attempts: heldUntil === null ? job.attempts : job.attempts - 1,
          ...(error ? { error } : {}),
        },
        ...(job.message && result !== 'retrying'
          ? messageOutcomeWrites({ id: job.id, message: job.message, to: job.to }, result, error)
          : {}),
      })
      .catch((refused: unknown) =>
        log(`mail: job ${job.id} is ${result}, not recorded beside its order: ${describe(refused)}`),
      );
    return result;
  }

  async function spendAddressBudget(job: Job): Promise<void> {
    const spent = await spend(db, addressBudgetKey(job.to), PER_ADDRESS, now());
    if (spent.ok) return;
    if (job.created > 0 && spent.until - job.created > LONGEST_HOLD_MS) {
      throw new UnsendableMail(
        `not sent: this address had ${PER_ADDRESS.max} emails an hour from orders and find my order for a day`,
      );
    }
    throw new HeldBack(spent.until);
  }

  async function deliver(job: Job | CardJob): Promise<void> {
    if (job.kind === DESK_CARD_MAIL_KIND) {
      const balanceUrl = giftCardPageUrl(options.shopUrl);
      await transport.send(await composeDeskCardMail(db, job, { balanceUrl, from: options.from, domain }));
      return;
    }
    if (job.kind === 'message') {
      const orderUrl = (secret: string) => orderPageUrl(options.shopUrl, secret);
      await transport.send(
        await composeMessageJob(
          db,
          { ...job, message: job.message! },
          { orderUrl, voucherUrl: (code) => voucherLink(options.shopUrl, code), from: options.from, domain },
        ),
      );
      return;
    }
    // The budget first: in a flood, a job held back costs one transaction, not its order's, tickets' and events' reads.
    if (CAUSED_BY_BUYERS.has(job.kind)) await spendAddressBudget(job);
    const data = await readOrderData(db, job.uid, job.order);
    if (!data) throw new UnsendableMail('the order is gone');
    const { link: secret, ...content } = data;
    if (secret === null) throw new UnsendableMail('the order has no link');
    if (job.kind === 'giftcards') {
      await transport.send(
        composeGiftMail({
          ...content,
          messageId: job.id,
          orderUrl: orderPageUrl(options.shopUrl, secret),
          balanceUrl: giftCardPageUrl(options.shopUrl),
          from: options.from,
          domain,
        }),
      );
      return;
    }
    const refund = job.kind === 'refund' ? await readRefund(db, job) : null;
    const documents = await mailDocuments(
      (path) => db.read(path),
      job.uid,
      job.order,
      {
        kind: job.kind,
        ...(job.status ? { status: job.status } : {}),
        ...(job.kind === 'refund' ? { refundId: orderMailIds.refundOf(job.order, job.id)?.refundId ?? '' } : {}),
        ...(job.kind === 'documents' ? { after: orderMailIds.reissuedAfter(job.order, job.id) ?? 0 } : {}),
      },
      content.shop.timezone,
    );
    await transport.send(
      composeMail({
        ...content,
        documents,
        messageId: job.id,
        kind: job.kind,
        ...(job.status ? { status: job.status } : {}),
        ...(refund ? { refund } : {}),
        ...(job.received ? { received: job.received } : {}),
        orderUrl: orderPageUrl(options.shopUrl, secret),
        balanceUrl: giftCardPageUrl(options.shopUrl),
        from: options.from,
        domain,
      }),
    );
  }

  async function drainOnce(report: SendReport): Promise<void> {
    const run = randomUUID();
    for (let first = true; ; first = false) {
      const due = await db.dueJobs(now(), BATCH);
      // Documents are issued after the jobs are read, in the round's first reading (also the minute's retry of
      // issuing) and whenever a job may carry one: a job is queued in the update that asks for its document, so one
      // queued while the round was sending (an order paid as its confirmation went out) still carries it
      // (docs/invoices.md#sent-and-shown).
      if (first || due.some(({ raw }) => isRecord(raw) && mayCarryDocuments(raw.kind))) await issueFirst();
      let claimed = 0;
      const sendOne = async (id: string) => {
        const job = await claim(id, run).catch((error: unknown) => {
          log(`mail: job ${id} could not be claimed: ${describe(error)}`);
          return null;
        });
        if (!job) return;
        claimed++;
        let outcome: { error: unknown } | null = null;
        try {
          await deliver(job);
        } catch (error) {
          outcome = { error };
          log(`mail: job ${job.id} attempt ${job.attempts} failed: ${describe(error)}`);
        }
        try {
          report[await finish(job, run, outcome)]++;
        } catch (error) {
          // Its lease runs out and a later run records it; the jobs beside it go on.
          log(`mail: job ${job.id}'s result could not be recorded: ${describe(error)}`);
        }
      };
      // A few at a time: a message to everyone booked is thousands of emails, each mostly waiting on SMTP.
      for (let start = 0; start < due.length; start += AT_ONCE) {
        await Promise.all(due.slice(start, start + AT_ONCE).map(({ id }) => sendOne(id)));
      }
      if (claimed === 0) return;
    }
  }

  return {
    drain: coalescedRuns(
      (): SendReport => ({ sent: 0, retrying: 0, failed: 0 }),
      async (report) => {
        await queueDueMessages(db, { now, leaseMs, log });
        await drainOnce(report);
      },
    ),
  };
}
