import Stack from '@mui/material/Stack';
import { FormTextFields, type TextFieldSpec } from '../../lib/FormTextField';
import type { FormState } from '../../lib/useForm';
import { CHECKOUT_LIMITS, type CheckoutFields } from './checkoutFields';

const FIELDS: TextFieldSpec<CheckoutFields>[] = [
  { name: 'name', label: 'Name', autoComplete: 'name', required: true, maxLength: CHECKOUT_LIMITS.name },
  {
    name: 'email',
    label: 'Email',
    type: 'email',
    autoComplete: 'email',
    required: true,
    maxLength: CHECKOUT_LIMITS.email,
  },
  {
    name: 'telephone',
    label: 'Phone (optional)',
    type: 'tel',
    autoComplete: 'tel',
    maxLength: CHECKOUT_LIMITS.telephone,
  },
  { name: 'notes', label: 'Notes for the shop (optional)', rows: 3, maxLength: CHECKOUT_LIMITS.notes },
];

export function CheckoutFormFields({ form }: { form: FormState<CheckoutFields> }) {
  return (
    <Stack spacing={2}>
      <FormTextFields form={form} idPrefix="checkout" fields={FIELDS} />
    </Stack>
  );
}
