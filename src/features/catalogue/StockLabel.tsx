import { stockState, type Product, type SaleWindow } from './product';

const LABEL = {
  available: () => 'Available',
  low: (stock: number | null) => `Only ${stock} left`,
  'sold-out': () => 'Sold out',
} as const;

/**
 * Available / only N left / sold out, in words and colour (catalogue.css); outside its on-sale window, that it is
 * not on sale yet or no longer.
 */
export function StockLabel({ product, window }: { product: Pick<Product, 'stock'>; window: SaleWindow }) {
  if (window.state === 'upcoming') return <span className="stock-label stock-label--upcoming">Not on sale yet</span>;
  if (window.state === 'ended') return <span className="stock-label stock-label--sold-out">Sales closed</span>;
  const state = stockState(product);
  return <span className={`stock-label stock-label--${state}`}>{LABEL[state](product.stock)}</span>;
}
