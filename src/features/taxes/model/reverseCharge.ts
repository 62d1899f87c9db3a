/**
 * When an order's lines are sold under reverse charge (docs/taxes.md#reverse-charge): the shop is in the European
 * Union and allows it, and the buyer is a business in another member state that gave its VAT number. Then the buyer
 * accounts for the VAT, not the shop, on what the shop supplies to them, save admission to an event, which is taxed
 * where the event takes place whoever buys it. Pure and shared with trusted code, which decides when it places the
 * order; checkout shows the same from the details typed.
 */
import type { TaxSettings } from './taxSettings';

/** The member states by ISO 3166 code (Greece is GR here; its VAT numbers begin EL). */
// prettier-ignore
export const EU_MEMBER_STATES = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT',
  'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
] as const;

export const inEuropeanUnion = (country: string): boolean => (EU_MEMBER_STATES as readonly string[]).includes(country);

/** The buyer as reverse charge needs them: the country of their address and their VAT number ('' for none). */
interface BusinessBuyer {
  country: string;
  vatId: string;
}

/**
 * Whether this buyer's order is under reverse charge in a shop with these settings. The VAT number has been checked
 * offline for the address's country before it is stored (billing.ts); only the EU's own service can say it is
 * registered, which the desk is told (docs/taxes.md#vat-numbers).
 */
export function reverseChargeFor(
  settings: Pick<TaxSettings, 'on' | 'reverseCharge' | 'country'>,
  buyer: BusinessBuyer | null | undefined,
): boolean {
  if (!settings.on || !settings.reverseCharge || !inEuropeanUnion(settings.country)) return false;
  if (!buyer || buyer.vatId === '') return false;
  return inEuropeanUnion(buyer.country) && buyer.country !== settings.country;
}
