import { formatEventTime } from '../../lib/format';
import { formatPrice } from '../../lib/money';
import { saleWindow, stockState, type Product } from './product';
import { ProductImage } from './ProductImage';
import { SalesOpen } from './SalesOpen';
import { StockLabel } from './StockLabel';
import { useSaleNow } from './useSaleNow';

interface ProductCardProps {
  product: Product;
  currency: string;
  locale: string;
  /** The shop's, where its events happen (null while it names none). */
  timeZone: string | null;
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
  timeZone,
  onOpen,
  onAdd,
  headingLevel = 2,
  first = false,
}: ProductCardProps) {
  const window = saleWindow(product, useSaleNow([product]));
  // Before sales open it may go on the wishlist, ready for the minute they do; once they close it may not.
  const unavailable = stockState(product) === 'sold-out' || window.state === 'ended';
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="product-card surface" aria-labelledby={`product-${product.id}-title`}>
      <button
        type="button"
        className="product-card__open"
        onClick={() => onOpen(product.id)}
        aria-label={`Details of ${product.title}`}
      >
        <ProductImage src={product.image} alt="" eager={first} />
        <span className="product-card__content">
          <Heading id={`product-${product.id}-title`} className="product-card__title">
            {product.title}
          </Heading>
          {product.date && (
            <span className="t-body2 text-secondary product-card__when">
              {formatEventTime(product.date, locale, timeZone ?? 'UTC')}
              {product.venue ? ` · ${product.venue}` : ''}
            </span>
          )}
          <span className="product-card__price-row">
            <span className="product-card__price">{formatPrice(product.price, currency, locale)}</span>
            <StockLabel product={product} window={window} />
          </span>
          {window.state === 'upcoming' && (
            <SalesOpen at={window.opens} locale={locale} timeZone={timeZone} className="t-body2 product-card__when" />
          )}
        </span>
      </button>
      <div className="product-card__actions">
        <button
          type="button"
          className="button button--small"
          disabled={unavailable}
          onClick={() => onAdd(product)}
          aria-label={`Add ${product.title} to wishlist`}
        >
          Add to wishlist
        </button>
      </div>
    </article>
  );
}
