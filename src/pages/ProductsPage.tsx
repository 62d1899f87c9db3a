import { Trans, useLingui } from '@lingui/react/macro';
import { usePageTitle } from '../features/site/usePageTitle';
import { CatalogueView } from '../features/catalogue/CatalogueView';
import { addToWishlist } from '../features/wishlist/addToWishlist';

export default function ProductsPage() {
  const { t } = useLingui();
  usePageTitle(t`Products`);
  return (
    <div className="page-stack">
      <h1 className="t-h1">
        <Trans>Products</Trans>
      </h1>
      <CatalogueView onAdd={addToWishlist} />
    </div>
  );
}
