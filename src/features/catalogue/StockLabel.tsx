import { stockState, type Product, type SaleWindow, type StockState } from './product';

/**
 * What a product's stock is called, and its style: a count only where the organiser lets buyers see it (`showLeft`;
 * docs/data-model.md#products).
 */
export function stockLabel(product: Pick<Product, 'stock' | 'showLeft'>): { state: StockState; text: string } {
  const state = stockState(product);
  if (state === 'sold-out') return { state, text: 'Sold out' };
  if (state === 'low' && product.showLeft) return { state, text: `Only ${product.stock} left` };
  return { state: 'available', text: 'Available' };
}

/**
 * Available / only N left / sold out, in words and colour (catalogue.css); outside its on-sale window, that it is
 * not on sale yet or no longer.
 */
export function StockLabel({ product, window }: { product: Pick<Product, 'stock' | 'showLeft'>; window: SaleWindow }) {
  if (window.state === 'upcoming') return <span className="stock-label stock-label--upcoming">Not on sale yet</span>;
  if (window.state === 'ended') return <span className="stock-label stock-label--sold-out">Sales closed</span>;
  const { state, text } = stockLabel(product);
  return <span className={`stock-label stock-label--${state}`}>{text}</span>;
}
