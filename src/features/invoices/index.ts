/**
 * Invoices and credit notes (docs/invoices.md): what the rest of the app may use.
 */
export { OrderDocuments } from './desk/OrderDocuments';
export { OrderDocumentsList } from './buyer/OrderDocumentsList';
