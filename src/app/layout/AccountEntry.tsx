import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { NavLink } from '../../lib/Link';
import { Icon } from '../../lib/Icon';
import { authAtom } from '../../state/atoms';
import { preload } from './navigation';

/** "Sign in" for visitors, "Dashboard" once signed in. */
export function AccountEntry({ className }: { className?: string }) {
  const { t } = useLingui();
  const auth = useAtomValue(authAtom);
  const target = auth.authenticated
    ? { to: '/dashboard', label: t`Dashboard`, page: 'dashboard' as const }
    : { to: '/login', label: t`Sign in`, page: 'login' as const };
  return (
    <NavLink
      to={target.to}
      className={`button button--inherit${className ? ` ${className}` : ''}`}
      onMouseEnter={() => preload(target.page)}
      onFocus={() => preload(target.page)}
    >
      <Icon name="account" className="button__start-icon" />
      {target.label}
    </NavLink>
  );
}
