/**
 * The email that takes an order's gift cards to whom the buyer named at checkout (docs/gift-cards.md#selling-them):
 * to their address, in the order's language, with the buyer's name and message and each card's code, value and how
 * long it lasts. Nothing else of the order: not its reference, its other lines, its total or its page's link, which
 * are the buyer's.
 */
import type { I18n } from '@lingui/core';
import type { GiftRecipient } from '../../../src/features/giftcards/model/giftRecipient';
import type { IssuedCard } from '../../../src/features/giftcards/model/issuedCard';
import { escapeHtml } from '../../../src/lib/escapeHtml';
import type { SiteState } from '../../../src/state/types';
import { UnsendableMail, contactLines, envelope, htmlFrame, oneLine, orderWriting, shopNameOf } from './compose';
import type { ComposedMail, MailContext } from './compose';
import { giftCardSection } from './giftCardSection';
import { greeting, nameInMail } from '../../../src/features/orders/orderMail';
import { say } from '../language/orderLanguage';

const WORDS = {
  subject: /*i18n*/ {
    id: 'mail.gift.subject',
    message: '{buyer} sent you {count, plural, one {a gift card} other {# gift cards}}',
  },
  lead: /*i18n*/ {
    id: 'mail.gift.lead',
    message: '{buyer} has sent you {count, plural, one {a gift card} other {# gift cards}} for {shop}.',
  },
  message: /*i18n*/ { id: 'mail.gift.message', message: '{buyer} wrote:' },
  someone: /*i18n*/ { id: 'mail.gift.someone', message: 'Someone' },
} as const;

/** The recipient's email of the order in `ctx`; throws UnsendableMail when it names no recipient or has no cards. */
export function composeGiftMail(ctx: Omit<MailContext, 'kind'>): ComposedMail {
  const { order, shop } = ctx;
  const recipient = order.gift;
  if (!recipient) throw new UnsendableMail('the order names nobody to give its gift cards to');
  if (ctx.giftCards.length === 0) throw new UnsendableMail('the order has issued no gift card');
  const { i18n, locale } = orderWriting(order, shop);
  // The buyer's name where it reads as a name, as every email uses typed names (docs/security.md#email).
  const buyer = nameInMail(order.contact.name) ?? i18n._(WORDS.someone);
  const values = { buyer, count: ctx.giftCards.length, shop: shopNameOf(shop) };
  const subject = oneLine(say(i18n, WORDS.subject, values), 150);
  const body = giftMailBody({
    i18n,
    locale,
    shop,
    subject,
    lead: say(i18n, WORDS.lead, values),
    recipient,
    giver: buyer,
    cards: ctx.giftCards,
    balanceUrl: ctx.balanceUrl,
  });
  return { ...envelope(ctx, subject, recipient.email), ...body, attachments: [] };
}

/**
 * What every email that gives someone gift cards holds (this one, and a card staff issued by hand, deskCardMail.ts):
 * the greeting by `recipient`'s name, `lead`, their message quoted as `giver`'s words, the cards, and the shop.
 */
export function giftMailBody(parts: {
  i18n: I18n;
  locale: string;
  shop: SiteState;
  subject: string;
  lead: string;
  recipient: Pick<GiftRecipient, 'name' | 'message'>;
  giver: string;
  cards: readonly IssuedCard[];
  balanceUrl: string;
}): { text: string; html: string } {
  const { i18n, locale, shop, recipient, lead } = parts;
  const hello = greeting(i18n, recipient.name);
  const cards = giftCardSection(parts.cards, { i18n, locale, timeZone: shop.timezone, balanceUrl: parts.balanceUrl });
  const wrote = recipient.message ? say(i18n, WORDS.message, { buyer: parts.giver }) : '';
  const text = [
    shopNameOf(shop),
    '',
    hello,
    '',
    lead,
    '',
    ...(recipient.message ? [wrote, recipient.message, ''] : []),
    ...cards.text,
    ...contactLines(shop),
  ].join('\n');
  const quoted = recipient.message
    ? `<p style="margin:0 0 4px;">${escapeHtml(wrote)}</p><blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #1565c0;background:#f4f7fc;">${escapeHtml(recipient.message).replace(/\n/g, '<br>')}</blockquote>`
    : '';
  const html = htmlFrame(
    parts.subject,
    shop,
    i18n.locale,
    `<p style="margin:0 0 12px;">${escapeHtml(hello)}</p>
<p style="margin:0 0 12px;">${escapeHtml(lead)}</p>
${quoted}
${cards.html}`,
  );
  return { text, html };
}
