import { useAtomValue } from 'jotai';
import { liveValueAtom } from '../../../firebase/liveValue';
import { paths } from '../../../firebase/paths';
import { isRecord } from '../../../state/validation';
import { parseProduct, type Product } from '../../catalogue';

/** Every event (dated product) staff can read, hidden and past ones too, soonest first; live. */
export function useEvents(): Product[] {
  const live = useAtomValue(liveValueAtom(paths.products));
  if (live.status !== 'ready' || !isRecord(live.value)) return [];
  return Object.entries(live.value)
    .flatMap(([id, raw]) => {
      const parsed = parseProduct(id, raw);
      return 'product' in parsed && parsed.product.date ? [parsed.product] : [];
    })
    .sort((a, b) => String(a.date).localeCompare(String(b.date)) || a.title.localeCompare(b.title));
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

/** What the event list says beside an event's name and time: ", past" and ", hidden" where they hold. */
export function eventMarks(event: Pick<Product, 'date' | 'active'>, now: number): string {
  return [isPastEvent(event, now) ? 'past' : '', event.active ? '' : 'hidden'].filter(Boolean).join(', ');
}
