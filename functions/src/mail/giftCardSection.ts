/**
 * The gift cards an order issued, as its emails carry them (docs/gift-cards.md#selling-them): each card's code as
 * people read it, its value and how long it lasts, how to spend it and where its balance is told. The codes are the
 * money: they go only in emails to the order's own address, as its tickets do.
 */
import type { I18n } from '@lingui/core';
import { displayGiftCardCode } from '../../../src/features/giftcards/model/giftCard';
import { escapeHtml } from '../../../src/lib/escapeHtml';
import { formatMoment } from '../../../src/lib/format';
import { formatMoney, fromMinorUnits } from '../../../src/lib/money';
import type { IssuedCard } from '../../../src/features/giftcards/model/issuedCard';
import { say } from '../language/orderLanguage';

const WORDS = {
  heading: /*i18n*/ { id: 'mail.giftCards.heading', message: 'Your gift cards' },
  howTo: /*i18n*/ {
    id: 'mail.giftCards.howTo',
    message:
      'Pay with a card at checkout, in whole or in part: enter its code as the way to pay. Whoever has a code can spend it, so give it only to whom you mean it for.',
  },
  lasts: /*i18n*/ { id: 'mail.giftCards.until', message: '{value}, valid until {until}' },
  forever: /*i18n*/ { id: 'mail.giftCards.forever', message: '{value}, never expires' },
  balance: /*i18n*/ { id: 'mail.giftCards.balance', message: 'What is left on a card, and where it went: {url}' },
} as const;

export interface GiftCardSection {
  text: string[];
  html: string;
}

/** The section for `cards`, written in `locale` and the shop's zone; `balanceUrl` is the balance page's address. */
export function giftCardSection(
  cards: readonly IssuedCard[],
  { i18n, locale, timeZone, balanceUrl }: { i18n: I18n; locale: string; timeZone: string | null; balanceUrl: string },
): GiftCardSection {
  if (cards.length === 0) return { text: [], html: '' };
  const about = (card: IssuedCard) => {
    const value = formatMoney(fromMinorUnits(card.value, card.currency), card.currency, locale);
    return card.expires === null
      ? say(i18n, WORDS.forever, { value })
      : say(i18n, WORDS.lasts, { value, until: formatMoment(card.expires, locale, timeZone, 'deadline') });
  };
  const howTo = i18n._(WORDS.howTo);
  const balance = say(i18n, WORDS.balance, { url: balanceUrl });
  const text = [
    `${i18n._(WORDS.heading)}:`,
    ...cards.map((card) => `- ${displayGiftCardCode(card.code)}: ${about(card)}`),
    howTo,
    balance,
    '',
  ];
  const cell = 'padding:8px 0;border-bottom:1px solid #e0e0e0;font-family:Arial,Helvetica,sans-serif;font-size:15px;';
  const rows = cards
    .map(
      (card) =>
        `<tr><td style="${cell}"><div style="font-family:Consolas,Menlo,monospace;font-size:20px;font-weight:bold;letter-spacing:1px;white-space:nowrap;">${escapeHtml(displayGiftCardCode(card.code))}</div><div>${escapeHtml(about(card))}</div></td></tr>`,
    )
    .join('');
  const html = `<h2 style="font-size:18px;margin:24px 0 8px;">${escapeHtml(i18n._(WORDS.heading))}</h2><table role="presentation" width="100%" cellpadding="0" cellspacing="0">${rows}</table><p style="margin:12px 0 8px;">${escapeHtml(howTo)}</p><p style="margin:0 0 8px;">${escapeHtml(balance).replace(escapeHtml(balanceUrl), `<a href="${escapeHtml(balanceUrl)}" style="color:#1565c0;">${escapeHtml(balanceUrl)}</a>`)}</p>`;
  return { text, html };
}
