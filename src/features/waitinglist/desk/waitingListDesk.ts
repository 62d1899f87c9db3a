/**
 * The waiting lists as the desk shows them (docs/waiting-list.md#on-the-desk): one per product (a type of an event is
 * a product of its own), named from the live catalogue, every entry in the order they came with its place in line.
 * Only those still waiting have a place: one offered, bought, expired or gone is out of line, and the people behind
 * move up, as trusted code counts them when it mails a place (functions/src/waitinglist/mail.ts).
 */
import { typedTitle } from '../../../lib/typedTitle';
import { isRecord } from '../../../state/validation';
import { parseProduct } from '../../catalogue';
import { parseWaitingLists, waitingCount, type WaitingEntry } from '../model';

export interface DeskEntry extends WaitingEntry {
  /** Its place among those waiting, from 1; null when it is no longer waiting. */
  position: number | null;
}

export interface DeskList {
  product: string;
  /** The product's title with its type's name; null when it is no longer in the catalogue. */
  title: string | null;
  entries: DeskEntry[];
  /** People still waiting, and the places they want in all. */
  people: number;
  places: number;
  /** Entries holding an offer now. */
  offered: number;
}

/** Each stored product's title with its type's name, by id. */
function titles(rawProducts: unknown): Map<string, string> {
  const found = new Map<string, string>();
  for (const [id, stored] of Object.entries(isRecord(rawProducts) ? rawProducts : {})) {
    const parsed = parseProduct(id, stored);
    if ('product' in parsed) found.set(id, typedTitle(parsed.product.title, parsed.product.typeName));
  }
  return found;
}

/** Every waiting list stored under waitingList, by title (products no longer there last, by id). */
export function waitingListDesk(rawLists: unknown, rawProducts: unknown): DeskList[] {
  const named = titles(rawProducts);
  const lists: DeskList[] = [];
  for (const [product, stored] of parseWaitingLists(rawLists)) {
    let line = 0;
    // parseWaitingLists gives each list in the order they came.
    const entries = stored.map((entry) => ({ ...entry, position: entry.state === 'waiting' ? ++line : null }));
    const { people, places } = waitingCount(entries);
    const offered = entries.filter((entry) => entry.state === 'offered').length;
    lists.push({ product, title: named.get(product) ?? null, entries, people, places, offered });
  }
  const key = (list: DeskList) => [list.title === null ? 1 : 0, list.title ?? list.product] as const;
  return lists.sort((a, b) => {
    const [gone, name] = key(a);
    const [otherGone, otherName] = key(b);
    return gone - otherGone || name.localeCompare(otherName) || a.product.localeCompare(b.product);
  });
}
