/**
 * A card staff issue by hand, emailed to whom they name (docs/gift-cards.md#on-the-desk), against the real local
 * database with the shop's rules, the mail sender over SMTP and the local mailbox: the request carries the recipient
 * (refused when it is not one); trusted code issues the card and queues exactly one email to that address in the one
 * update that answers the request; nobody else writes that email or changes where it goes; the sender delivers it
 * from the shop, in the language staff chose, with their message and the card.
 */
import { ServerValue } from 'firebase-admin/database';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { giftCardDeskApplier } from '../../functions/src/giftcards/deskRequests';
import { adminMailDatabase } from '../../functions/src/mail/adminMailDatabase';
import { createMailSender } from '../../functions/src/mail/sender';
import { smtpTransport } from '../../functions/src/mail/smtp';
import {
  deskCardMessageId,
  deskCardRecipientRecord,
  type DeskCardRecipient,
} from '../../src/features/giftcards/model/deskCardMail';
import {
  giftCardDeskPaths,
  giftCardRequestRecord,
  type GiftCardRequest,
} from '../../src/features/giftcards/model/deskRequests';
import {
  displayGiftCardCode,
  giftCardPaths,
  newGiftCardRecord,
  parseGiftCard,
} from '../../src/features/giftcards/model/giftCard';
import { MAILER_UID } from '../../src/features/orders/orderMail';
import { startMailbox, type Mailbox } from '../../scripts/mailbox/mailbox';
import { paymentsDatabase, SHOP_TAKING_EVERY_METHOD } from './support/paymentsHarness';

const { connect, read, trusted, url, closeAfter } = paymentsDatabase(() => ({
  ...SHOP_TAKING_EVERY_METHOD,
  properties: { currency: 'GBP', name: 'The Lantern Rooms', email: 'hello@lantern.test' },
}));

const NOW = ServerValue.TIMESTAMP;
const SHOP = 'http://localhost:4173';
const ALLOCATOR = 'storefront-order-allocator';
const refused = (write: Promise<unknown>) => expect(write).rejects.toThrow(/permission/i);

const ROBIN: DeskCardRecipient = {
  name: 'Robin Ash',
  email: 'robin@example.com',
  message: 'Thank you for all your help!\nSee you soon.',
  language: 'en-GB',
};
const ISSUE = { kind: 'issue' as const, value: 1000, currency: 'GBP', months: null, note: 'Volunteer thanks' };
type Issue = Omit<Extract<GiftCardRequest, { kind: 'issue' }>, 'by'>;
type Asked = Issue | Omit<Extract<GiftCardRequest, { kind: 'correct' }>, 'by'>;

let mailbox: Mailbox;
beforeAll(async () => {
  mailbox = await startMailbox({ smtpPort: 0, webPort: 0 });
});
beforeEach(() => {
  (mailbox.messages() as unknown[]).length = 0;
});
afterAll(() => mailbox.close());

let requests = 0;
const nextId = () => `desk-mail-${++requests}-request`;

/** Staff member `by` queues `request` as the desk writes it (judged by the rules); returns its id. */
async function queue(request: Asked, by = 'staff'): Promise<string> {
  const id = nextId();
  await connect(by, by)
    .ref(giftCardDeskPaths.request(id))
    .set(giftCardRequestRecord({ ...request, by } as GiftCardRequest, NOW));
  return id;
}

/** Staff queue a request whose recipient is `to` as written, however wrong (judged by the rules). */
const queueRaw = (to: Record<string, unknown>, kind: 'issue' | 'correct' = 'issue') =>
  connect('staff', 'staff')
    .ref(giftCardDeskPaths.request(nextId()))
    .set({
      ...(kind === 'issue' ? ISSUE : { kind, code: 'K7M4QXPR2D9FTB3W', amount: 100, note: 'Goodwill' }),
      to,
      by: 'staff',
      at: NOW,
    });

/** Applies the queue as trusted code: the answer to request `id`, and every update trusted code wrote. */
async function apply(id: string): Promise<{ answer: Record<string, unknown>; updates: Record<string, unknown>[] }> {
  const db = trusted();
  const updates: Record<string, unknown>[] = [];
  const watched = new Proxy(db, {
    get: (target, key) =>
      key === 'update'
        ? (update: Record<string, unknown>) => (updates.push(update), target.update(update))
        : Reflect.get(target, key),
  });
  await giftCardDeskApplier(watched)();
  return { answer: (await read(giftCardDeskPaths.answer(id))) as Record<string, unknown>, updates };
}

/** A card issued by trusted code for `request`; its code and request id. */
async function issued(request: Issue): Promise<{ code: string; id: string }> {
  const id = await queue(request);
  const { answer } = await apply(id);
  expect(answer).toMatchObject({ kind: 'issued' });
  return { code: answer.code as string, id };
}

function sender() {
  const db = adminMailDatabase(url());
  closeAfter(db.close);
  return createMailSender(db, smtpTransport(`smtp://127.0.0.1:${mailbox.smtpPort}`), {
    shopUrl: SHOP,
    from: 'shop@lantern.test',
  });
}
const mailTo = (address: string) => mailbox.messages().filter((m) => m.recipients.includes(address));

describe('a card issued by hand to someone staff name', () => {
  it('is issued with one email to that address queued in the same update that answers the request', async () => {
    const id = await queue({ ...ISSUE, to: ROBIN });
    const { answer, updates } = await apply(id);
    expect(answer).toMatchObject({ kind: 'issued' });
    const code = answer.code as string;
    expect(updates).toHaveLength(1);
    expect(Object.keys(updates[0]!).sort()).toEqual(
      [
        giftCardPaths.card(code),
        `mailOutbox/${deskCardMessageId(id)}`,
        giftCardDeskPaths.request(id),
        giftCardDeskPaths.answer(id),
      ].sort(),
    );
    expect(Object.keys((await read('mailOutbox')) as object)).toEqual([deskCardMessageId(id)]);
    expect(await read(`mailOutbox/${deskCardMessageId(id)}`)).toMatchObject({
      kind: 'deskcard',
      card: code,
      request: id,
      to: 'robin@example.com',
      state: 'queued',
      attempts: 0,
    });
    const stored = (await read(giftCardPaths.card(code))) as Record<string, unknown>;
    expect(parseGiftCard(code, stored)).toMatchObject({ value: 1000, balance: 1000, from: { by: 'staff' } });
    expect(stored.to).toEqual(deskCardRecipientRecord(ROBIN));
  });

  it('queues no email for a card issued to nobody', async () => {
    const { code } = await issued(ISSUE);
    expect(await read('mailOutbox')).toBeNull();
    expect(await read(`${giftCardPaths.card(code)}/to`)).toBeNull();
  });

  it('is sent by the mail sender once, from the shop, with staff’s message, the code, its value and the balance page', async () => {
    const { code, id } = await issued({ ...ISSUE, to: ROBIN });
    const mail = sender();
    expect(await mail.drain()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await mail.drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await read(`mailOutbox/${deskCardMessageId(id)}`)).toMatchObject({ state: 'sent' });
    expect(mailbox.messages()).toHaveLength(1);
    const [email] = mailTo('robin@example.com');
    expect(email!.parsed.subject).toBe('A gift card for you · The Lantern Rooms');
    const text = email!.parsed.text ?? '';
    expect(text).toContain('Hello Robin Ash,\n\nThe Lantern Rooms has sent you a gift card.');
    expect(text).toContain('The Lantern Rooms wrote:\nThank you for all your help!\nSee you soon.');
    expect(text).toContain(`- ${displayGiftCardCode(code)}: £10.00, never expires`);
    expect(text).toContain(`${SHOP}/giftcard`);
    expect(email!.parsed.html).toContain('<html lang="en-GB">');
  });

  it('is written in the language staff chose, with the card’s expiry', async () => {
    const { code } = await issued({ ...ISSUE, months: 12, to: { ...ROBIN, message: '', language: 'de-DE' } });
    expect(await sender().drain()).toMatchObject({ sent: 1 });
    const [email] = mailTo('robin@example.com');
    const text = email!.parsed.text ?? '';
    expect(email!.parsed.html).toContain('<html lang="de-DE">');
    expect(text).toContain('Hallo Robin Ash,');
    expect(text).toContain('Ihre Gutscheine:');
    expect(text).toMatch(new RegExp(`- ${displayGiftCardCode(code)}: 10,00\\s£, gültig bis `));
    expect(text).not.toContain('wrote:');
  });
});

describe('the email of a card issued by hand, as the rules keep it', () => {
  it('is written by trusted code alone, and nobody changes where it goes', async () => {
    const { code, id } = await issued({ ...ISSUE, to: ROBIN });
    const job = `mailOutbox/${deskCardMessageId(id)}`;
    const staff = connect('staff', 'staff');
    await refused(staff.ref(`${job}/to`).set('mallory@example.com'));
    await refused(connect('mailer', MAILER_UID).ref(`${job}/to`).set('mallory@example.com'));
    await refused(staff.ref(`${giftCardPaths.card(code)}/to/email`).set('mallory@example.com'));
    // Staff queue one themselves, for the card just issued: refused.
    await refused(
      staff.ref(`mailOutbox/${deskCardMessageId('desk-mail-own')}`).set({
        kind: 'deskcard',
        card: code,
        request: id,
        to: 'mallory@example.com',
        created: NOW,
        next: NOW,
        state: 'queued',
        attempts: 0,
      }),
    );
    expect(await read(`${job}/to`)).toBe('robin@example.com');
  });

  it('takes trusted code’s email only to the address the request named, with a card issued in that update', async () => {
    const id = await queue({ ...ISSUE, to: ROBIN });
    const code = 'K7M4QXPR2D9FTB3W';
    const card = (email: string) => ({
      ...newGiftCardRecord({ currency: 'GBP', value: 1000, expires: null, from: { by: 'staff' } }, NOW),
      to: deskCardRecipientRecord({ ...ROBIN, email }),
    });
    const job = (to: string, request = id) => ({
      [`mailOutbox/${deskCardMessageId(request)}`]: {
        kind: 'deskcard',
        card: code,
        request,
        to,
        created: NOW,
        next: NOW,
        state: 'queued',
        attempts: 0,
      },
    });
    const answered = {
      [giftCardDeskPaths.request(id)]: null,
      [giftCardDeskPaths.answer(id)]: { kind: 'issued', code, at: NOW },
    };
    const allocator = connect('allocator', ALLOCATOR).ref();
    const mallory = 'mallory@example.com';
    await refused(allocator.update({ ...answered, [giftCardPaths.card(code)]: card(mallory), ...job(mallory) }));
    await refused(allocator.update({ ...answered, [giftCardPaths.card(code)]: card(ROBIN.email), ...job(mallory) }));
    // Not answering the request, or without issuing the card in the same update.
    await refused(allocator.update({ [giftCardPaths.card(code)]: card(ROBIN.email), ...job(ROBIN.email) }));
    await refused(allocator.update({ ...answered, ...job(ROBIN.email) }));
    expect(await read('mailOutbox')).toBeNull();
    // What trusted code writes is taken; a second email for the same card, later, is not.
    await allocator.update({ ...answered, [giftCardPaths.card(code)]: card(ROBIN.email), ...job(ROBIN.email) });
    await refused(allocator.update(job(ROBIN.email, 'desk-mail-again')));
    // Nor one for that card by another request to the same address: the card was not issued by it.
    const again = await queue({ ...ISSUE, to: ROBIN });
    await refused(
      allocator.update({
        [giftCardDeskPaths.request(again)]: null,
        [giftCardDeskPaths.answer(again)]: { kind: 'issued', code, at: NOW },
        ...job(ROBIN.email, again),
      }),
    );
  });

  it('refuses a recipient that is not one: a bad address, a long message, a language the shop does not speak', async () => {
    const to = deskCardRecipientRecord(ROBIN);
    await refused(queueRaw({ ...to, email: 'robin@' }));
    await refused(queueRaw({ ...to, email: 'robin@example.com\nBcc: all@example.com' }));
    await refused(queueRaw({ ...to, message: 'x'.repeat(501) }));
    await refused(queueRaw({ ...to, language: 'fr-FR' }));
    await refused(queueRaw({ ...to, name: '' }));
    await refused(queueRaw({ name: to.name, email: to.email }));
    await refused(queueRaw({ ...to, cc: 'mallory@example.com' }));
    // A correction emails nobody.
    await refused(queueRaw(to, 'correct'));
    expect(await read(giftCardDeskPaths.requests)).toBeNull();
    // The longest message is taken.
    await queueRaw({ ...to, message: 'x'.repeat(500) });
  });

  it('leaves a card emailed to someone as any other card: corrected with a note, its recipient kept', async () => {
    const { code } = await issued({ ...ISSUE, to: ROBIN });
    const id = await queue({ kind: 'correct', code, amount: -250, note: 'Paid at the bar' });
    expect((await apply(id)).answer).toMatchObject({ kind: 'corrected', balance: 750 });
    expect(await read(`${giftCardPaths.card(code)}/to/email`)).toBe('robin@example.com');
  });
});
