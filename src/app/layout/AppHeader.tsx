import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { Suspense, lazy, useState } from 'react';
import { Link as RouterLink, NavLink } from 'react-router';
import { siteAtom } from '../../state/atoms';
import { AccountEntry } from './AccountEntry';
import { PUBLIC_NAV, preload } from './navigation';
import { WishlistButton } from './WishlistButton';

const DRAWER_ID = 'site-navigation-drawer';

// Only phones open the drawer, so its code (a modal with focus trapping) loads on first use.
const loadNavDrawer = () => import('./NavDrawer');
const NavDrawer = lazy(loadNavDrawer);

/** The banner: site name, navigation (inline on wide screens, a drawer on phones), wishlist and account. */
export function AppHeader() {
  const site = useAtomValue(siteAtom);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (drawerOpen && !drawerUsed) setDrawerUsed(true);

  return (
    <AppBar component="header" position="sticky" color="primary" enableColorOnDark>
      <Toolbar sx={{ gap: 1 }}>
        <IconButton
          color="inherit"
          edge="start"
          aria-label="Open navigation"
          aria-controls={DRAWER_ID}
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpen(true)}
          onPointerEnter={loadNavDrawer}
          onFocus={loadNavDrawer}
          sx={{ display: { md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        <Typography
          component={RouterLink}
          to="/home"
          variant="h6"
          noWrap
          sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 700, minWidth: 0, mr: 2 }}
        >
          {site.name}
        </Typography>
        <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5 }}>
          {PUBLIC_NAV.map((item) => (
            <Button
              key={item.to}
              component={NavLink}
              to={item.to}
              color="inherit"
              onMouseEnter={() => preload(item.page)}
              onFocus={() => preload(item.page)}
              sx={{ '&.active': { textDecoration: 'underline', textUnderlineOffset: 6, textDecorationThickness: 2 } }}
            >
              {item.label}
            </Button>
          ))}
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <WishlistButton />
        <Box sx={{ display: { xs: 'none', md: 'block' } }}>
          <AccountEntry />
        </Box>
      </Toolbar>
      {drawerUsed && (
        <Suspense fallback={null}>
          <NavDrawer id={DRAWER_ID} open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}
    </AppBar>
  );
}
