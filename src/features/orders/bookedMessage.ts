/**
 * A message from staff to everyone booked on an event ("the doors open an hour later"), as the database holds it
 * and as each person reads it (docs/email.md#a-message-to-everyone-booked). Staff write the message once, at
 * eventMessages/{messageId}; trusted code (functions/src/mail/bookedMessages.ts) turns it into one email per
 * person booked and counts their delivery there. Pure, shared by the desk (its preview and counts) and trusted code
 * (who receives it, and its words), so the preview is the mail.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { readTranslations, type ShopLanguage } from '../../i18n/languages';
import { isRecord } from '../../state/validation';
import type { OrderStatus } from './orderStatus';
import { greeting } from './orderMail';
import { STORED_VOUCHER_CODE } from '../vouchers/model';

/** As the rules have them. */
export const MESSAGE_SUBJECT_MAX = 150;
export const MESSAGE_BODY_MAX = 5000;

/** What staff wrote: in the shop's main language, and in another the shop speaks. */
export interface MessageWords {
  subject: string;
  body: string;
}

export interface BookedMessage extends MessageWords {
  id: string;
  event: string;
  /**
   * The message in the shop's other languages, where staff wrote it in them: a person whose order is in one of
   * them reads it so; everyone else reads the main language's (docs/languages.md#organiser-content).
   */
  translations: Partial<Record<ShopLanguage, MessageWords>>;
  /**
   * A voucher code it carries, the same for everyone (docs/email.md#a-message-to-everyone-booked): each email says it
   * with a link to the shop that brings it to checkout.
   */
  voucher: string | null;
  /** When staff sent it (epoch ms). */
  created: number;
  /** People it is addressed to; null until trusted code has worked them out. */
  recipients: number | null;
  sent: number;
  failed: number;
  /** The addresses it could not be delivered to, and why. */
  failures: { to: string; error: string }[];
}

/** The translations as stored: languages the shop speaks, each with a subject and a body; anything else is none. */
const parseTranslations = (raw: unknown): BookedMessage['translations'] =>
  readTranslations(raw, ({ subject, body }) =>
    typeof subject === 'string' && subject.trim() && typeof body === 'string' && body.trim() ? { subject, body } : null,
  );

/** The words a reader of `language` gets: its translation where staff wrote one, else the main language's. */
export function messageWordsIn(message: BookedMessage, language: ShopLanguage | null): MessageWords {
  const translated = language === null ? undefined : message.translations[language];
  return translated ?? { subject: message.subject, body: message.body };
}

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0);

/** eventMessages/{id} as the desk shows it; null for a record that is not a message. */
export function parseBookedMessage(id: string, raw: unknown): BookedMessage | null {
  if (!isRecord(raw)) return null;
  const { event, subject, body, created, recipients, failures } = raw;
  if (typeof event !== 'string' || typeof subject !== 'string' || typeof body !== 'string') return null;
  return {
    id,
    event,
    subject,
    body,
    translations: parseTranslations(raw.translations),
    voucher: typeof raw.voucher === 'string' && STORED_VOUCHER_CODE.test(raw.voucher) ? raw.voucher : null,
    created: count(created),
    recipients: typeof recipients === 'number' ? count(recipients) : null,
    sent: count(raw.sent),
    failed: count(raw.failed),
    failures: Object.values(isRecord(failures) ? failures : {}).flatMap((failure) =>
      isRecord(failure) && typeof failure.to === 'string' && typeof failure.error === 'string'
        ? [{ to: failure.to, error: failure.error }]
        : [],
    ),
  };
}

/**
 * What staff typed, checked as the rules check it: a reason to show (in the reader's language, `i18n._`) and the
 * field it is about, or null when it may be sent.
 */
export function messageProblem(
  subject: string,
  body: string,
): { field: 'subject' | 'body'; problem: MessageDescriptor } | null {
  const subjectProblem = (problem: MessageDescriptor) => ({ field: 'subject' as const, problem });
  const bodyProblem = (problem: MessageDescriptor) => ({ field: 'body' as const, problem });
  if (!subject.trim())
    return subjectProblem(/*i18n*/ { id: 'desk.message.subject.empty', message: 'Give the message a subject.' });
  if (subject.length > MESSAGE_SUBJECT_MAX)
    return subjectProblem(
      /*i18n*/ {
        id: 'desk.message.subject.long',
        message: 'The subject is longer than {max} characters.',
        values: { max: MESSAGE_SUBJECT_MAX },
      },
    );
  // eslint-disable-next-line no-control-regex -- a subject is one line: line breaks could make headers
  if (/[\u0000-\u001f\u007f]/.test(subject))
    return subjectProblem(/*i18n*/ { id: 'desk.message.subject.line', message: 'The subject must be one line.' });
  if (!body.trim()) return bodyProblem(/*i18n*/ { id: 'desk.message.body.empty', message: 'Write the message.' });
  if (body.length > MESSAGE_BODY_MAX)
    return bodyProblem(
      /*i18n*/ {
        id: 'desk.message.body.long',
        message: 'The message is longer than {max} characters.',
        values: { max: MESSAGE_BODY_MAX },
      },
    );
  return null;
}

/** An order holding the event, as the desk's index lists it under the event (deskEventOrders/{event}). */
export interface BookedOrder {
  /** The order's index key, `{uid}~{orderId}`. */
  key: string;
  /** When it arrived, as the index sorts it. */
  t: string;
  status: OrderStatus;
  name: string;
  email: string;
}

/**
 * Who is booked on the event: one per email address (compared without case), however many orders or tickets
 * they hold; each with their earliest order that is not cancelled, which their email names. A cancelled order
 * books nobody.
 */
export function bookedRecipients(orders: readonly BookedOrder[]): BookedOrder[] {
  const byEmail = new Map<string, BookedOrder>();
  for (const order of orders) {
    if (order.status === 'cancelled' || !order.email) continue;
    const address = order.email.toLowerCase();
    const known = byEmail.get(address);
    if (!known || order.t < known.t || (order.t === known.t && order.key < known.key)) byEmail.set(address, order);
  }
  return [...byEmail.values()].sort((a, b) => (a.t < b.t ? -1 : a.t > b.t ? 1 : a.key < b.key ? -1 : 1));
}

/** Staff's message as paragraphs: a blank line starts a new one. */
export function messageParagraphs(body: string): string[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/**
 * The words of one person's email: the staff's message, then why they receive it and where their order is. An
 * order placed before references and order links has neither: its email goes out without them.
 */
export function bookedMessageText(
  i18n: I18n,
  parts: {
    body: string;
    name: string;
    eventTitle: string;
    reference: string | null;
    orderUrl: string | null;
    /** The voucher the message carries, and the shop's link that brings it to checkout. */
    voucher?: { code: string; url: string } | null;
  },
): { greeting: string; paragraphs: string[]; voucher: string | null; why: string; link: string | null } {
  const { eventTitle, reference, orderUrl } = parts;
  const voucher = parts.voucher ?? null;
  return {
    greeting: greeting(i18n, parts.name),
    paragraphs: messageParagraphs(parts.body),
    voucher: voucher
      ? i18n._(
          /*i18n*/ {
            id: 'mail.booked.voucher',
            message: 'Your voucher code: {code}. Enter it at checkout, or shop from this link, which brings it: {url}',
            values: voucher,
          },
        )
      : null,
    why: reference
      ? i18n._(
          /*i18n*/ {
            id: 'mail.booked.why.order',
            message: 'You receive this message because you are booked on {eventTitle} (order {reference}).',
            values: { eventTitle, reference },
          },
        )
      : i18n._(
          /*i18n*/ {
            id: 'mail.booked.why',
            message: 'You receive this message because you are booked on {eventTitle}.',
            values: { eventTitle },
          },
        ),
    link: orderUrl
      ? i18n._(/*i18n*/ { id: 'mail.booked.link', message: 'Your order and tickets: {orderUrl}', values: { orderUrl } })
      : null,
  };
}
