import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatEventDate } from '../../lib/format';
import { formatMoney } from '../../lib/money';
import { stockState, type Product } from './product';
import { ProductImage } from './ProductImage';
import { StockLabel } from './StockLabel';

interface ProductCardProps {
  product: Product;
  currency: string;
  locale: string;
  onOpen: (id: string) => void;
  /** Adds the product to the wishlist (the wishlist is another feature: the page hands its action in). */
  onAdd: (product: Product) => void;
  /** The card title's heading level where it sits (2 on the products page, 3 under a section heading). */
  headingLevel?: 2 | 3;
  /** One of the first cards, on screen at once: its picture loads without waiting. */
  first?: boolean;
}

/** How many cards at the top of a list count as `first` (a row on a wide screen, the first screen on a phone). */
export const FIRST_CARDS = 4;

export function ProductCard({
  product,
  currency,
  locale,
  onOpen,
  onAdd,
  headingLevel = 2,
  first = false,
}: ProductCardProps) {
  const soldOut = stockState(product) === 'sold-out';
  return (
    <Card
      component="article"
      variant="outlined"
      aria-labelledby={`product-${product.id}-title`}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      <CardActionArea
        onClick={() => onOpen(product.id)}
        aria-label={`Details of ${product.title}`}
        sx={{
          flexGrow: 1,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'stretch',
          justifyContent: 'flex-start',
        }}
      >
        <ProductImage src={product.image} alt="" eager={first} />
        <CardContent sx={{ flexGrow: 1 }}>
          <Typography
            id={`product-${product.id}-title`}
            variant="h3"
            component={`h${headingLevel}`}
            sx={{ fontSize: '1.1rem', fontWeight: 600, mb: 0.5 }}
          >
            {product.title}
          </Typography>
          {product.date && (
            <Typography variant="body2" color="text.secondary">
              {formatEventDate(product.date, locale)}
              {product.venue ? ` · ${product.venue}` : ''}
            </Typography>
          )}
          <Stack direction="row" sx={{ mt: 1, alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
            <Typography sx={{ fontWeight: 700 }}>{formatMoney(product.price, currency, locale)}</Typography>
            <StockLabel product={product} />
          </Stack>
        </CardContent>
      </CardActionArea>
      <CardActions>
        <Button
          size="small"
          disabled={soldOut}
          onClick={() => onAdd(product)}
          aria-label={`Add ${product.title} to wishlist`}
        >
          {soldOut ? 'Sold out' : 'Add to wishlist'}
        </Button>
      </CardActions>
    </Card>
  );
}
