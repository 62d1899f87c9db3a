import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { waitingListOpenAtom } from './catalogueState';
import { formatEventTime } from '../../lib/format';
import { formatPrice } from '../../lib/price';
import { groupOffer } from './groupOffer';
import { stockState, type Product } from './product';
import type { ProductGroup } from './productTypes';
import { ProductImage } from './ProductImage';
import { SalesOpen } from './SalesOpen';
import { StockLabel } from './StockLabel';
import { useSaleNow } from './useSaleNow';
import { useGiftAmountRange } from './giftAmountRange';

interface ProductCardProps {
  /** The product, or the types of one, the card shows (docs/behaviour.md#types). */
  group: ProductGroup;
  currency: string;
  locale: string;
  /** The shop's, where its events happen (null while it names none). */
  timeZone: string | null;
  onOpen: (id: string) => void;
  /**
   * Adds the product to the wishlist (the wishlist is another feature: the page hands its action in). A card of
   * several types opens the details instead, where the buyer chooses one.
   */
  onAdd: (product: Product) => void;
  /** The card title's heading level where it sits (2 on the products page, 3 under a section heading). */
  headingLevel?: 2 | 3;
  /** One of the first cards, on screen at once: its picture loads without waiting. */
  first?: boolean;
}

/** How many cards at the top of a list count as `first` (a row on a wide screen, the first screen on a phone). */
export const FIRST_CARDS = 4;

export function ProductCard({
  group,
  currency,
  locale,
  timeZone,
  onOpen,
  onAdd,
  headingLevel = 2,
  first = false,
}: ProductCardProps) {
  const { t } = useLingui();
  const { lead: product, types } = group;
  const title = product.title;
  const offer = groupOffer(group, useSaleNow(types));
  const { window } = offer;
  // Before sales open it may go on the wishlist, ready for the minute they do; once they close it may not.
  const soldOut = stockState(offer) === 'sold-out';
  const unavailable = soldOut || window.state === 'ended';
  // Sold out while on sale: one may wait for places, in the details (docs/waiting-list.md).
  const wait = useAtomValue(waitingListOpenAtom) && soldOut && window.state === 'open' && !product.giftCard;
  const choose = types.length > 1;
  // A gift card whose buyer chooses what it is worth is added from its details, where they choose.
  const range = useGiftAmountRange(choose ? null : (product.giftCard?.amount ?? null), currency);
  const opens = choose || range !== null;
  const Heading = `h${headingLevel}` as const;
  const price = formatPrice(offer.price, currency, locale);
  return (
    <article className="product-card surface" aria-labelledby={`product-${group.id}-title`}>
      <button
        type="button"
        className="product-card__open"
        onClick={() => onOpen(group.id)}
        aria-label={t`Details of ${title}`}
      >
        <ProductImage src={product.image} alt="" eager={first} />
        <span className="product-card__content">
          <Heading id={`product-${group.id}-title`} className="product-card__title" lang={product.textLanguage.title}>
            {product.title}
          </Heading>
          {product.date && (
            <span className="t-body2 text-secondary product-card__when">
              {formatEventTime(product.date, locale, timeZone ?? 'UTC')}
              {product.venue ? ` · ${product.venue}` : ''}
            </span>
          )}
          <span className="product-card__price-row">
            <span className="product-card__price">{range ?? (offer.from ? t`from ${price}` : price)}</span>
            <StockLabel product={offer} window={window} />
          </span>
          {window.state === 'upcoming' && (
            <SalesOpen at={window.opens} locale={locale} timeZone={timeZone} className="t-body2 product-card__when" />
          )}
        </span>
      </button>
      <div className="product-card__actions">
        {wait ? (
          <button
            type="button"
            className="button button--small button--outlined"
            onClick={() => onOpen(group.id)}
            aria-label={t`Join the waiting list for ${title}`}
          >
            {t`Join the waiting list`}
          </button>
        ) : (
          <button
            type="button"
            className="button button--small"
            disabled={unavailable}
            onClick={() => (opens ? onOpen(group.id) : onAdd(product))}
            aria-label={
              choose
                ? t`Choose a type of ${title}`
                : range
                  ? t`Choose an amount of ${title}`
                  : t`Add ${title} to wishlist`
            }
            // What index.html's early-press script adds before the app has started (src/app/earlyInput.ts).
            data-wish={opens ? undefined : title}
          >
            {choose ? t`Choose a type` : range ? t`Choose an amount` : t`Add to wishlist`}
          </button>
        )}
      </div>
    </article>
  );
}
