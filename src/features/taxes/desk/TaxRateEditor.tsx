import { useLingui } from '@lingui/react/macro';
import { updateValues } from '../../../firebase/database';
import { paths } from '../../../firebase/paths';
import { FormSelectField } from '../../../lib/FormSelectField';
import { FormTextField } from '../../../lib/FormTextField';
import { useForm } from '../../../lib/useForm';
import { EditorDialog, saveOnline } from '../../dashboardKit';
import { isZeroKind, needsReason, TAX_RATE_KINDS, TAX_TERMS, type TaxRateKind, type TaxRateSetting } from '../model';
import { kindName } from './rateWords';
import { EMPTY_TAX_RATE, taxRateFields, taxRateId, taxRateWrites, validateTaxRate } from './taxForm';

const ID = 'tax-rate';

/**
 * Adds a rate (null) or changes one, in a dialog; closes once saved. `stored`: whether the shop has tax settings
 * yet, which a first rate starts switched off.
 */
export function TaxRateEditor({
  rate,
  takenIds,
  stored,
  onClose,
}: {
  rate: TaxRateSetting | null;
  takenIds: ReadonlySet<string>;
  stored: boolean;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const form = useForm({
    initial: rate ? taxRateFields(rate) : EMPTY_TAX_RATE,
    validate: (fields) => validateTaxRate(fields, rate?.id ?? null, takenIds),
    idPrefix: ID,
    submit: async (fields) => {
      const id = rate?.id ?? taxRateId(fields.name);
      const name = fields.name.trim();
      const problem = await saveOnline(
        () => updateValues(paths.taxSettings, taxRateWrites(id, fields, stored)),
        t`The rate ${name} is saved. Orders placed from now on use it; those placed before keep theirs.`,
      );
      if (!problem) onClose();
      return problem;
    },
  });
  const { kind } = form.fields;
  const id = rate?.id ?? taxRateId(form.fields.name);
  const rateName = rate?.name ?? '';
  return (
    <EditorDialog
      id={`${ID}-editor-title`}
      title={rate ? t`Edit the rate ${rateName}` : t`New tax rate`}
      save={t`Save rate`}
      busy={form.busy}
      problem={form.problem}
      onSubmit={(event) => void form.onSubmit(event)}
      onClose={onClose}
      maxWidth="xs"
    >
      <FormTextField
        form={form}
        idPrefix={ID}
        name="name"
        label={t`Name`}
        required
        hint={
          id === ''
            ? t`As invoices show it, such as Standard, Reduced or Books.`
            : rate
              ? t`Its id: ${id}.`
              : t`Its id: ${id} (cannot be changed later).`
        }
        slotProps={{ htmlInput: { maxLength: TAX_TERMS.nameLength } }}
      />
      <FormSelectField
        form={form}
        idPrefix={ID}
        name="kind"
        label={t`Kind`}
        required
        options={TAX_RATE_KINDS.map((value) => ({ value, label: kindName(value) }))}
        onChange={(value) => form.change({ kind: value as TaxRateKind })}
      />
      {!isZeroKind(kind) && (
        <FormTextField
          form={form}
          idPrefix={ID}
          name="percent"
          label={t`Rate in %`}
          required
          hint={t`Such as 20, 7 or 5.5.`}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      )}
      {needsReason(kind) && (
        <FormTextField
          form={form}
          idPrefix={ID}
          name="reason"
          label={t`Why it is not taxed`}
          required
          multiline
          minRows={2}
          hint={t`Printed on invoices beside its lines, such as “Exempt: education” or “Gift card: taxed when spent”.`}
          slotProps={{ htmlInput: { maxLength: TAX_TERMS.reasonLength } }}
        />
      )}
    </EditorDialog>
  );
}
