import { cacheCatalogue, catalogueAtom } from './catalogueState';
import { parseCatalogue } from './product';
import { sameData } from '../../lib/sameData';
import { setInBackground } from '../../state/setInBackground';
import type { AppStore } from '../../state/store';
import { database } from '../../firebase/database';
import { paths } from '../../firebase/paths';
import { resilientSubscription } from '../../firebase/resilientSubscription';

/**
 * Owns the live catalogue: the active products (the query the rules allow the public), checked product by
 * product, written into catalogueAtom and cached for offline visits.
 */
export function startCatalogue(store: AppStore): () => void {
  let reported = '';
  const subscription = resilientSubscription({
    async open(onValue, onError) {
      const db = await database();
      return db.subscribeWhere(
        paths.products,
        { child: 'active', equals: true },
        (value) => {
          const { products, problems, ignored = [] } = parseCatalogue(value);
          const report = [...problems, ...ignored].join('; ');
          if (report !== reported) {
            if (problems.length > 0) console.warn(`Products left out of the catalogue: ${problems.join('; ')}.`);
            if (ignored.length > 0) console.warn(`Unusable product fields ignored: ${ignored.join('; ')}.`);
          }
          reported = report;
          const current = store.get(catalogueAtom);
          const state = { products, source: 'live' as const, updatedAt: Date.now() };
          if (current.source !== 'live' || !sameData(current.products, products))
            setInBackground(store, catalogueAtom, state);
          cacheCatalogue(state);
          onValue();
        },
        onError,
      );
    },
    // The site subscription's status drives the "live updates paused" notice; the catalogue follows the same
    // connection, so it only logs.
    onStatus: () => undefined,
    onGiveUp: (error) => console.error('Live catalogue updates paused after repeated failures:', error),
  });
  const resume = () => subscription.restart();
  window.addEventListener('online', resume);
  return () => {
    window.removeEventListener('online', resume);
    subscription.stop();
  };
}
