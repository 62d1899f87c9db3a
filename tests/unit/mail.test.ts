/**
 * The mail sender's logic on its own: what an email holds (and what it must never let through into a header),
 * and how the sender claims, retries and gives up, with an in-memory database and transport so that every
 * failure can be made to happen. The same code against the real database and SMTP: tests/server/mail-sender.test.ts.
 */
import { i18n } from '@lingui/core';
import { createTransport } from 'nodemailer';
import { describe, expect, it } from 'vitest';
import {
  composeMail,
  MAX_LISTED_TICKETS,
  MAX_QR_IMAGES,
  oneLine,
  plainAddress,
  UnsendableMail,
  type ComposedMail,
  type MailContext,
} from '../../functions/src/mail/compose';
import type { MailDatabase } from '../../functions/src/mail/orderData';
import { qrPng } from '../../functions/src/mail/qrPng';
import { composeGiftMail } from '../../functions/src/mail/giftMail';
import { callerLimit, rateLimit } from '../../functions/src/mail/rateLimit';
import { callerBehindGoogle, callerDirect } from '../../functions/src/mail/caller';
import { createMailSender, isPermanent, retryDelay } from '../../functions/src/mail/sender';
import { parseOrder } from '../../src/features/orders/order';
import { greeting, mailLabel, orderMailIds, outboxRecord } from '../../src/features/orders/orderMail';
import { messages as german } from '../../functions/src/language/catalogues/de-DE';
import { messages as english } from '../../functions/src/language/catalogues/en-GB';
import { context, GIFT_CARDS, inLanguage, MAIL_VARIANTS, pay, SHOP, ticket } from '../support/mailSamples';

/** The message as nodemailer writes it to the wire. */
async function wire(mail: ComposedMail): Promise<string> {
  const info = await createTransport({ streamTransport: true, buffer: true }).sendMail(mail);
  return (info.message as Buffer).toString('utf8');
}
const headersOf = (raw: string) => raw.split('\r\n\r\n')[0]!;

describe('composing an email', () => {
  it('says in words what the order page shows: "Pending" explained, title apart from the time, a free line "free"', () => {
    const mail = composeMail(context());
    // The order page's status for a new order is "Pending": the email names it.
    expect(mail.text).toContain('shows as “Pending” until you pay');
    expect(mail.text).toMatch(/- Gig <b>night<\/b>, Tue, 1 Jun 2027, 19:00 UTC, for Ann: /);
    expect(mail.html).toContain('<div>for Ann</div>');
    // An attendee's name is typed by the buyer: a sentence or a number in it is left out, as from the greeting.
    const phished = composeMail(context({ tickets: [{ ...ticket(0), holder: 'URGENT call 0800 000 000' }] }));
    expect(`${phished.text} ${phished.html}`).not.toMatch(/URGENT|0800/);
    expect(phished.text).toMatch(/19:00 UTC: ABCD/);
    const free = composeMail(
      context({
        order: parseOrder('u1', 'o1', {
          items: { gig: { title: 'Open day', price: 0, quantity: 1 } },
          total: 0,
          status: 'pending',
          created: 1_800_000_000_000,
          contact: { name: 'Ann Buyer', email: 'ann@example.com' },
        })!,
      }),
    );
    expect(free.text).toContain('1 × Open day, free');
    expect(free.text).not.toContain('Free each');
    expect(free.html).not.toContain('Free each');
  });

  it('names the voucher an order was placed with and what it took off, above the total; not one that took nothing', () => {
    const placed = (voucher: { code: string; off: number }) =>
      composeMail(
        context({
          order: parseOrder('u1', 'o1', {
            items: { gig: { title: 'Gig', price: 10, listPrice: 12.5, quantity: 2 } },
            total: 20,
            status: 'pending',
            created: 1_800_000_000_000,
            contact: { name: 'Ann Buyer', email: 'ann@example.com' },
            voucher,
          })!,
        }),
      );
    const mail = placed({ code: 'SPRING20', off: 500 });
    expect(mail.text).toMatch(/2 × Gig, £10\.00 each\nVoucher SPRING20: £5\.00 off\nTotal: £20\.00/);
    expect(mail.html).toContain('Voucher SPRING20</td><td align="right" style="');
    expect(mail.html).toContain('−£5.00');
    const unlocked = placed({ code: 'CREW-2027', off: 0 });
    expect(unlocked.text).not.toContain('Voucher');
    expect(unlocked.html).not.toContain('Voucher');
  });

  it('holds the reference, items, total, each ticket code and its QR image by Content-ID, an .ics and the link', () => {
    const mail = composeMail(context());
    expect(mail.subject).toBe('Your order K7M4-QXPR is reserved · Hall & Co');
    expect(mail.messageId).toBe('<o1-confirmation@shop.test>');
    expect(mail.text).toContain('2 × Gig <b>night</b>, £12.50 each');
    expect(mail.text).toContain('Total: £25.00');
    expect(mail.text).toContain('until you pay, at the event or when you collect.');
    for (const n of [0, 1]) expect(mail.text).toContain(ticket(n).code);
    const images = mail.attachments.filter((a) => a.contentType === 'image/png');
    expect(images).toHaveLength(2);
    for (const image of images) expect(mail.html).toContain(`src="cid:${image.cid}"`);
    expect(mail.attachments.filter((a) => a.filename.endsWith('.ics'))).toHaveLength(1);
    expect(mail.html).toContain('https://shop.test/order#');
    // The shop's data is text in the HTML, never markup.
    expect(mail.html).toContain('Gig &lt;b&gt;night&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>night');
    expect(mail.replyTo).toEqual({ name: 'Hall & Co', address: 'hello@hall.test' });
  });

  it('says a cancelled order’s tickets are void, and sends no QR code with it', () => {
    const mail = composeMail(context({ kind: 'status', status: 'cancelled' }));
    expect(mail.subject).toContain('cancelled');
    expect(mail.text).toContain('Its tickets are void');
    expect(mail.attachments).toEqual([]);
  });

  it('never asks to pay for a cancelled order, whose payment stays pending with nothing to buy', () => {
    const mail = composeMail(context({ kind: 'status', status: 'cancelled' }, 2, 'Ann Buyer', pay('transfer')));
    expect(mail.text).toContain('Its tickets are void');
    expect(mail.text).not.toContain('To pay');
    expect(mail.html).not.toContain('How to pay');
  });

  it('tells of money that arrived without paying the order: a part, with how to pay the rest; owed back otherwise', () => {
    const transfer = pay('transfer', { paid: 1000 });
    const part = composeMail(
      context({ kind: 'received', received: { amount: 1000, due: 1500, case: 'part' } }, 2, 'Ann Buyer', transfer),
    );
    expect(part.subject).toMatch(/^We have received £10\.00 for order K7M4-QXPR · /);
    expect(part.text).toContain('Thank you: £10.00 has arrived for your order. £15.00 is still due;');
    expect(part.text).toContain('To pay £15.00 by bank transfer:');
    expect(part.attachments).toEqual([]);
    const cancelled = composeMail(
      context({ kind: 'received', received: { amount: 2500, due: 0, case: 'cancelled' } }, 2, 'Ann Buyer', transfer),
    );
    expect(cancelled.subject).toMatch(/^We have received £25\.00 for your cancelled order K7M4-QXPR · /);
    expect(cancelled.text).toContain('the order was cancelled, so it buys nothing. The money is yours');
    expect(cancelled.text).not.toContain('To pay');
    const late = composeMail(
      context({ kind: 'received', received: { amount: 2500, due: 0, case: 'late' } }, 2, 'Ann Buyer', transfer),
    );
    expect(late.subject).toMatch(/^Your payment for order K7M4-QXPR arrived too late · /);
    expect(late.text).toContain('only after it had lapsed unpaid');
    expect(late.attachments).toEqual([]);
  });

  it('asks a bank-transfer buyer to pay, with where, how much and what to quote, and sends no tickets yet', () => {
    const inLondon = { shop: { ...SHOP, timezone: 'Europe/London' } };
    const mail = composeMail(context(inLondon, 2, 'Ann Buyer', pay('transfer')));
    expect(mail.subject).toMatch(/^Your order K7M4-QXPR: please pay by 4 Dec 2026, 12:00 GMT · /);
    expect(mail.text).toContain('To pay £25.00 by bank transfer:');
    expect(mail.text).toContain('Pay to: Hall & Co Ltd');
    expect(mail.text).toContain('Account: GB33 BUKB 2020 1555 5555 55');
    expect(mail.text).toContain('Reference (please quote it exactly): K7M4-QXPR');
    expect(mail.html).toContain('How to pay');
    expect(mail.text).not.toContain('Your tickets');
    expect(mail.attachments).toEqual([]);
    // Part paid: what is still owed.
    expect(composeMail(context({}, 2, 'Ann Buyer', pay('transfer', { paid: 1000 }))).text).toContain('To pay £15.00');
  });

  it('reminds a bank-transfer buyer by when to pay, what and where, with no tickets', () => {
    const inLondon = { shop: { ...SHOP, timezone: 'Europe/London' } };
    const mail = composeMail(
      context({ ...inLondon, kind: 'reminder' }, 2, 'Ann Buyer', pay('transfer', { paid: 500 })),
    );
    expect(mail.subject).toMatch(/^Reminder: please pay for order K7M4-QXPR by 4 Dec 2026, 12:00 GMT · /);
    expect(mail.text).toContain('Your order is still waiting for your payment.');
    expect(mail.text).toContain('To pay £20.00 by bank transfer:');
    expect(mail.text).toContain('Reference (please quote it exactly): K7M4-QXPR');
    expect(mail.attachments).toEqual([]);
  });

  it('sends a card buyer to the order page to pay; a door order keeps its tickets; a paid one is confirmed', () => {
    const card = composeMail(context({}, 2, 'Ann Buyer', pay('card')));
    expect(card.text).toContain('To pay £25.00 by card, open your order below and choose “Pay £25.00 by card”.');
    expect(card.attachments).toEqual([]);
    const door = composeMail(context({}, 2, 'Ann Buyer', pay('door')));
    expect(door.subject).toMatch(/is reserved/);
    expect(door.text).not.toContain('To pay');
    expect(door.attachments.filter((a) => a.contentType === 'image/png')).toHaveLength(2);
    const paid = composeMail(context({ kind: 'paid' }, 2, 'Ann Buyer', pay('card', { state: 'paid', paid: 2500 })));
    expect(paid.subject).toMatch(/is paid/);
    expect(paid.attachments.filter((a) => a.contentType === 'image/png')).toHaveLength(2);
  });

  it('carries the gift cards a paid order issued: each code as people read it, its value and how long it lasts', () => {
    const paid = pay('card', { state: 'paid', paid: 2500 });
    const mail = composeMail(context({ kind: 'paid', giftCards: GIFT_CARDS }, 2, 'Ann Buyer', paid));
    expect(mail.text).toContain('Your gift cards:\n- W3BT-9FD2-RPXQ-4M7K: £25.00, never expires\n');
    expect(mail.text).toContain('- ZZZZ-0000-AAAA-1111: £50.00, valid until 1 Jun 2027, 12:00 UTC\n');
    expect(mail.text).toContain('What is left on a card, and where it went: https://shop.test/giftcard');
    expect(mail.html).toContain('>W3BT-9FD2-RPXQ-4M7K</div>');
    expect(mail.html).toContain('<a href="https://shop.test/giftcard"');
    // Its value, not what is left: the email tells what was bought.
    expect(mail.text).not.toContain('£12.00');
    // The confirmation of an order paid as it was placed carries them, as staff's "send tickets again" does.
    for (const kind of ['confirmation', 'tickets'] as const) {
      expect(composeMail(context({ kind, giftCards: GIFT_CARDS }, 2, 'Ann Buyer', paid)).text).toContain(
        'W3BT-9FD2-RPXQ-4M7K',
      );
    }
  });

  it('takes the cards to whom the buyer named: their address, the buyer’s name and message, the codes, nothing else', async () => {
    const paid = pay('card', { state: 'paid', paid: 2500 });
    const ctx = context({ giftCards: GIFT_CARDS }, 2, 'Ann Buyer', paid);
    const gift = { name: 'Robin Ash', email: 'robin@example.com', message: 'Happy birthday!\n<b>See you</b>' };
    const mail = composeGiftMail({ ...ctx, order: { ...ctx.order, gift } });
    expect(mail.to).toBe('robin@example.com');
    expect(mail.subject).toBe('Ann Buyer sent you 2 gift cards · Hall & Co');
    expect(mail.text).toContain('Hello Robin Ash,\n\nAnn Buyer has sent you 2 gift cards for Hall & Co.');
    expect(mail.text).toContain('Ann Buyer wrote:\nHappy birthday!\n<b>See you</b>');
    expect(mail.text).toContain('- W3BT-9FD2-RPXQ-4M7K: £25.00, never expires');
    expect(mail.html).toContain('Happy birthday!<br>&lt;b&gt;See you&lt;/b&gt;');
    // The buyer's order stays theirs: no reference, lines, total or link.
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toContain('K7M4-QXPR');
      expect(part).not.toContain('Gig');
      expect(part).not.toContain('order#');
    }
    expect(headersOf(await wire(mail))).toMatch(/^To: robin@example\.com$/m);
  });

  it('names no buyer whose name is no name, and sends nothing without a recipient or cards', () => {
    const paid = pay('card', { state: 'paid', paid: 2500 });
    const ctx = context({ giftCards: GIFT_CARDS.slice(0, 1) }, 2, 'Visit http://spam.example/now', paid);
    const gift = { name: 'Robin', email: 'robin@example.com', message: '' };
    const mail = composeGiftMail({ ...ctx, order: { ...ctx.order, gift } });
    expect(mail.subject).toMatch(/^Someone sent you a gift card · /);
    expect(mail.text).not.toContain('spam');
    expect(mail.text).not.toContain('wrote:');
    expect(() => composeGiftMail(ctx)).toThrow(UnsendableMail);
    expect(() => composeGiftMail({ ...ctx, giftCards: [], order: { ...ctx.order, gift } })).toThrow(UnsendableMail);
  });

  it('never carries gift card codes in an email about a lapse, a refund, money received, a cancellation or the link', () => {
    const paid = pay('card', { state: 'paid', paid: 2500 });
    const kinds: Partial<MailContext>[] = [
      { kind: 'expired' },
      { kind: 'refund', refund: { amount: 1000, currency: 'GBP', way: 'card' } },
      { kind: 'received', received: { amount: 2500, due: 0, case: 'late' } },
      { kind: 'status', status: 'cancelled' },
      { kind: 'link' },
    ];
    for (const overrides of kinds) {
      const mail = composeMail(context({ ...overrides, giftCards: GIFT_CARDS }, 2, 'Ann Buyer', paid));
      expect(mail.text, overrides.kind).not.toContain('W3BT-9FD2');
      expect(mail.html, overrides.kind).not.toContain('W3BT-9FD2');
    }
  });

  it('tells a buyer whose order lapsed unpaid that it is back on sale, without its tickets', () => {
    const mail = composeMail(context({ kind: 'expired' }));
    expect(mail.subject).toMatch(/^Your order K7M4-QXPR has lapsed unpaid/);
    expect(mail.text).toContain('back on sale and its tickets are void');
    expect(mail.text).not.toContain('Your tickets');
    expect(mail.attachments).toEqual([]);
  });

  it('tells a buyer how much was refunded and how, without tickets', () => {
    const paid = pay('card', { state: 'paid', paid: 2500, refunded: 1000 });
    const card = composeMail(
      context({ kind: 'refund', refund: { amount: 1000, currency: 'GBP', way: 'card' } }, 2, 'Ann Buyer', paid),
    );
    expect(card.subject).toMatch(/^A refund of £10\.00 for your order K7M4-QXPR/);
    expect(card.text).toContain('We have refunded £10.00 of your order K7M4-QXPR.');
    expect(card.text).toContain('goes back to the card you paid with');
    expect(card.text).not.toContain('Your tickets');
    expect(card.attachments).toEqual([]);
    const byHand = composeMail(
      context({ kind: 'refund', refund: { amount: 2500, currency: 'GBP', way: 'by-hand' } }, 2, 'Ann Buyer', paid),
    );
    expect(byHand.text).toContain('We have refunded £25.00 of your order K7M4-QXPR. We have given it back by hand');
  });

  it('tells a buyer whose refund went to a gift card which card, with a new card’s code to spend', () => {
    const paid = pay('card', { state: 'paid', paid: 2500, refunded: 1000 });
    const card = { amount: 1000, currency: 'GBP', card: 'W3BT9FD2RPXQ4M7K' };
    const fresh = composeMail(context({ kind: 'refund', refund: { ...card, way: 'new-giftcard' } }, 2, 'Ann', paid));
    expect(fresh.text).toContain(
      'We have refunded £10.00 of your order K7M4-QXPR to a new gift card, W3BT-9FD2-RPXQ-4M7K. Pay with it at checkout',
    );
    const back = composeMail(context({ kind: 'refund', refund: { ...card, way: 'giftcard' } }, 2, 'Ann', paid));
    expect(back.text).toContain('to the gift card you paid with, W3BT-9FD2-RPXQ-4M7K.');
  });

  it('tells a buyer when a card refund failed at the provider after all, and that the shop will refund it another way', () => {
    const paid = pay('card', { state: 'paid', paid: 2500, refunded: 0 });
    const failed = composeMail(
      context(
        { kind: 'refund', refund: { amount: 1000, currency: 'GBP', way: 'card', failed: true } },
        2,
        'Ann Buyer',
        paid,
      ),
    );
    expect(failed.subject).toMatch(/^Your refund of £10\.00 for order K7M4-QXPR did not go through/);
    expect(failed.text).toContain('could not return £10.00 to the card you paid with');
    expect(failed.text).toContain('We will refund it another way');
    expect(failed.text).not.toContain('We have refunded');
  });

  it('keeps a very large order to one email of bounded size', async () => {
    const mail = composeMail(context({}, 1000));
    expect(mail.attachments.filter((a) => a.contentType === 'image/png')).toHaveLength(MAX_QR_IMAGES);
    expect(mail.text.match(/ABCD-EFGH/g)).toHaveLength(MAX_LISTED_TICKETS);
    expect(mail.text).toContain('The order page shows the QR codes of all 1,000 tickets.');
    expect((await wire(mail)).length).toBeLessThan(400_000);
  });

  it('never lets line breaks or header syntax in a name become a header', async () => {
    const raw = await wire(composeMail(context({}, 1, 'Ann\r\nBcc: victim@evil.test\r\nSubject: hi')));
    const headers = headersOf(raw);
    expect(headers).not.toMatch(/^Bcc:/im);
    expect(headers.match(/^Subject:/gim)).toHaveLength(1);
    expect(oneLine('a\r\nb\u2028c\td')).toBe('a b c d');
  });

  it('refuses an address that is not a plain address, before it reaches SMTP', () => {
    for (const address of ['ann@example.com\r\nBcc: x@evil.test', 'Ann <ann@example.com>', 'a@b.com, c@d.com', '']) {
      expect(() => plainAddress(address, 'it')).toThrow(UnsendableMail);
    }
    const bad = context();
    bad.order.contact.email = 'ann@example.com\nBcc: x@evil.test';
    expect(() => composeMail(bad)).toThrow(UnsendableMail);
  });

  it('draws the QR code as a PNG', () => {
    const png = qrPng('ABCD');
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(png.length).toBeLessThan(2000);
  });
});

/** An outbox and one order in memory: the sender's database, with compare-and-set as the real one does it. */
function memoryDatabase() {
  const jobs = new Map<string, Record<string, unknown>>();
  const writes: Record<string, unknown>[] = [];
  const order = {
    items: { mug: { title: 'Mug', price: 5, quantity: 1 } },
    total: 5,
    status: 'pending',
    created: 1,
    contact: { name: 'Ann', email: 'ann@example.com' },
    ref: 'K7M4QXPR',
    link: 'x'.repeat(32),
  };
  const db: MailDatabase = {
    read: async (path) =>
      path === 'orders/u1/o1' ? order : path === 'orders/u1/o1/link' ? order.link : path === 'properties' ? {} : null,
    ticketsOf: async () => new Map(),
    dueJobs: async (now, limit) =>
      [...jobs]
        .filter(([, job]) => typeof job.next === 'number' && job.next <= now)
        .slice(0, limit)
        .map(([id, raw]) => ({ id, raw: structuredClone(raw) })),
    dueMessages: async () => [],
    jobsOf: async () => [],
    documentsIssued: async () => [],
    transact: async (path, change) => {
      const id = path.replace(/^mailOutbox\//, '');
      const next = change(structuredClone(jobs.get(id) ?? null));
      if (next === undefined) return false;
      jobs.set(id, next as Record<string, unknown>);
      return true;
    },
    update: async (update) => {
      writes.push(update);
    },
  };
  const queue = (id: string, job: Partial<Parameters<typeof outboxRecord>[0]> = {}) =>
    jobs.set(id, outboxRecord({ uid: 'u1', order: 'o1', kind: 'confirmation', to: 'ann@example.com', ...job }, 0));
  return { db, jobs, writes, queue };
}

const smtpError = (responseCode: number) => Object.assign(new Error(`${responseCode} refused`), { responseCode });

function transport(failures: unknown[] = []) {
  const sent: ComposedMail[] = [];
  return {
    sent,
    send: async (mail: ComposedMail) => {
      const failure = failures.shift();
      if (failure) throw failure;
      sent.push(mail);
    },
  };
}

const options = (clock: { t: number }) => ({
  shopUrl: 'https://shop.test',
  from: 'tickets@shop.test',
  now: () => clock.t,
  log: () => undefined,
});

describe('the sender', () => {
  it('sends a job once, however often it is drained, with a Message-ID fixed by the job', async () => {
    const { db, jobs, queue } = memoryDatabase();
    queue('m1');
    const smtp = transport();
    const sender = createMailSender(db, smtp, options({ t: 10 }));
    expect(await sender.drain()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await sender.drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(smtp.sent.map((m) => m.messageId)).toEqual(['<m1@shop.test>']);
    expect(jobs.get('m1')).toMatchObject({ state: 'sent', attempts: 1, sent: 10 });
    expect(jobs.get('m1')).not.toHaveProperty('lease');
  });

  it('never sends a job another sender holds until its lease runs out', async () => {
    const { db, jobs, queue } = memoryDatabase();
    queue('m1');
    jobs.get('m1')!.lease = { by: 'another-sender', until: 1000 };
    const smtp = transport();
    const clock = { t: 10 };
    const sender = createMailSender(db, smtp, options(clock));
    expect((await sender.drain()).sent).toBe(0);
    clock.t = 1001;
    expect((await sender.drain()).sent).toBe(1);
    expect(jobs.get('m1')).toMatchObject({ attempts: 1 });
  });

  it('retries a server that is down, each wait twice the last, and sends when it is back', async () => {
    const { db, jobs, writes, queue } = memoryDatabase();
    queue('m1');
    const down = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNECTION' });
    const smtp = transport([down, down]);
    const clock = { t: 0 };
    const sender = createMailSender(db, smtp, options(clock));
    expect(await sender.drain()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(jobs.get('m1')).toMatchObject({ state: 'queued', attempts: 1, next: 30_000 });
    expect(writes.at(-1)).toEqual({
      'orders/u1/o1/mail/m1': {
        kind: 'confirmation',
        state: 'queued',
        at: 0,
        attempts: 1,
        error: 'connect ECONNREFUSED',
      },
    });
    clock.t = 29_999;
    expect((await sender.drain()).retrying).toBe(0);
    clock.t = 30_000;
    expect((await sender.drain()).retrying).toBe(1);
    expect(jobs.get('m1')).toMatchObject({ attempts: 2, next: 90_000 });
    clock.t = 90_000;
    expect((await sender.drain()).sent).toBe(1);
    expect(smtp.sent).toHaveLength(1);
    expect(jobs.get('m1')).not.toHaveProperty('next');
  });

  it('sends a payment received email with what its job says arrived; one without it is never sent', async () => {
    const { db, jobs, queue } = memoryDatabase();
    queue('o1-received-2', { kind: 'received', received: { amount: 1000, due: 1500, case: 'part' } });
    queue('o1-received-3', { kind: 'received' });
    const smtp = transport();
    expect(await createMailSender(db, smtp, options({ t: 10 })).drain()).toMatchObject({ sent: 1 });
    expect(smtp.sent.map((m) => m.subject)).toEqual([expect.stringMatching(/^We have received £10\.00 for order /)]);
    expect(jobs.get('o1-received-3')!.state).not.toBe('sent');
  });

  it('fails for good on a 5xx, at once, and says why on the order', async () => {
    const { db, jobs, writes, queue } = memoryDatabase();
    queue('m1');
    const sender = createMailSender(db, transport([smtpError(550)]), options({ t: 5 }));
    expect(await sender.drain()).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect(jobs.get('m1')).toMatchObject({ state: 'failed', error: '550 refused' });
    expect(writes.at(-1)).toMatchObject({ 'orders/u1/o1/mail/m1': { state: 'failed', error: '550 refused' } });
  });

  it('gives up after its last attempt at a passing failure', async () => {
    const { db, jobs, queue } = memoryDatabase();
    queue('m1');
    const clock = { t: 0 };
    const sender = createMailSender(db, transport(Array.from({ length: 3 }, () => smtpError(421))), {
      ...options(clock),
      maxAttempts: 3,
    });
    for (let i = 0; i < 3; i++) {
      await sender.drain();
      clock.t += 3_600_000;
    }
    expect(jobs.get('m1')).toMatchObject({ state: 'failed', attempts: 3 });
    expect(String(jobs.get('m1')!.error)).toMatch(/^gave up after 3 attempts/);
  });

  it('tells lasting refusals from passing ones, and waits 30 s, 1 min, 2 min … at most an hour', () => {
    expect(isPermanent(smtpError(550))).toBe(true);
    expect(isPermanent(smtpError(452))).toBe(false);
    expect(isPermanent(new Error('ETIMEDOUT'))).toBe(false);
    expect(isPermanent(new UnsendableMail('no address'))).toBe(true);
    expect([1, 2, 3, 20].map(retryDelay)).toEqual([30_000, 60_000, 120_000, 3_600_000]);
  });
});

describe('the callers’ limit', () => {
  it('allows so many calls a window per caller, then none until the next window', () => {
    const clock = { t: 0 };
    const limit = rateLimit(2, 1000, () => clock.t);
    expect([limit.allow('a'), limit.allow('a'), limit.allow('a'), limit.allow('b')]).toEqual([true, true, false, true]);
    clock.t = 1000;
    expect(limit.allow('a')).toBe(true);
  });
});

describe('who is calling', () => {
  // Found by the attacker's review: behind the Functions emulator (and Cloud Functions, through request.ip) the
  // caller was the first X-Forwarded-For entry, which the caller writes; a new one each call escaped the limit.
  const forged = (n: number) => ({ 'x-forwarded-for': `10.0.0.${n}, 203.0.113.7` });

  it('behind Google, is the address its front end appended, whatever the caller wrote before it', () => {
    const callers = [1, 2, 3].map((n) => callerBehindGoogle(forged(n), '169.254.1.1'));
    expect(new Set(callers.map((c) => c.person))).toEqual(new Set(['203.0.113.7']));
    expect(callerBehindGoogle({}, '169.254.1.1')).toEqual({ network: '169.254.1.1', person: '169.254.1.1' });
    expect(callerBehindGoogle({ 'x-forwarded-for': ['198.51.100.2', '203.0.113.7'] }, undefined).network).toBe(
      '203.0.113.7',
    );
  });

  it('behind Hosting, is the visitor the CDN names, inside the edge it came through', () => {
    const via = (visitor: string) =>
      callerBehindGoogle({ 'x-forwarded-for': '1.2.3.4, 151.101.1.1', 'fastly-client-ip': visitor }, undefined);
    expect(via('198.51.100.9')).toEqual({ network: '151.101.1.1', person: '151.101.1.1 198.51.100.9' });
    expect(via('198.51.100.9').person).not.toBe(via('198.51.100.10').person);
  });

  it('with nothing in front (vite preview, the emulator), is the connection, never a header', () => {
    expect(callerDirect('127.0.0.1')).toEqual({ network: '127.0.0.1', person: '127.0.0.1' });
  });

  it('cannot escape the limit with new headers: six tries with six forged addresses, the sixth is refused', () => {
    const limit = callerLimit(rateLimit(5, 600_000), rateLimit(100, 600_000));
    const answers = [1, 2, 3, 4, 5, 6].map((n) => limit.allow(callerBehindGoogle(forged(n), undefined)));
    expect(answers).toEqual([true, true, true, true, true, false]);
  });

  it('holds a person whose key is forgeable (Fastly-Client-IP without Hosting) inside their network', () => {
    const limit = callerLimit(rateLimit(5, 600_000), rateLimit(100, 600_000));
    const answers = Array.from({ length: 101 }, (_, n) =>
      limit.allow(
        callerBehindGoogle({ 'x-forwarded-for': '203.0.113.7', 'fastly-client-ip': `10.1.${n >> 8}.${n & 255}` }, ''),
      ),
    );
    expect(answers.filter(Boolean)).toHaveLength(100);
    expect(answers.at(-1)).toBe(false);
  });
});

describe('an email in the order’s language', () => {
  it('writes a German order’s confirmation in German, its money, dates and deadline in German too', () => {
    const mail = composeMail(inLanguage('de-DE', {}, pay('transfer')));
    expect(mail.subject).toBe('Ihre Bestellung K7M4-QXPR: Bitte bis 4. Dez. 2026, 12:00 UTC bezahlen · Hall & Co');
    expect(mail.text).toContain('Hallo Ann Buyer,');
    expect(mail.text).toContain('Sie ist bis 4. Dez. 2026, 12:00 UTC für Sie reserviert');
    expect(mail.text).toContain('Bestellnummer: K7M4-QXPR');
    expect(mail.text).toContain('2 × Gig <b>night</b>, je 12,50\u00a0£');
    expect(mail.text).toContain('Gesamt: 25,00\u00a0£');
    expect(mail.text).toContain('So zahlen Sie 25,00\u00a0£ per Überweisung:');
    expect(mail.text).toContain('Verwendungszweck (bitte genau so angeben): K7M4-QXPR');
    expect(mail.html).toContain('<html lang="de-DE">');
    expect(mail.html).toContain('Bestellung öffnen');
    // The reference to quote is never broken over two lines (at its hyphen) on a narrow phone.
    expect(mail.html).toContain('genau so angeben): <span style="white-space:nowrap;">K7M4-QXPR</span>');
  });

  it('lists a German order’s tickets in German, with the event’s time in German', () => {
    const mail = composeMail(inLanguage('de-DE', {}, pay('door')));
    expect(mail.text).toMatch(/- Gig <b>night<\/b>, Di\., 1\. Juni 2027, 19:00 UTC, für Ann: ABCD/);
    expect(mail.html).toContain('alt="QR-Code des Tickets ABCD-');
  });

  it('leaves no English in any German email, of every kind and variant', () => {
    // Words of the English emails that German never uses; the order's own data (title, names) is English here.
    const english = /\b(your|order|the|thank|please|pay|total|reference|hello|free|each|refund\w*|we|is|by)\b/i;
    for (const [variant, overrides, payment] of MAIL_VARIANTS) {
      const german = composeMail(inLanguage('de-DE', overrides, payment));
      const englishMail = composeMail(inLanguage('en-GB', overrides, payment));
      const words = (mail: ComposedMail) =>
        [mail.subject, mail.text, mail.html.replace(/<[^>]*>/g, ' ')]
          .join('\n')
          .replace(/https:\/\/\S+|\S+@\S+/g, '')
          .replace(/Gig \S+|Hall (&|&amp;) Co( Ltd)?|Ann( Buyer)?|Main Hall|Barclays/g, '');
      expect(words(englishMail), variant).toMatch(english);
      expect(words(german).match(english), variant).toBeNull();
    }
  });

  it('writes an order from before languages as it always was: English, formatted in the shop’s locale', () => {
    const mail = composeMail(inLanguage(null, {}, pay('transfer')));
    expect(mail.subject).toBe('Your order K7M4-QXPR: please pay by 4 Dec 2026, 12:00 UTC · Hall & Co');
    expect(mail.html).toContain('<html lang="en-GB">');
  });

  it('has every trusted text in every language the shop speaks, compiled from the catalogues', () => {
    expect(Object.keys(german).sort()).toEqual(Object.keys(english).sort());
    expect(Object.keys(english).length).toBeGreaterThan(50);
    const same = Object.keys(english).filter((id) => JSON.stringify(english[id]) === JSON.stringify(german[id]));
    // Only texts that read the same in both, such as "Bank: {bank}", and a document's "{name} {percent}".
    expect(same.sort()).toEqual(['document.rateLabel', 'document.reason', 'mail.pay.bank']);
  });
});

describe('the greeting', () => {
  it("greets by a name, and by nothing when the 'name' is a sentence, a number or a link", () => {
    expect(greeting(i18n, 'Ann')).toBe('Hello Ann,');
    expect(greeting(i18n, "  Ann-Marie   O'Neill ")).toBe("Hello Ann-Marie O'Neill,");
    expect(greeting(i18n, 'Zoë Ødegård')).toBe('Hello Zoë Ødegård,');
    expect(greeting(i18n, 'J. R. R. Tolkien')).toBe('Hello J. R. R. Tolkien,');
    expect(greeting(i18n, 'URGENT: your bank account is locked, call 0800 000 000')).toBe('Hello,');
    expect(greeting(i18n, 'visit https://evil.test')).toBe('Hello,');
    expect(greeting(i18n, 'a'.repeat(61))).toBe('Hello,');
    expect(greeting(i18n, '')).toBe('Hello,');
  });
});

describe('telling an order’s emails of one kind apart', () => {
  it('names a refund’s email, made or failed, and a confirmation after a change of method, by their ids', () => {
    const made = orderMailIds.refund('o1', 'r-9');
    const failed = orderMailIds.refundFailed('o1', 'r-9');
    expect(orderMailIds.refundOf('o1', made)).toEqual({ refundId: 'r-9', failed: false });
    expect(orderMailIds.refundOf('o1', failed)).toEqual({ refundId: 'r-9', failed: true });
    // Another order's, or one naming no refund, names none.
    expect(orderMailIds.refundOf('o2', made)).toBeNull();
    expect(orderMailIds.refundOf('o1', 'o1-refund-')).toBeNull();
    expect(i18n._(mailLabel({ id: made, kind: 'refund' }, 'o1'))).toBe('Refund');
    expect(i18n._(mailLabel({ id: failed, kind: 'refund' }, 'o1'))).toBe('Refund did not go through');
    expect(i18n._(mailLabel({ id: orderMailIds.methodChanged('o1', 3), kind: 'confirmation' }, 'o1'))).toBe(
      'How to pay, after a change of method',
    );
    expect(i18n._(mailLabel({ id: 'o1-confirmation', kind: 'confirmation' }, 'o1'))).toBe('Order confirmation');
  });
});
