import type { AnchorHTMLAttributes, Ref } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from 'react-router';

/**
 * Links to the app's own pages: an anchor that navigates in the app when clicked, built on the hooks react-router
 * offers for custom links. react-router's own `<Link>` brings its framework mode's prefetching along, which this
 * app never uses, into every first visit: 2 KB gzip (docs/performance.md#what-a-first-visit-loads).
 */
interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

export function Link({ to, replace, target, onClick, ...anchor }: LinkProps) {
  const href = useHref(to);
  // Opens in the app unless the visitor asked for a new tab or window (modifier keys, another button, a target).
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, target });
  return (
    <a
      {...anchor}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    />
  );
}

/**
 * A link in a menu: marked as the current page (`aria-current`) on its own page and, unless `end`, on the pages
 * below it; paths compare as the routes match them, whatever their case.
 */
export function NavLink({ end = false, ...link }: LinkProps & { end?: boolean }) {
  const here = useLocation().pathname.toLowerCase();
  const path = useResolvedPath(link.to)
    .pathname.toLowerCase()
    .replace(/(.)\/$/, '$1');
  const current = here === path || (!end && path !== '/' && here.startsWith(`${path}/`));
  return <Link aria-current={current ? 'page' : undefined} {...link} />;
}
