import type { AuthState, SiteState } from '../../state/types';

/** Coming-soon mode holds while the flag is on and the launch moment (if any) has not passed on server time. */
export function isComingSoonActive(site: SiteState, serverNow: number): boolean {
  if (!site.comingsoon) return false;
  if (site.launch === null) return true;
  return Date.parse(site.launch) > serverNow;
}

/** Staff keep browsing the shop while it is in coming-soon mode. */
export function bypassesComingSoon(auth: AuthState): boolean {
  return auth.authenticated && auth.role === 'staff';
}

/** Pages a visitor may still open in coming-soon mode. */
export const OPEN_DURING_COMING_SOON = new Set(['/login', '/coming-soon']);
