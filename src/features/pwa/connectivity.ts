import { t } from '@lingui/core/macro';
import { atom } from 'jotai';
import { notify } from '../../lib/toast/notifier';
import { connectedAtom } from '../../state/liveAtoms';
import type { AppStore } from '../../state/store';

/** Whether the browser says it has a network; the database connection is `connectedAtom`. */
export const onlineAtom = atom(true);

/**
 * Follows the browser's network state, and once the database is reachable again after a spell offline, says
 * so: the page's details are live again.
 */
export function watchConnectivity(store: AppStore): void {
  let wasOffline = false;
  const follow = () => {
    store.set(onlineAtom, navigator.onLine);
    if (!navigator.onLine) wasOffline = true;
  };
  follow();
  window.addEventListener('online', follow);
  window.addEventListener('offline', follow);
  store.sub(connectedAtom, () => {
    if (!wasOffline || !store.get(connectedAtom) || !navigator.onLine) return;
    wasOffline = false;
    notify({ severity: 'success', key: 'back-online', summary: t`Back online`, detail: t`Live updates are on again.` });
  });
}
