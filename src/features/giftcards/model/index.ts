/**
 * The gift card model (docs/gift-cards.md), pure and shared with trusted code: what the rest of the app may use.
 */
export { UNUSABLE_REASONS, type UnusableReason } from './giftCard';
