import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { stockState, type Product, type SaleWindow, type StockState } from './product';

/**
 * What a product's stock is called, and its style: a count only where the organiser lets buyers see it (`showLeft`;
 * docs/data-model.md#products).
 */
export function stockLabel(product: Pick<Product, 'stock' | 'showLeft'>): { state: StockState; text: string } {
  const state = stockState(product);
  const left = product.stock ?? 0;
  if (state === 'sold-out') return { state, text: t`Sold out` };
  if (state === 'low' && product.showLeft) return { state, text: t`Only ${left} left` };
  return { state: 'available', text: t`Available` };
}

/**
 * Available / only N left / sold out, in words and colour (catalogue.css); outside its on-sale window, that it is
 * not on sale yet or no longer.
 */
export function StockLabel({ product, window }: { product: Pick<Product, 'stock' | 'showLeft'>; window: SaleWindow }) {
  useLingui();
  if (window.state === 'upcoming')
    return <span className="stock-label stock-label--upcoming">{t`Not on sale yet`}</span>;
  if (window.state === 'ended') return <span className="stock-label stock-label--sold-out">{t`Sales closed`}</span>;
  const { state, text } = stockLabel(product);
  return <span className={`stock-label stock-label--${state}`}>{text}</span>;
}
