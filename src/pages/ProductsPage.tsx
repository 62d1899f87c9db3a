import { usePageTitle } from '../features/site/usePageTitle';
import { CatalogueView } from '../features/catalogue/CatalogueView';
import { addToWishlist } from '../features/wishlist/addToWishlist';

export default function ProductsPage() {
  usePageTitle('Products');
  return (
    <div className="page-stack">
      <h1 className="t-h1">Products</h1>
      <CatalogueView onAdd={addToWishlist} />
    </div>
  );
}
