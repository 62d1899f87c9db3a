/**
 * The invoices model (docs/invoices.md), pure and shared with trusted code: what the rest of the app may use.
 */
export { INVOICE_TERMS, parseInvoiceSettings, type InvoiceSettings } from './invoiceSettings';
export {
  INVOICE_EXPORT_ENDPOINT,
  invoicePaths,
  ORDER_BILLING_ENDPOINT,
  ORDER_DOCUMENT_ENDPOINT,
  parseInvoiceDocument,
} from './invoiceDocument';
export { parseBillingChange, type BillingChange } from './billingChange';
export {
  dayIn,
  documentsCsv,
  exportFileName,
  exportRequestRecord,
  readIssuedDocuments,
  taxPerRate,
  taxPerRateCsv,
  totalsPerCurrency,
  type ExportRange,
  type RateTotal,
} from './accountantExport';
export { parseDocumentSummaries, type DocumentSummary } from './documentSummary';
