import { useState } from 'react';

/**
 * `ids` in the order they were first seen in `previous`: ids still there keep their places, ids that are gone
 * drop out, new ones follow at the end in their own order.
 */
export function stableOrder(previous: readonly string[], ids: readonly string[]): string[] {
  const present = new Set(ids);
  const kept = previous.filter((id) => present.has(id));
  const known = new Set(kept);
  return [...kept, ...ids.filter((id) => !known.has(id))];
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}

/**
 * The items in a steady order while the view stays open: rows do not jump about when the state reorders them
 * (the cart's update moves the changed item to the end: docs/behaviour.md#wishlist) under the visitor's finger or
 * keyboard focus.
 */
export function useStableOrder<Item>(items: readonly Item[], idOf: (item: Item) => string): Item[] {
  const ids = items.map(idOf);
  const [order, setOrder] = useState(ids);
  const next = stableOrder(order, ids);
  // Derived during render (no effect, no extra paint in the old order).
  if (!sameList(next, order)) setOrder(next);
  const byId = new Map(items.map((item) => [idOf(item), item]));
  return next.flatMap((id) => byId.get(id) ?? []);
}
