/**
 * The buyer's invoice details (docs/invoices.md#the-buyers-details): the company and address an invoice is made out
 * to and their VAT number, given at checkout or, once paid, from the order page until the organiser's deadline.
 * Stored on the request and the order as `billing`; the rules hold the same bounds. Pure and shared with trusted code.
 */
import { isRecord } from '../../state/validation';
import { checkVatId, EU_MEMBER_STATES } from '../taxes/model';

export interface BillingDetails {
  /** Empty when the invoice is in the buyer's own name. */
  company: string;
  address: string;
  /** ISO 3166 alpha-2, capitals. */
  country: string;
  /** Compact ("DE136308783"); empty when none is given. */
  vatId: string;
}

/** As the rules hold them; an address leaves room for its country's name on the invoice (at most 300 there). */
export const BILLING_LIMITS = { company: 120, address: 240, vatId: 20 } as const;

/**
 * The countries a buyer may name: the European Union's, its neighbours' and those shops here sell to most. A list
 * rather than every code, so that the field is a short choice; one not listed is written in the address.
 */
export const BILLING_COUNTRIES = [
  ...EU_MEMBER_STATES,
  ...(['GB', 'CH', 'NO', 'IS', 'LI', 'US', 'CA', 'AU', 'NZ', 'JP'] as const),
] as const;

/** What a VAT number's prefix says of its country, as ISO codes go: Greece writes EL. */
const vatCountry = (prefix: string) => (prefix === 'EL' ? 'GR' : prefix);

/** Why a typed VAT number cannot be taken for `country`: none given is fine; null when nothing is wrong. */
export function billingVatProblem(
  typed: string,
  country: string,
): 'country' | 'format' | 'checksum' | 'elsewhere' | null {
  if (typed.trim() === '') return null;
  const checked = checkVatId(typed);
  if (!checked.ok) return checked.problem;
  return vatCountry(checked.country) === country ? null : 'elsewhere';
}

/** The details as typed, trimmed and compacted as stored; null when they break the rules' bounds or checks. */
export function billingDetails(typed: BillingDetails): BillingDetails | null {
  const details = {
    company: typed.company.trim(),
    address: typed.address.trim(),
    country: typed.country,
    vatId: typed.vatId.trim(),
  };
  if (details.company.length > BILLING_LIMITS.company) return null;
  if (details.address === '' || details.address.length > BILLING_LIMITS.address) return null;
  if (!(BILLING_COUNTRIES as readonly string[]).includes(details.country)) return null;
  if (billingVatProblem(details.vatId, details.country) !== null) return null;
  const checked = details.vatId ? checkVatId(details.vatId) : null;
  return { ...details, vatId: checked?.ok ? checked.compact : '' };
}

/** As the request and the order store them: what is empty left out. */
export function billingRecord(details: BillingDetails): Record<string, string> {
  return {
    ...(details.company ? { company: details.company } : {}),
    address: details.address,
    country: details.country,
    ...(details.vatId ? { vatId: details.vatId } : {}),
  };
}

/** Stored details read back; null when there are none or they are not well formed. */
export function parseBillingDetails(raw: unknown): BillingDetails | null {
  if (!isRecord(raw)) return null;
  const { company = '', address, country, vatId = '' } = raw;
  if (typeof company !== 'string' || typeof address !== 'string' || typeof country !== 'string') return null;
  if (typeof vatId !== 'string') return null;
  return billingDetails({ company, address, country, vatId });
}

export const sameBilling = (a: BillingDetails | null, b: BillingDetails | null): boolean =>
  JSON.stringify(a && billingRecord(a)) === JSON.stringify(b && billingRecord(b));
