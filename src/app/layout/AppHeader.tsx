import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useAtomValue } from 'jotai';
import { Suspense, lazy, useState } from 'react';
import { Link, NavLink } from '../../lib/Link';
import { Icon } from '../../lib/Icon';
import { siteAtom } from '../../state/atoms';
import { AccountEntry } from './AccountEntry';
import { PUBLIC_NAV, preload } from './navigation';
import { WishlistButton } from './WishlistButton';

const DRAWER_ID = 'site-navigation-drawer';

// Only phones open the drawer, so its code loads on first use.
const loadNavDrawer = () => import('./NavDrawer');
const NavDrawer = lazy(loadNavDrawer);

/** The banner: site name, navigation (inline on wide screens, a drawer on phones), wishlist and account. */
export function AppHeader() {
  const { i18n } = useLingui();
  const site = useAtomValue(siteAtom);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (drawerOpen && !drawerUsed) setDrawerUsed(true);

  return (
    <header className="app-header">
      <div className="app-header__bar">
        <button
          type="button"
          className="icon-button app-header__menu"
          aria-label={i18n._(msg`Open navigation`)}
          aria-controls={DRAWER_ID}
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpen(true)}
          onPointerEnter={loadNavDrawer}
          onFocus={loadNavDrawer}
        >
          <Icon name="menu" />
        </button>
        <Link to="/home" className="app-header__name">
          {site.name}
        </Link>
        <nav aria-label={i18n._(msg`Main`)} className="app-header__nav">
          {PUBLIC_NAV.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              className="button button--inherit"
              onMouseEnter={() => preload(item.page)}
              onFocus={() => preload(item.page)}
            >
              {i18n._(item.label)}
            </NavLink>
          ))}
        </nav>
        <span className="app-header__spacer" />
        <WishlistButton />
        <AccountEntry className="app-header__account" />
      </div>
      {drawerUsed && (
        <Suspense fallback={null}>
          <NavDrawer id={DRAWER_ID} open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}
