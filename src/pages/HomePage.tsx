import { Trans } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { Link } from '../lib/Link';
import { usePageTitle } from '../features/site/usePageTitle';
import { Tagline } from '../features/site/Tagline';
import { FeaturedProducts } from '../features/catalogue/FeaturedProducts';
import { addToWishlist } from '../features/wishlist/addToWishlist';
import { siteAtom } from '../state/atoms';

export default function HomePage() {
  const site = useAtomValue(siteAtom);
  usePageTitle('');
  return (
    <div className="page-stack page-stack--wide">
      <section aria-labelledby="home-heading" className="home-hero">
        <h1 id="home-heading" className="t-h1">
          {site.name}
        </h1>
        <Tagline className="t-h2 page-tagline text-secondary" />
        <div className="button-row">
          <Link to="/products" className="button button--contained button--large">
            <Trans>Browse products</Trans>
          </Link>
          <Link to="/contact" className="button button--outlined button--large">
            <Trans>Contact us</Trans>
          </Link>
        </div>
      </section>
      <section aria-labelledby="featured-heading" className="surface page-section">
        <h2 id="featured-heading" className="t-h2 gutter-bottom">
          <Trans>Coming up</Trans>
        </h2>
        <FeaturedProducts onAdd={addToWishlist} />
      </section>
    </div>
  );
}
