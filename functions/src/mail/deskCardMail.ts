/**
 * The email that takes a card staff issued by hand to whom they named (docs/gift-cards.md#on-the-desk): in the
 * language staff chose, from the shop, with staff's message and the card as the buyer-sent cards' email shows it
 * (giftMail.ts's body). Read from the card itself (`giftCards/{code}` and its `to`), which trusted code wrote in the
 * update that queued this email.
 */
import { parseDeskCardRecipient } from '../../../src/features/giftcards/model/deskCardMail';
import { giftCardPaths, parseGiftCard } from '../../../src/features/giftcards/model/giftCard';
import { paths } from '../../../src/firebase/paths';
import { readSiteFields } from '../../../src/state/site';
import { isRecord } from '../../../src/state/validation';
import { orderI18n, say } from '../language/orderLanguage';
import { envelope, oneLine, shopNameOf, UnsendableMail, type ComposedMail } from './compose';
import { giftMailBody } from './giftMail';
import type { MailDatabase } from './orderData';

const WORDS = {
  subject: /*i18n*/ { id: 'mail.deskCard.subject', message: 'A gift card for you' },
  lead: /*i18n*/ { id: 'mail.deskCard.lead', message: '{shop} has sent you a gift card.' },
} as const;

/** The email of job `job` (kind `deskcard`), for card `job.card`; throws UnsendableMail when there is no such card. */
export async function composeDeskCardMail(
  db: Pick<MailDatabase, 'read'>,
  job: { id: string; card: string },
  options: { balanceUrl: string; from: string; domain: string },
): Promise<ComposedMail> {
  const [raw, properties] = await Promise.all([db.read(giftCardPaths.card(job.card)), db.read(paths.properties)]);
  const card = parseGiftCard(job.card, raw);
  const recipient = isRecord(raw) ? parseDeskCardRecipient(raw.to) : null;
  if (!card) throw new UnsendableMail('the gift card is gone');
  if (!recipient) throw new UnsendableMail('the gift card names nobody to email it to');
  const shop = readSiteFields(isRecord(properties) ? properties : null).site;
  const i18n = orderI18n(recipient.language);
  const name = shopNameOf(shop);
  const subject = oneLine(say(i18n, WORDS.subject), 150);
  const body = giftMailBody({
    i18n,
    locale: recipient.language,
    shop,
    subject,
    lead: say(i18n, WORDS.lead, { shop: name }),
    recipient,
    giver: name,
    cards: [card],
    balanceUrl: options.balanceUrl,
  });
  const ctx = { messageId: job.id, domain: options.domain, from: options.from, shop };
  return { ...envelope(ctx, subject, recipient.email), ...body, attachments: [] };
}
