/**
 * What checkout says in words of a line's problems and of a request waiting in line, in the language spoken now.
 */
import { t } from '@lingui/core/macro';
import type { ItemIssue } from '../wishlist';
import type { RequestProgress } from './placeOrder';

/** What the allocator's answer decides for a request in line. */
export const STOCK_ISSUES: ReadonlySet<ItemIssue['kind']> = new Set(['sold-out', 'too-many']);

/** What is wrong with a line, in a few words in the language spoken now. */
export function issueLabel(issue: ItemIssue): string {
  switch (issue.kind) {
    case 'price-changed':
      return t`price changed`;
    case 'too-many': {
      const available = issue.available;
      return t`only ${available} left`;
    }
    case 'over-limit': {
      const limit = issue.limit;
      return t`at most ${limit} per order`;
    }
    case 'under-minimum': {
      const minimum = issue.minimum;
      return t`at least ${minimum} per order`;
    }
    case 'not-on-sale-yet':
      return t`sales not open yet`;
    case 'sold-out':
      return t`sold out`;
    case 'unavailable':
      return t`unavailable`;
    case 'sales-closed':
      return t`sales closed`;
    case 'amount-outside':
      return t`amount not sold`;
  }
}

/** What the buyer is told while their request waits for its answer (docs/behaviour.md#the-on-sale-rush). */
export function progressText(progress: RequestProgress, connected: boolean): string {
  if (progress === 'sending') {
    return connected
      ? t`Sending your order…`
      : t`You are offline. Your order joins the line as soon as you are back online; keep this page open.`;
  }
  return connected
    ? t`You’re in line. Orders are settled in the order they reached the shop; your answer shows here in a moment.`
    : t`You’re in line and keep your place while you are offline. Your answer shows here when you are back online.`;
}
