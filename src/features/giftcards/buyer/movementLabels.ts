import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { MovementKind } from '../model';

/** What each movement of a card's money is called, on the balance page and the desk (docs/gift-cards.md#a-card). */
export const MOVEMENT_LABELS: Record<MovementKind, MessageDescriptor> = {
  issued: msg`Issued`,
  spent: msg`Spent on an order`,
  returned: msg`Given back`,
  corrected: msg`Corrected by the shop`,
  voided: msg`Cancelled with the order that bought it`,
};
