/**
 * The desk's invoicing form (docs/invoices.md#settings): the settings as typed, checked against the same bounds as the
 * invoiceSettings rules, and the write that saves them.
 */
import { t } from '@lingui/core/macro';
import { optionalText, requiredText, validateFields, type FieldErrors } from '../../../lib/forms';
import { checkVatId } from '../../taxes/model';
import { INVOICE_TERMS, type InvoiceSettings } from '../model';

export interface InvoiceSettingsFields {
  on: boolean;
  name: string;
  address: string;
  vatId: string;
  taxNumber: string;
  prefix: string;
  footer: string;
  detailsDays: string;
}

export const invoiceSettingsFields = (settings: InvoiceSettings & { usable: boolean }): InvoiceSettingsFields => ({
  // Switched on as stored, also when the seller's details it needs are missing (then it issues nothing).
  on: settings.on || !settings.usable,
  name: settings.seller.name,
  address: settings.seller.address,
  vatId: settings.seller.vatId,
  taxNumber: settings.seller.taxNumber,
  prefix: settings.prefix,
  footer: settings.footer,
  detailsDays: String(settings.detailsDays),
});

/** A VAT number the checks of its country refuse, said at the field; one not given is fine. */
function vatIdProblem(value: string): string | undefined {
  if (value.trim() === '') return undefined;
  const checked = checkVatId(value);
  if (checked.ok) return undefined;
  if (checked.problem === 'country')
    return t`Start it with the country’s two letters, as in GB123456789 or DE123456789.`;
  return checked.problem === 'format'
    ? t`This is not how a VAT number of that country is written.`
    : t`Its check digits are wrong: please look at the number again.`;
}

/** A VAT number as invoices print it: compact when its country's checks read it ("GB123456789"), else as typed. */
function compactVatId(value: string): string {
  const checked = checkVatId(value);
  return checked.ok ? checked.compact : value.toUpperCase();
}

/** Invoicing switched on needs the seller's name and address, which every document prints: the rules want them. */
export function validateInvoiceSettings(fields: InvoiceSettingsFields): FieldErrors<InvoiceSettingsFields> {
  const needed = (missing: () => string, max: number) => (value: string, all: InvoiceSettingsFields) =>
    all.on ? requiredText(missing, max)(value) : optionalText(max)(value);
  return validateFields(fields, {
    name: needed(() => t`Enter the name invoices are issued in.`, INVOICE_TERMS.nameLength),
    address: needed(() => t`Enter the address invoices give.`, INVOICE_TERMS.addressLength),
    vatId: (value) => optionalText(INVOICE_TERMS.vatIdLength)(value) ?? vatIdProblem(value),
    taxNumber: optionalText(INVOICE_TERMS.taxNumberLength),
    prefix: (value) =>
      INVOICE_TERMS.prefix.test(value.trim())
        ? undefined
        : t`Use capital letters, digits and hyphens, at most 12, ending in a letter or a hyphen (INV-, RE-2027-).`,
    footer: optionalText(INVOICE_TERMS.footerLength),
    detailsDays: (value) => {
      const most = INVOICE_TERMS.mostDetailsDays;
      return /^\d{1,3}$/.test(value.trim()) && Number(value) <= most ? undefined : t`Enter whole days, 0 to ${most}.`;
    },
  });
}

/** The fields as the invoiceSettings they save, what is left empty left out. */
export function invoiceSettingsRecord(fields: InvoiceSettingsFields): Record<string, unknown> {
  const given = (value: string) => (value.trim() === '' ? {} : { value: value.trim() });
  const seller = Object.fromEntries(
    (['name', 'address', 'vatId', 'taxNumber'] as const).flatMap((field) => {
      const { value } = given(fields[field]);
      return value === undefined ? [] : [[field, field === 'vatId' ? compactVatId(value) : value]];
    }),
  );
  return {
    on: fields.on,
    prefix: fields.prefix.trim(),
    detailsDays: Number(fields.detailsDays.trim()),
    ...(Object.keys(seller).length > 0 ? { seller } : {}),
    ...(fields.footer.trim() ? { footer: fields.footer.trim() } : {}),
  };
}
