import { atom } from 'jotai';
import { authAtom, siteAtom } from '../../state/atoms';
import { serverNowAtom, serverOffsetAtom } from '../../state/liveAtoms';
import { LONGEST_TIMEOUT_MS } from '../../state/serverNow';
import type { AppStore } from '../../state/store';
import { sessionAtom } from '../../state/session';
import { bypassesComingSoon, isComingSoonActive } from './comingSoon';

export const comingSoonAtom = atom((get) => {
  // A stored staff sign-in counts only once Firebase has confirmed the session; until then the gate waits.
  const claimsBypass = bypassesComingSoon(get(authAtom));
  const session = get(sessionAtom);
  return {
    active: isComingSoonActive(get(siteAtom), get(serverNowAtom)),
    bypass: claimsBypass && session === 'signed-in',
    checking: claimsBypass && session === 'checking',
  };
});

/**
 * Keeps serverNowAtom fresh where it matters: whenever the site or the server offset changes, and at the launch
 * moment, so open pages leave coming-soon mode by themselves when the launch passes.
 */
export function watchLaunch(store: AppStore): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const sample = () => {
    clearTimeout(timer);
    const offset = store.get(serverOffsetAtom);
    const now = Date.now() + offset;
    store.set(serverNowAtom, now);
    const site = store.get(siteAtom);
    if (!site.comingsoon || site.launch === null) return;
    const wait = Date.parse(site.launch) - now;
    if (wait >= 0) timer = setTimeout(sample, Math.min(wait + 50, LONGEST_TIMEOUT_MS));
  };
  sample();
  const stopSite = store.sub(siteAtom, sample);
  const stopOffset = store.sub(serverOffsetAtom, sample);
  return () => {
    clearTimeout(timer);
    stopSite();
    stopOffset();
  };
}
