import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { liveValueAtom } from '../../../firebase/liveValue';
import { paths } from '../../../firebase/paths';
import type { Product } from '../../catalogue';
import { productsById, productTree } from '../shop';
import { formatList } from '../../../lib/format';

/**
 * An event as the desk lists it: the first product of its group, whose id its tickets and orders are filed under,
 * with every line it sells (itself first, then its types; docs/behaviour.md#editing-types-and-quotas).
 */
export interface DeskEvent extends Product {
  lines: Product[];
}

/** Every event (dated product that is no type) staff can read, hidden and past ones too, soonest first; live. */
export function useEvents(): DeskEvent[] {
  const live = useAtomValue(liveValueAtom(paths.products));
  const raw = live.status === 'ready' ? live.value : null;
  // Built again only when the products change: an event's figures are worked out again when its lines change.
  return useMemo(
    () =>
      productTree(productsById(raw))
        .filter(({ product }) => product.date !== null && product.group === null)
        .map(({ product, types }) => ({ ...product, lines: [product, ...types] }))
        .sort((a, b) => String(a.date).localeCompare(String(b.date)) || a.title.localeCompare(b.title)),
    [raw],
  );
}

/**
 * Events have a start and no end: one counts as past 12 hours after it started, so on the night itself (and at
 * the door after midnight) it is still the current one.
 */
const PAST_AFTER_MS = 12 * 60 * 60 * 1000;

function isPastEvent(event: Pick<Product, 'date'>, now: number): boolean {
  return event.date !== null && Date.parse(event.date) + PAST_AFTER_MS < now;
}

/**
 * The event the Events tab opens on: the next one on sale that is not past, else the next hidden one, else the
 * latest past one (docs/behaviour.md#the-staff-desk). `events` soonest first, as useEvents gives them.
 */
export function openingEvent<T extends Pick<Product, 'date' | 'active'>>(
  events: readonly T[],
  now: number,
): T | undefined {
  const coming = events.filter((event) => !isPastEvent(event, now));
  return coming.find((event) => event.active) ?? coming[0] ?? events.at(-1);
}

/** What the event list says beside an event's name and time: "past, hidden" where they hold, listed as the language lists. */
export function eventMarks(event: Pick<Product, 'date' | 'active'>, now: number): string {
  const marks = [isPastEvent(event, now) ? t`past` : '', event.active ? '' : t`hidden`].filter(Boolean);
  return formatList(marks, i18n.locale, 'unit');
}
