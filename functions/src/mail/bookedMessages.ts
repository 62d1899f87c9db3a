/**
 * A staff message to everyone booked on an event, in trusted code (docs/email.md#a-message-to-everyone-booked).
 * Staff write the message; the sender turns it into one job per person booked, and those jobs are sent, retried
 * and failed like every other email (sender.ts), each counted on the message when it is done.
 *
 * Working out the recipients is claimed like a job (a compare-and-set on the message's `expand`, leased to this
 * run), so two senders never do it at once. It can still be cut short (the process dies) and done again after the
 * lease: a job's id is fixed by the message and the person's address, and the jobs already queued are read first,
 * so however often it runs nobody gets the message twice.
 */
import { createHash } from 'node:crypto';
import {
  bookedRecipients,
  messageWordsIn,
  parseBookedMessage,
  type BookedOrder,
} from '../../../src/features/orders/bookedMessage';
import { deskPaths, parseDeskEventEntry } from '../../../src/features/orders/deskIndex';
import { queuedMail } from '../../../src/features/orders/orderMail';
import { parseProduct, productIn } from '../../../src/features/catalogue/product';
import { mainLanguage } from '../../../src/i18n/languages';
import { paths } from '../../../src/firebase/paths';
import { isRecord } from '../../../src/state/validation';
import { composeBookedMessage, UnsendableMail, type ComposedMail } from './compose';
import { readOrderAndShop, type MailDatabase } from './orderData';

const SERVER_TIME = { '.sv': 'timestamp' } as const;
const increment = (by: number) => ({ '.sv': { increment: by } });
/** People queued in one update: a bounded write, however many are booked. */
const CHUNK = 200;
const MESSAGES_AT_ONCE = 5;

/** The job of `messageId` for the person at `email`: one per address, whichever order and case it came with. */
export function messageJobId(messageId: string, email: string): string {
  const person = createHash('sha256').update(email.toLowerCase()).digest('base64url').slice(0, 22);
  return `${messageId}-${person}`;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);

/** The orders that hold `eventId`, from the desk's index; malformed entries are left out. */
async function bookedOrders(db: MailDatabase, eventId: string): Promise<BookedOrder[]> {
  const raw = await db.read(deskPaths.eventOrders(eventId));
  return Object.entries(isRecord(raw) ? raw : {}).flatMap(([key, value]) => {
    const entry = parseDeskEventEntry(value);
    return entry ? [{ key, t: entry.t, status: entry.status, name: entry.name, email: entry.email }] : [];
  });
}

/** The job of one person booked, and its delivery state beside their order. */
function jobWrites(messageId: string, id: string, person: BookedOrder): Record<string, unknown> {
  const [uid = '', order = ''] = person.key.split('~');
  return queuedMail(id, { uid, order, kind: 'message', to: person.email, message: messageId }, SERVER_TIME);
}

/** Queues the emails of one claimed message; resolves to the number of people it is addressed to. */
async function queueEmails(db: MailDatabase, messageId: string, eventId: string, log: (m: string) => void) {
  const recipients = bookedRecipients(await bookedOrders(db, eventId)).map((person) => ({
    person,
    id: messageJobId(messageId, person.email),
  }));
  const queued = new Set(await db.jobsOf(messageId));
  const waiting = recipients.filter(({ id }) => !queued.has(id));
  for (let start = 0; start < waiting.length; start += CHUNK) {
    const chunk = waiting.slice(start, start + CHUNK);
    try {
      await db.update(Object.assign({}, ...chunk.map(({ id, person }) => jobWrites(messageId, id, person))));
    } catch {
      // One person's job refused (their order changed under us) refuses the update: queue them one by one, and
      // count whoever still cannot be queued as not delivered, with the reason, for staff.
      for (const { id, person } of chunk) {
        try {
          await db.update(jobWrites(messageId, id, person));
        } catch (error) {
          // Queued meanwhile by another run whose lease this one outlived: theirs.
          if ((await db.read(paths.outboxMessage(id))) !== null) continue;
          log(`mail: message ${messageId} could not be queued for ${id}: ${describe(error)}`);
          await db.update({
            [`${paths.eventMessage(messageId)}/failures/${id}`]: { to: person.email, error: describe(error) },
            [`${paths.eventMessage(messageId)}/failed`]: increment(1),
          });
        }
      }
    }
  }
  return new Set([...queued, ...recipients.map(({ id }) => id)]).size;
}

/**
 * Works out who receives each message whose time has come and queues their emails; resolves to how many messages
 * it did. A message another run holds is left to it.
 */
export async function queueDueMessages(
  db: MailDatabase,
  options: { now: () => number; leaseMs: number; log: (message: string) => void },
): Promise<number> {
  let done = 0;
  for (const { id } of await db.dueMessages(options.now(), MESSAGES_AT_ONCE)) {
    let eventId: string | null = null;
    const claimed = await db.transact(paths.eventMessage(id), (current) => {
      const message = parseBookedMessage(id, current);
      if (!message || !isRecord(current) || typeof current.expand !== 'number' || current.expand > options.now())
        return undefined;
      eventId = message.event;
      return { ...current, expand: options.now() + options.leaseMs };
    });
    if (!claimed || eventId === null) continue;
    const recipients = await queueEmails(db, id, eventId, options.log);
    await db.update({
      [`${paths.eventMessage(id)}/recipients`]: recipients,
      [`${paths.eventMessage(id)}/expand`]: null,
    });
    done++;
  }
  return done;
}

/** One person's email of a message, from what the database holds now. */
export async function composeMessageJob(
  db: MailDatabase,
  job: { id: string; uid: string; order: string; message: string },
  settings: {
    orderUrl: (secret: string) => string;
    voucherUrl: (code: string) => string;
    from: string;
    domain: string;
  },
): Promise<ComposedMail> {
  const [rawMessage, data] = await Promise.all([
    db.read(paths.eventMessage(job.message)),
    readOrderAndShop(db, job.uid, job.order),
  ]);
  const message = parseBookedMessage(job.message, rawMessage);
  if (!message) throw new UnsendableMail('the message is gone');
  if (!data) throw new UnsendableMail('the order is gone');
  if (data.order.status === 'cancelled')
    throw new UnsendableMail('the order was cancelled before the message went out');
  const product = parseProduct(message.event, await db.read(paths.product(message.event)));
  const line = data.order.lines.find((candidate) => candidate.productId === message.event);
  // In the order's language: the staff's words where they wrote them in it, the event's title where it is translated.
  const main = mainLanguage(data.shop.locale);
  const language = data.order.language ?? main;
  const words = messageWordsIn(message, language);
  return composeBookedMessage({
    messageId: job.id,
    order: data.order,
    shop: data.shop,
    eventTitle:
      ('product' in product ? productIn(product.product, language, main).title : null) ?? line?.title ?? message.event,
    subject: words.subject,
    body: words.body,
    orderUrl: data.link === null ? null : settings.orderUrl(data.link),
    voucher: message.voucher ? { code: message.voucher, url: settings.voucherUrl(message.voucher) } : null,
    from: settings.from,
    domain: settings.domain,
  });
}

/** What a message's counts gain when one of its emails is done: sent, or failed with the reason. */
export function messageOutcomeWrites(
  job: { id: string; message: string; to: string },
  result: 'sent' | 'failed',
  error: string | null,
): Record<string, unknown> {
  const at = paths.eventMessage(job.message);
  return result === 'sent'
    ? { [`${at}/sent`]: increment(1) }
    : { [`${at}/failed`]: increment(1), [`${at}/failures/${job.id}`]: { to: job.to, error: error ?? 'not delivered' } };
}
