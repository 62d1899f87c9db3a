import { atom } from 'jotai';
import { DEFAULT_PAYMENT_SETTINGS, type PaymentSettings } from './model';

export interface LivePaymentSettings {
  settings: PaymentSettings;
  /** Whether `settings` came from the database; until then they are the defaults, which checkout must not offer. */
  known: boolean;
}

/** The organiser's payment settings as last read, parsed (docs/payments.md#payment-settings); livePaymentSettings.ts fills it. */
export const paymentSettingsAtom = atom<LivePaymentSettings>({ settings: DEFAULT_PAYMENT_SETTINGS, known: false });
