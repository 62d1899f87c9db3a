import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { siteAtom } from '../../state/atoms';
import { serverNowAtom } from '../../state/liveAtoms';
import { buyerCatalogueAtom } from './catalogueState';
import { featuredGroups } from './groupOffer';
import type { Product } from './product';
import { groupProducts } from './productTypes';
import { FIRST_CARDS, ProductCard } from './ProductCard';

/** The home page's selection from the catalogue, with a way to the whole of it; `onAdd` adds to the wishlist. */
export function FeaturedProducts({ onAdd }: { onAdd: (product: Product) => void }) {
  const catalogue = useAtomValue(buyerCatalogueAtom);
  const now = useAtomValue(serverNowAtom);
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const { currency, timezone } = useAtomValue(siteAtom);
  const navigate = useNavigate();
  const groups = useMemo(() => groupProducts(catalogue.products), [catalogue.products]);
  const shown = useMemo(() => featuredGroups(groups, now), [groups, now]);
  const count = groups.length;

  if (shown.length === 0) {
    return (
      <p className="t-body1 text-secondary">
        {catalogue.source === 'none'
          ? t`Upcoming events and products appear here in a moment.`
          : t`Nothing is on sale right now; do come back soon.`}
      </p>
    );
  }
  return (
    <>
      <ul aria-label={t`Featured products`} className="product-grid product-grid--featured">
        {shown.map((group, index) => (
          <li key={group.id}>
            <ProductCard
              group={group}
              currency={currency}
              locale={locale}
              timeZone={timezone}
              headingLevel={3}
              first={index < FIRST_CARDS}
              onOpen={(id) => void navigate(`/products?product=${encodeURIComponent(id)}`)}
              onAdd={onAdd}
            />
          </li>
        ))}
      </ul>
      <button type="button" className="button featured-products__all" onClick={() => void navigate('/products')}>
        {t`See all ${count} products`}
      </button>
    </>
  );
}
