import { useLingui } from '@lingui/react/macro';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { setValue } from '../../../firebase/database';
import { FormTextFields } from '../../../lib/FormTextField';
import { useForm } from '../../../lib/useForm';
import { LiveSettingsForm, saveOnline } from '../../dashboardKit';
import { INVOICE_TERMS, invoicePaths, parseInvoiceSettings, type InvoiceSettings } from '../model';
import { invoiceSettingsFields, invoiceSettingsRecord, validateInvoiceSettings } from './invoiceForm';

const ID = 'invoice-settings';

/** Whether invoices are issued, who issues them and how they are numbered; saved together. */
export function InvoiceSettingsForm({ settings }: { settings: InvoiceSettings & { usable: boolean } }) {
  const { t } = useLingui();
  const form = useForm({
    initial: invoiceSettingsFields(settings),
    validate: validateInvoiceSettings,
    idPrefix: ID,
    submit: async (fields) => {
      const record = invoiceSettingsRecord(fields);
      const problem = await saveOnline(
        () => setValue(invoicePaths.settings, record),
        fields.on
          ? t`Orders paid from now on get an invoice with these details; documents already issued stay as they are.`
          : t`No invoices are issued from now on; documents already issued stay as they are.`,
      );
      // The form shows what was stored, as it was tidied (a VAT number written compact), not a difference from it.
      if (!problem) form.setFields(invoiceSettingsFields(parseInvoiceSettings(record)));
      return problem;
    },
  });
  const { fields } = form;
  return (
    <LiveSettingsForm
      form={form}
      live={invoiceSettingsFields(settings)}
      label={t`Invoices`}
      save={t`Save invoice settings`}
    >
      <FormControlLabel
        control={
          <Switch id={`${ID}-on`} checked={fields.on} onChange={(event) => form.update('on', event.target.checked)} />
        }
        label={t`Issue an invoice for every paid order, and a credit note for every refund`}
      />
      <FormTextFields
        form={form}
        idPrefix={ID}
        fields={[
          {
            name: 'name',
            label: t`Seller’s name`,
            required: fields.on,
            autoComplete: 'organization',
            maxLength: INVOICE_TERMS.nameLength,
            hint: t`The business or person invoices are issued in the name of.`,
          },
          {
            name: 'address',
            label: t`Seller’s address`,
            required: fields.on,
            rows: 3,
            maxLength: INVOICE_TERMS.addressLength,
          },
          {
            name: 'vatId',
            label: t`VAT number`,
            maxLength: INVOICE_TERMS.vatIdLength,
            hint: t`With its country’s letters, as in GB123456789. Checked for its form and check digits only.`,
          },
          {
            name: 'taxNumber',
            label: t`Tax number`,
            maxLength: INVOICE_TERMS.taxNumberLength,
            hint: t`Where the tax office wants it as well as, or instead of, a VAT number.`,
          },
          {
            name: 'prefix',
            label: t`Number prefix`,
            required: true,
            maxLength: 12,
            hint: t`Every number starts with it: INV- gives INV-1, INV-2… A new prefix starts again at 1.`,
          },
          {
            name: 'detailsDays',
            label: t`Days to change invoice details`,
            type: 'number',
            required: true,
            maxLength: 3,
            hint: t`After the first invoice, buyers may change its company, address and VAT number for this many days; each change credits it and issues it again. 0: never.`,
          },
          {
            name: 'footer',
            label: t`Footer`,
            rows: 3,
            maxLength: INVOICE_TERMS.footerLength,
            hint: t`Printed at the foot of every document: bank details, registered office, a note the law asks for.`,
          },
        ]}
      />
    </LiveSettingsForm>
  );
}
