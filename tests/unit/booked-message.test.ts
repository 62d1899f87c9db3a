/**
 * A message to everyone booked on an event: who receives it (each person once, nobody cancelled), what staff may
 * send, and the email each person gets, whose subject can never become a header of its own.
 */
import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { composeBookedMessage, type BookedMessageContext } from '../../functions/src/mail/compose';
import { messageJobId } from '../../functions/src/mail/bookedMessages';
import {
  bookedRecipients,
  messageProblem,
  messageWordsIn,
  parseBookedMessage,
  type BookedOrder,
} from '../../src/features/orders/bookedMessage';
import { parseOrder } from '../../src/features/orders/order';
import { DEFAULT_SITE } from '../../src/state/site';

const booked = (key: string, email: string, t: string, status: BookedOrder['status'] = 'pending'): BookedOrder => ({
  key,
  t,
  status,
  name: key,
  email,
});

describe('who is booked', () => {
  it('is each address once, with its earliest order, whatever its case', () => {
    const people = bookedRecipients([
      booked('u2~b', 'Ann@Example.com', '1700000000002'),
      booked('u1~a', 'ann@example.com', '1700000000001'),
      booked('u3~c', 'bob@example.com', '1700000000003'),
      booked('u4~d', 'ANN@EXAMPLE.COM', '1700000000000', 'cancelled'),
    ]);
    expect(people.map((p) => p.key)).toEqual(['u1~a', 'u3~c']);
  });

  it('leaves out cancelled orders and orders without an address', () => {
    expect(
      bookedRecipients([booked('u1~a', 'cat@example.com', '1700000000001', 'cancelled'), booked('u2~b', '', '1')]),
    ).toEqual([]);
    const kept = bookedRecipients([
      booked('u1~a', 'cat@example.com', '1700000000001', 'cancelled'),
      booked('u1~b', 'cat@example.com', '1700000000002', 'fulfilled'),
    ]);
    expect(kept.map((p) => p.key)).toEqual(['u1~b']);
  });

  it('gives each address one job id, whatever its case, and different addresses different ones', () => {
    expect(messageJobId('m1', 'Ann@Example.com')).toBe(messageJobId('m1', 'ann@example.com'));
    expect(messageJobId('m1', 'ann@example.com')).not.toBe(messageJobId('m1', 'bob@example.com'));
    expect(messageJobId('m1', 'ann@example.com')).toMatch(/^m1-[A-Za-z0-9_-]{22}$/);
  });
});

describe('what staff may send', () => {
  it('needs a subject of one line and a message, each within its length', () => {
    expect(messageProblem('Doors', 'Later')).toBeNull();
    const said = (subject: string, body: string) => {
      const found = messageProblem(subject, body);
      return found && `${found.field}: ${i18n._(found.problem)}`;
    };
    expect(said(' ', 'Later')).toBe('subject: Give the message a subject.');
    expect(said('Doors\r\nBcc: x@evil.test', 'Later')).toBe('subject: The subject must be one line.');
    expect(said('x'.repeat(151), 'Later')).toBe('subject: The subject is longer than 150 characters.');
    expect(said('Doors', '  ')).toBe('body: Write the message.');
    expect(said('Doors', 'x'.repeat(5001))).toBe('body: The message is longer than 5000 characters.');
  });

  it('reads a stored message, and nothing that is not one', () => {
    const stored = { event: 'gig', subject: 'S', body: 'B', created: 5, recipients: 3, sent: 1 };
    expect(parseBookedMessage('m1', { ...stored, failures: { j: { to: 'a@b.co', error: '550' }, k: 7 } })).toEqual({
      id: 'm1',
      ...stored,
      failed: 0,
      failures: [{ to: 'a@b.co', error: '550' }],
      translations: {},
      voucher: null,
    });
    expect(parseBookedMessage('m1', { ...stored, voucher: 'THANKS10' })?.voucher).toBe('THANKS10');
    expect(parseBookedMessage('m1', { ...stored, voucher: 'not a code' })?.voucher).toBeNull();
    expect(parseBookedMessage('m1', { event: 'gig', subject: 7, body: 'B' })).toBeNull();
    expect(parseBookedMessage('m1', 'text')).toBeNull();
    expect(parseBookedMessage('m1', { event: 'gig', subject: 'S', body: 'B', sent: -4 })?.sent).toBe(0);
  });

  it('keeps the words staff wrote in the shop’s other languages, and gives each reader theirs', () => {
    const german = { subject: 'Einlass später', body: 'Um 20 Uhr.' };
    const message = parseBookedMessage('m1', {
      event: 'gig',
      subject: 'Doors later',
      body: 'At 8.',
      // A language the shop does not speak, the pseudo-language and half a translation are none.
      translations: { 'de-DE': german, fr: german, 'en-XA': german, 'en-GB': { subject: 'Only a subject' } },
    })!;
    expect(message.translations).toEqual({ 'de-DE': german });
    expect(messageWordsIn(message, 'de-DE')).toEqual(german);
    expect(messageWordsIn(message, 'en-GB')).toEqual({ subject: 'Doors later', body: 'At 8.' });
    expect(messageWordsIn(message, null)).toEqual({ subject: 'Doors later', body: 'At 8.' });
  });
});

describe("each person's email", () => {
  const context = (overrides: Partial<BookedMessageContext> = {}): BookedMessageContext => ({
    messageId: 'm1-abc',
    order: parseOrder('u1', 'o1', {
      items: { gig: { title: 'Gig', price: 10, quantity: 4 } },
      total: 40,
      status: 'pending',
      created: 1,
      contact: { name: 'Ann <Buyer>', email: 'ann@example.com' },
      ref: 'K7M4QXPR',
      link: 'x'.repeat(32),
    })!,
    shop: { ...DEFAULT_SITE, name: 'Hall & Co', email: 'hello@hall.test' },
    eventTitle: 'Gig <night>',
    subject: 'Doors open later',
    body: 'Doors at <b>8</b>.\r\nSee you.\n\n\nBring a coat.',
    orderUrl: 'https://shop.test/order#' + 'x'.repeat(32),
    voucher: null,
    from: 'tickets@shop.test',
    domain: 'shop.test',
    ...overrides,
  });

  it("holds the staff's words, why the person gets it, and their order's link, and no tickets", () => {
    const mail = composeBookedMessage(context());
    expect(mail.subject).toBe('Doors open later · Hall & Co');
    // The address alone, and a 'name' with markup is no name to greet by.
    expect(mail.to).toBe('ann@example.com');
    expect(mail.replyTo?.address).toBe('hello@hall.test');
    expect(mail.messageId).toBe('<m1-abc@shop.test>');
    expect(mail.text).toContain('Hello,\n\nDoors at <b>8</b>.\nSee you.\n\nBring a coat.\n');
    expect(mail.text).toContain('booked on Gig <night> (order K7M4-QXPR)');
    expect(mail.text).toContain('https://shop.test/order#' + 'x'.repeat(32));
    expect(mail.attachments).toEqual([]);
  });

  it('carries the voucher code staff chose, with the link that brings it to checkout, after their words', () => {
    const url = 'https://shop.test/products?voucher=THANKS10';
    const mail = composeBookedMessage(context({ voucher: { code: 'THANKS10', url } }));
    expect(mail.text).toContain(
      `Bring a coat.\n\nYour voucher code: THANKS10. Enter it at checkout, or shop from this link, which brings it: ${url}\n\n--`,
    );
    expect(mail.html).toContain('Your voucher code: THANKS10.');
    expect(composeBookedMessage(context()).text).not.toContain('voucher');
  });

  it('escapes the words in HTML and keeps their lines', () => {
    const { html } = composeBookedMessage(context());
    expect(html).toContain('Doors at &lt;b&gt;8&lt;/b&gt;.<br>See you.');
    expect(html).not.toContain('Buyer');
    expect(html).not.toContain('<b>8</b>');
  });

  it('goes without a reference and a link to an order placed before they existed', () => {
    const { order } = context();
    const mail = composeBookedMessage(context({ order: { ...order, ref: '' }, orderUrl: null }));
    expect(mail.text).toContain('booked on Gig <night>.\n');
    expect(mail.text).not.toContain('Your order and tickets');
    expect(mail.html).not.toContain('Open your order');
  });

  it('makes a subject with line breaks one line', () => {
    const mail = composeBookedMessage(context({ subject: 'Doors\r\nBcc: victim@evil.test' }));
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });
});
