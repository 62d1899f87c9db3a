/**
 * What other features may use of taxes' screens (docs/taxes.md): a rate's name as the desk shows it. The pure tax
 * model, shared with trusted code, is `./model` and has an index of its own.
 */
export { rateLabel } from './desk/rateWords';
export { OrderTaxLines, TaxedTotal } from './buyer/OrderTaxLines';
export { useLiveTaxSettings } from './buyer/liveTaxSettings';
