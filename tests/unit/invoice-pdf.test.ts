/**
 * The document as a PDF (docs/invoices.md#the-pdf), read back with Mozilla's PDF.js as a reader would: what it says in
 * each language, names as typed in any script, long orders over several pages, and the same bytes for the same
 * document every time.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { documentPdf } from '../../functions/src/invoices/pdf';
import { composeCredit, composeInvoice } from '../../src/features/invoices/model/composeDocuments';
import {
  documentNumber,
  parseInvoiceDocument,
  type InvoiceDocument,
} from '../../src/features/invoices/model/invoiceDocument';
import { parseInvoiceSettings } from '../../src/features/invoices/model/invoiceSettings';
import { parseOrder } from '../../src/features/orders/order';
import { parseTaxSettings, taxOfLines, taxOnTop } from '../../src/features/taxes/model';
import { FRENCH_BUSINESS, GERMAN_VAT_REVERSE_CHARGE, UK_VAT } from '../fixtures/ukVat';

const SETTINGS = parseInvoiceSettings({
  on: true,
  prefix: 'RE-',
  seller: { name: 'Hafenhalle GmbH', address: 'Kaistraße 1\n20457 Hamburg', vatId: 'DE136695976' },
  footer: 'Amtsgericht Hamburg HRB 12345 · IBAN DE02 1203 0000 0000 2020 51',
});

/**
 * An order of `lines` (id, price in pounds, quantity, rate), taxed by UK VAT, paid, in `language`, as stored; or by
 * German VAT under reverse charge for `billing`, a business abroad (the gig then a ticket).
 */
function invoiceOf(
  lines: readonly { id: string; price: number; quantity: number; taxRate?: string }[],
  language: string,
  buyer = 'Ann Buyer',
  billing?: typeof FRENCH_BUSINESS,
): InvoiceDocument {
  const record = taxOfLines(
    lines.map((line) => ({
      id: line.id,
      amount: Math.round(line.price * 100) * line.quantity,
      giftCard: false,
      admission: line.id === 'gig',
      ...(line.taxRate ? { taxRate: line.taxRate } : {}),
    })),
    parseTaxSettings(billing ? GERMAN_VAT_REVERSE_CHARGE : UK_VAT),
    'GBP',
    billing !== undefined,
  );
  const due = lines.reduce((sum, line) => sum + Math.round(line.price * 100) * line.quantity, 0) + taxOnTop(record);
  const order = parseOrder('ann', 'order-1', {
    items: Object.fromEntries(
      lines.map((line) => [line.id, { title: `Ticket ${line.id}`, price: line.price, quantity: line.quantity }]),
    ),
    total: due / 100,
    status: 'pending',
    created: 1,
    contact: { name: buyer, email: 'ann@example.com' },
    ref: 'K7M4-QXPR',
    language,
    ...(billing ? { billing } : {}),
    pay: { method: 'transfer', currency: 'GBP', due, paid: due, refunded: 0, state: 'paid', v: 2 },
    tax: record,
  })!;
  const composed = composeInvoice(order, SETTINGS, new Map([['gig', '2027-03-01T19:30:00Z']]), 'en-GB')!;
  return parseInvoiceDocument('RE-1', { ...composed, prefix: 'RE-', seq: 1, issued: Date.UTC(2026, 11, 7, 10) })!;
}

// PDF.js 6 asks for Promise.withResolvers, which Node has from 22; this machine's Node 20 is given the same.
if (!('withResolvers' in Promise)) {
  Object.assign(Promise, {
    withResolvers<T>() {
      let resolve!: (value: T) => void;
      let reject!: (reason: unknown) => void;
      const promise = new Promise<T>((yes, no) => {
        resolve = yes;
        reject = no;
      });
      return { promise, resolve, reject };
    },
  });
}

// PDF.js gives Node a `navigator` of its own (without `languages`) as it loads: loaded only here, and taken away
// after, so that the files that run after this one in the same worker find none, as on Node alone.
const hadNavigator = 'navigator' in globalThis;
afterAll(() => {
  if (!hadNavigator) Reflect.deleteProperty(globalThis, 'navigator');
});

/** The PDF's text, page by page, as PDF.js reads it. */
async function textOf(bytes: Buffer): Promise<string[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({ data: new Uint8Array(bytes), disableFontFace: true, useSystemFonts: false });
  const pdf = await task.promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await task.destroy();
  return pages;
}

const GIG_AND_PRINT = [
  { id: 'gig', price: 12.5, quantity: 2 },
  { id: 'print', price: 4, quantity: 1, taxRate: 'zero' },
];

describe('an invoice as a PDF', () => {
  it('says in German who sells to whom, the lines, the tax per rate and the totals', async () => {
    const invoice = invoiceOf(GIG_AND_PRINT, 'de-DE');
    const [page, ...more] = await textOf(await documentPdf('RE-1', invoice, 'Europe/Berlin'));
    expect(more).toEqual([]);
    for (const said of [
      'Rechnung',
      'Nummer: RE-1',
      'Ausstellungsdatum: 7. Dezember 2026',
      'Bestellung: K7M4-QXPR',
      'Hafenhalle GmbH',
      'Kaistraße 1',
      'USt-IdNr.: DE136695976',
      'Ann Buyer',
      'Ticket gig',
      'Veranstaltung am',
      '12,50 £',
      '20 %',
      '25,00 £',
      'Summe netto',
      '24,83 £',
      '4,17 £',
      '29,00 £',
      'Standard 20 %: netto 20,83 £, Steuer 4,17 £, brutto 25,00 £',
      'Bezahlt per: Banküberweisung',
      'Amtsgericht Hamburg HRB 12345',
    ]) {
      expect(page, said).toContain(said);
    }
  });

  it('under reverse charge: the print at 0 % as reverse charge, the ticket taxed, the rule said in each language', async () => {
    // Prices without tax here: £25.00 of tickets with 19 % on top, the print £4.00 without.
    const german = invoiceOf(GIG_AND_PRINT, 'de-DE', 'Ann Buyer', FRENCH_BUSINESS);
    expect(german.gross).toBe(2975 + 400);
    const [page] = await textOf(await documentPdf('RE-1', german, 'Europe/Berlin'));
    for (const said of [
      'Société Exemple',
      'USt-IdNr.: FR40303265045',
      'USt-IdNr.: DE136695976',
      'Regelsatz 19 %: netto 25,00 £, Steuer 4,75 £, brutto 29,75 £',
      'Steuerschuldnerschaft des Leistungsempfängers 0 %: netto 4,00 £, Steuer 0,00 £, brutto 4,00 £',
      'Die Umsatzsteuer schuldet der Leistungsempfänger (Artikel 196 der Richtlinie 2006/112/EG des Rates)',
      '33,75 £',
    ]) {
      expect(page, said).toContain(said);
    }
    const [english] = await textOf(
      await documentPdf('RE-1', invoiceOf(GIG_AND_PRINT, 'en-GB', 'Ann Buyer', FRENCH_BUSINESS), 'Europe/Berlin'),
    );
    expect(english).toContain('Reverse charge 0%: net £4.00, tax £0.00, gross £4.00');
    expect(english).toContain(
      'Reverse charge: the recipient accounts for the VAT (Article 196 of Council Directive 2006/112/EC)',
    );
    // Without reverse charge, no word of it.
    const [plain] = await textOf(await documentPdf('RE-1', invoiceOf(GIG_AND_PRINT, 'en-GB'), 'Europe/Berlin'));
    expect(plain).not.toContain('Reverse charge');
  });

  it('and in English; a credit note names the invoice it corrects', async () => {
    const invoice = invoiceOf(GIG_AND_PRINT, 'en-GB');
    const credit = parseInvoiceDocument('RE-2', {
      ...composeCredit(invoice, [], 1250, 'refund', 'refund-1'),
      prefix: 'RE-',
      seq: 2,
      issued: Date.UTC(2026, 11, 8, 10),
    })!;
    const [page] = await textOf(await documentPdf(documentNumber('RE-', 2), credit, 'Europe/London'));
    for (const said of [
      'Credit note',
      'Number: RE-2',
      'Date of issue: 8 December 2026',
      'Corrects invoice RE-1',
      'Money given back of the order',
      'Part of the invoice at Standard 20%',
      '-£12.50',
    ]) {
      expect(page, said).toContain(said);
    }
  });

  it('prints a buyer’s name in any script as typed', async () => {
    const invoice = invoiceOf(GIG_AND_PRINT, 'en-GB', 'Łukasz Żółć · Ελένη · Даша');
    const [page] = await textOf(await documentPdf('RE-1', invoice, null));
    expect(page).toContain('Łukasz Żółć · Ελένη · Даша');
  });

  it('runs over as many pages as its lines need, every line on one of them', async () => {
    const lines = Array.from({ length: 90 }, (_, index) => ({ id: `line${index}`, price: 1, quantity: 1 }));
    const pages = await textOf(await documentPdf('RE-1', invoiceOf(lines, 'en-GB'), null));
    expect(pages.length).toBeGreaterThan(1);
    const all = pages.join('\n');
    for (let index = 0; index < 90; index++) expect(all).toContain(`Ticket line${index}`);
  });

  it('is the same bytes each time it is drawn', async () => {
    const invoice = invoiceOf(GIG_AND_PRINT, 'de-DE');
    const [first, second] = await Promise.all([
      documentPdf('RE-1', invoice, 'Europe/Berlin'),
      documentPdf('RE-1', invoice, 'Europe/Berlin'),
    ]);
    expect(first.subarray(0, 5).toString()).toBe('%PDF-');
    expect(first.equals(second)).toBe(true);
  });
});
