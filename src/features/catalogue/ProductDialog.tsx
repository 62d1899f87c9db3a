import { categoryNameAtom } from './categoryName';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
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
import { lazy, Suspense, useState } from 'react';
import { cartAtom } from '../../state/atoms';
import { quantityOf } from '../../state/cart';
import { formatEventTime, formatList } from '../../lib/format';
import { formatPrice } from '../../lib/price';
import { MuiScope } from '../../lib/mui/MuiScope';
import { countdownTo } from '../../lib/countdown';
import { useServerNow } from '../../state/serverNow';
import { typedTitle } from '../../lib/typedTitle';
import { canAdd } from './groupOffer';
import { saleWindow, stockState, type Product } from './product';
import { waitingListOpenAtom } from './catalogueState';
import type { ProductGroup } from './productTypes';
import { ProductImage } from './ProductImage';
import { SalesOpen } from './SalesOpen';
import { UntranslatedNote } from './UntranslatedNote';
import { StockLabel } from './StockLabel';
import { useSaleNow } from './useSaleNow';
import { GiftAmountField } from '../giftcards';
import { useGiftAmountRange } from './giftAmountRange';

const twoDigits = (n: number) => String(n).padStart(2, '0');

// Another feature's form, loaded when a sold-out product is opened (docs/waiting-list.md).
const JoinWaitingList = lazy(() => import('../waitinglist/buyer/JoinWaitingListPanel'));

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
  const days = left.days;
  const clock = [left.hours, left.minutes, left.seconds].map(twoDigits).join(':');
  return (
    <Typography component="span" color="textSecondary" aria-hidden="true" data-testid="sales-countdown">
      {' · '}
      {plural(days, { 0: `opens in ${clock}`, one: `opens in # day, ${clock}`, other: `opens in # days, ${clock}` })}
    </Typography>
  );
}

interface TypesProps {
  types: Product[];
  now: number;
  price: (amount: number) => string;
  locale: string;
  timeZone: string | null;
  onAdd: (product: Product) => void;
}

/** Each type of a product, its price and what is left of it, to be added on its own (docs/behaviour.md#types). */
function TypeList({ types, now, price, locale, timeZone, onAdd }: TypesProps) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="product-types">
      <Typography id="product-types" variant="h6" component="h3" sx={{ fontWeight: 600 }} gutterBottom>
        <Trans>Choose a type</Trans>
      </Typography>
      <Stack component="ul" aria-labelledby="product-types" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {types.map((type) => {
          const window = saleWindow(type, now);
          const least = type.minPerOrder;
          const typed = typedTitle(type.title, type.typeName);
          return (
            <Stack
              component="li"
              key={type.id}
              direction="row"
              sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 1.5, borderTop: 1, borderColor: 'divider' }}
            >
              <Box sx={{ flex: '1 1 10rem' }}>
                <Typography
                  sx={{ fontWeight: 600 }}
                  lang={type.typeName ? type.textLanguage.typeName : type.textLanguage.title}
                >
                  {type.typeName ?? type.title}
                </Typography>
                <Typography variant="body2" color="textSecondary">
                  {price(type.price)}
                  {least > 1 && ' · '}
                  {least > 1 && t`at least ${least} per order`}
                </Typography>
                {window.state === 'upcoming' && (
                  <Typography variant="body2">
                    <SalesOpen at={window.opens} locale={locale} timeZone={timeZone} />
                  </Typography>
                )}
              </Box>
              <StockLabel product={type} window={window} />
              <Button
                variant="outlined"
                sx={{ marginInlineStart: 'auto' }}
                disabled={!canAdd(type, now)}
                onClick={() => onAdd(type)}
                aria-label={t`Add ${typed} to wishlist`}
              >
                <Trans>Add to wishlist</Trans>
              </Button>
            </Stack>
          );
        })}
      </Stack>
    </section>
  );
}

export interface ProductDialogProps {
  /** The product asked for, or the types of one (docs/behaviour.md#types). */
  group: ProductGroup | undefined;
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
export function ProductDialog({ group, requestedId, currency, locale, timeZone, onClose, onAdd }: ProductDialogProps) {
  const { t } = useLingui();
  const fullScreen = useMediaQuery('(max-width: 599.95px)');
  const product = group?.lead;
  const types = group?.types ?? [];
  const saleNow = useSaleNow(types);
  // A product sold without types is added from the dialog's actions, as it always was.
  const single = types.length === 1 ? product : undefined;
  const window = single ? saleWindow(single, saleNow) : null;
  const cart = useAtomValue(cartAtom).products;
  const category = useAtomValue(categoryNameAtom)(product?.category ?? '');
  const held = types.flatMap((type) => {
    const item = cart.find(({ id }) => id === type.id);
    if (!item) return [];
    return [single ? String(quantityOf(item)) : `${quantityOf(item)} × ${type.typeName ?? type.title}`];
  });
  const price = (amount: number) => formatPrice(amount, currency, locale);
  // A gift card whose buyer chooses what it is worth (docs/gift-cards.md#an-amount-the-buyer-chooses).
  const bounds = single?.giftCard?.amount ?? null;
  const [chosen, setChosen] = useState<{ id: string; price: number | null } | null>(null);
  const amount = single && chosen?.id === single.id ? chosen.price : (single?.price ?? null);
  const range = useGiftAmountRange(bounds, currency);
  const heldList = formatList(held, locale, 'unit');
  const least = single?.minPerOrder ?? 0;
  // What is sold out while on sale may be waited for (docs/waiting-list.md#joining-and-leaving).
  const waitingListOpen = useAtomValue(waitingListOpenAtom);
  const waitable = waitingListOpen
    ? types.filter(
        (type) =>
          stockState(type) === 'sold-out' &&
          saleWindow(type, saleNow).state === 'open' &&
          !type.giftCard &&
          !type.voucherOnly,
      )
    : [];
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
        <DialogTitle id="product-dialog-title" sx={{ paddingInlineEnd: 7 }} lang={product?.textLanguage.title}>
          {product?.title ?? t`Product not found`}
        </DialogTitle>
        <IconButton aria-label={t`Close`} onClick={onClose} sx={{ position: 'absolute', insetInlineEnd: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
        {/* Scrolled when the details are longer than the screen: a region reached by the keyboard to scroll it. */}
        <DialogContent dividers tabIndex={0} role="region" aria-label={t`Details`}>
          {product ? (
            <Stack spacing={2}>
              <ProductImage src={product.image} alt={product.title} eager />
              {single && window ? (
                <>
                  <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                    <Typography variant="h2" component="p">
                      {range ?? price(single.price)}
                    </Typography>
                    <StockLabel product={single} window={window} />
                  </Stack>
                  {bounds && (
                    <GiftAmountField
                      key={single.id}
                      bounds={bounds}
                      value={single.price}
                      currency={currency}
                      onAmount={(price) => setChosen({ id: single.id, price })}
                    />
                  )}
                  {window.state === 'upcoming' && (
                    <Typography>
                      <SalesOpen at={window.opens} locale={locale} timeZone={timeZone} />
                      <OpensIn at={window.opens} />
                    </Typography>
                  )}
                  {least > 1 && (
                    <Typography>
                      <Trans>At least {least} per order.</Trans>
                    </Typography>
                  )}
                </>
              ) : (
                <TypeList types={types} now={saleNow} price={price} locale={locale} timeZone={timeZone} onAdd={onAdd} />
              )}
              {waitable.length > 0 && (
                <Suspense fallback={null}>
                  <JoinWaitingList
                    choices={waitable.map((type) => ({
                      id: type.id,
                      name: typedTitle(type.title, type.typeName),
                      maxPerOrder: type.maxPerOrder,
                    }))}
                  />
                </Suspense>
              )}
              {product.date && (
                <Typography>
                  {formatEventTime(product.date, locale, timeZone ?? 'UTC')}
                  {product.venue ? ` · ${product.venue}` : ''}
                </Typography>
              )}
              <Typography color="textSecondary" lang={category.lang}>
                {category.text}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-line' }} lang={product.textLanguage.description}>
                {product.description}
              </Typography>
              <UntranslatedNote product={product} />
            </Stack>
          ) : (
            <Typography>
              <Trans>This product is not on sale (any more). Have a look at the rest of the catalogue.</Trans>
            </Typography>
          )}
        </DialogContent>
        <DialogActions>
          {/* The modal hides the rest of the page, toasts included, from screen readers: say it here too. */}
          <Typography
            role="status"
            variant="body2"
            color="textSecondary"
            sx={{ marginInlineEnd: 'auto', paddingInlineStart: 1 }}
          >
            {held.length > 0 ? t`In your wishlist: ${heldList}` : ''}
          </Typography>
          <Button onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
          {single && (
            <Button
              variant="contained"
              disabled={!canAdd(single, saleNow) || amount === null}
              onClick={() => onAdd(amount === null ? single : { ...single, price: amount })}
            >
              <Trans>Add to wishlist</Trans>
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </MuiScope>
  );
}
