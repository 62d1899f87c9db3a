import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
import { formatMoney, fromMinorUnits, lineTotal } from '../../lib/money';
import { OrderTaxLines, useLiveTaxSettings } from '../taxes';
import { taxOfLines } from '../taxes/model';
import { taxableLines } from './review';
import { formatPrice } from '../../lib/price';
import { useStableOrder } from '../../lib/stableOrder';
import { useGrowingList } from '../../lib/useGrowingList';
import { cartAtom, siteAtom } from '../../state/atoms';
import { MAX_QUANTITY } from '../../state/cart';
import { limitedPerOrder, maxQuantity, type Product } from '../catalogue';
import { GiftAmountField } from '../giftcards';
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
          <Trans>Take {quantity}</Trans>
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
      return (
        <Alert severity="warning">
          <Trans>No longer on sale. Remove it to check out.</Trans>
        </Alert>
      );
    case 'sold-out':
      return (
        <Alert severity="warning">
          <Trans>Sold out. Remove it to check out.</Trans>
        </Alert>
      );
    case 'too-many': {
      const { available } = issue;
      return <TakeNotice item={item} quantity={available} text={t`Only ${available} left.`} />;
    }
    case 'over-limit': {
      const { limit } = issue;
      return <TakeNotice item={item} quantity={limit} text={t`One order may hold at most ${limit}.`} />;
    }
    case 'under-minimum': {
      const { minimum } = issue;
      return <TakeNotice item={item} quantity={minimum} text={t`One order must hold at least ${minimum}.`} />;
    }
    case 'not-on-sale-yet': {
      const opens = when(issue.opens);
      return (
        <Alert severity="info">
          <Trans>Sales open {opens}. Keep it here to reserve it then.</Trans>
        </Alert>
      );
    }
    case 'sales-closed':
      return (
        <Alert severity="warning">
          <Trans>Sales have closed. Remove it to check out.</Trans>
        </Alert>
      );
    case 'amount-outside': {
      const [min, max] = [money(issue.min), money(issue.max)];
      return (
        <Alert severity="warning">
          <Trans>
            The shop now sells this card from {min} to {max}. Choose an amount between them to check out.
          </Trans>
        </Alert>
      );
    }
    case 'price-changed': {
      const [now, was] = [money(issue.now), money(issue.was)];
      return (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" onClick={() => wishlist.setPrice(item, issue.now)}>
              <Trans>Update</Trans>
            </Button>
          }
        >
          <Trans>
            Price now {now} (was {was}).
          </Trans>
        </Alert>
      );
    }
  }
}

/**
 * What caps the quantity stepper, said beside the price (so a + that stops has its reason): the limit per order,
 * or the few that are left. Sold out, the row's notice says so.
 */
function holdLimit(product: Product): string {
  const left = maxQuantity(product);
  const least = product.minPerOrder;
  const most = product.maxPerOrder;
  if (limitedPerOrder(product)) return least > 1 ? t`${least} to ${most} per order` : t`up to ${most} per order`;
  if (left === 0) return '';
  if (least > 1)
    return left === 1
      ? t`the last one, at least ${least} per order`
      : t`only ${left} left, at least ${least} per order`;
  return left === 1 ? t`the last one` : t`only ${left} left`;
}

/** Rows rendered at first and per step: a wishlist may hold 500 items, which at once would block a phone. */
const STEP = 50;

/** The wishlist's rows (picture, price, quantity within stock, removal, what changed since adding) and its total. */
export function WishlistItems() {
  const cart = useAtomValue(cartAtom);
  const { currency, timezone } = useAtomValue(siteAtom);
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const review = useWishlistReview();
  const rows = useStableOrder(review.items, (entry) => entry.item.id);
  const money = (amount: number) => formatMoney(amount, currency, locale);
  const when = (at: number) => formatEventTime(at, locale, timezone);
  const unitPrice = (amount: number) => {
    const price = formatPrice(amount, currency, locale);
    return amount === 0 ? price : t`${price} each`;
  };
  const { shown, hasMore, more, sentinelRef } = useGrowingList(rows.length, STEP, '');
  const hidden = rows.length - shown;
  const [total, todaysTotal] = [money(cart.total), money(review.total)];
  // The tax checkout will show, from the settings as they stand and the prices to charge (docs/taxes.md#the-orders-tax).
  const taxSettings = useLiveTaxSettings();
  const tax = taxSettings ? taxOfLines(taxableLines(review, currency), taxSettings, currency) : null;
  const minor = (amount: number) => money(fromMinorUnits(amount, currency));

  return (
    <Stack spacing={2}>
      <Stack component="ul" aria-label={t`Wishlist items`} spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
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
                  {[unitPrice(item.price), product && holdLimit(product)].filter(Boolean).join(' · ')}
                </Typography>
                {product?.giftCard?.amount && (
                  <Box sx={{ mt: 1.5 }}>
                    <GiftAmountField
                      bounds={product.giftCard.amount}
                      value={item.price}
                      currency={currency}
                      of={title}
                      onAmount={(price) => price !== null && price !== item.price && wishlist.setPrice(item, price)}
                    />
                  </Box>
                )}
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
                <Stack direction="row" sx={{ alignItems: 'center' }} role="group" aria-label={t`Quantity of ${title}`}>
                  <IconButton
                    aria-label={t`One fewer ${title}`}
                    disabled={quantity <= 1}
                    onClick={() => wishlist.setQuantity(item, quantity - 1)}
                  >
                    <RemoveIcon />
                  </IconButton>
                  <Typography sx={{ minWidth: '2ch', textAlign: 'center' }} aria-live="polite">
                    {quantity}
                  </Typography>
                  <IconButton
                    aria-label={t`One more ${title}`}
                    disabled={quantity >= limit}
                    onClick={() => wishlist.setQuantity(item, quantity + 1)}
                  >
                    <AddIcon />
                  </IconButton>
                </Stack>
                <Typography sx={{ minWidth: '5rem', textAlign: 'end' }}>
                  {money(lineTotal([{ price: item.price, quantity }]))}
                </Typography>
                <IconButton aria-label={t`Remove ${title}`} onClick={() => wishlist.remove(item.id)}>
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
          {t`Show more (${hidden} more)`}
        </Button>
      )}
      <Stack direction="row" sx={{ justifyContent: 'space-between', px: 1 }}>
        <Typography variant="h2" component="p">
          <Trans>Total</Trans>
        </Typography>
        <Typography variant="h2" component="p" data-testid="wishlist-total">
          {total}
        </Typography>
      </Stack>
      {review.pricesChanged && (
        <Typography color="textSecondary" sx={{ textAlign: 'end', px: 1 }}>
          <Trans>At today’s prices: {todaysTotal}</Trans>
        </Typography>
      )}
      {tax && (
        <Stack sx={{ alignItems: 'flex-end', px: 1 }} data-testid="wishlist-tax">
          {!tax.included && (
            <Typography color="textSecondary">
              <Trans>Tax is added at checkout:</Trans>
            </Typography>
          )}
          <OrderTaxLines tax={tax} part={tax.included ? 'included' : 'on-top'} money={minor} />
        </Stack>
      )}
    </Stack>
  );
}
