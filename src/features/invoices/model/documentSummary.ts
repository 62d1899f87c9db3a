/**
 * An order's documents as the order page lists them (docs/invoices.md#sent-and-shown): what each is, when it was
 * issued and what it comes to; the PDF itself is fetched on demand (ORDER_DOCUMENT_ENDPOINT).
 */
import { isRecord } from '../../../state/validation';
import type { InvoiceDocument } from './invoiceDocument';

export interface DocumentSummary {
  number: string;
  kind: InvoiceDocument['kind'];
  issued: number;
  /** Minor units; below zero for a credit note. */
  gross: number;
  currency: string;
  /** The invoice a credit note corrects. */
  corrects?: string;
}

export const summaryOf = (number: string, document: InvoiceDocument): DocumentSummary => ({
  number,
  kind: document.kind,
  issued: document.issued,
  gross: document.gross,
  currency: document.currency,
  ...(document.corrects ? { corrects: document.corrects } : {}),
});

/** The summaries trusted code sent, those that read as one; in the order sent. */
export function parseDocumentSummaries(raw: unknown): DocumentSummary[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((entry: unknown): DocumentSummary[] => {
    if (!isRecord(entry)) return [];
    const { number, kind, issued, gross, currency, corrects } = entry;
    if (typeof number !== 'string' || (kind !== 'invoice' && kind !== 'credit')) return [];
    if (typeof issued !== 'number' || !Number.isInteger(gross) || typeof currency !== 'string') return [];
    return [
      {
        number,
        kind,
        issued,
        gross: gross as number,
        currency,
        ...(typeof corrects === 'string' ? { corrects } : {}),
      },
    ];
  });
}
