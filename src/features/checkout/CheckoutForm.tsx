import Stack from '@mui/material/Stack';
import { FormTextField } from '../../lib/FormTextField';
import type { FormState } from '../../lib/useForm';
import { CHECKOUT_LIMITS, type CheckoutFields } from './checkoutForm';

const FIELDS: { name: keyof CheckoutFields; label: string; type?: string; autoComplete?: string; required?: boolean; multiline?: boolean }[] = [
  { name: 'name', label: 'Name', autoComplete: 'name', required: true },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', required: true },
  { name: 'telephone', label: 'Phone (optional)', type: 'tel', autoComplete: 'tel' },
  { name: 'notes', label: 'Notes for the shop (optional)', multiline: true },
];

export function CheckoutFormFields({ form }: { form: FormState<CheckoutFields> }) {
  return (
    <Stack spacing={2}>
      {FIELDS.map((field) => (
        <FormTextField
          key={field.name}
          form={form}
          name={field.name}
          idPrefix="checkout"
          label={field.label}
          type={field.type ?? 'text'}
          autoComplete={field.autoComplete}
          required={field.required}
          multiline={field.multiline}
          minRows={field.multiline ? 3 : undefined}
          slotProps={{ htmlInput: { maxLength: CHECKOUT_LIMITS[field.name] } }}
        />
      ))}
    </Stack>
  );
}
