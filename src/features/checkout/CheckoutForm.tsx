import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import Stack from '@mui/material/Stack';
import { FormTextFields, type TextFieldSpec } from '../../lib/FormTextField';
import type { FormState } from '../../lib/useForm';
import { CHECKOUT_LIMITS, type CheckoutFields } from './checkoutFields';

/** The fields with their labels in the language spoken now. */
const fields = (): TextFieldSpec<CheckoutFields>[] => [
  { name: 'name', label: t`Name`, autoComplete: 'name', required: true, maxLength: CHECKOUT_LIMITS.name },
  {
    name: 'email',
    label: t`Email`,
    type: 'email',
    autoComplete: 'email',
    required: true,
    maxLength: CHECKOUT_LIMITS.email,
  },
  {
    name: 'telephone',
    label: t`Phone (optional)`,
    type: 'tel',
    autoComplete: 'tel',
    maxLength: CHECKOUT_LIMITS.telephone,
  },
  // A label short enough for a narrow phone in a longer language; what it is for goes below (docs/languages.md).
  { name: 'notes', label: t`Notes for the shop`, hint: t`Optional.`, rows: 3, maxLength: CHECKOUT_LIMITS.notes },
];

export function CheckoutFormFields({ form }: { form: FormState<CheckoutFields> }) {
  // Drawn again when the language changes, so the labels follow it.
  useLingui();
  return (
    <Stack spacing={2}>
      <FormTextFields form={form} idPrefix="checkout" fields={fields()} />
    </Stack>
  );
}
