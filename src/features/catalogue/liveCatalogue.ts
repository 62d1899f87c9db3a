import {
  cacheCatalogue,
  cacheQuotas,
  catalogueAtom,
  quotasAtom,
  waitingDemandAtom,
  waitingListOpenAtom,
} from './catalogueState';
import { parseWaitingDemand, parseWaitingListSettings, waitingListPaths } from '../waitinglist/model';
import { parseCatalogue } from './product';
import { parseQuotas } from './quota';
import { sameData } from '../../lib/sameData';
import { setInBackground } from '../../state/setInBackground';
import type { AppStore } from '../../state/store';
import { database, type Database } from '../../firebase/database';
import { paths } from '../../firebase/paths';
import { resilientSubscription, type ResilientSubscription } from '../../firebase/resilientSubscription';

type Listen = (db: Database, onValue: (value: unknown) => void, onError: (error: unknown) => void) => () => void;

/**
 * One live part of the catalogue, opened again after errors. The site subscription's status drives the "live
 * updates paused" notice; the catalogue follows the same connection, so it only logs.
 */
function follow(what: string, listen: Listen, take: (value: unknown) => void): ResilientSubscription {
  return resilientSubscription({
    async open(onValue, onError) {
      const db = await database();
      return listen(
        db,
        (value) => {
          take(value);
          onValue();
        },
        onError,
      );
    },
    onStatus: () => undefined,
    onGiveUp: (error) => console.error(`Live ${what} updates paused after repeated failures:`, error),
  });
}

/** Says `report` on the console once, not again for every value that repeats it. */
function warnOnce(): (report: string) => void {
  let said = '';
  return (report) => {
    if (report !== '' && report !== said) console.warn(report);
    said = report;
  };
}

/**
 * Owns the live catalogue: the active products (the query the rules allow the public), checked product by
 * product, written into catalogueAtom, and the shared quotas they draw on (quotasAtom), each cached for offline
 * visits; and what people on waiting lists want, and whether one may join them.
 */
export function startCatalogue(store: AppStore): () => void {
  const warnProducts = warnOnce();
  const warnQuotas = warnOnce();
  const subscriptions = [
    follow(
      'catalogue',
      (db, onValue, onError) => db.subscribeWhere(paths.products, { child: 'active', equals: true }, onValue, onError),
      (value) => {
        const { products, problems, ignored = [] } = parseCatalogue(value);
        // For the console, not for visitors.
        /* eslint-disable lingui/no-unlocalized-strings */
        warnProducts(
          [
            problems.length > 0 ? `Products left out of the catalogue: ${problems.join('; ')}.` : '',
            ignored.length > 0 ? `Unusable product fields ignored: ${ignored.join('; ')}.` : '',
          ]
            .filter(Boolean)
            .join(' '),
        );
        /* eslint-enable lingui/no-unlocalized-strings */
        const current = store.get(catalogueAtom);
        const state = { products, source: 'live' as const, updatedAt: Date.now() };
        if (current.source !== 'live' || !sameData(current.products, products))
          setInBackground(store, catalogueAtom, state);
        cacheCatalogue(state);
      },
    ),
    follow(
      'quota',
      (db, onValue, onError) => db.subscribe(paths.quotas, onValue, onError),
      (value) => {
        const { quotas, problems } = parseQuotas(value);
        warnQuotas(problems.length > 0 ? `Quotas left out: ${problems.join('; ')}.` : '');
        const current = store.get(quotasAtom);
        if (current === null || !sameData([...current.values()], [...quotas.values()]))
          setInBackground(store, quotasAtom, quotas);
        cacheQuotas(quotas);
      },
    ),
    // What people on waiting lists want is not the public's (docs/waiting-list.md#before-the-public); small, and
    // read by everyone. The names are for the console.
    /* eslint-disable lingui/no-unlocalized-strings */
    follow(
      'waiting list',
      (db, onValue, onError) => db.subscribe(waitingListPaths.demand, onValue, onError),
      (value) => setInBackground(store, waitingDemandAtom, parseWaitingDemand(value)),
    ),
    follow(
      'waiting list settings',
      (db, onValue, onError) => db.subscribe(waitingListPaths.settings, onValue, onError),
      (value) => setInBackground(store, waitingListOpenAtom, parseWaitingListSettings(value).on),
    ),
    /* eslint-enable lingui/no-unlocalized-strings */
  ];
  const resume = () => subscriptions.forEach((subscription) => subscription.restart());
  window.addEventListener('online', resume);
  return () => {
    window.removeEventListener('online', resume);
    subscriptions.forEach((subscription) => subscription.stop());
  };
}
