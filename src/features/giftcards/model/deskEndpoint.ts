/**
 * POST: the desk, having queued a gift card request (deskRequests.ts), asks trusted code to apply the queue now. A
 * module of its own with no imports, as vite.config.ts loads it as it is (docs/gift-cards.md#on-the-desk).
 */
export const GIFT_CARD_DESK_ENDPOINT = '/api/giftcards/apply';
