import CloseIcon from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useAtomValue } from 'jotai';
import { cartAtom } from '../../state/atoms';
import { quantityOf } from '../../state/cart';
import { formatEventTime } from '../../lib/format';
import { formatPrice } from '../../lib/money';
import { MuiScope } from '../../lib/mui/MuiScope';
import { countdownTo } from '../../lib/countdown';
import { useServerNow } from '../../state/serverNow';
import { saleWindow, stockState, type Product } from './product';
import { ProductImage } from './ProductImage';
import { SalesOpen } from './SalesOpen';
import { StockLabel } from './StockLabel';
import { useSaleNow } from './useSaleNow';

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * The time left until sales open, ticking each second: "opens in 2 days, 03:04:05". Silent to screen readers (the
 * moment beside it says the same once, not every second).
 */
function OpensIn({ at }: { at: number }) {
  const left = countdownTo(
    at,
    useServerNow((now) => now + 1000),
  );
  if (!left) return null;
  const days = left.days === 0 ? '' : left.days === 1 ? '1 day, ' : `${left.days} days, `;
  const clock = [left.hours, left.minutes, left.seconds].map(twoDigits).join(':');
  return (
    <Typography component="span" color="textSecondary" aria-hidden="true" data-testid="sales-countdown">
      {' '}
      · opens in {days}
      {clock}
    </Typography>
  );
}

export interface ProductDialogProps {
  product: Product | undefined;
  /** The id asked for in the URL, to say plainly when it is not (or no longer) on sale. */
  requestedId: string | null;
  currency: string;
  locale: string;
  /** The shop's, where its events happen (null while it names none). */
  timeZone: string | null;
  onClose: () => void;
  onAdd: (product: Product) => void;
}

/** A product's details, addressable as ?product=<id>: routes take no parameters (docs/behaviour.md#routes). */
export function ProductDialog({
  product,
  requestedId,
  currency,
  locale,
  timeZone,
  onClose,
  onAdd,
}: ProductDialogProps) {
  const fullScreen = useMediaQuery('(max-width: 599.95px)');
  const saleNow = useSaleNow(product ? [product] : []);
  const window = product ? saleWindow(product, saleNow) : null;
  // Before sales open it may go on the wishlist, ready for the minute they do; once they close it may not.
  const unavailable = !product || stockState(product) === 'sold-out' || window?.state === 'ended';
  const inWishlist = useAtomValue(cartAtom).products.find((item) => item.id === product?.id);
  return (
    // Loaded only when a product is asked for, and drawn with MUI: the theme comes with it.
    <MuiScope>
      <Dialog
        open={requestedId !== null}
        onClose={onClose}
        fullScreen={fullScreen}
        maxWidth="sm"
        fullWidth
        aria-labelledby="product-dialog-title"
      >
        <DialogTitle id="product-dialog-title" sx={{ pr: 7 }}>
          {product?.title ?? 'Product not found'}
        </DialogTitle>
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
        {/* Scrolled when the details are longer than the screen: a region reached by the keyboard to scroll it. */}
        <DialogContent dividers tabIndex={0} role="region" aria-label="Details">
          {product ? (
            <Stack spacing={2}>
              <ProductImage src={product.image} alt={product.title} eager />
              <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                <Typography variant="h2" component="p">
                  {formatPrice(product.price, currency, locale)}
                </Typography>
                {window && <StockLabel product={product} window={window} />}
              </Stack>
              {window?.state === 'upcoming' && (
                <Typography>
                  <SalesOpen at={window.opens} locale={locale} timeZone={timeZone} />
                  <OpensIn at={window.opens} />
                </Typography>
              )}
              {product.minPerOrder > 1 && <Typography>At least {product.minPerOrder} per order.</Typography>}
              {product.date && (
                <Typography>
                  {formatEventTime(product.date, locale, timeZone ?? 'UTC')}
                  {product.venue ? ` · ${product.venue}` : ''}
                </Typography>
              )}
              <Typography color="textSecondary">{product.category}</Typography>
              <Typography sx={{ whiteSpace: 'pre-line' }}>{product.description}</Typography>
            </Stack>
          ) : (
            <Typography>This product is not on sale (any more). Have a look at the rest of the catalogue.</Typography>
          )}
        </DialogContent>
        <DialogActions>
          {/* The modal hides the rest of the page, toasts included, from screen readers: say it here too. */}
          <Typography role="status" variant="body2" color="textSecondary" sx={{ mr: 'auto', pl: 1 }}>
            {inWishlist ? `In your wishlist: ${quantityOf(inWishlist)}` : ''}
          </Typography>
          <Button onClick={onClose}>Close</Button>
          {product && (
            <Button variant="contained" disabled={unavailable} onClick={() => onAdd(product)}>
              Add to wishlist
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </MuiScope>
  );
}
