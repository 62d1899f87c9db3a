import { stockState, type Product } from './product';

const LABEL = {
  available: () => 'Available',
  low: (stock: number | null) => `Only ${stock} left`,
  'sold-out': () => 'Sold out',
} as const;

/** Available / only N left / sold out, in words and colour (catalogue.css). */
export function StockLabel({ product }: { product: Pick<Product, 'stock'> }) {
  const state = stockState(product);
  return <span className={`stock-label stock-label--${state}`}>{LABEL[state](product.stock)}</span>;
}
