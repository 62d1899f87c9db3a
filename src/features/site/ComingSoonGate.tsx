import { Trans } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { OPEN_DURING_COMING_SOON } from './comingSoon';
import { comingSoonAtom } from './comingSoonAtoms';

/** Where a visitor was going when coming-soon mode sent them away, so they can be taken back at launch. */
export interface ComingSoonRedirectState {
  from: string;
}

/**
 * While coming-soon mode holds, visitors are taken to /coming-soon from every page but login, before the page
 * they asked for renders at all.
 */
export function ComingSoonGate({ children }: { children: ReactNode }) {
  const { active, bypass, checking } = useAtomValue(comingSoonAtom);
  const location = useLocation();
  // Staff by the stored state, not yet confirmed by Firebase: neither show the shop nor send them away.
  if (active && checking && !OPEN_DURING_COMING_SOON.has(location.pathname)) return null;
  if (!active || bypass || OPEN_DURING_COMING_SOON.has(location.pathname)) return children;
  const state: ComingSoonRedirectState = { from: `${location.pathname}${location.search}` };
  return <Navigate to="/coming-soon" replace state={state} />;
}

/** Staff browse on during coming-soon mode, reminded that visitors do not see the shop. */
export function ComingSoonBanner() {
  const { active, bypass } = useAtomValue(comingSoonAtom);
  if (!active || !bypass) return null;
  return (
    <p role="status" className="coming-soon-banner">
      <Trans>Coming-soon mode is on: visitors see the coming-soon page.</Trans>
    </p>
  );
}
