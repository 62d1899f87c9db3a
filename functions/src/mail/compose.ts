/*
 * Over 400 lines: most of it is the words of each kind of email (NEWS, WORDS), kept beside the one function that
 * fills their placeholders, so a message and what it is given are read together (docs/email.md).
 */
/**
 * One email of an order, composed from what the database holds when it is sent (docs/email.md): a plain-text part
 * and an HTML part of tables and inline styles (what mail clients render), each ticket's QR code as a PNG attached
 * by Content-ID with its code as text, an .ics per event, and the order page's link. Pure: the sender reads the
 * data, this decides the words. Everything that goes into a header is reduced to one line here, and addresses
 * must be plain addresses, so no value from an order can add a header (docs/security.md#email).
 */
import type { MailDocument } from '../invoices/mailDocuments';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { typedTitle } from '../../../src/lib/typedTitle';
import { escapeHtml } from '../../../src/lib/escapeHtml';
import { formatEventTime, formatMoment, formatPercent } from '../../../src/lib/format';
import { formatMoney, fromMinorUnits, toMinorUnits } from '../../../src/lib/money';
import { balanceDue, ticketsIssued } from '../../../src/features/payments/model/orderPayment';
import type { PaymentSettings } from '../../../src/features/payments/model/paymentSettings';
import { bookedMessageText } from '../../../src/features/orders/bookedMessage';
import { displayReference } from '../../../src/features/orders/orderReference';
import { greeting, nameInMail, type MailKind, type ReceivedMoney } from '../../../src/features/orders/orderMail';
import type { RefundWay } from '../../../src/features/payments/model/refundRecords';
import type { Order } from '../../../src/features/orders/order';
import type { OrderStatus } from '../../../src/features/orders/orderStatus';
import { REVERSE_CHARGE } from '../../../src/features/taxes/model';
import { eventCalendar } from '../../../src/features/tickets/ics';
import type { Ticket } from '../../../src/features/tickets/ticket';
import type { SiteState } from '../../../src/state/types';
import { orderI18n, say } from '../language/orderLanguage';
import type { IssuedCard } from '../../../src/features/giftcards/model/issuedCard';
import { giftCardSection } from './giftCardSection';
import { displayGiftCardCode } from '../../../src/features/giftcards/model/giftCard';
import { qrPng } from './qrPng';

/** The same pattern as the rules' for every stored address: nothing else is ever put in To or From. */
const ADDRESS = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/** QR images attached at most: a very large order still makes one email of bounded size (about 1 KB each). */
export const MAX_QR_IMAGES = 40;
/** Tickets listed by code at most; beyond, the order page has them all. */
export const MAX_LISTED_TICKETS = 200;
const MAX_CALENDARS = 10;

export interface MailEvent {
  title: string;
  date: string | null;
  venue: string | null;
}

/** A refund as its email tells it: in the order's currency's minor units, and how it went back. */
export interface MailRefund {
  amount: number;
  currency: string;
  way: RefundWay;
  /** The news that it failed at the card provider after all: the money did not go back. */
  failed?: boolean;
  /** The gift card it went to, in its stored form (ways giftcard and new-giftcard). */
  card?: string;
}

export interface MailContext {
  messageId: string;
  /** An email about the order itself (a staff message has composeBookedMessage, the recipient's cards composeGiftMail). */
  kind: Exclude<MailKind, 'message' | 'giftcards'>;
  /** The status a status email announces. */
  status?: OrderStatus;
  /** What a refund email says was given back (kind 'refund'). */
  refund?: MailRefund;
  /** What a 'received' email says arrived, and why it buys nothing yet. */
  received?: ReceivedMoney;
  order: Order;
  tickets: readonly Ticket[];
  /** By product id, for the dated products of the order. */
  events: ReadonlyMap<string, MailEvent>;
  /** The gift cards the order issued once paid; the emails that carry tickets carry them too. */
  giftCards: readonly IssuedCard[];
  /** The gift card balance page's address. */
  balanceUrl: string;
  shop: SiteState;
  /** The shop's payment settings: where a transfer is paid to. */
  payments: PaymentSettings;
  /** The order page's address, with its secret. */
  orderUrl: string;
  /** The shop's sending address (configuration, not data). */
  from: string;
  /** The domain of Message-IDs. */
  domain: string;
  /** The invoices or credit notes it carries, as PDFs (functions/src/invoices/mailDocuments.ts). */
  documents?: readonly MailDocument[];
}

interface Attachment {
  filename: string;
  content: Buffer | string;
  contentType: string;
  cid?: string;
}

/** What nodemailer's sendMail takes, and no more. */
export interface ComposedMail {
  messageId: string;
  from: { name: string; address: string };
  /** The address alone, never a display name (envelope). */
  to: string;
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  attachments: Attachment[];
}

/** An address refused before it reaches SMTP: the message fails for good (and says why to staff). */
export class UnsendableMail extends Error {}

/** Text for a header: control characters (CR and LF above all) become spaces; bounded in length. */
export function oneLine(value: string, max = 120): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const flat = value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function plainAddress(value: string, what: string): string {
  if (value.length > 254 || !ADDRESS.test(value)) throw new UnsendableMail(`${what} is not a plain email address`);
  return value;
}

/** An order's email as it is written: in the order's language (its texts) and locale (Intl's formats). */
interface Writing {
  i18n: I18n;
  locale: string;
}

type News = { subject: MessageDescriptor; lead: MessageDescriptor };

/**
 * Each email's first words (docs/email.md), whole sentences with placeholders so that a translation may order them
 * its own way (docs/languages.md#texts-that-trusted-code-speaks). `ref` is the order's reference, `by` when its hold
 * ends.
 */
/** Subjects that two kinds of news share: declared once, so the catalogue holds one text for each. */
const CONFIRMED_SUBJECT = /*i18n*/ { id: 'mail.confirmed.subject', message: 'Your order {ref} is confirmed' };
const REFUND_SUBJECT = /*i18n*/ {
  id: 'mail.refund.subject.amount',
  message: 'A refund of {amount} for your order {ref}',
};

const NEWS = {
  confirmed: {
    subject: CONFIRMED_SUBJECT,
    lead: /*i18n*/ { id: 'mail.confirmed.lead', message: 'Thank you for your order. It is confirmed.' },
  },
  reserved: {
    subject: /*i18n*/ { id: 'mail.reserved.subject', message: 'Your order {ref} is reserved' },
    lead: /*i18n*/ {
      id: 'mail.reserved.lead',
      message:
        'Thank you for your order. It is reserved for you and shows as “Pending” until you pay, at the event or when you collect.',
    },
  },
  held: {
    subject: /*i18n*/ { id: 'mail.held.subject', message: 'Your order {ref}: please pay' },
    lead: /*i18n*/ {
      id: 'mail.held.lead',
      message:
        'Thank you for your order. It is held for you; your tickets come by email once your payment has arrived. If it does not arrive in time, the order lapses and what it holds goes back on sale.',
    },
  },
  heldUntil: {
    subject: /*i18n*/ { id: 'mail.held.subject.by', message: 'Your order {ref}: please pay by {by}' },
    lead: /*i18n*/ {
      id: 'mail.held.lead.by',
      message:
        'Thank you for your order. It is held for you until {by}; your tickets come by email once your payment has arrived. If it has not arrived by then, the order lapses and what it holds goes back on sale.',
    },
  },
  tickets: {
    subject: /*i18n*/ { id: 'mail.tickets.subject', message: 'Your tickets for order {ref}' },
    lead: /*i18n*/ { id: 'mail.tickets.lead', message: 'Here are your tickets again, as you asked.' },
  },
  link: {
    subject: /*i18n*/ { id: 'mail.link.subject', message: 'The link to your order {ref}' },
    lead: /*i18n*/ {
      id: 'mail.link.lead',
      message: 'You asked for the link to your order. Open it on any device to see your order and tickets.',
    },
  },
  documents: {
    subject: /*i18n*/ { id: 'mail.documents.subject', message: 'Your invoice for order {ref}, issued again' },
    lead: /*i18n*/ {
      id: 'mail.documents.lead',
      message:
        'Your invoice is issued again with the details you gave. The new invoice and the credit note that cancels the one before are attached.',
    },
  },
  paid: {
    subject: /*i18n*/ { id: 'mail.paid.subject', message: 'Your order {ref} is paid' },
    lead: /*i18n*/ { id: 'mail.paid.lead', message: 'Thank you: your payment has arrived and your order is paid.' },
  },
  reminder: {
    subject: /*i18n*/ { id: 'mail.reminder.subject', message: 'Reminder: please pay for order {ref}' },
    lead: /*i18n*/ {
      id: 'mail.reminder.lead',
      message:
        'Your order is still waiting for your payment. If you have paid in the last few days, thank you: it may not have reached us yet.',
    },
  },
  reminderBy: {
    subject: /*i18n*/ { id: 'mail.reminder.subject.by', message: 'Reminder: please pay for order {ref} by {by}' },
    lead: /*i18n*/ {
      id: 'mail.reminder.lead.by',
      message:
        'Your order is still waiting for your payment. If it has not arrived by {by}, the order lapses and what it holds goes back on sale. If you have paid in the last few days, thank you: it may not have reached us yet.',
    },
  },
  expired: {
    subject: /*i18n*/ { id: 'mail.expired.subject', message: 'Your order {ref} has lapsed unpaid' },
    lead: /*i18n*/ {
      id: 'mail.expired.lead',
      message:
        'Your order was not paid in time, so it has lapsed: what it held is back on sale and its tickets are void. You are welcome to order again.',
    },
  },
  statusConfirmed: {
    subject: CONFIRMED_SUBJECT,
    lead: /*i18n*/ { id: 'mail.status.confirmed.lead', message: 'Your order is confirmed.' },
  },
  fulfilled: {
    subject: /*i18n*/ { id: 'mail.fulfilled.subject', message: 'Your order {ref} is complete' },
    lead: /*i18n*/ {
      id: 'mail.fulfilled.lead',
      message: 'Your order is complete: paid and collected. Thank you!',
    },
  },
  cancelled: {
    subject: /*i18n*/ { id: 'mail.cancelled.subject', message: 'Your order {ref} is cancelled' },
    lead: /*i18n*/ {
      id: 'mail.cancelled.lead',
      message: 'Your order was cancelled. Its tickets are void: they no longer admit anyone.',
    },
  },
  receivedPart: {
    subject: /*i18n*/ { id: 'mail.received.part.subject', message: 'We have received {amount} for order {ref}' },
    lead: /*i18n*/ {
      id: 'mail.received.part.lead',
      message:
        'Thank you: {amount} has arrived for your order. {due} is still due; once it has arrived too, your order is paid and your tickets come by email.',
    },
  },
  receivedCancelled: {
    subject: /*i18n*/ {
      id: 'mail.received.cancelled.subject',
      message: 'We have received {amount} for your cancelled order {ref}',
    },
    lead: /*i18n*/ {
      id: 'mail.received.cancelled.lead',
      message:
        '{amount} has arrived for your order, but the order was cancelled, so it buys nothing. The money is yours: we will give it back. If you have not heard from us within a few days, reply to this email.',
    },
  },
  receivedLate: {
    subject: /*i18n*/ { id: 'mail.received.late.subject', message: 'Your payment for order {ref} arrived too late' },
    lead: /*i18n*/ {
      id: 'mail.received.late.lead',
      message:
        '{amount} has arrived for your order, but only after it had lapsed unpaid, and what it held is no longer there to be bought. The money is yours: we will give it back. If you have not heard from us within a few days, reply to this email.',
    },
  },
  refund: {
    subject: /*i18n*/ { id: 'mail.refund.subject', message: 'A refund of your order {ref}' },
    lead: /*i18n*/ { id: 'mail.refund.lead', message: 'We have refunded money of your order.' },
  },
  refundByCard: {
    subject: REFUND_SUBJECT,
    lead: /*i18n*/ {
      id: 'mail.refund.lead.card',
      message:
        'We have refunded {amount} of your order {ref}. It goes back to the card you paid with; your bank may take a few days to show it.',
    },
  },
  refundByHand: {
    subject: REFUND_SUBJECT,
    lead: /*i18n*/ {
      id: 'mail.refund.lead.hand',
      message:
        'We have refunded {amount} of your order {ref}. We have given it back by hand: by bank transfer to you, or in cash.',
    },
  },
  refundToGiftCard: {
    subject: REFUND_SUBJECT,
    lead: /*i18n*/ {
      id: 'mail.refund.lead.giftcard',
      message: 'We have refunded {amount} of your order {ref} to the gift card you paid with, {card}.',
    },
  },
  refundNewGiftCard: {
    subject: REFUND_SUBJECT,
    lead: /*i18n*/ {
      id: 'mail.refund.lead.new-giftcard',
      message:
        'We have refunded {amount} of your order {ref} to a new gift card, {card}. Pay with it at checkout, in whole or in part, by entering its code; it never expires.',
    },
  },
  refundFailed: {
    subject: /*i18n*/ {
      id: 'mail.refund.failed.subject',
      message: 'Your refund of {amount} for order {ref} did not go through',
    },
    lead: /*i18n*/ {
      id: 'mail.refund.failed.lead',
      message:
        'The card provider could not return {amount} to the card you paid with (it may have expired or been closed), so the money has not reached you. We will refund it another way: reply to this email, or contact us below.',
    },
  },
} as const satisfies Record<string, News>;

/** The words of an email's body, around the order's own data. */
const WORDS = {
  reference: /*i18n*/ { id: 'mail.reference', message: 'Order reference: {ref}' },
  referenceLabel: /*i18n*/ { id: 'mail.reference.label', message: 'Order reference:' },
  lineEach: /*i18n*/ { id: 'mail.line.each', message: '{price} each' },
  lineFree: /*i18n*/ { id: 'mail.line.free', message: 'free' },
  total: /*i18n*/ { id: 'mail.total', message: 'Total' },
  totalLine: /*i18n*/ { id: 'mail.total.line', message: 'Total: {total}' },
  voucherLine: /*i18n*/ { id: 'mail.voucher.line', message: 'Voucher {code}: {off} off' },
  voucherLabel: /*i18n*/ { id: 'mail.voucher.label', message: 'Voucher {code}' },
  taxOnTopLine: /*i18n*/ { id: 'mail.tax.onTop.line', message: '{name} at {percent}: {tax}' },
  taxOnTopLabel: /*i18n*/ { id: 'mail.tax.onTop.label', message: '{name} at {percent}' },
  taxIncludedLine: /*i18n*/ { id: 'mail.tax.included.line', message: 'Includes {name} at {percent}: {tax}' },
  taxIncludedLabel: /*i18n*/ { id: 'mail.tax.included.label', message: 'Includes {name} at {percent}' },
  netLine: /*i18n*/ { id: 'mail.net.line', message: 'Net: {net}' },
  netLabel: /*i18n*/ { id: 'mail.net.label', message: 'Net' },
  reverseCharge: /*i18n*/ {
    id: 'mail.tax.reverseCharge',
    message: 'Reverse charge: no VAT on {amount}; the buyer accounts for it',
  },
  invoiceAttached: /*i18n*/ { id: 'mail.document.invoice', message: 'Your invoice {number} is attached.' },
  creditAttached: /*i18n*/ { id: 'mail.document.credit', message: 'Your credit note {number} is attached.' },
  howToPay: /*i18n*/ { id: 'mail.howToPay', message: 'How to pay' },
  payByCard: /*i18n*/ {
    id: 'mail.pay.card',
    message: 'To pay {owed} by card, open your order below and choose “Pay {owed} by card”.',
  },
  payByTransfer: /*i18n*/ { id: 'mail.pay.transfer', message: 'To pay {owed} by bank transfer:' },
  payee: /*i18n*/ { id: 'mail.pay.payee', message: 'Pay to: {payee}' },
  account: /*i18n*/ { id: 'mail.pay.account', message: 'Account: {account}' },
  bank: /*i18n*/ { id: 'mail.pay.bank', message: 'Bank: {bank}' },
  transferReference: /*i18n*/ { id: 'mail.pay.reference', message: 'Reference (please quote it exactly): {ref}' },
  ticketsHeading: /*i18n*/ { id: 'mail.tickets.heading', message: 'Your tickets' },
  ticketsIntro: /*i18n*/ {
    id: 'mail.tickets.intro',
    message: 'Your tickets (show the QR code or read out the code at the door):',
  },
  ticketsHowTo: /*i18n*/ { id: 'mail.tickets.howTo', message: 'Show the QR code at the door, or read out the code.' },
  ticketFor: /*i18n*/ { id: 'mail.ticket.holder', message: 'for {name}' },
  ticketPicture: /*i18n*/ { id: 'mail.ticket.qr', message: 'QR code of ticket {code}' },
  moreTickets: /*i18n*/ {
    id: 'mail.tickets.more',
    message: 'The order page shows the QR codes of all {count, plural, one {# ticket} other {# tickets}}.',
  },
  orderLinkText: /*i18n*/ {
    id: 'mail.orderLink.text',
    message: 'Your order, always up to date (keep this link to yourself): {url}',
  },
  openOrder: /*i18n*/ { id: 'mail.orderLink.button', message: 'Open your order' },
  keepLink: /*i18n*/ {
    id: 'mail.orderLink.keep',
    message: 'Keep this link to yourself: whoever has it sees your order and tickets.',
  },
  openOrderAndTickets: /*i18n*/ { id: 'mail.booked.open', message: 'Open your order and tickets' },
} as const satisfies Record<string, MessageDescriptor>;

/** What a refund's email says first, by the way it went back. */
const REFUND_NEWS: Record<RefundWay, News> = {
  card: NEWS.refundByCard,
  'by-hand': NEWS.refundByHand,
  giftcard: NEWS.refundToGiftCard,
  'new-giftcard': NEWS.refundNewGiftCard,
};

/** Which news an email of the order tells first. */
function newsOf(ctx: MailContext, by: string): News {
  switch (ctx.kind) {
    case 'confirmation':
      return confirmationNews(ctx, by);
    case 'tickets':
    case 'link':
    case 'paid':
    case 'expired':
    case 'documents':
      return NEWS[ctx.kind];
    case 'reminder':
      return by ? NEWS.reminderBy : NEWS.reminder;
    case 'refund':
      return !ctx.refund ? NEWS.refund : ctx.refund.failed ? NEWS.refundFailed : REFUND_NEWS[ctx.refund.way];
    case 'status':
      return ctx.status === 'fulfilled' || ctx.status === 'cancelled' ? NEWS[ctx.status] : NEWS.statusConfirmed;
    case 'received':
      return ctx.received?.case === 'cancelled'
        ? NEWS.receivedCancelled
        : ctx.received?.case === 'late'
          ? NEWS.receivedLate
          : NEWS.receivedPart;
  }
}

function subjectAndLead(ctx: MailContext, ref: string, { i18n, locale }: Writing): { subject: string; lead: string } {
  const by = holdEnd(ctx, locale);
  const currency = ctx.refund?.currency ?? ctx.order.payment?.currency ?? ctx.shop.currency;
  const money = (minor: number) => (currency ? formatMoney(fromMinorUnits(minor, currency), currency, locale) : '');
  const amount = money(ctx.refund?.amount ?? ctx.received?.amount ?? 0);
  const card = ctx.refund?.card ? displayGiftCardCode(ctx.refund.card) : '';
  const values = { ref, by, amount, due: money(ctx.received?.due ?? 0), card };
  const news = newsOf(ctx, by);
  return { subject: say(i18n, news.subject, values), lead: say(i18n, news.lead, values) };
}

/**
 * What a confirmation says first: paid (or free) orders are confirmed with their tickets; an order to pay at the door
 * is reserved; one to pay by transfer or card is held until its hold ends, and says how to pay (paymentLines).
 */
function confirmationNews(ctx: MailContext, by: string): News {
  const payment = ctx.order.payment;
  if (payment?.state === 'paid') return NEWS.confirmed;
  if (!payment || payment.method === 'door' || payment.method === 'free') return NEWS.reserved;
  return by ? NEWS.heldUntil : NEWS.held;
}

/** When an unpaid order's hold ends, in the shop's zone; empty when it has none. */
function holdEnd(ctx: MailContext, locale: string): string {
  const until = ctx.order.payment?.until;
  return until ? formatMoment(until, locale, ctx.shop.timezone, 'deadline') : '';
}

/**
 * How to pay an order still owing money by transfer or card, as lines of text (docs/payments.md#the-emails). Empty
 * for an order to pay at the door, a paid one, or one from before payments.
 */
function paymentLines(ctx: MailContext, ref: string, { i18n, locale }: Writing): string[] {
  const payment = ctx.order.payment;
  if (!payment || payment.state !== 'pending' || (payment.method !== 'transfer' && payment.method !== 'card'))
    return [];
  const owed = formatMoney(fromMinorUnits(balanceDue(payment), payment.currency), payment.currency, locale);
  if (payment.method === 'card') return [say(i18n, WORDS.payByCard, { owed })];
  const { payee, account, bank } = ctx.payments.transfer;
  return [
    say(i18n, WORDS.payByTransfer, { owed }),
    ...(payee ? [say(i18n, WORDS.payee, { payee })] : []),
    ...(account ? [say(i18n, WORDS.account, { account })] : []),
    ...(bank ? [say(i18n, WORDS.bank, { bank })] : []),
    say(i18n, WORDS.transferReference, { ref }),
  ].map((line) => oneLine(line, 300));
}

/**
 * Whether this email carries what the order bought (tickets, gift cards): not once they are void, not before they
 * are issued (unpaid), and not with the link alone.
 */
const carriesGoods = (ctx: MailContext) =>
  ticketsIssued(ctx.order.payment) &&
  ctx.kind !== 'link' &&
  ctx.kind !== 'expired' &&
  ctx.kind !== 'refund' &&
  ctx.kind !== 'received' &&
  ctx.kind !== 'documents' &&
  !(ctx.kind === 'status' && ctx.status === 'cancelled');

export const shopNameOf = (shop: SiteState) => oneLine(shop.name || 'Storefront', 80);

export const contactLines = (shop: SiteState) =>
  [shop.address && `${shop.address} ${shop.postcode}`.trim(), shop.telephone, shop.email].filter(Boolean);

/** An email's page: the shop's name above, `inner` (HTML) in a white column, the shop's contact details below. */
export function htmlFrame(title: string, shop: SiteState, language: string, inner: string): string {
  const shopName = shopNameOf(shop);
  return `<!doctype html><html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f4;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f4;"><tr><td align="center" style="padding:16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;color:#1a1a1a;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;">
<tr><td style="padding:20px 24px;background:#1a1a1a;color:#ffffff;font-size:20px;font-weight:bold;">${escapeHtml(shopName)}</td></tr>
<tr><td style="padding:24px;">
${inner}
</td></tr>
<tr><td style="padding:16px 24px;background:#fafafa;color:#555555;font-size:13px;">${[shopName, ...contactLines(shop)].map(escapeHtml).join('<br>')}</td></tr>
</table></td></tr></table></body></html>`;
}

/**
 * Who it is from and to, and what it is called: every header that carries data, each one line. To the order's own
 * address unless `to` names another (the gift cards' recipient, the order's `gift`; a waiting list entry's address).
 */
export function envelope(
  ctx: { messageId: string; domain: string; from: string; order?: Order; shop: SiteState },
  subject: string,
  to: string = ctx.order?.contact.email ?? '',
): Pick<ComposedMail, 'messageId' | 'from' | 'to' | 'replyTo' | 'subject'> {
  const shopName = shopNameOf(ctx.shop);
  const { email } = ctx.shop;
  return {
    messageId: `<${ctx.messageId}@${ctx.domain}>`,
    from: { name: shopName, address: plainAddress(ctx.from, 'The sending address') },
    // The address alone: a buyer's typed name is theirs to choose, and a display name is what mail programs show
    // first (docs/security.md#what-an-anonymous-script-can-still-make-the-shop-send).
    to: plainAddress(to, "The order's email"),
    ...(email && ADDRESS.test(email) ? { replyTo: { name: shopName, address: email } } : {}),
    subject: oneLine(`${subject} · ${shopName}`, 200),
  };
}

/**
 * How an order's emails are written: in its language, formatted in that language (in the shop's zone). An order from
 * before languages is written in the shop's main language and formatted in the shop's locale, as it always was.
 */
export function orderWriting(order: Order, shop: SiteState): Writing {
  return { i18n: orderI18n(order.language), locale: order.language ?? shop.locale };
}

/**
 * The reference as one piece wherever it is written in a line of HTML: a narrow phone would otherwise break it at
 * its hyphen, and a payer copying it by eye from two lines may quote half of it.
 */
function keepTogether(html: string, ref: string): string {
  return html.split(ref).join(`<span style="white-space:nowrap;">${ref}</span>`);
}

export function composeMail(ctx: MailContext): ComposedMail {
  const { order, shop } = ctx;
  const writing = orderWriting(order, shop);
  const { i18n, locale } = writing;
  const ref = order.ref ? displayReference(order.ref) : order.id;
  const money = (amount: number) => formatMoney(amount, shop.currency, locale);
  const { subject, lead } = subjectAndLead(ctx, ref, writing);
  // How to pay what is still due; never for a cancelled order, whose payment stays pending with nothing to buy.
  const stillToPay =
    ctx.kind === 'confirmation' ||
    ctx.kind === 'reminder' ||
    (ctx.kind === 'status' && ctx.status !== 'cancelled') ||
    (ctx.kind === 'received' && ctx.received?.case === 'part');
  const howToPay = stillToPay ? paymentLines(ctx, ref, writing) : [];
  const withGoods = carriesGoods(ctx);
  const withTickets = withGoods && ctx.tickets.length > 0;
  const cards = giftCardSection(withGoods ? ctx.giftCards : [], {
    i18n,
    locale,
    timeZone: shop.timezone,
    balanceUrl: ctx.balanceUrl,
  });
  const attached = (ctx.documents ?? []).map((document) =>
    say(i18n, document.kind === 'invoice' ? WORDS.invoiceAttached : WORDS.creditAttached, { number: document.number }),
  );
  const tickets = withTickets ? ctx.tickets.slice(0, MAX_LISTED_TICKETS) : [];
  const pictured = new Set(tickets.slice(0, MAX_QR_IMAGES).map((t) => t.id));
  const cid = (ticket: Ticket) => `ticket-${ticket.eventId}-${ticket.id}@${ctx.domain}`;
  const eventTitle = (ticket: Ticket) =>
    typedTitle(ctx.events.get(ticket.eventId)?.title ?? ticket.eventId, ticket.type);
  // Who the ticket is for, where it reads as a name: the attendee's name is typed by the buyer, as theirs is.
  const holderLine = (ticket: Ticket) => {
    const name = nameInMail(ticket.holder);
    return name ? say(i18n, WORDS.ticketFor, { name }) : '';
  };
  const when = (event: MailEvent | undefined) =>
    event?.date ? formatEventTime(event.date, locale, shop.timezone) : '';
  const more = withTickets ? ctx.tickets.length - pictured.size : 0;
  const allTickets = say(i18n, WORDS.moreTickets, { count: ctx.tickets.length });
  // What a voucher took off the lines above, their prices already lowered (docs/vouchers.md#on-the-order).
  const voucherOff =
    order.voucher && order.voucher.off > 0
      ? formatMoney(fromMinorUnits(order.voucher.off, shop.currency), shop.currency, locale)
      : null;
  // The tax the order kept when it was placed (docs/taxes.md#the-orders-tax): what each rate put on top of the lines,
  // above the total, or what their prices included, under it. A rate that took none is not listed.
  const taxes = Object.values(order.tax?.rates ?? {})
    .filter((rate) => rate.tax > 0)
    .map((rate) => ({
      name: rate.name,
      percent: formatPercent(rate.basisPoints, locale),
      tax: formatMoney(fromMinorUnits(rate.tax, order.tax!.currency), order.tax!.currency, locale),
    }));
  const [taxOnTop, taxIncluded] = order.tax?.included ? [[], taxes] : [taxes, []];
  // Net, tax per rate and gross all said: the net above the tax on top, or under what the prices included.
  const net = order.tax
    ? formatMoney(
        fromMinorUnits(toMinorUnits(order.total, order.tax.currency) - order.tax.tax, order.tax.currency),
        order.tax.currency,
        locale,
      )
    : null;
  // A business under reverse charge accounts for the VAT itself (docs/taxes.md#reverse-charge).
  const reverse = order.tax?.rates[REVERSE_CHARGE.id];
  const reverseNote = reverse
    ? say(i18n, WORDS.reverseCharge, {
        amount: formatMoney(fromMinorUnits(reverse.net, order.tax!.currency), order.tax!.currency, locale),
      })
    : null;
  const linePrice = (price: number) =>
    price === 0
      ? i18n._(WORDS.lineFree)
      : say(i18n, WORDS.lineEach, { price: formatMoney(price, shop.currency, locale) });

  const text = [
    shopNameOf(shop),
    '',
    greeting(i18n, order.contact.name),
    '',
    lead,
    '',
    say(i18n, WORDS.reference, { ref }),
    '',
    ...order.lines.map((line) => `${line.quantity} × ${line.title}, ${linePrice(line.price)}`),
    ...(voucherOff ? [say(i18n, WORDS.voucherLine, { code: order.voucher!.code, off: voucherOff })] : []),
    ...(net && !order.tax!.included ? [say(i18n, WORDS.netLine, { net })] : []),
    ...taxOnTop.map((rate) => say(i18n, WORDS.taxOnTopLine, rate)),
    say(i18n, WORDS.totalLine, { total: money(order.total) }),
    ...taxIncluded.map((rate) => say(i18n, WORDS.taxIncludedLine, rate)),
    ...(net && order.tax!.included ? [say(i18n, WORDS.netLine, { net })] : []),
    ...(reverseNote ? [reverseNote] : []),
    '',
    ...(howToPay.length ? [...howToPay, ''] : []),
    ...(tickets.length
      ? [
          i18n._(WORDS.ticketsIntro),
          ...tickets.map(
            (t) =>
              `- ${[eventTitle(t), when(ctx.events.get(t.eventId)), holderLine(t)].filter(Boolean).join(', ')}: ${t.code}`,
          ),
          ...(more > 0 ? [allTickets] : []),
          '',
        ]
      : []),
    ...cards.text,
    ...(attached.length ? [...attached, ''] : []),
    say(i18n, WORDS.orderLinkText, { url: ctx.orderUrl }),
    '',
    ...contactLines(shop),
  ].join('\n');

  const cell = 'padding:8px 0;border-bottom:1px solid #e0e0e0;font-family:Arial,Helvetica,sans-serif;font-size:15px;';
  const taxRow = (label: string, amount: string, colour = '') =>
    `<tr><td style="${cell}${colour}">${escapeHtml(label)}</td><td align="right" style="${cell}${colour}">${escapeHtml(amount)}</td></tr>`;
  const ticketRows = tickets
    .map((t) => {
      const event = ctx.events.get(t.eventId);
      const image = pictured.has(t.id)
        ? `<img src="cid:${escapeHtml(cid(t))}" width="180" height="180" alt="${escapeHtml(say(i18n, WORDS.ticketPicture, { code: t.code }))}" style="display:block;border:0;">`
        : '';
      return `<tr><td style="${cell}">${image}<div style="font-weight:bold;">${escapeHtml(eventTitle(t))}</div><div>${escapeHtml(when(event))}${event?.venue ? `, ${escapeHtml(event.venue)}` : ''}</div>${holderLine(t) ? `<div>${escapeHtml(holderLine(t))}</div>` : ''}<div style="font-family:Consolas,Menlo,monospace;font-size:14px;">${escapeHtml(t.code)}</div></td></tr>`;
    })
    .join('');
  const html = htmlFrame(
    subject,
    shop,
    i18n.locale,
    `<p style="margin:0 0 12px;">${escapeHtml(greeting(i18n, order.contact.name))}</p>
<p style="margin:0 0 12px;">${escapeHtml(lead)}</p>
<p style="margin:0 0 16px;">${escapeHtml(i18n._(WORDS.referenceLabel))} <strong style="font-family:Consolas,Menlo,monospace;font-size:17px;">${escapeHtml(ref)}</strong></p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${order.lines
      .map(
        (line) =>
          `<tr><td style="${cell}">${line.quantity} × ${escapeHtml(line.title)}</td><td align="right" style="${cell}">${escapeHtml(linePrice(line.price))}</td></tr>`,
      )
      .join(
        '',
      )}${voucherOff ? `<tr><td style="${cell}">${escapeHtml(say(i18n, WORDS.voucherLabel, { code: order.voucher!.code }))}</td><td align="right" style="${cell}">−${escapeHtml(voucherOff)}</td></tr>` : ''}${net && !order.tax!.included ? taxRow(i18n._(WORDS.netLabel), net) : ''}${taxOnTop.map((rate) => taxRow(say(i18n, WORDS.taxOnTopLabel, rate), rate.tax)).join('')}<tr><td style="${cell}font-weight:bold;">${escapeHtml(i18n._(WORDS.total))}</td><td align="right" style="${cell}font-weight:bold;">${escapeHtml(money(order.total))}</td></tr>${taxIncluded.map((rate) => taxRow(say(i18n, WORDS.taxIncludedLabel, rate), rate.tax, 'color:#555555;')).join('')}${net && order.tax!.included ? taxRow(i18n._(WORDS.netLabel), net, 'color:#555555;') : ''}${reverseNote ? `<tr><td colspan="2" style="${cell}color:#555555;">${escapeHtml(reverseNote)}</td></tr>` : ''}</table>
${howToPay.length ? `<h2 style="font-size:18px;margin:24px 0 8px;">${escapeHtml(i18n._(WORDS.howToPay))}</h2><p style="margin:0 0 8px;">${howToPay.map((line) => keepTogether(escapeHtml(line), escapeHtml(ref))).join('<br>')}</p>` : ''}
${tickets.length ? `<h2 style="font-size:18px;margin:24px 0 8px;">${escapeHtml(i18n._(WORDS.ticketsHeading))}</h2><p style="margin:0 0 8px;">${escapeHtml(i18n._(WORDS.ticketsHowTo))}</p><table role="presentation" width="100%" cellpadding="0" cellspacing="0">${ticketRows}</table>${more > 0 ? `<p style="margin:12px 0 0;">${escapeHtml(allTickets)}</p>` : ''}` : ''}
${cards.html}
${attached.map((line) => `<p style="margin:16px 0 0;">${escapeHtml(line)}</p>`).join('')}
<p style="margin:24px 0 8px;"><a href="${escapeHtml(ctx.orderUrl)}" style="display:inline-block;padding:12px 20px;background:#1565c0;color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold;">${escapeHtml(i18n._(WORDS.openOrder))}</a></p>
<p style="margin:0;font-size:13px;color:#555555;">${escapeHtml(i18n._(WORDS.keepLink))}</p>`,
  );

  const attachments: Attachment[] = tickets
    .filter((t) => pictured.has(t.id))
    .map((t) => ({ filename: `ticket-${t.code}.png`, content: qrPng(t.code), contentType: 'image/png', cid: cid(t) }));
  if (withTickets) {
    const dated = [...new Set(tickets.map((t) => t.eventId))]
      .flatMap((id) => {
        const event = ctx.events.get(id);
        return event?.date ? [{ id, event, date: event.date }] : [];
      })
      .slice(0, MAX_CALENDARS);
    for (const { id, event, date } of dated) {
      attachments.push({
        filename: `${id}.ics`,
        contentType: 'text/calendar; charset=utf-8',
        content: eventCalendar({
          uid: `${id}-${order.id}@storefront-tickets`,
          title: event.title,
          start: new Date(date),
          location: event.venue,
          stamp: new Date(order.created || 0),
        }),
      });
    }
  }

  for (const document of ctx.documents ?? []) {
    attachments.push({ filename: document.filename, content: document.content, contentType: 'application/pdf' });
  }
  return { ...envelope(ctx, subject), text, html, attachments };
}

/** A staff message to everyone booked on an event, as one person receives it. */
export interface BookedMessageContext {
  messageId: string;
  /** The person's order that the message names. */
  order: Order;
  shop: SiteState;
  eventTitle: string;
  subject: string;
  body: string;
  /** The order page's address with its secret; null for an order placed before order links. */
  orderUrl: string | null;
  /** The voucher the message carries, with the link that brings it to checkout. */
  voucher: { code: string; url: string } | null;
  from: string;
  domain: string;
}

export function composeBookedMessage(ctx: BookedMessageContext): ComposedMail {
  const { order, shop } = ctx;
  const { i18n } = orderWriting(order, shop);
  const words = bookedMessageText(i18n, {
    body: ctx.body,
    name: order.contact.name,
    eventTitle: oneLine(ctx.eventTitle, 200),
    reference: order.ref ? displayReference(order.ref) : null,
    orderUrl: ctx.orderUrl,
    voucher: ctx.voucher,
  });
  const subject = oneLine(ctx.subject, 150);
  const text = [
    shopNameOf(shop),
    '',
    words.greeting,
    '',
    ...words.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(words.voucher ? [words.voucher, ''] : []),
    '--',
    words.why,
    ...(words.link ? [words.link] : []),
    '',
    ...contactLines(shop),
  ].join('\n');
  const paragraph = (value: string) => `<p style="margin:0 0 12px;">${escapeHtml(value).replace(/\n/g, '<br>')}</p>`;
  const html = htmlFrame(
    subject,
    shop,
    i18n.locale,
    `${paragraph(words.greeting)}
${words.paragraphs.map(paragraph).join('\n')}
${words.voucher ? `<p style="margin:0 0 12px;padding:12px 16px;background:#f4f7fc;border-left:4px solid #1565c0;">${escapeHtml(words.voucher)}</p>` : ''}
<p style="margin:24px 0 8px;font-size:13px;color:#555555;">${escapeHtml(words.why)}</p>
${ctx.orderUrl ? `<p style="margin:0;"><a href="${escapeHtml(ctx.orderUrl)}" style="color:#1565c0;font-weight:bold;">${escapeHtml(i18n._(WORDS.openOrderAndTickets))}</a></p>` : ''}`,
  );
  return { ...envelope(ctx, subject), text, html, attachments: [] };
}
