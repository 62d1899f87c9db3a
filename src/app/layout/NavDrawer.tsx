import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Divider from '@mui/material/Divider';
import { useAtomValue } from 'jotai';
import { NavLink } from 'react-router';
import { authAtom, cartCountAtom } from '../../state/atoms';
import { PUBLIC_NAV, type NavItem } from './navigation';

interface NavDrawerProps {
  id: string;
  open: boolean;
  onClose: () => void;
}

/** The phone navigation: every public page, the wishlist and the account entry. */
export default function NavDrawer({ id, open, onClose }: NavDrawerProps) {
  const auth = useAtomValue(authAtom);
  const count = useAtomValue(cartCountAtom);
  const secondary: NavItem[] = [
    { to: '/cart', label: `Wishlist (${count})`, page: 'cart' },
    auth.authenticated
      ? { to: '/dashboard', label: 'Dashboard', page: 'dashboard' }
      : { to: '/login', label: 'Sign in', page: 'login' },
  ];
  const link = (item: NavItem) => (
    <ListItemButton
      key={item.to}
      component={NavLink}
      to={item.to}
      onClick={onClose}
      sx={{ '&.active': { fontWeight: 700 } }}
    >
      <ListItemText primary={item.label} />
    </ListItemButton>
  );

  return (
    <Drawer id={id} anchor="left" open={open} onClose={onClose}>
      <nav aria-label="Main">
        <List sx={{ width: 260 }}>{PUBLIC_NAV.map(link)}</List>
        <Divider />
        <List>{secondary.map(link)}</List>
      </nav>
    </Drawer>
  );
}
