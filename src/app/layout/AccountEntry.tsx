import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import Button from '@mui/material/Button';
import { useAtomValue } from 'jotai';
import { NavLink } from 'react-router';
import { authAtom } from '../../state/atoms';
import { preload } from './navigation';

/** "Sign in" for visitors, "Dashboard" once signed in. */
export function AccountEntry() {
  const auth = useAtomValue(authAtom);
  const target = auth.authenticated
    ? { to: '/dashboard', label: 'Dashboard', page: 'dashboard' as const }
    : { to: '/login', label: 'Sign in', page: 'login' as const };
  return (
    <Button
      component={NavLink}
      to={target.to}
      color="inherit"
      startIcon={<AccountCircleOutlined />}
      onMouseEnter={() => preload(target.page)}
      onFocus={() => preload(target.page)}
    >
      {target.label}
    </Button>
  );
}
