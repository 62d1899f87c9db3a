/**
 * Joining and leaving the waiting list (docs/waiting-list.md#joining-and-leaving): the paths and what they answer,
 * shared by trusted code (functions/src/waitinglist/join.ts) and the shop's forms. No account is needed.
 */
import type { ShopLanguage } from '../../../i18n/languages';

/** POST {product, email, quantity, language}: joins the product's waiting list. */
export const WAITING_JOIN_ENDPOINT = '/api/waitinglist/join';
/** POST {product, entry, key}: leaves it, by the link its emails carry. */
export const WAITING_LEAVE_ENDPOINT = '/api/waitinglist/leave';

export interface WaitingJoinRequest {
  product: string;
  email: string;
  quantity: number;
  language: ShopLanguage;
}

/** Why one cannot join now: the list is closed, or places are on sale (buy them), or the product is not sold. */
export const JOIN_REFUSALS = ['closed', 'on-sale', 'unavailable', 'too-many'] as const;
export type JoinRefusal = (typeof JOIN_REFUSALS)[number];

export type WaitingJoinAnswer =
  /** In line (again, if the address was already waiting: nothing changes), at `position` among those waiting. */
  { ok: true; position: number } | { ok: false; reason: JoinRefusal };

export type WaitingLeaveAnswer = { ok: true } | { ok: false };

/** The page the leave link opens (src/app/router.tsx); the endpoint is asked from it. */
const WAITING_LEAVE_PAGE = '/waitinglist';

/** The link in a waiting list email that takes entry `entry` of `product` off the list. */
export function leaveUrl(shopUrl: string, product: string, entry: string, key: string): string {
  const url = new URL(WAITING_LEAVE_PAGE, shopUrl);
  url.search = new URLSearchParams({ product, entry, key }).toString();
  return url.toString();
}
