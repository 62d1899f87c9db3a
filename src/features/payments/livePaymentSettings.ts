import { paymentSettingsAtom } from './paymentSettingsState';
import { parsePaymentSettings } from './model';
import { sameData } from '../../lib/sameData';
import type { AppStore } from '../../state/store';
import { database } from '../../firebase/database';
import { paths } from '../../firebase/paths';
import { resilientSubscription } from '../../firebase/resilientSubscription';

/**
 * Owns the live subscription to `paymentSettings`, as liveSite.ts does for the properties: each value is parsed
 * (anything damaged reads as the defaults) into paymentSettingsAtom, so checkout's choice and the order views follow
 * staff's changes at once (docs/payments.md#payment-settings).
 */
export function startLivePaymentSettings(store: AppStore): () => void {
  const subscription = resilientSubscription({
    async open(onValue, onError) {
      const db = await database();
      return db.subscribe(
        paths.paymentSettings,
        (raw) => {
          const settings = parsePaymentSettings(raw);
          const current = store.get(paymentSettingsAtom);
          if (!current.known || !sameData(current.settings, settings))
            store.set(paymentSettingsAtom, { settings, known: true });
          onValue();
        },
        onError,
      );
    },
    // The site subscription's status drives the "live updates paused" notice; this one follows the same connection.
    onStatus: () => undefined,
    onGiveUp: (error) => console.error('Live payment settings paused after repeated failures:', error),
  });
  const resume = () => subscription.restart();
  window.addEventListener('online', resume);
  return () => {
    window.removeEventListener('online', resume);
    subscription.stop();
  };
}
