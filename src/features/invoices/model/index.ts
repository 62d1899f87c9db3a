/**
 * The invoices model (docs/invoices.md), pure and shared with trusted code: what the rest of the app may use.
 */
export { INVOICE_TERMS, parseInvoiceSettings, type InvoiceSettings } from './invoiceSettings';
export { invoicePaths, ORDER_DOCUMENT_ENDPOINT, parseInvoiceDocument } from './invoiceDocument';
export { parseDocumentSummaries, type DocumentSummary } from './documentSummary';
