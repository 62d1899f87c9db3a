import {
  featuredProducts,
  filterProducts,
  saleWindow,
  stockState,
  type CatalogueQuery,
  type Product,
  type SaleWindow,
} from './product';
import type { ProductGroup } from './productTypes';

/**
 * What the one card of a group of types says (docs/behaviour.md#types). A product sold without types is a group
 * of one, and its card says what it always did.
 */
export interface GroupOffer {
  /** The lowest price of the types that can still be taken (of them all, when none can). */
  price: number;
  /** The types differ in price: the card says "from". */
  from: boolean;
  /**
   * What the label and the button go by: one type's own stock and on-sale window. Of several types, "Only N left"
   * is said by each in the details (their stock may be shared): the card says only whether any is left.
   */
  stock: number | null;
  /** Whether that type's count may be told (the organiser's `showLeft`). */
  showLeft: boolean;
  window: SaleWindow;
}

/**
 * A product can still go on the wishlist: not sold out, its sales not closed. Before sales open it may, ready for
 * the minute they do.
 */
export const canAdd = (type: Product, now: number) =>
  stockState(type) !== 'sold-out' && saleWindow(type, now).state !== 'ended';

export function groupOffer({ lead, types }: ProductGroup, now: number): GroupOffer {
  const takeable = types.filter((type) => canAdd(type, now));
  const opens = (type: Product) => {
    const window = saleWindow(type, now);
    return window.state === 'upcoming' ? window.opens : 0;
  };
  // The type the card speaks for: one on sale now, else the first to open; when none can be taken, one sold out
  // rather than one whose sales have closed.
  const shown =
    [...takeable].sort((a, b) => opens(a) - opens(b))[0] ??
    types.find((type) => saleWindow(type, now).state !== 'ended') ??
    lead;
  return {
    price: Math.min(...(takeable.length > 0 ? takeable : types).map((type) => type.price)),
    from: new Set(types.map((type) => type.price)).size > 1,
    stock: types.length === 1 || takeable.length === 0 ? shown.stock : null,
    showLeft: shown.showLeft,
    window: saleWindow(shown, now),
  };
}

/** `pick` run over the groups as their stand-ins (their leads, unless said), giving back the groups in its order. */
function pickGroups(
  groups: readonly ProductGroup[],
  pick: (standIns: Product[]) => Product[],
  standIn: (group: ProductGroup) => Product = (group) => group.lead,
): ProductGroup[] {
  const groupOf = new Map(groups.map((group) => [standIn(group), group]));
  return pick([...groupOf.keys()]).map((product) => groupOf.get(product)!);
}

/** Search, category and sort over cards: by each group's lead, the price sorts by the card's (lowest) price. */
export const filterGroups = (
  groups: readonly ProductGroup[],
  query: CatalogueQuery,
  now: number,
  categoryName?: (category: string) => string,
) =>
  pickGroups(
    groups,
    (standIns) => filterProducts(standIns, query, categoryName),
    (group) => ({ ...group.lead, price: groupOffer(group, now).price }),
  );

/** The home page's cards: featuredProducts over the groups' leads. */
export const featuredGroups = (groups: readonly ProductGroup[], now: number) =>
  pickGroups(groups, (leads) => featuredProducts(leads, now));
