/**
 * The emails an order sends, as the database holds them (docs/data-model.md#mailoutbox): a job per message in
 * mailOutbox/{messageId}, written in the same update as what caused it (the allocator's batch, a staff status
 * change, "send tickets again", "find my order", a staff message to everyone booked), and its delivery state
 * beside the order at orders/{uid}/{orderId}/mail/{messageId}, which staff and the buyer read. Trusted code
 * (functions/src/mail/) sends them and writes the states.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { paths } from '../../firebase/paths';
import { isRecord } from '../../state/validation';
import type { OrderStatus } from './orderStatus';

/** The sender's identity on the database: trusted code, like the allocator (docs/security.md#email). */
export const MAILER_UID = 'storefront-mailer';

export const MAIL_KINDS = [
  'confirmation',
  'status',
  'tickets',
  'link',
  'message',
  'expired',
  'paid',
  'reminder',
  'refund',
  'received',
  'giftcards',
  'documents',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

const MAIL_KIND_LABELS: Record<MailKind, MessageDescriptor> = {
  confirmation: /*i18n*/ { id: 'mail.kind.confirmation', message: 'Order confirmation' },
  status: /*i18n*/ { id: 'mail.kind.status', message: 'Status update' },
  tickets: /*i18n*/ { id: 'mail.kind.tickets', message: 'Tickets sent again' },
  link: /*i18n*/ { id: 'mail.kind.link', message: 'Order link (find my order)' },
  message: /*i18n*/ { id: 'mail.kind.message', message: 'Message to everyone booked' },
  expired: /*i18n*/ { id: 'mail.kind.expired', message: 'Lapsed unpaid' },
  paid: /*i18n*/ { id: 'mail.kind.paid', message: 'Paid, with tickets' },
  reminder: /*i18n*/ { id: 'mail.kind.reminder', message: 'Payment reminder' },
  refund: /*i18n*/ { id: 'mail.kind.refund', message: 'Refund' },
  received: /*i18n*/ { id: 'mail.kind.received', message: 'Payment received' },
  giftcards: /*i18n*/ { id: 'mail.kind.giftcards', message: 'Gift cards to whom they are for' },
  documents: /*i18n*/ { id: 'mail.kind.documents', message: 'Invoice issued again' },
};

/**
 * Money that arrived without making its order paid (docs/payments.md#the-order-lifecycle), as its email tells it:
 * how much (minor units), what is still due, and why it buys nothing yet: a part of what is due, or an order
 * cancelled, or lapsed with its places sold, so that it is owed back.
 */
export interface ReceivedMoney {
  amount: number;
  due: number;
  case: 'part' | 'cancelled' | 'late';
}

export function parseReceived(raw: unknown): ReceivedMoney | null {
  if (!isRecord(raw)) return null;
  const { amount, due } = raw;
  if (typeof amount !== 'number' || typeof due !== 'number') return null;
  return raw.case === 'part' || raw.case === 'cancelled' || raw.case === 'late'
    ? { amount, due, case: raw.case }
    : null;
}

/**
 * The ids of the emails an order may get several of one kind (docs/email.md): the id says which, for the mail sender
 * and for the desk's list of an order's emails.
 */
const methodChangedPrefix = (orderId: string) => `${orderId}-method-`;
const reissuedPrefix = (orderId: string) => `${orderId}-reissued-`;

export const orderMailIds = {
  /** Money received that did not make the order paid: one per payment, named by the summary's version it made. */
  received: (orderId: string, v: number) => `${orderId}-received-${v}`,
  /** The confirmation again, after the buyer chose to pay another way (its summary's version `v`). */
  methodChanged: (orderId: string, v: number) => `${methodChangedPrefix(orderId)}${v}`,
  refund: (orderId: string, refundId: string) => `${orderId}-refund-${refundId}`,
  /**
   * The invoice issued again after the buyer changed its details, with the credit note of the one before: the
   * documents from the `listed`th of the order's on (counting from 0), the number it had when the change was taken.
   */
  reissued: (orderId: string, listed: number) => `${reissuedPrefix(orderId)}${listed}`,
  /** How many documents the order had before those a `reissued` email carries; null when the id is none of those. */
  reissuedAfter(orderId: string, messageId: string): number | null {
    const prefix = reissuedPrefix(orderId);
    const rest = messageId.startsWith(prefix) ? messageId.slice(prefix.length) : '';
    return /^\d{1,4}$/.test(rest) ? Number(rest) : null;
  },
  /** A card refund that failed at the provider after it took it. */
  refundFailed: (orderId: string, refundId: string) => `${orderId}-refundfailed-${refundId}`,
  /** The refund an email of kind `refund` tells of, and whether it tells of its failure; null when it names none. */
  refundOf(orderId: string, messageId: string): { refundId: string; failed: boolean } | null {
    for (const failed of [true, false]) {
      const prefix = failed ? this.refundFailed(orderId, '') : this.refund(orderId, '');
      if (messageId.startsWith(prefix) && messageId.length > prefix.length)
        return { refundId: messageId.slice(prefix.length), failed };
    }
    return null;
  },
};

/** What the desk and the buyer's order card call one of an order's emails, to be said in the reader's language. */
export function mailLabel(mail: Pick<MailDelivery, 'id' | 'kind'>, orderId: string): MessageDescriptor {
  if (mail.kind === 'refund' && orderMailIds.refundOf(orderId, mail.id)?.failed)
    return /*i18n*/ { id: 'mail.kind.refund-failed', message: 'Refund did not go through' };
  if (mail.kind === 'confirmation' && mail.id.startsWith(methodChangedPrefix(orderId)))
    return /*i18n*/ { id: 'mail.kind.method-changed', message: 'How to pay, after a change of method' };
  return MAIL_KIND_LABELS[mail.kind];
}

type MailState = 'queued' | 'sent' | 'failed';

/**
 * A name a buyer typed, as the shop's mail may carry it, or null when it does not read as a name: the buyer's own
 * words are the one thing in the shop's mail an anonymous script chooses, so a name takes letters, spaces and a
 * name's punctuation, 60 at most, and no digits, links or sentences
 * (docs/security.md#what-an-anonymous-script-can-still-make-the-shop-send).
 */
export function nameInMail(name: string): string | null {
  const oneLine = name.replace(/\s+/g, ' ').trim();
  return /^[\p{L}\p{M}][\p{L}\p{M} .,'’-]{0,59}$/u.test(oneLine) ? oneLine : null;
}

/** "Hello Ann Parks-Smith," from the name a buyer typed, or "Hello," when it does not read as a name. */
export function greeting(i18n: I18n, name: string): string {
  const named = nameInMail(name);
  return named
    ? i18n._(/*i18n*/ { id: 'mail.greeting.named', message: 'Hello {name},', values: { name: named } })
    : i18n._(/*i18n*/ { id: 'mail.greeting', message: 'Hello,' });
}

/** The confirmation's id is fixed by its order, so a batch decided twice can never queue two. */
export const confirmationMessageId = (orderId: string): string => `${orderId}-confirmation`;

/** The server's time: the SDKs' placeholder for it (an object), or a time already known. */
type Placeholder = number | object;

/** A new job for mailOutbox/{messageId}; `at` is the server's time. */
export function outboxRecord(
  message: {
    uid: string;
    order: string;
    kind: MailKind;
    to: string;
    status?: OrderStatus;
    message?: string;
    received?: ReceivedMoney;
  },
  at: Placeholder,
): Record<string, unknown> {
  return queuedJob(message, at);
}

/** An outbox job as it is queued: `fields` say what to send and to whom; the sender counts its attempts from 0. */
export function queuedJob(fields: Record<string, unknown>, at: Placeholder): Record<string, unknown> {
  return { ...fields, created: at, next: at, state: 'queued', attempts: 0 };
}

/** The delivery state beside the order, as it starts. */
export function deliveryRecord(kind: MailKind, at: Placeholder): Record<string, unknown> {
  return { kind, state: 'queued', at };
}

/**
 * An email of an order queued, as update paths: its job at mailOutbox/{messageId} and its delivery state beside the
 * order, which the rules want written together (docs/data-model.md#mailoutbox).
 */
export function queuedMail(
  messageId: string,
  message: Parameters<typeof outboxRecord>[0],
  at: Placeholder,
): Record<string, unknown> {
  return {
    [paths.outboxMessage(messageId)]: outboxRecord(message, at),
    [paths.orderMail(message.uid, message.order, messageId)]: deliveryRecord(message.kind, at),
  };
}

/** One email of an order as staff see it. */
export interface MailDelivery {
  id: string;
  kind: MailKind;
  state: MailState;
  /** When it was queued, sent or given up (epoch ms). */
  at: number;
  attempts: number;
  error: string;
}

/** The value of orders/{uid}/{orderId}/mail, oldest first; entries that are not deliveries are left out. */
export function parseDeliveries(raw: unknown): MailDelivery[] {
  if (!isRecord(raw)) return [];
  return Object.entries(raw)
    .flatMap(([id, value]): MailDelivery[] => {
      if (!isRecord(value)) return [];
      const { kind, state, at } = value;
      if (!(MAIL_KINDS as readonly unknown[]).includes(kind)) return [];
      if (state !== 'queued' && state !== 'sent' && state !== 'failed') return [];
      return [
        {
          id,
          kind: kind as MailKind,
          state,
          at: typeof at === 'number' ? at : 0,
          attempts: typeof value.attempts === 'number' ? value.attempts : 0,
          error: typeof value.error === 'string' ? value.error : '',
        },
      ];
    })
    .sort((a, b) => a.at - b.at);
}
