import { useServerNow } from '../../state/serverNow';
import { nextSaleChange, type Product } from './product';

/**
 * The database's time, as on-sale windows are judged (docs/data-model.md#products), rendered again the moment one
 * of `products` opens or closes its sales, so pages follow without a reload.
 */
export function useSaleNow(products: Iterable<Pick<Product, 'onSaleFrom' | 'onSaleUntil'>>): number {
  return useServerNow((now) => nextSaleChange(products, now));
}
