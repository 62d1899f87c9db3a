/**
 * The waiting list's emails (docs/waiting-list.md#emails), in the entry's language: that one is in line (with their
 * place and the link to leave), and an offer (how many places are held, until when, the link that buys them, the
 * link to let them pass). An entry owed an email says so (`mail`); the minute job sends it and clears the mark, so an
 * email is sent at least once. Its Message-ID is fixed by the entry and the kind, so the one case where it may go
 * twice (the job dies between sending and clearing) reaches the reader as one message.
 */
import { escapeHtml } from '../../../src/lib/escapeHtml';
import { formatMoment } from '../../../src/lib/format';
import { typedTitle } from '../../../src/lib/typedTitle';
import { paths } from '../../../src/firebase/paths';
import { readSiteFields } from '../../../src/state/site';
import type { SiteState } from '../../../src/state/types';
import { isRecord } from '../../../src/state/validation';
import { leaveUrl } from '../../../src/features/waitinglist/model/endpoints';
import { voucherLink } from '../../../src/features/vouchers/model/voucher';
import {
  entryWrites,
  parseWaitingLists,
  parseWaitingListSettings,
  waitingListPaths,
  type WaitingEntry,
} from '../../../src/features/waitinglist/model/waitingList';
import { orderI18n, say } from '../language/orderLanguage';
import { contactLines, envelope, htmlFrame, oneLine, shopNameOf, type ComposedMail } from '../mail/compose';
import type { MailTransport } from '../mail/sender';
import type { PaymentsDatabase } from '../payments/settlePayment';

const WORDS = {
  joinedSubject: /*i18n*/ { id: 'mail.waiting.joined.subject', message: 'You are on the waiting list for {product}' },
  joinedLead: /*i18n*/ {
    id: 'mail.waiting.joined.lead',
    message:
      'You are number {position} on the waiting list for {count, plural, one {one place} other {# places}} of {product}. When places come back, we offer them to the people waiting in turn, by email: you will then have {hours} hours to buy them.',
  },
  offerSubject: /*i18n*/ {
    id: 'mail.waiting.offer.subject',
    message: '{count, plural, one {A place} other {# places}} of {product} held for you',
  },
  offerLead: /*i18n*/ {
    id: 'mail.waiting.offer.lead',
    message:
      '{count, plural, one {A place} other {# places}} of {product} came back, and {count, plural, one {it is} other {they are}} held for you until {until}. Nobody else can buy {count, plural, one {it} other {them}} until then.',
  },
  offerBuy: /*i18n*/ {
    id: 'mail.waiting.offer.buy',
    message: 'Buy them with this link (it carries your code {code}):',
  },
  leave: /*i18n*/ { id: 'mail.waiting.leave', message: 'No longer interested? Leave the waiting list:' },
  offerLeave: /*i18n*/ {
    id: 'mail.waiting.offer.leave',
    message: 'No longer interested? Let them go to the next person waiting:',
  },
} as const;

export interface WaitingMailOptions {
  shopUrl: string;
  from: string;
}

/** The product's title in `language` (the organiser's translation, when there is one), for a subject line. */
function titleIn(raw: unknown, language: string | null): string {
  if (!isRecord(raw)) return '';
  const translations = isRecord(raw.translations) ? raw.translations : {};
  const own = language ? translations[language] : null;
  const title = isRecord(own) && typeof own.title === 'string' ? own.title : raw.title;
  const type = isRecord(own) && typeof own.typeName === 'string' ? own.typeName : raw.typeName;
  return typeof title === 'string' ? typedTitle(title, typeof type === 'string' ? type : null) : '';
}

/** The email `entry` is owed (its `mail`), at `position` among those waiting. */
function composeWaitingMail(
  entry: WaitingEntry,
  context: { product: string; position: number; hours: number; shop: SiteState; options: WaitingMailOptions },
): ComposedMail {
  const { shop, options } = context;
  const i18n = orderI18n(entry.language);
  const locale = entry.language ?? shop.locale;
  const product = oneLine(context.product, 100);
  const leave = leaveUrl(options.shopUrl, entry.product, entry.id, entry.key);
  const offer = entry.mail === 'offer' && entry.voucher !== null && entry.until !== null;
  const values = {
    product,
    count: entry.quantity,
    position: context.position,
    hours: context.hours,
    until: offer ? formatMoment(entry.until!, locale, shop.timezone, 'deadline') : '',
    code: entry.voucher ?? '',
  };
  const subject = say(i18n, offer ? WORDS.offerSubject : WORDS.joinedSubject, values);
  const lead = say(i18n, offer ? WORDS.offerLead : WORDS.joinedLead, values);
  const buyUrl = offer ? voucherLink(options.shopUrl, entry.voucher!) : '';
  const buy = offer ? say(i18n, WORDS.offerBuy, values) : '';
  const leaveWords = say(i18n, offer ? WORDS.offerLeave : WORDS.leave);
  const text = [
    shopNameOf(shop),
    '',
    lead,
    '',
    ...(offer ? [buy, buyUrl, ''] : []),
    leaveWords,
    leave,
    '',
    ...contactLines(shop),
  ].join('\n');
  const link = (url: string) => `<a href="${escapeHtml(url)}" style="color:#1565c0;">${escapeHtml(url)}</a>`;
  const html = htmlFrame(
    subject,
    shop,
    i18n.locale,
    `<p style="margin:0 0 12px;">${escapeHtml(lead)}</p>
${offer ? `<p style="margin:0 0 12px;">${escapeHtml(buy)}<br>${link(buyUrl)}</p>` : ''}
<p style="margin:0 0 12px;color:#555555;">${escapeHtml(leaveWords)}<br>${link(leave)}</p>`,
  );
  const messageId = `waiting-${entry.product}-${entry.id}-${offer ? 'offer' : 'joined'}`;
  const domain = new URL(options.shopUrl).hostname;
  return {
    ...envelope({ messageId, domain, from: options.from, shop }, subject, entry.email),
    text,
    html,
    attachments: [],
  };
}

export interface WaitingMailReport {
  sent: number;
  failed: number;
}

/**
 * Sends every waiting list email owed: each entry's, then clears its mark. One that cannot be sent now is tried
 * again at the next run; the entries beside it go on.
 */
export async function sendWaitingMail(
  db: PaymentsDatabase,
  transport: MailTransport,
  options: WaitingMailOptions,
  log: (message: string) => void = (message) => console.error(message),
): Promise<WaitingMailReport> {
  const report: WaitingMailReport = { sent: 0, failed: 0 };
  const read = await db.readAll([waitingListPaths.all, waitingListPaths.settings, paths.properties]);
  const lists = parseWaitingLists(read.get(waitingListPaths.all));
  const owed = [...lists.values()].flat().filter((entry) => entry.mail !== null);
  if (owed.length === 0) return report;
  const properties = read.get(paths.properties);
  const shop = readSiteFields(isRecord(properties) ? properties : null).site;
  const { hours } = parseWaitingListSettings(read.get(waitingListPaths.settings));
  const products = await db.readAll([...new Set(owed.map((entry) => paths.product(entry.product)))]);
  for (const entry of owed) {
    const waiting = lists.get(entry.product)!.filter((other) => other.state === 'waiting');
    const position = Math.max(1, waiting.findIndex((other) => other.id === entry.id) + 1);
    try {
      const product = titleIn(products.get(paths.product(entry.product)), entry.language);
      await transport.send(composeWaitingMail(entry, { product, position, hours, shop, options }));
      // Refused when the entry changed since it was read (an offer made meanwhile owes its own email): the next run
      // sends what it owes then.
      await db.update(entryWrites(entry, { mail: null }));
      report.sent++;
    } catch (error) {
      report.failed++;
      log(`waiting list: the email of entry ${entry.id} could not be sent: ${String(error).slice(0, 300)}`);
    }
  }
  return report;
}
