/**
 * The organiser's invoicing settings (invoiceSettings in the database; docs/invoices.md#settings): whether trusted code
 * issues a document for every paid order, the seller's legal details every document prints, and the prefix its
 * numbers start with. Read by trusted code as it issues, which copies the details into the document.
 */
import { isRecord } from '../../../state/validation';

/** Who sells, as every document names them. */
export interface Seller {
  name: string;
  /** Lines of the postal address, as typed. */
  address: string;
  /** The VAT identification number, or ''. */
  vatId: string;
  /** The tax office's number, where there is no VAT ID or both must be given, or ''. */
  taxNumber: string;
}

export interface InvoiceSettings {
  on: boolean;
  seller: Seller;
  /** What every number starts with ("INV-", "RE-2027-"); its last character is no digit. */
  prefix: string;
  /** Printed at the foot of every document: bank details, registered office, a small business's exemption. */
  footer: string;
  /**
   * How many days after its first invoice a buyer may change the details it is made out to (0: never); each change
   * credits the invoice and issues it again (docs/invoices.md#the-buyers-details).
   */
  detailsDays: number;
}

/** The bounds the rules hold the settings to (database.rules.json, invoiceSettings). */
export const INVOICE_TERMS = {
  // Letters, digits and hyphens, ending in a letter or hyphen, so that prefix and counter read back apart ("INV-" 11
  // is INV-11, which no prefix "INV-1" can also make).
  prefix: /^[A-Z0-9-]{0,11}[A-Z-]$/,
  nameLength: 120,
  addressLength: 300,
  vatIdLength: 20,
  taxNumberLength: 30,
  footerLength: 500,
  mostDetailsDays: 365,
} as const;

/** The buyer's days to change their invoice details when the organiser has not said. */
const DEFAULT_DETAILS_DAYS = 14;

const DEFAULT_INVOICE_PREFIX = 'INV-';

const text = (value: unknown, length: number): string =>
  typeof value === 'string' && value.length <= length ? value.trim() : '';

/**
 * Reads the stored settings. Invoicing is `on` only when it is switched on and the seller has a name and an address,
 * which every document must print: settings switched on without them issue nothing, and `usable` says so for the
 * desk to show.
 */
export function parseInvoiceSettings(raw: unknown): InvoiceSettings & { usable: boolean } {
  const stored = isRecord(raw) ? raw : {};
  const seller = isRecord(stored.seller) ? stored.seller : {};
  const parsed: Seller = {
    name: text(seller.name, INVOICE_TERMS.nameLength),
    address: text(seller.address, INVOICE_TERMS.addressLength),
    vatId: text(seller.vatId, INVOICE_TERMS.vatIdLength),
    taxNumber: text(seller.taxNumber, INVOICE_TERMS.taxNumberLength),
  };
  const complete = parsed.name !== '' && parsed.address !== '';
  const switchedOn = stored.on === true;
  return {
    on: switchedOn && complete,
    seller: parsed,
    prefix:
      typeof stored.prefix === 'string' && INVOICE_TERMS.prefix.test(stored.prefix)
        ? stored.prefix
        : DEFAULT_INVOICE_PREFIX,
    footer: text(stored.footer, INVOICE_TERMS.footerLength),
    detailsDays:
      Number.isInteger(stored.detailsDays) &&
      (stored.detailsDays as number) >= 0 &&
      (stored.detailsDays as number) <= INVOICE_TERMS.mostDetailsDays
        ? (stored.detailsDays as number)
        : DEFAULT_DETAILS_DAYS,
    usable: !switchedOn || complete,
  };
}
