/**
 * The desk's data access for gift cards (docs/gift-cards.md#on-the-desk): what staff ask of a card, queued for trusted
 * code to apply (functions/src/giftcards/deskRequests.ts), and its answer.
 */
import { database } from '../../../firebase/database';
import { appStore } from '../../../state/appStore';
import { authAtom } from '../../../state/atoms';
import { queuedAnswer, type QueueOfTrustedCode } from '../../dashboardKit';
import {
  GIFT_CARD_DESK_ENDPOINT,
  giftCardDeskPaths,
  giftCardRequestRecord,
  parseGiftCardDeskOutcome,
  type GiftCardDeskOutcome,
  type GiftCardRequest,
} from '../model';

const REQUESTS: QueueOfTrustedCode<GiftCardDeskOutcome> = {
  answerPath: giftCardDeskPaths.answer,
  parse: parseGiftCardDeskOutcome,
  endpoint: GIFT_CARD_DESK_ENDPOINT,
};

/** A request as staff fill it in; the desk signs it with who is signed in. */
export type GiftCardAsk =
  Omit<Extract<GiftCardRequest, { kind: 'issue' }>, 'by'> | Omit<Extract<GiftCardRequest, { kind: 'correct' }>, 'by'>;

/** Queues `ask` as the signed-in staff member; resolves with trusted code's answer, or 'queued' while none came. */
export async function askOfGiftCards(ask: GiftCardAsk): Promise<GiftCardDeskOutcome | 'queued'> {
  const by = appStore.get(authAtom).id;
  if (!by) throw new Error('only a signed-in staff member can ask this of a gift card');
  const db = await database();
  const id = db.newKey(giftCardDeskPaths.requests);
  await db.set(giftCardDeskPaths.request(id), giftCardRequestRecord({ ...ask, by } as GiftCardRequest, db.serverTime));
  return queuedAnswer(db, REQUESTS, id);
}
