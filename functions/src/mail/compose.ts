/**
 * One email of an order, composed from what the database holds when it is sent (docs/email.md): a plain-text part
 * and an HTML part of tables and inline styles (what mail clients render), each ticket's QR code as a PNG attached
 * by Content-ID with its code as text, an .ics per event, and the order page's link. Pure: the sender reads the
 * data, this decides the words. Everything that goes into a header is reduced to one line here, and addresses
 * must be plain addresses, so no value from an order can add a header (docs/security.md#email).
 */
import { typedTitle } from '../../../src/lib/typedTitle';
import { escapeHtml } from '../../../src/lib/escapeHtml';
import { formatEventTime, formatMoment } from '../../../src/lib/format';
import { formatMoney, fromMinorUnits } from '../../../src/lib/money';
import { balanceDue, ticketsIssued } from '../../../src/features/orders/orderPayment';
import type { PaymentSettings } from '../../../src/features/orders/paymentSettings';
import { bookedMessageText } from '../../../src/features/orders/bookedMessage';
import { displayReference } from '../../../src/features/orders/orderReference';
import { greeting, nameInMail, type MailKind } from '../../../src/features/orders/orderMail';
import type { RefundWay } from '../../../src/features/orders/refundRecords';
import type { Order, OrderStatus } from '../../../src/features/orders/order';
import { eventCalendar } from '../../../src/features/tickets/ics';
import type { Ticket } from '../../../src/features/tickets/ticket';
import type { SiteState } from '../../../src/state/types';
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
}

export interface MailContext {
  messageId: string;
  /** An email about the order itself (a staff message has composeBookedMessage). */
  kind: Exclude<MailKind, 'message'>;
  /** The status a status email announces. */
  status?: OrderStatus;
  /** What a refund email says was given back (kind 'refund'). */
  refund?: MailRefund;
  order: Order;
  tickets: readonly Ticket[];
  /** By product id, for the dated products of the order. */
  events: ReadonlyMap<string, MailEvent>;
  shop: SiteState;
  /** The shop's payment settings: where a transfer is paid to. */
  payments: PaymentSettings;
  /** The order page's address, with its secret. */
  orderUrl: string;
  /** The shop's sending address (configuration, not data). */
  from: string;
  /** The domain of Message-IDs. */
  domain: string;
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

const STATUS_NEWS: Record<Exclude<OrderStatus, 'pending'>, { subject: string; lead: string }> = {
  confirmed: { subject: 'confirmed', lead: 'Your order is confirmed.' },
  fulfilled: { subject: 'complete', lead: 'Your order is complete: paid and collected. Thank you!' },
  cancelled: {
    subject: 'cancelled',
    lead: 'Your order was cancelled. Its tickets are void: they no longer admit anyone.',
  },
};

function subjectAndLead(ctx: MailContext, ref: string): { subject: string; lead: string } {
  switch (ctx.kind) {
    case 'confirmation':
      return confirmationNews(ctx, ref);
    case 'tickets':
      return { subject: `Your tickets for order ${ref}`, lead: 'Here are your tickets again, as you asked.' };
    case 'link':
      return {
        subject: `The link to your order ${ref}`,
        lead: 'You asked for the link to your order. Open it on any device to see your order and tickets.',
      };
    case 'paid':
      return {
        subject: `Your order ${ref} is paid`,
        lead: 'Thank you: your payment has arrived and your order is paid.',
      };
    case 'reminder': {
      const by = holdEnd(ctx);
      return {
        subject: `Reminder: please pay for order ${ref}${by ? ` by ${by}` : ''}`,
        lead: `Your order is still waiting for your payment.${by ? ` If it has not arrived by ${by}, the order lapses and what it holds goes back on sale.` : ''} If you have paid in the last few days, thank you: it may not have reached us yet.`,
      };
    }
    case 'refund':
      return refundNews(ctx, ref);
    case 'expired':
      return {
        subject: `Your order ${ref} has lapsed unpaid`,
        lead: 'Your order was not paid in time, so it has lapsed: what it held is back on sale and its tickets are void. You are welcome to order again.',
      };
    case 'status': {
      const news = STATUS_NEWS[ctx.status === 'pending' || !ctx.status ? 'confirmed' : ctx.status];
      return { subject: `Your order ${ref} is ${news.subject}`, lead: news.lead };
    }
  }
}

/** What a refund email says: how much of the order was given back, and how (docs/payments.md#refunds). */
function refundNews(ctx: MailContext, ref: string): { subject: string; lead: string } {
  const refund = ctx.refund;
  if (!refund) return { subject: `A refund of your order ${ref}`, lead: 'We have refunded money of your order.' };
  const amount = formatMoney(fromMinorUnits(refund.amount, refund.currency), refund.currency, ctx.shop.locale);
  if (refund.failed) {
    return {
      subject: `Your refund of ${amount} for order ${ref} did not go through`,
      lead: `The card provider could not return ${amount} to the card you paid with (it may have expired or been closed), so the money has not reached you. We will refund it another way: reply to this email, or contact us below.`,
    };
  }
  const how =
    refund.way === 'card'
      ? 'It goes back to the card you paid with; your bank may take a few days to show it.'
      : 'We have given it back by hand: by bank transfer to you, or in cash.';
  return {
    subject: `A refund of ${amount} for your order ${ref}`,
    lead: `We have refunded ${amount} of your order ${ref}. ${how}`,
  };
}

/**
 * What a confirmation says first: paid (or free) orders are confirmed with their tickets; an order to pay at the door
 * is reserved; one to pay by transfer or card is held until its hold ends, and says how to pay (paymentLines).
 */
function confirmationNews(ctx: MailContext, ref: string): { subject: string; lead: string } {
  const payment = ctx.order.payment;
  if (payment?.state === 'paid') {
    return { subject: `Your order ${ref} is confirmed`, lead: 'Thank you for your order. It is confirmed.' };
  }
  if (!payment || payment.method === 'door' || payment.method === 'free') {
    return {
      subject: `Your order ${ref} is reserved`,
      lead: 'Thank you for your order. It is reserved for you and shows as “Pending” until you pay, at the event or when you collect.',
    };
  }
  const by = holdEnd(ctx);
  return {
    subject: `Your order ${ref}: please pay${by ? ` by ${by}` : ''}`,
    lead: `Thank you for your order. It is held for you${by ? ` until ${by}` : ''}; your tickets come by email once your payment has arrived. If it has not arrived by then, the order lapses and what it holds goes back on sale.`,
  };
}

/** When an unpaid order's hold ends, in the shop's words and zone; empty when it has none. */
function holdEnd(ctx: MailContext): string {
  const until = ctx.order.payment?.until;
  return until ? formatMoment(until, ctx.shop.locale, ctx.shop.timezone, 'deadline') : '';
}

/**
 * How to pay an order still owing money by transfer or card, as lines of text (docs/payments.md#the-emails). Empty
 * for an order to pay at the door, a paid one, or one from before payments.
 */
function paymentLines(ctx: MailContext, ref: string): string[] {
  const payment = ctx.order.payment;
  if (!payment || payment.state !== 'pending' || (payment.method !== 'transfer' && payment.method !== 'card'))
    return [];
  const owed = formatMoney(fromMinorUnits(balanceDue(payment), payment.currency), payment.currency, ctx.shop.locale);
  if (payment.method === 'card')
    return [`To pay ${owed} by card, open your order below and choose “Pay ${owed} by card”.`];
  const { payee, account, bank } = ctx.payments.transfer;
  return [
    `To pay ${owed} by bank transfer:`,
    ...[payee && `Pay to: ${payee}`, account && `Account: ${account}`, bank && `Bank: ${bank}`].filter(Boolean),
    `Reference (please quote it exactly): ${ref}`,
  ].map((line) => oneLine(line, 300));
}

/** Whether this email carries the tickets: not once they are void, not before they are issued (unpaid), and not with the link alone. */
const carriesTickets = (ctx: MailContext) =>
  ticketsIssued(ctx.order.payment) &&
  ctx.kind !== 'link' &&
  ctx.kind !== 'expired' &&
  ctx.kind !== 'refund' &&
  !(ctx.kind === 'status' && ctx.status === 'cancelled') &&
  ctx.tickets.length > 0;

const shopNameOf = (shop: SiteState) => oneLine(shop.name || 'Storefront', 80);

const contactLines = (shop: SiteState) =>
  [shop.address && `${shop.address} ${shop.postcode}`.trim(), shop.telephone, shop.email].filter(Boolean);

/** An email's page: the shop's name above, `inner` (HTML) in a white column, the shop's contact details below. */
function htmlFrame(title: string, shop: SiteState, inner: string): string {
  const shopName = shopNameOf(shop);
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
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

/** Who it is from and to, and what it is called: every header that carries data, each one line. */
function envelope(
  ctx: { messageId: string; domain: string; from: string; order: Order; shop: SiteState },
  subject: string,
): Pick<ComposedMail, 'messageId' | 'from' | 'to' | 'replyTo' | 'subject'> {
  const shopName = shopNameOf(ctx.shop);
  const { email } = ctx.shop;
  return {
    messageId: `<${ctx.messageId}@${ctx.domain}>`,
    from: { name: shopName, address: plainAddress(ctx.from, 'The sending address') },
    // The address alone: a buyer's typed name is theirs to choose, and a display name is what mail programs show
    // first (docs/security.md#what-an-anonymous-script-can-still-make-the-shop-send).
    to: plainAddress(ctx.order.contact.email, "The order's email"),
    ...(email && ADDRESS.test(email) ? { replyTo: { name: shopName, address: email } } : {}),
    subject: oneLine(`${subject} · ${shopName}`, 200),
  };
}

export function composeMail(ctx: MailContext): ComposedMail {
  const { order, shop } = ctx;
  const ref = order.ref ? displayReference(order.ref) : order.id;
  const money = (amount: number) => formatMoney(amount, shop.currency, shop.locale);
  const { subject, lead } = subjectAndLead(ctx, ref);
  const howToPay =
    ctx.kind === 'confirmation' || ctx.kind === 'status' || ctx.kind === 'reminder' ? paymentLines(ctx, ref) : [];
  const withTickets = carriesTickets(ctx);
  const tickets = withTickets ? ctx.tickets.slice(0, MAX_LISTED_TICKETS) : [];
  const pictured = new Set(tickets.slice(0, MAX_QR_IMAGES).map((t) => t.id));
  const cid = (ticket: Ticket) => `ticket-${ticket.eventId}-${ticket.id}@${ctx.domain}`;
  const eventTitle = (ticket: Ticket) =>
    typedTitle(ctx.events.get(ticket.eventId)?.title ?? ticket.eventId, ticket.type);
  // Who the ticket is for, where it reads as a name: the attendee's name is typed by the buyer, as theirs is.
  const holderLine = (ticket: Ticket) => {
    const name = nameInMail(ticket.holder);
    return name ? `for ${name}` : '';
  };
  const when = (event: MailEvent | undefined) =>
    event?.date ? formatEventTime(event.date, shop.locale, shop.timezone) : '';
  const more = withTickets ? ctx.tickets.length - pictured.size : 0;

  const text = [
    shopNameOf(shop),
    '',
    greeting(order.contact.name),
    '',
    lead,
    '',
    `Order reference: ${ref}`,
    '',
    ...order.lines.map(
      (line) =>
        `${line.quantity} × ${line.title}, ${line.price === 0 ? 'free' : `${formatMoney(line.price, shop.currency, shop.locale)} each`}`,
    ),
    `Total: ${money(order.total)}`,
    '',
    ...(howToPay.length ? [...howToPay, ''] : []),
    ...(tickets.length
      ? [
          'Your tickets (show the QR code or read out the code at the door):',
          ...tickets.map(
            (t) =>
              `- ${[eventTitle(t), when(ctx.events.get(t.eventId)), holderLine(t)].filter(Boolean).join(', ')}: ${t.code}`,
          ),
          ...(more > 0 ? [`The order page shows the QR codes of all ${ctx.tickets.length} tickets.`] : []),
          '',
        ]
      : []),
    `Your order, always up to date (keep this link to yourself): ${ctx.orderUrl}`,
    '',
    ...contactLines(shop),
  ].join('\n');

  const cell = 'padding:8px 0;border-bottom:1px solid #e0e0e0;font-family:Arial,Helvetica,sans-serif;font-size:15px;';
  const ticketRows = tickets
    .map((t) => {
      const event = ctx.events.get(t.eventId);
      const image = pictured.has(t.id)
        ? `<img src="cid:${escapeHtml(cid(t))}" width="180" height="180" alt="QR code of ticket ${escapeHtml(t.code)}" style="display:block;border:0;">`
        : '';
      return `<tr><td style="${cell}">${image}<div style="font-weight:bold;">${escapeHtml(eventTitle(t))}</div><div>${escapeHtml(when(event))}${event?.venue ? `, ${escapeHtml(event.venue)}` : ''}</div>${holderLine(t) ? `<div>${escapeHtml(holderLine(t))}</div>` : ''}<div style="font-family:Consolas,Menlo,monospace;font-size:14px;">${escapeHtml(t.code)}</div></td></tr>`;
    })
    .join('');
  const html = htmlFrame(
    subject,
    shop,
    `<p style="margin:0 0 12px;">${escapeHtml(greeting(order.contact.name))}</p>
<p style="margin:0 0 12px;">${escapeHtml(lead)}</p>
<p style="margin:0 0 16px;">Order reference: <strong style="font-family:Consolas,Menlo,monospace;font-size:17px;">${escapeHtml(ref)}</strong></p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${order.lines
      .map(
        (line) =>
          `<tr><td style="${cell}">${line.quantity} × ${escapeHtml(line.title)}</td><td align="right" style="${cell}">${line.price === 0 ? 'free' : `${escapeHtml(formatMoney(line.price, shop.currency, shop.locale))} each`}</td></tr>`,
      )
      .join(
        '',
      )}<tr><td style="${cell}font-weight:bold;">Total</td><td align="right" style="${cell}font-weight:bold;">${escapeHtml(money(order.total))}</td></tr></table>
${howToPay.length ? `<h2 style="font-size:18px;margin:24px 0 8px;">How to pay</h2><p style="margin:0 0 8px;">${howToPay.map(escapeHtml).join('<br>')}</p>` : ''}
${tickets.length ? `<h2 style="font-size:18px;margin:24px 0 8px;">Your tickets</h2><p style="margin:0 0 8px;">Show the QR code at the door, or read out the code.</p><table role="presentation" width="100%" cellpadding="0" cellspacing="0">${ticketRows}</table>${more > 0 ? `<p style="margin:12px 0 0;">The order page shows the QR codes of all ${ctx.tickets.length} tickets.</p>` : ''}` : ''}
<p style="margin:24px 0 8px;"><a href="${escapeHtml(ctx.orderUrl)}" style="display:inline-block;padding:12px 20px;background:#1565c0;color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold;">Open your order</a></p>
<p style="margin:0;font-size:13px;color:#555555;">Keep this link to yourself: whoever has it sees your order and tickets.</p>`,
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
  from: string;
  domain: string;
}

export function composeBookedMessage(ctx: BookedMessageContext): ComposedMail {
  const { order, shop } = ctx;
  const words = bookedMessageText({
    body: ctx.body,
    name: order.contact.name,
    eventTitle: oneLine(ctx.eventTitle, 200),
    reference: order.ref ? displayReference(order.ref) : null,
    orderUrl: ctx.orderUrl,
  });
  const subject = oneLine(ctx.subject, 150);
  const text = [
    shopNameOf(shop),
    '',
    words.greeting,
    '',
    ...words.paragraphs.flatMap((paragraph) => [paragraph, '']),
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
    `${paragraph(words.greeting)}
${words.paragraphs.map(paragraph).join('\n')}
<p style="margin:24px 0 8px;font-size:13px;color:#555555;">${escapeHtml(words.why)}</p>
${ctx.orderUrl ? `<p style="margin:0;"><a href="${escapeHtml(ctx.orderUrl)}" style="color:#1565c0;font-weight:bold;">Open your order and tickets</a></p>` : ''}`,
  );
  return { ...envelope(ctx, subject), text, html, attachments: [] };
}
