/**
 * The tax model (docs/taxes.md), pure and shared with trusted code: what the rest of the app may use.
 */
export { orderTax, rateTax, shareByLargestRemainder, type OrderTax, type TaxLineInput } from './orderTax';
export { appliedRate, parseTaxRate, parseTaxSettings } from './taxSettings';
