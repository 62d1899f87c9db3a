import AddIcon from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import RemoveIcon from '@mui/icons-material/Remove';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { formatEventTime } from '../../lib/format';
import { formatMoney, formatPrice, lineTotal } from '../../lib/money';
import { useStableOrder } from '../../lib/stableOrder';
import { useGrowingList } from '../../lib/useGrowingList';
import { cartAtom, siteAtom } from '../../state/atoms';
import { MAX_QUANTITY } from '../../state/cart';
import { limitedPerOrder, maxQuantity, type Product } from '../catalogue';
import { wishlist } from './appWishlist';
import type { ItemIssue, ReviewedItem } from './review';
import { useWishlistReview } from './useWishlistReview';

/** A quantity the wishlist cannot keep, with the button that takes what it can. */
function TakeNotice({ item, quantity, text }: { item: ReviewedItem['item']; quantity: number; text: string }) {
  return (
    <Alert
      severity="warning"
      action={
        <Button color="inherit" size="small" onClick={() => wishlist.setQuantity(item, quantity)}>
          Take {quantity}
        </Button>
      }
    >
      {text}
    </Alert>
  );
}

function IssueNotice({
  entry,
  issue,
  money,
  when,
}: {
  entry: ReviewedItem;
  issue: ItemIssue;
  money: (amount: number) => string;
  /** A moment as the buyer reads event times: in the shop's zone, named. */
  when: (at: number) => string;
}) {
  const { item } = entry;
  switch (issue.kind) {
    case 'unavailable':
      return <Alert severity="warning">No longer on sale. Remove it to check out.</Alert>;
    case 'sold-out':
      return <Alert severity="warning">Sold out. Remove it to check out.</Alert>;
    case 'too-many':
      return <TakeNotice item={item} quantity={issue.available} text={`Only ${issue.available} left.`} />;
    case 'over-limit':
      return <TakeNotice item={item} quantity={issue.limit} text={`One order may hold at most ${issue.limit}.`} />;
    case 'under-minimum':
      return (
        <TakeNotice item={item} quantity={issue.minimum} text={`One order must hold at least ${issue.minimum}.`} />
      );
    case 'not-on-sale-yet':
      return <Alert severity="info">Sales open {when(issue.opens)}. Keep it here to reserve it then.</Alert>;
    case 'sales-closed':
      return <Alert severity="warning">Sales have closed. Remove it to check out.</Alert>;
    case 'price-changed':
      return (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" onClick={() => wishlist.setPrice(item, issue.now)}>
              Update
            </Button>
          }
        >
          Price now {money(issue.now)} (was {money(issue.was)}).
        </Alert>
      );
  }
}

/**
 * What caps the quantity stepper, said beside the price (so a + that stops has its reason): the limit per order,
 * or the few that are left. Sold out, the row's notice says so.
 */
function holdLimit(product: Product): string {
  const most = maxQuantity(product);
  const least = product.minPerOrder;
  if (limitedPerOrder(product)) {
    return least > 1 ? ` · ${least} to ${product.maxPerOrder} per order` : ` · up to ${product.maxPerOrder} per order`;
  }
  if (most === 0) return '';
  const left = most === 1 ? ' · the last one' : ` · only ${most} left`;
  return least > 1 ? `${left}, at least ${least} per order` : left;
}

/** Rows rendered at first and per step: a wishlist may hold 500 items, which at once would block a phone. */
const STEP = 50;

/** The wishlist's rows (picture, price, quantity within stock, removal, what changed since adding) and its total. */
export function WishlistItems() {
  const cart = useAtomValue(cartAtom);
  const { currency, locale, timezone } = useAtomValue(siteAtom);
  const review = useWishlistReview();
  const rows = useStableOrder(review.items, (entry) => entry.item.id);
  const money = (amount: number) => formatMoney(amount, currency, locale);
  const when = (at: number) => formatEventTime(at, locale, timezone);
  const unitPrice = (amount: number) => formatPrice(amount, currency, locale) + (amount === 0 ? '' : ' each');
  const { shown, hasMore, more, sentinelRef } = useGrowingList(rows.length, STEP, '');

  return (
    <Stack spacing={2}>
      <Stack component="ul" aria-label="Wishlist items" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.slice(0, shown).map((entry) => {
          const { item, title, quantity, product } = entry;
          // Unknown to the catalogue (not loaded yet, or gone, which its notice says): only the general cap.
          const limit = product ? maxQuantity(product) : MAX_QUANTITY;
          return (
            <Box
              component="li"
              key={item.id}
              sx={{
                display: 'grid',
                gap: 1.5,
                gridTemplateColumns: { xs: '5rem 1fr', sm: '6rem 1fr auto' },
                alignItems: 'center',
                pb: 2,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <Box
                component="img"
                src={product?.image || undefined}
                alt=""
                width={96}
                height={72}
                loading="lazy"
                sx={{
                  width: '100%',
                  height: 'auto',
                  aspectRatio: '4 / 3',
                  objectFit: 'cover',
                  borderRadius: 1,
                  bgcolor: 'action.hover',
                }}
              />
              <div>
                <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
                <Typography variant="body2" color="textSecondary">
                  {unitPrice(item.price)}
                  {product && holdLimit(product)}
                </Typography>
              </div>
              <Stack
                direction="row"
                sx={{
                  alignItems: 'center',
                  gap: 1,
                  gridColumn: { xs: '1 / -1', sm: 'auto' },
                  justifyContent: 'flex-end',
                }}
              >
                <Stack direction="row" sx={{ alignItems: 'center' }} role="group" aria-label={`Quantity of ${title}`}>
                  <IconButton
                    aria-label={`One fewer ${title}`}
                    disabled={quantity <= 1}
                    onClick={() => wishlist.setQuantity(item, quantity - 1)}
                  >
                    <RemoveIcon />
                  </IconButton>
                  <Typography sx={{ minWidth: '2ch', textAlign: 'center' }} aria-live="polite">
                    {quantity}
                  </Typography>
                  <IconButton
                    aria-label={`One more ${title}`}
                    disabled={quantity >= limit}
                    onClick={() => wishlist.setQuantity(item, quantity + 1)}
                  >
                    <AddIcon />
                  </IconButton>
                </Stack>
                <Typography sx={{ minWidth: '5rem', textAlign: 'right' }}>
                  {money(lineTotal([{ price: item.price, quantity }]))}
                </Typography>
                <IconButton aria-label={`Remove ${title}`} onClick={() => wishlist.remove(item.id)}>
                  <DeleteOutlined />
                </IconButton>
              </Stack>
              {entry.issues.length > 0 && (
                <Stack spacing={1} sx={{ gridColumn: '1 / -1' }}>
                  {entry.issues.map((issue) => (
                    <IssueNotice key={issue.kind} entry={entry} issue={issue} money={money} when={when} />
                  ))}
                </Stack>
              )}
            </Box>
          );
        })}
      </Stack>
      {hasMore && (
        <Button ref={sentinelRef} variant="outlined" onClick={more} sx={{ alignSelf: 'center' }}>
          Show more ({rows.length - shown} more)
        </Button>
      )}
      <Stack direction="row" sx={{ justifyContent: 'space-between', px: 1 }}>
        <Typography variant="h2" component="p">
          Total
        </Typography>
        <Typography variant="h2" component="p" data-testid="wishlist-total">
          {money(cart.total)}
        </Typography>
      </Stack>
      {review.pricesChanged && (
        <Typography color="textSecondary" sx={{ textAlign: 'right', px: 1 }}>
          At today’s prices: {money(review.total)}
        </Typography>
      )}
    </Stack>
  );
}
