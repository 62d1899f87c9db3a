import type { WritableAtom } from 'jotai';
import { sameData } from '../../lib/sameData';
import { siteAtom } from '../../state/atoms';
import { connectedAtom, liveStatusAtom, restartLiveAtom, serverOffsetAtom } from '../../state/liveAtoms';
import { readSiteFields } from '../../state/site';
import { setInBackground } from '../../state/setInBackground';
import type { AppStore } from '../../state/store';
import { database } from '../../firebase/database';
import { paths } from '../../firebase/paths';
import { resilientSubscription } from '../../firebase/resilientSubscription';
import {
  cacheTranslations,
  categoryNamesAtom,
  readCategoryNames,
  readTaglines,
  taglinesAtom,
} from './siteTranslations';

/** Warns once per distinct set of bad fields, not on every update that repeats them. */
function makeFieldWarner(): (invalid: string[]) => void {
  let last = '';
  return (invalid) => {
    const key = invalid.join(',');
    if (key === last) return;
    last = key;
    if (invalid.length > 0) {
      console.warn(`Ignored invalid site properties from the database (defaults used instead): ${invalid.join(', ')}.`);
    }
  };
}

/**
 * Owns the live subscription to `properties`: each value replaces the site fields, field by field validated
 * (docs/behaviour.md#site-properties). Broken subscriptions are re-established a limited number of times and
 * resume when the browser comes online (docs/behaviour.md#live-updates-and-resubscription).
 * Also follows the server clock offset and the connection state, which the countdown and forms need.
 */
export function startLiveSite(store: AppStore): () => void {
  const warn = makeFieldWarner();
  // A value that holds the same data as before changes nothing, so nothing re-renders for it.
  const follow = <Value>(atom: WritableAtom<Value, [Value], void>, value: Value) => {
    if (!sameData(store.get(atom), value)) setInBackground(store, atom, value);
  };
  const subscription = resilientSubscription({
    async open(onValue, onError) {
      const db = await database();
      const stopProperties = db.subscribe(
        paths.properties,
        (value) => {
          const { site, invalid } = readSiteFields(value);
          warn(invalid);
          follow(siteAtom, site);
          follow(taglinesAtom, readTaglines(value));
          follow(categoryNamesAtom, readCategoryNames(value));
          cacheTranslations(value);
          onValue();
        },
        onError,
      );
      const stopOffset = db.subscribe(paths.serverTimeOffset, (offset) => {
        store.set(serverOffsetAtom, typeof offset === 'number' && Number.isFinite(offset) ? offset : 0);
      });
      const stopConnected = db.subscribe(paths.connected, (connected) => {
        store.set(connectedAtom, connected === true);
      });
      return () => {
        stopProperties();
        stopOffset();
        stopConnected();
      };
    },
    onStatus: (status) => store.set(liveStatusAtom, status),
    onGiveUp: (error) => console.error('Live site updates paused after repeated failures:', error),
  });

  const resume = () => {
    if (store.get(liveStatusAtom) !== 'live') subscription.restart();
  };
  window.addEventListener('online', resume);
  store.set(restartLiveAtom, { restart: () => subscription.restart() });
  return () => {
    window.removeEventListener('online', resume);
    subscription.stop();
  };
}
