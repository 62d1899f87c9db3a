import type { Product } from '../../src/features/catalogue/product';

/** A product on sale at 10, with `extra` over it; the title is the id in capitals. */
export const product = (id: string, extra: Partial<Product> = {}): Product => ({
  id,
  title: id.toUpperCase(),
  price: 10,
  description: '',
  image: '',
  category: 'Events',
  date: null,
  venue: null,
  stock: null,
  maxPerOrder: 10,
  minPerOrder: 1,
  onSaleFrom: null,
  onSaleUntil: null,
  attendeeNames: false,
  showLeft: true,
  group: null,
  typeName: null,
  quotas: [],
  giftCard: null,
  active: true,
  sort: null,
  translations: {},
  textLanguage: {},
  ...extra,
});

/** Products by id, as the allocator and the wishlist review take them. */
export const catalogue = (...products: Product[]): Map<string, Product> => new Map(products.map((p) => [p.id, p]));
