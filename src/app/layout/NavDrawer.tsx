import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { NavLink } from '../../lib/Link';
import { authAtom, cartCountAtom } from '../../state/atoms';
import { PUBLIC_NAV, type NavItem } from './navigation';

interface NavDrawerProps {
  id: string;
  open: boolean;
  onClose: () => void;
}

/**
 * The phone navigation: every public page, the wishlist and the account entry. A modal <dialog> from the left:
 * the browser keeps focus inside it, closes it on Escape, hides the page behind it from screen readers and gives
 * focus back to the menu button when it closes, with no script of ours for any of it.
 */
export default function NavDrawer({ id, open, onClose }: NavDrawerProps) {
  const auth = useAtomValue(authAtom);
  const { i18n } = useLingui();
  const count = useAtomValue(cartCountAtom);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (open && !element?.open) element?.showModal();
    if (!open && element?.open) element.close();
  }, [open]);

  const secondary: NavItem[] = [
    { to: '/cart', label: msg`Wishlist (${count})`, page: 'cart' },
    auth.authenticated
      ? { to: '/dashboard', label: msg`Dashboard`, page: 'dashboard' }
      : { to: '/login', label: msg`Sign in`, page: 'login' },
  ];
  const links = (items: readonly NavItem[]) => (
    <ul className="nav-drawer__list">
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} className="nav-drawer__link" onClick={onClose}>
            {i18n._(item.label)}
          </NavLink>
        </li>
      ))}
    </ul>
  );

  return (
    // A press on the backdrop lands on the dialog itself (its content fills it): that closes it, as a tap outside.
    <dialog
      ref={dialog}
      id={id}
      className="nav-drawer"
      aria-label={i18n._(msg`Navigation`)}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <nav aria-label={i18n._(msg`Main`)} className="nav-drawer__content">
        {links(PUBLIC_NAV)}
        <hr className="nav-drawer__divider" />
        {links(secondary)}
      </nav>
    </dialog>
  );
}
