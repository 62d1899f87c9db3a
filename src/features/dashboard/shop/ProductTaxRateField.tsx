import { useLingui } from '@lingui/react/macro';
import { FormSelectField } from '../../../lib/FormSelectField';
import type { FormState } from '../../../lib/useForm';
import { rateLabel } from '../../taxes';
import type { TaxRateSetting } from '../../taxes/model';
import type { ProductFields } from './productForm';

/**
 * The rate a product or ticket type is taxed at (docs/taxes.md#settings): one of the shop's, or its default. Shown
 * once the shop has a rate; a rate removed since stays listed, so that the error beside it makes sense.
 */
export function ProductTaxRateField({
  form,
  taxRates,
}: {
  form: FormState<ProductFields>;
  taxRates: readonly TaxRateSetting[];
}) {
  const { t } = useLingui();
  const chosen = form.fields.taxRate;
  const missing = chosen !== '' && !taxRates.some((rate) => rate.id === chosen);
  if (taxRates.length === 0 && !missing) return null;
  return (
    <FormSelectField
      form={form}
      idPrefix="product"
      name="taxRate"
      label={t`Tax rate`}
      hint={t`The shop’s default applies unless you choose another; orders keep the rate of the moment they are placed.`}
      options={[
        { value: '', label: t`The shop’s default rate` },
        ...taxRates.map((rate) => ({ value: rate.id, label: rateLabel(rate) })),
        ...(missing ? [{ value: chosen, label: t`${chosen}, which is no longer there` }] : []),
      ]}
    />
  );
}
