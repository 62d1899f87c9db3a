/**
 * The desk's side of a message to everyone booked on an event (docs/email.md#a-message-to-everyone-booked): staff
 * write the message once; trusted code works out who receives it, sends it and counts the deliveries on it, which
 * the desk follows live.
 */
import { useMemo } from 'react';
import { database } from '../../../firebase/database';
import { paths } from '../../../firebase/paths';
import type { ShopLanguage } from '../../../i18n/languages';
import { parseBookedMessage, type BookedMessage, type MessageWords } from '../../orders';
import { sendQueuedMail, useLiveQueries, type Live } from '../../dashboardKit';
import { normaliseVoucherCode, voucherPaths } from '../../vouchers/model';

/** Stores the message for trusted code to send, and asks it to start; resolves to the message's id. */
export async function sendBookedMessage(
  eventId: string,
  uid: string,
  message: MessageWords & { translations: Partial<Record<ShopLanguage, MessageWords>>; voucher: string | null },
): Promise<string> {
  const db = await database();
  const id = db.newKey(paths.eventMessages);
  await db.set(paths.eventMessage(id), {
    event: eventId,
    subject: message.subject.trim(),
    body: message.body.trim(),
    ...(Object.keys(message.translations).length > 0
      ? {
          translations: Object.fromEntries(
            Object.entries(message.translations).map(([language, words]) => [
              language,
              { subject: words.subject.trim(), body: words.body.trim() },
            ]),
          ),
        }
      : {}),
    ...(message.voucher ? { voucher: message.voucher } : {}),
    by: uid,
    created: db.serverTime,
    expand: db.serverTime,
  });
  sendQueuedMail();
  return id;
}

/**
 * The voucher a message is to carry, as typed: its stored code when it is one that exists, `invalid` when it cannot
 * be a code, `unknown` when there is none by it (the rules would refuse the message).
 */
export async function messageVoucher(typed: string): Promise<string | 'invalid' | 'unknown'> {
  const code = normaliseVoucherCode(typed);
  if (code === null) return 'invalid';
  const db = await database();
  return (await db.read(voucherPaths.voucher(code))) == null ? 'unknown' : code;
}

/** The messages sent to everyone booked on `eventId`, newest first, with their delivery counts, live. */
export function useBookedMessages(eventId: string): Live<BookedMessage[]> {
  const live = useLiveQueries([{ path: paths.eventMessages, spec: { child: 'event', equal: eventId } }]);
  return useMemo(
    () =>
      live.status === 'ready'
        ? {
            status: 'ready',
            value: (live.value[0] ?? [])
              .flatMap(([id, raw]) => {
                const message = parseBookedMessage(id, raw);
                return message ? [message] : [];
              })
              .sort((a, b) => b.created - a.created),
          }
        : live,
    [live],
  );
}
