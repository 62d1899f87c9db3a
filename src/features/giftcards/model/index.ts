/**
 * The gift card model (docs/gift-cards.md), pure and shared with trusted code: what the rest of the app may use.
 */
export {
  displayGiftCardCode,
  GIFT_CARD_PAGE_PATH,
  MOVEMENT_KINDS,
  normaliseGiftCardCode,
  parseGiftCard,
  UNUSABLE_REASONS,
  type GiftCard,
  type MovementKind,
  type UnusableReason,
} from './giftCard';
export { GIFT_CARD_BALANCE_ENDPOINT, type GiftCardBalanceAnswer } from './balanceEndpoint';
export { parseIssuedCards, type IssuedCard } from './issuedCard';
export {
  GIFT_CARD_DESK_ENDPOINT,
  GIFT_CARD_NOTE_MAX,
  GIFT_CARD_VALUE_MAX,
  giftCardDeskPaths,
  giftCardRequestRecord,
  parseGiftCardDeskOutcome,
  type GiftCardDeskOutcome,
  type GiftCardRequest,
} from './deskRequests';
export { deskCardRecipients, type DeskCardRecipient } from './deskCardMail';
export {
  GIFT_MESSAGE_MAX,
  GIFT_NAME_MAX,
  giftRecipientRecord,
  isGiftAddress,
  parseGiftRecipient,
  type GiftRecipient,
} from './giftRecipient';
