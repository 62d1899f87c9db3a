/**
 * Invoices and credit notes (docs/invoices.md): what the rest of the app may use.
 */
export { OrderDocuments } from './desk/OrderDocuments';
export { OrderDocumentsList } from './buyer/OrderDocumentsList';
export { InvoiceDetails } from './buyer/InvoiceDetails';
export { billingFieldId, useBillingProblems } from './buyer/BillingFields';
export { BillingAtCheckout } from './buyer/BillingAtCheckout';
