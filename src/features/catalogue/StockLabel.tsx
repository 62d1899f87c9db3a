import Chip from '@mui/material/Chip';
import { stockState, type Product } from './product';

/** Available / only N left / sold out, in words and colour. */
export function StockLabel({ product }: { product: Pick<Product, 'stock'> }) {
  const state = stockState(product);
  if (state === 'sold-out') return <Chip size="small" label="Sold out" color="default" variant="outlined" />;
  if (state === 'low') return <Chip size="small" label={`Only ${product.stock} left`} color="warning" variant="outlined" />;
  return <Chip size="small" label="Available" color="success" variant="outlined" />;
}
