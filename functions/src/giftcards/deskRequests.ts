/**
 * What staff ask of gift cards, applied by trusted code (docs/gift-cards.md#on-the-desk): a card issued by hand, or
 * a card's balance corrected with a note. Each request is applied in one update that takes it off the queue with its
 * answer; a correction decided from a stale reading of its card (another movement landed meanwhile) is refused by the
 * rules (the card's `v`) and decided again.
 */
import {
  giftCardDeskPaths,
  parseGiftCardRequest,
  type GiftCardDeskOutcome,
  type GiftCardRequest,
} from '../../../src/features/giftcards/model/deskRequests';
import {
  giftCardPaths,
  movementWrites,
  newGiftCardCode,
  newGiftCardRecord,
  parseGiftCard,
} from '../../../src/features/giftcards/model/giftCard';
import {
  DESK_CARD_MAIL_KIND,
  deskCardMessageId,
  deskCardRecipientRecord,
} from '../../../src/features/giftcards/model/deskCardMail';
import { paths } from '../../../src/firebase/paths';
import { queuedJob } from '../../../src/features/orders/orderMail';
import { applyDecided, queueApplier, type QueueReport } from '../answeredQueue';
import { SERVER_TIME, type PaymentsDatabase } from '../payments/settlePayment';
import { monthsAfter } from './issue';

export interface GiftCardDeskDatabase extends PaymentsDatabase {
  /** Up to `limit` queued requests, oldest first. */
  oldestGiftCardRequests(limit: number): Promise<{ key: string; raw: unknown }[]>;
}

export type GiftCardDeskReport = QueueReport<GiftCardDeskOutcome['kind']>;

function answered(id: string, outcome: GiftCardDeskOutcome, writes: Record<string, unknown> = {}) {
  return {
    outcome,
    update: {
      ...writes,
      [giftCardDeskPaths.request(id)]: null,
      [giftCardDeskPaths.answer(id)]: { ...outcome, at: SERVER_TIME },
    },
  };
}

/**
 * The email of card `code`, issued for request `requestId`, to `to` (the recipient's address): its job, which the
 * rules take only in the update that issues the card and answers the request, to the address the request named.
 */
function deskCardMailWrites(requestId: string, code: string, to: string): Record<string, unknown> {
  return {
    [paths.outboxMessage(deskCardMessageId(requestId))]: queuedJob(
      { kind: DESK_CARD_MAIL_KIND, card: code, request: requestId, to },
      SERVER_TIME,
    ),
  };
}

/**
 * The update that issues a card for request `id`: a fresh code, its record and its `issued` movement; when the
 * request names someone to email it to, the card keeps them (`to`) and their email is queued in the same update.
 */
function issueUpdate(
  id: string,
  request: Extract<GiftCardRequest, { kind: 'issue' }>,
  now: number,
  newCode: () => string,
) {
  const code = newCode();
  const card = newGiftCardRecord(
    {
      currency: request.currency,
      value: request.value,
      expires: request.months === null ? null : monthsAfter(now, request.months),
      from: { by: request.by },
    },
    SERVER_TIME,
    request.note,
  );
  if (!request.to) return answered(id, { kind: 'issued', code }, { [giftCardPaths.card(code)]: card });
  return answered(
    id,
    { kind: 'issued', code },
    {
      [giftCardPaths.card(code)]: { ...card, to: deskCardRecipientRecord(request.to) },
      ...deskCardMailWrites(id, code, request.to.email),
    },
  );
}

async function decide(
  db: GiftCardDeskDatabase,
  id: string,
  raw: unknown,
  now: () => number,
  newCode: () => string,
): Promise<{ update: Record<string, unknown>; outcome: GiftCardDeskOutcome }> {
  const request = parseGiftCardRequest(raw);
  if (!request) return answered(id, { kind: 'invalid' });
  if (request.kind === 'issue') return issueUpdate(id, request, now(), newCode);
  const path = giftCardPaths.card(request.code);
  const card = parseGiftCard(request.code, (await db.readAll([path])).get(path));
  if (!card) return answered(id, { kind: 'not-found' });
  const balance = card.balance + request.amount;
  if (balance < 0) return answered(id, { kind: 'below-nothing', balance: card.balance });
  const movement = { amount: request.amount, kind: 'corrected' as const, note: request.note, by: request.by };
  return answered(id, { kind: 'corrected', balance }, movementWrites(card, `corrected-${id}`, movement, SERVER_TIME));
}

/** Requests looked at per query. */
const PAGE = 50;

/** Applies every queued request; calls while a run goes join it. */
export function giftCardDeskApplier(
  db: GiftCardDeskDatabase,
  now: () => number = Date.now,
  newCode: () => string = newGiftCardCode,
): () => Promise<GiftCardDeskReport> {
  return queueApplier(
    (limit) => db.oldestGiftCardRequests(limit),
    PAGE,
    (id, raw) => applyDecided(db, () => decide(db, id, raw, now, newCode)),
  );
}
