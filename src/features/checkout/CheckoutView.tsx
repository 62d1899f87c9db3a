import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { newOrderId, placeOrder, type PlacedOrder } from './placeOrder';
import { formatMoney } from '../../lib/money';
import { useForm } from '../../lib/useForm';
import { notify } from '../../lib/toast/notifier';
import { authAtom, cartAtom, siteAtom } from '../../state/atoms';
import { connectedAtom } from '../../state/liveAtoms';
import type { AuthState } from '../../state/types';
import { wishlist, type ItemIssue, useWishlistReview } from '../wishlist';
import { CheckoutFormFields } from './CheckoutForm';
import { validateCheckout, type CheckoutFields } from './checkoutFields';
import { DEFAULT_MAX_PER_ORDER } from '../catalogue';
import { MAX_OPEN_ORDERS } from '../orders';
import { OrderProblem } from './order';
import { OrderConfirmation } from './OrderConfirmation';

function issueLabel(issue: ItemIssue): string {
  switch (issue.kind) {
    case 'price-changed':
      return 'price changed';
    case 'too-many':
      return `only ${issue.available} left`;
    case 'over-limit':
      return `at most ${issue.limit} per order`;
    default:
      return issue.kind.replace('-', ' ');
  }
}

function prefill(auth: AuthState): CheckoutFields {
  const name = auth.authenticated ? [auth.firstname, auth.lastname].filter(Boolean).join(' ') : '';
  return { name, email: auth.authenticated ? (auth.email ?? '') : '', telephone: '', notes: '' };
}

/**
 * Checkout: the order at live prices, the buyer's details and placing the order (reserved, to be paid at the
 * event or on collection). Needs a connection; without one it says so and keeps everything as it is.
 */
export function CheckoutView() {
  const cart = useAtomValue(cartAtom);
  const auth = useAtomValue(authAtom);
  const connected = useAtomValue(connectedAtom);
  const { currency, locale } = useAtomValue(siteAtom);
  const review = useWishlistReview();
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);
  // One id per order attempt, kept across retries, so an attempt whose answer was lost is never placed twice.
  const orderId = useRef<string | null>(null);
  const form = useForm<CheckoutFields>({
    initial: () => prefill(auth),
    validate: validateCheckout,
    idPrefix: 'checkout',
    async submit(fields) {
      try {
        orderId.current ??= await newOrderId();
        const lines = cart.products.map((item) => ({ productId: item.id, quantity: item.quantity ?? 1 }));
        const result = await placeOrder(orderId.current, lines, fields);
        orderId.current = null;
        setPlaced(result);
        wishlist.clearAfterOrder();
        notify({ severity: 'success', summary: 'Order reserved', detail: `Reference ${result.orderId}` });
      } catch (error) {
        // A problem (too few left, too many open orders, a different earlier order) means nothing was placed
        // under this id that the buyer still wants: the next attempt starts afresh. Any other failure may have
        // arrived, so the retry keeps the id and is read back.
        if (error instanceof OrderProblem) orderId.current = null;
        const message =
          error instanceof OrderProblem
            ? error.message
            : 'The order could not be placed. Your wishlist is unchanged; please try again.';
        if (!(error instanceof OrderProblem)) console.error('Checkout failed:', error);
        notify({ severity: 'error', summary: 'Order not placed', detail: message, life: 8000 });
      }
      // The toasts above say how it went; the form itself has nothing more to show.
      return null;
    },
  });
  const money = (amount: number) => formatMoney(amount, currency, locale);

  if (placed) return <OrderConfirmation placed={placed} currency={currency} locale={locale} />;

  if (cart.products.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography variant="h2" gutterBottom>
          Nothing to check out
        </Typography>
        <Typography color="textSecondary" sx={{ mb: 2 }}>
          Your wishlist is empty. Add tickets or products first.
        </Typography>
        <Button component={Link} to="/products" variant="contained">
          Browse products
        </Button>
      </Paper>
    );
  }

  const blockedReason = !connected
    ? navigator.onLine
      ? 'Connecting to the shop…'
      : 'You are offline. Checkout needs a connection; your wishlist stays safe on this device.'
    : review.blocked
      ? 'Some items in your wishlist need attention before you can check out.'
      : null;

  return (
    <Stack spacing={3}>
      <Paper component="section" aria-labelledby="checkout-summary" variant="outlined" sx={{ p: 3 }}>
        <Typography id="checkout-summary" variant="h2" gutterBottom>
          Your order
        </Typography>
        <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {review.items.map(({ item, quantity, price, issues }) => (
            <Stack component="li" key={item.id} direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
              <span>
                {quantity} × {item.title}
                {issues.length > 0 && (
                  <Typography component="span" color="warning" sx={{ ml: 1 }}>
                    ({issues.map(issueLabel).join(', ')})
                  </Typography>
                )}
              </span>
              <span>{money(price * quantity)}</span>
            </Stack>
          ))}
        </Stack>
        <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 2 }}>
          <Typography sx={{ fontWeight: 700 }}>Total</Typography>
          <Typography sx={{ fontWeight: 700 }} data-testid="checkout-total">
            {money(review.total)}
          </Typography>
        </Stack>
        {review.pricesChanged && (
          <Alert severity="info" sx={{ mt: 2 }}>
            Some prices have changed since you added the items; the total uses today’s prices.
          </Alert>
        )}
      </Paper>

      <Paper
        component="form"
        noValidate
        aria-labelledby="checkout-details"
        variant="outlined"
        sx={{ p: 3 }}
        onSubmit={(event) => void form.onSubmit(event)}
      >
        <Typography id="checkout-details" variant="h2" gutterBottom>
          Your details
        </Typography>
        <Typography color="textSecondary" sx={{ mb: 2 }}>
          No payment now: your order is reserved, to be paid at the event or on collection.
          {auth.authenticated ? '' : ' No account needed.'}
        </Typography>
        <Typography color="textSecondary" sx={{ mb: 2 }} data-testid="checkout-limits">
          So that everyone gets a fair chance, one order holds at most the number shown for each item (usually{' '}
          {DEFAULT_MAX_PER_ORDER}), and one account can have up to {MAX_OPEN_ORDERS} orders waiting to be paid or
          collected at a time.
        </Typography>
        <CheckoutFormFields form={form} />
        {blockedReason && (
          <Alert
            severity="warning"
            sx={{ my: 2 }}
            action={
              review.blocked ? (
                <Button color="inherit" component={Link} to="/cart">
                  Review wishlist
                </Button>
              ) : undefined
            }
          >
            {blockedReason}
          </Alert>
        )}
        <Button type="submit" variant="contained" size="large" disabled={form.busy || blockedReason !== null}>
          {form.busy ? 'Reserving…' : `Reserve order · ${money(review.total)}`}
        </Button>
      </Paper>
    </Stack>
  );
}
