import type { MessagePart } from '../../i18n/catalogues';

/**
 * The part of the messages each page says besides `start`, which it loads with its code (pages.ts, src/i18n/
 * catalogues.ts): a first visit waits for it too, so bench/bundle.ts counts it. The public pages say only `start`.
 */
export const PAGE_MESSAGES = {
  cart: 'more',
  checkout: 'more',
  login: 'more',
  dashboard: 'more',
  order: 'more',
  document: 'more',
  giftCard: 'more',
  waitingList: 'more',
} as const satisfies Record<string, MessagePart>;
