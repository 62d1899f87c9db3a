import Box from '@mui/material/Box';
import { stockState, type Product } from './product';

const STYLE = {
  available: { label: () => 'Available', color: 'success.main' },
  low: { label: (stock: number | null) => `Only ${stock} left`, color: 'warning.main' },
  'sold-out': { label: () => 'Sold out', color: 'text.secondary' },
} as const;

/**
 * Available / only N left / sold out, in words and colour. A plain outlined label rather than MUI's Chip: the
 * home page shows it, and it must not weigh on the start-up bundle.
 */
export function StockLabel({ product }: { product: Pick<Product, 'stock'> }) {
  const state = stockState(product);
  const { label, color } = STYLE[state];
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-block',
        px: 1,
        py: 0.25,
        border: 1,
        borderColor: color,
        borderRadius: 4,
        color,
        fontSize: '0.8125rem',
        lineHeight: 1.5,
        whiteSpace: 'nowrap',
      }}
    >
      {label(product.stock)}
    </Box>
  );
}
