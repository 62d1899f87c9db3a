/**
 * What other features may use of paying, the app's side of payments (the pure model is features/payments/): the
 * organiser's live payment settings.
 */
export { paymentSettingsAtom } from './paymentSettingsState';
