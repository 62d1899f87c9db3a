/**
 * What the desk says of the waiting list (docs/waiting-list.md#on-the-desk): where an entry stands, and what became
 * of an offer or a skip asked by hand.
 */
import { msg, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { WaitingDeskOutcome, WaitingState } from '../model';

/** Where an entry stands, in a word or two. */
export const STATE_WORDS: Record<WaitingState, MessageDescriptor> = {
  waiting: msg`waiting`,
  offered: msg`offered`,
  bought: msg`bought`,
  expired: msg`offer expired`,
  left: msg`left the list`,
};

/** What trusted code did with a request about `email`'s entry, or that it is still to answer ('queued'). */
export function outcomeWords(outcome: WaitingDeskOutcome | 'queued', email: string): string {
  if (outcome === 'queued') {
    return t`The shop’s server has not answered yet. It is done as soon as it does, and shows in the list.`;
  }
  switch (outcome.kind) {
    case 'offered':
      return t`Places are held for ${email}; the offer is on its way by email.`;
    case 'skipped':
      return t`${email} is off the list.`;
    case 'not-found':
      return t`${email} is no longer on the list.`;
    case 'not-waiting':
      return t`${email} is no longer waiting: the list shows where they stand now.`;
    case 'no-places':
      return t`Not enough places are free for ${email}. Raise the capacity, or wait for places to come back.`;
  }
}
