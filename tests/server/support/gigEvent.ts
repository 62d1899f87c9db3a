/**
 * The event most server tests sell ("Gig", £10, on sale, dated), as the catalogue stores a product
 * (docs/data-model.md#products); `extra` overrides or adds fields (`date: null` leaves the date out, for goods).
 */
export function gigEvent(extra: Record<string, unknown> = {}): Record<string, unknown> {
  const product: Record<string, unknown> = {
    title: 'Gig',
    price: 10,
    description: '',
    image: '',
    category: 'Events',
    active: true,
    date: '2027-06-01T19:00:00Z',
    ...extra,
  };
  if (product.date === null) delete product.date;
  return product;
}
