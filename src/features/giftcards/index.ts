/**
 * Gift cards (docs/gift-cards.md): what the rest of the app may use of them, beside their pure model (./model).
 */
export { fetchGiftCardBalance, type GiftCardBalance, type GiftCardBalanceResult } from './balance';
export { IssuedGiftCards } from './buyer/IssuedGiftCards';
export { GiftCardAtCheckout, type AppliedGiftCard } from './buyer/GiftCardAtCheckout';
export { GiftAmountField } from './buyer/GiftAmountField';
export { GiftRecipientFields, giftFieldId, useGiftRecipientProblems } from './buyer/GiftRecipientFields';
