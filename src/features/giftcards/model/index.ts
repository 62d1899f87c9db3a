/**
 * The gift card model (docs/gift-cards.md), pure and shared with trusted code: what the rest of the app may use.
 */
export { MOVEMENT_KINDS, normaliseGiftCardCode, UNUSABLE_REASONS, type UnusableReason } from './giftCard';
export { GIFT_CARD_BALANCE_ENDPOINT, type GiftCardBalanceAnswer } from './balanceEndpoint';
export { displayGiftCardCode, GIFT_CARD_PAGE_PATH } from './giftCard';
export { parseIssuedCards, type IssuedCard } from './issuedCard';
export type { MovementKind } from './giftCard';
