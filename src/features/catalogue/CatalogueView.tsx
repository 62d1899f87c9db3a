import { plural, select } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { needMessages } from '../../i18n/catalogues';
import { useAtomValue } from 'jotai';
import { useDeferredValue, useEffect, useMemo, useState, type ComponentType } from 'react';
import { retryWhenOnline } from '../../lib/retryWhenOnline';
import { siteAtom } from '../../state/atoms';
import { buyerCatalogueAtom } from './catalogueState';
import { categoryNameAtom } from './categoryName';
import { CatalogueFilters } from './CatalogueFilters';
import { filterGroups } from './groupOffer';
import { categoriesOf, type Product } from './product';
import { groupProducts } from './productTypes';
import { FIRST_CARDS, ProductCard } from './ProductCard';
import type { ProductDialogProps } from './ProductDialog';
import { useCatalogueQuery } from './useCatalogueQuery';
import { useSaleNow } from './useSaleNow';
import { useGrowingList } from '../../lib/useGrowingList';

/** Cards rendered per step of a long catalogue. */
const STEP = 48;

// The dialog (with MUI's modal, transitions and media queries) is closed on a first visit: its code loads when a
// product is about to be opened, never while the page from the server is being taken over.
// The dialog is drawn with MUI and speaks with the rest of the messages (docs/languages.md#two-parts-per-language).
const loadProductDialog = () =>
  Promise.all([import('./ProductDialog'), needMessages('more')]).then(([module]) => module);

/** "3 products", "3 products match", with "(saved on this device; updating when online)" while from the cache. */
function countNote(count: number, filtered: boolean, cached: boolean): string {
  const how = filtered ? (cached ? 'filteredCached' : 'filtered') : cached ? 'cached' : 'all';
  return select(how, {
    filteredCached: plural(count, {
      one: '# product match (saved on this device; updating when online)',
      other: '# products match (saved on this device; updating when online)',
    }),
    filtered: plural(count, { one: '# product match', other: '# products match' }),
    cached: plural(count, {
      one: '# product (saved on this device; updating when online)',
      other: '# products (saved on this device; updating when online)',
    }),
    other: plural(count, { one: '# product', other: '# products' }),
  });
}

/**
 * The product dialog once a product has been asked for (and from then on, so that it closes with its
 * transition). Loaded in an effect, so neither the server's render nor the hydration ever include it: its modal
 * lives in a portal, which the server does not render either.
 */
function LazyProductDialog(props: ProductDialogProps) {
  const wanted = props.requestedId !== null;
  const [Dialog, setDialog] = useState<ComponentType<ProductDialogProps> | null>(null);
  useEffect(() => {
    if (!wanted || Dialog) return;
    let current = true;
    const stopRetrying = retryWhenOnline(
      () => loadProductDialog().then((module) => current && setDialog(() => module.ProductDialog)),
      'The product details could not be loaded; trying again when online',
    );
    return () => {
      current = false;
      stopRetrying();
    };
  }, [wanted, Dialog]);
  return Dialog ? <Dialog {...props} /> : null;
}

/**
 * The products page's content: filters, the grid of matching products and the product detail; `onAdd` is what
 * "Add to wishlist" does.
 */
export function CatalogueView({ onAdd }: { onAdd: (product: Product) => void }) {
  const catalogue = useAtomValue(buyerCatalogueAtom);
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const { currency, timezone } = useAtomValue(siteAtom);
  const query = useCatalogueQuery();
  // Filtering a large catalogue must never hold up typing: the grid follows a moment behind the search box.
  const search = useDeferredValue(query.search);
  // One card per product, or per group of types (docs/behaviour.md#types); prices sort as the cards show them.
  const groups = useMemo(() => groupProducts(catalogue.products), [catalogue.products]);
  const now = useSaleNow(catalogue.products);
  const categoryName = useAtomValue(categoryNameAtom);
  // In the reader's language and its alphabetical order; a search finds a category by either name.
  const categories = useMemo(
    () =>
      categoriesOf(groups.map((group) => group.lead))
        .map((category) => ({ category, ...categoryName(category) }))
        .sort((a, b) => a.text.localeCompare(b.text, locale)),
    [groups, categoryName, locale],
  );
  // Each search runs over every card: the names are looked up, not worked out again for each.
  const shownNames = useMemo(() => new Map(categories.map(({ category, text }) => [category, text])), [categories]);
  const shown = useMemo(
    () =>
      filterGroups(
        groups,
        { search, category: query.category, sort: query.sort },
        now,
        (category) => shownNames.get(category) ?? category,
      ),
    [groups, search, query.category, query.sort, now, shownNames],
  );
  // A link may name any of a group's types: it opens the group's details.
  const open = groups.find(
    ({ id, types }) => id === query.productId || types.some((type) => type.id === query.productId),
  );
  const {
    shown: rendered,
    hasMore,
    more,
    sentinelRef,
  } = useGrowingList(shown.length, STEP, `${search}|${query.category}|${query.sort}`);
  const filtered = query.search !== '' || query.category !== '';
  const hidden = shown.length - rendered;

  if (catalogue.source === 'none') {
    return (
      <div className="surface page-section">
        <h2 className="t-h2 gutter-bottom">
          {navigator.onLine ? t`Loading the catalogue…` : t`The catalogue is not available offline yet`}
        </h2>
        <p className="t-body1 text-secondary">
          {navigator.onLine
            ? t`Products appear here in a moment.`
            : t`Connect once to load it; after that it stays on this device for offline visits.`}
        </p>
      </div>
    );
  }

  return (
    <div className="catalogue-view">
      <CatalogueFilters query={query} categories={categories} onChange={query.update} />
      <p role="status" className="t-body1 text-secondary">
        {countNote(shown.length, filtered, catalogue.source === 'cached')}
      </p>
      {shown.length === 0 ? (
        <div className="surface page-section">
          <h2 className="t-h2 gutter-bottom">
            {catalogue.products.length === 0 ? t`No products on sale right now` : t`Nothing matches`}
          </h2>
          {filtered && (
            <button
              type="button"
              className="button button--outlined"
              onClick={() => query.update({ search: '', category: '' })}
            >
              <Trans>Clear search and filters</Trans>
            </button>
          )}
        </div>
      ) : (
        <ul
          aria-label={t`Products`}
          className="product-grid"
          onPointerEnter={loadProductDialog}
          onFocus={loadProductDialog}
        >
          {shown.slice(0, rendered).map((group, index) => (
            <li key={group.id}>
              <ProductCard
                group={group}
                currency={currency}
                locale={locale}
                timeZone={timezone}
                first={index < FIRST_CARDS}
                onOpen={(productId) => query.update({ productId })}
                onAdd={onAdd}
              />
            </li>
          ))}
        </ul>
      )}
      {hasMore && (
        <button ref={sentinelRef} type="button" className="button button--outlined catalogue-view__more" onClick={more}>
          {t`Show more (${hidden} more)`}
        </button>
      )}
      <LazyProductDialog
        group={open}
        requestedId={query.productId}
        currency={currency}
        locale={locale}
        timeZone={timezone}
        onClose={query.closeProduct}
        onAdd={onAdd}
      />
    </div>
  );
}
