/**
 * An invoice or credit note as a PDF (docs/invoices.md#the-pdf), drawn by trusted code from the stored document alone,
 * in the document's language: the same document always gives the same bytes (its date of issue is the PDF's creation
 * date, from which PDFKit also makes the file's id), so a PDF attached to an email, downloaded from the order page or
 * from the desk is one and the same. Text is set in DejaVu Sans, embedded, so that any buyer's name prints as typed.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { I18n } from '@lingui/core';
import { formatMoney, fromMinorUnits } from '../../../src/lib/money';
import { formatEventTime, formatMoment, formatPercent } from '../../../src/lib/format';
import { isShopLanguage } from '../../../src/i18n/languages';
import {
  documentNumber,
  type DocumentLine,
  type DocumentParty,
  type InvoiceDocument,
} from '../../../src/features/invoices/model/invoiceDocument';
import { orderI18n, say } from '../language/orderLanguage';
import { REVERSE_CHARGE } from '../../../src/features/taxes/model';

const WORDS = {
  invoice: /*i18n*/ { id: 'document.invoice', message: 'Invoice' },
  credit: /*i18n*/ { id: 'document.credit', message: 'Credit note' },
  number: /*i18n*/ { id: 'document.number', message: 'Number: {number}' },
  issued: /*i18n*/ { id: 'document.issued', message: 'Date of issue: {date}' },
  supplied: /*i18n*/ {
    id: 'document.supplied',
    message: 'Date of supply: the date of issue, or for a ticket the date of its event',
  },
  order: /*i18n*/ { id: 'document.order', message: 'Order: {ref}' },
  corrects: /*i18n*/ { id: 'document.corrects', message: 'Corrects invoice {number}' },
  whyRefund: /*i18n*/ { id: 'document.why.refund', message: 'Money given back of the order' },
  whyCancelled: /*i18n*/ { id: 'document.why.cancelled', message: 'The order was cancelled' },
  whyDetails: /*i18n*/ { id: 'document.why.details', message: 'Issued again with the buyer’s details changed' },
  billedTo: /*i18n*/ { id: 'document.billedTo', message: 'Billed to' },
  vatId: /*i18n*/ { id: 'document.vatId', message: 'VAT number: {id}' },
  taxNumber: /*i18n*/ { id: 'document.taxNumber', message: 'Tax number: {number}' },
  description: /*i18n*/ { id: 'document.column.description', message: 'Description' },
  quantity: /*i18n*/ { id: 'document.column.quantity', message: 'Qty' },
  unitGross: /*i18n*/ { id: 'document.column.unitGross', message: 'Unit price incl. tax' },
  unitNet: /*i18n*/ { id: 'document.column.unitNet', message: 'Unit price excl. tax' },
  rate: /*i18n*/ { id: 'document.column.rate', message: 'Tax' },
  amountGross: /*i18n*/ { id: 'document.column.amountGross', message: 'Amount incl. tax' },
  amountNet: /*i18n*/ { id: 'document.column.amountNet', message: 'Amount excl. tax' },
  eventOn: /*i18n*/ { id: 'document.eventOn', message: 'Event on {date}' },
  partAt: /*i18n*/ { id: 'document.partAt', message: 'Part of the invoice at {rate}' },
  partOutside: /*i18n*/ { id: 'document.partOutside', message: 'Part of the invoice outside the scope of tax' },
  outside: /*i18n*/ { id: 'document.outside', message: 'Outside the scope of tax: a gift card is taxed when spent' },
  rateLabel: /*i18n*/ { id: 'document.rateLabel', message: '{name} {percent}' },
  rateSummary: /*i18n*/ {
    id: 'document.rateSummary',
    message: '{rate}: net {net}, tax {tax}, gross {gross}',
  },
  reason: /*i18n*/ { id: 'document.reason', message: '{name}: {reason}' },
  reverseName: /*i18n*/ { id: 'document.reverse.name', message: 'Reverse charge' },
  reverseNote: /*i18n*/ {
    id: 'document.reverse.note',
    message:
      'Reverse charge: the recipient accounts for the VAT (Article 196 of Council Directive 2006/112/EC). VAT numbers of both parties are given above.',
  },
  totalNet: /*i18n*/ { id: 'document.total.net', message: 'Total excl. tax' },
  totalTax: /*i18n*/ { id: 'document.total.tax', message: 'Tax' },
  total: /*i18n*/ { id: 'document.total', message: 'Total' },
  paidBy: /*i18n*/ { id: 'document.paidBy', message: 'Paid by: {method}' },
  noTax: /*i18n*/ { id: 'document.noTax', message: 'No tax is charged.' },
};

const METHODS: Record<string, typeof WORDS.invoice> = {
  door: /*i18n*/ { id: 'document.method.door', message: 'payment at the door' },
  transfer: /*i18n*/ { id: 'document.method.transfer', message: 'bank transfer' },
  card: /*i18n*/ { id: 'document.method.card', message: 'card' },
  giftcard: /*i18n*/ { id: 'document.method.giftcard', message: 'gift card' },
};

/**
 * DejaVu Sans, regular and bold, from its package: installed beside the functions (functions/package.json) in
 * Cloud Functions, in the workspace's node_modules on one machine; found from the working directory in both.
 */
function loadFonts(): { regular: Buffer; bold: Buffer } {
  const require = createRequire(join(process.cwd(), 'package.json'));
  return (fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  });
}

let fonts: { regular: Buffer; bold: Buffer } | undefined;

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const WIDTH = A4.width - 2 * MARGIN;

interface Column {
  width: number;
  align: 'left' | 'right';
}

/** The document's lines as table rows: description, quantity, unit price, rate, amount. */
const COLUMNS: Column[] = [
  { width: WIDTH * 0.39, align: 'left' },
  { width: WIDTH * 0.11, align: 'right' },
  { width: WIDTH * 0.17, align: 'right' },
  { width: WIDTH * 0.13, align: 'right' },
  { width: WIDTH * 0.2, align: 'right' },
];

/** A party's lines as printed: name, company, address, VAT number, tax number. */
function partyLines(i18n: I18n, party: DocumentParty): string[] {
  return [
    ...(party.company ? [party.company] : []),
    party.name,
    ...(party.address ? party.address.split(/\r?\n/) : []),
    ...(party.vatId ? [say(i18n, WORDS.vatId, { id: party.vatId })] : []),
    ...(party.taxNumber ? [say(i18n, WORDS.taxNumber, { number: party.taxNumber })] : []),
  ].filter((line) => line.trim() !== '');
}

/**
 * `document` (stored as `number`) as a PDF, in its language, its dates in `timeZone` (the shop's). Resolves to the
 * file's bytes.
 */
export async function documentPdf(number: string, document: InvoiceDocument, timeZone: string | null): Promise<Buffer> {
  // Loaded at the first document, not as trusted code starts: an instance that only settles orders never loads it.
  const { default: PDFDocument } = await import('pdfkit');
  const language = isShopLanguage(document.language) ? document.language : null;
  const i18n = orderI18n(language);
  const locale = i18n.locale;
  const money = (minor: number) => formatMoney(fromMinorUnits(minor, document.currency), document.currency, locale);
  const issued = new Date(document.issued);
  const { regular, bold } = loadFonts();
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    pdfVersion: '1.7',
    lang: locale,
    info: {
      Title: `${say(i18n, document.kind === 'invoice' ? WORDS.invoice : WORDS.credit)} ${number}`,
      Author: document.seller.name,
      CreationDate: issued,
      ModDate: issued,
    },
  });
  pdf.registerFont('regular', regular);
  pdf.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const rateName = (id: string | undefined) => {
    const rate = id ? document.rates[id] : undefined;
    if (!rate) return '';
    // Reverse charge in the document's language, not the name the order kept (docs/taxes.md#reverse-charge).
    const name = rate.kind === REVERSE_CHARGE.kind ? say(i18n, WORDS.reverseName) : rate.name;
    return say(i18n, WORDS.rateLabel, { name, percent: formatPercent(rate.basisPoints, locale) });
  };

  // The seller, and what the document is.
  const top = pdf.y;
  pdf
    .font('bold')
    .fontSize(12)
    .text(document.seller.name, MARGIN, top, { width: WIDTH / 2 });
  pdf.font('regular').fontSize(9);
  for (const line of partyLines(i18n, { ...document.seller, name: '' })) pdf.text(line, { width: WIDTH / 2 });
  const left = pdf.y;
  pdf.font('bold').fontSize(18);
  pdf.text(say(i18n, document.kind === 'invoice' ? WORDS.invoice : WORDS.credit), MARGIN + WIDTH / 2, top, {
    width: WIDTH / 2,
    align: 'right',
  });
  pdf.font('regular').fontSize(9);
  const facts = [
    say(i18n, WORDS.number, { number }),
    say(i18n, WORDS.issued, { date: formatMoment(document.issued, locale, timeZone, 'date') }),
    ...(document.order.ref ? [say(i18n, WORDS.order, { ref: document.order.ref })] : []),
    ...(document.corrects ? [say(i18n, WORDS.corrects, { number: document.corrects })] : []),
  ];
  for (const fact of facts) pdf.text(fact, MARGIN + WIDTH / 2, pdf.y, { width: WIDTH / 2, align: 'right' });
  pdf.y = Math.max(left, pdf.y) + 18;

  // The buyer.
  pdf.font('bold').fontSize(9).text(say(i18n, WORDS.billedTo), MARGIN, pdf.y);
  pdf.font('regular');
  for (const line of partyLines(i18n, document.buyer)) pdf.text(line);
  if (document.buyer.email) pdf.text(document.buyer.email);
  if (document.why) {
    pdf.moveDown(0.5);
    const why = { refund: WORDS.whyRefund, cancelled: WORDS.whyCancelled, details: WORDS.whyDetails }[document.why];
    pdf.text(say(i18n, why));
  }
  pdf.moveDown(1.2);

  // The lines.
  const row = (cells: readonly string[], font: 'regular' | 'bold') => {
    pdf.font(font).fontSize(9);
    const y = pdf.y;
    const heights = cells.map((cell, index) => pdf.heightOfString(cell, { width: COLUMNS[index]!.width - 6 }));
    if (y + Math.max(...heights) > A4.height - MARGIN - 40) pdf.addPage();
    const at = pdf.y;
    let x = MARGIN;
    cells.forEach((cell, index) => {
      const column = COLUMNS[index]!;
      pdf.text(cell, x + (column.align === 'left' ? 0 : 6), at, { width: column.width - 6, align: column.align });
      x += column.width;
    });
    pdf.y = at + Math.max(...heights) + 4;
    pdf.x = MARGIN;
  };
  const rule = () => {
    pdf
      .moveTo(MARGIN, pdf.y)
      .lineTo(MARGIN + WIDTH, pdf.y)
      .lineWidth(0.5)
      .strokeColor('#888888')
      .stroke();
    pdf.y += 4;
  };
  const included = document.included || Object.keys(document.rates).length === 0;
  row(
    [
      say(i18n, WORDS.description),
      say(i18n, WORDS.quantity),
      say(i18n, included ? WORDS.unitGross : WORDS.unitNet),
      say(i18n, WORDS.rate),
      say(i18n, included ? WORDS.amountGross : WORDS.amountNet),
    ],
    'bold',
  );
  rule();
  const describe = (line: DocumentLine) => {
    if (line.title === '') {
      return line.rate ? say(i18n, WORDS.partAt, { rate: rateName(line.rate) }) : say(i18n, WORDS.partOutside);
    }
    const date = line.date ? say(i18n, WORDS.eventOn, { date: formatEventTime(line.date, locale, timeZone) }) : '';
    return date ? `${line.title}\n${date}` : line.title;
  };
  for (const line of document.lines) {
    row(
      [
        describe(line),
        line.quantity === undefined ? '' : String(line.quantity),
        line.unit === undefined ? '' : money(line.unit),
        line.rate ? formatPercent(document.rates[line.rate]!.basisPoints, locale) : '–',
        money(included ? line.gross : line.net),
      ],
      'regular',
    );
  }
  rule();

  // The totals, by rate and in all.
  const total = (label: string, amount: number, font: 'regular' | 'bold') => {
    pdf.font(font).fontSize(font === 'bold' ? 11 : 9);
    const y = pdf.y;
    pdf.text(label, MARGIN + WIDTH * 0.4, y, { width: WIDTH * 0.4, align: 'right' });
    pdf.text(money(amount), MARGIN + WIDTH * 0.8, y, { width: WIDTH * 0.2, align: 'right' });
    pdf.x = MARGIN;
  };
  const rates = Object.entries(document.rates);
  if (rates.length > 0) {
    total(say(i18n, WORDS.totalNet), document.net, 'regular');
    total(say(i18n, WORDS.totalTax), document.tax, 'regular');
  }
  total(say(i18n, WORDS.total), document.gross, 'bold');
  pdf.moveDown(1.2);
  pdf.font('regular').fontSize(8.5);
  for (const [id, rate] of rates) {
    pdf.text(
      say(i18n, WORDS.rateSummary, {
        rate: rateName(id),
        net: money(rate.net),
        tax: money(rate.tax),
        gross: money(rate.gross),
      }),
      MARGIN,
      pdf.y,
      { width: WIDTH },
    );
    if (rate.reason) pdf.text(say(i18n, WORDS.reason, { name: rate.name, reason: rate.reason }), { width: WIDTH });
  }
  if (rates.some(([, rate]) => rate.kind === REVERSE_CHARGE.kind))
    pdf.text(say(i18n, WORDS.reverseNote), { width: WIDTH });
  if (rates.length === 0) pdf.text(say(i18n, WORDS.noTax), MARGIN, pdf.y, { width: WIDTH });
  if (document.lines.some((line) => !line.rate) && rates.length > 0)
    pdf.text(say(i18n, WORDS.outside), { width: WIDTH });
  pdf.moveDown(0.6);
  pdf.text(say(i18n, WORDS.supplied), { width: WIDTH });
  const method = METHODS[document.paidBy];
  if (method && document.kind === 'invoice') pdf.text(say(i18n, WORDS.paidBy, { method: say(i18n, method) }));
  if (document.footer) {
    pdf.moveDown(1.5);
    pdf.fontSize(8).fillColor('#444444').text(document.footer, { width: WIDTH });
  }
  pdf.end();
  return done;
}

/** The file name a document is sent and downloaded under: its number. */
export const documentFileName = (document: Pick<InvoiceDocument, 'prefix' | 'seq'>): string =>
  `${documentNumber(document.prefix, document.seq)}.pdf`;
