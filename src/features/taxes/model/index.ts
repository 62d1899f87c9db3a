/**
 * The tax model (docs/taxes.md), pure and shared with trusted code: what the rest of the app may use.
 */
export { orderTax, rateTax, shareByLargestRemainder, type OrderTax, type TaxLineInput } from './orderTax';
export {
  appliedRate,
  isTaxRateId,
  isZeroKind,
  needsReason,
  parseTaxRate,
  parseTaxSettings,
  REVERSE_CHARGE,
  TAX_RATE_KINDS,
  TAX_TERMS,
  type AppliedRateKind,
  type TaxRateKind,
  type TaxRateSetting,
  type TaxSettings,
} from './taxSettings';
export { BASIS_POINTS_PER_WHOLE } from './orderTax';
export { checkVatId } from './vatId';
export { parseOrderTaxRecord, taxOfLines, taxOnTop, type OrderTaxRecord, type TaxableLine } from './orderTaxRecord';
export { EU_MEMBER_STATES, inEuropeanUnion, reverseChargeFor } from './reverseCharge';
