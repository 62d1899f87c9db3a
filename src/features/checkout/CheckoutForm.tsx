import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { CheckoutErrors, CheckoutFields } from './checkoutForm';
import { CHECKOUT_LIMITS } from './checkoutForm';

const FIELDS: { name: keyof CheckoutFields; label: string; type?: string; autoComplete?: string; required?: boolean; multiline?: boolean }[] = [
  { name: 'name', label: 'Name', autoComplete: 'name', required: true },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', required: true },
  { name: 'telephone', label: 'Phone (optional)', type: 'tel', autoComplete: 'tel' },
  { name: 'notes', label: 'Notes for the shop (optional)', multiline: true },
];

interface CheckoutFormFieldsProps {
  fields: CheckoutFields;
  errors: CheckoutErrors;
  onChange: (name: keyof CheckoutFields, value: string) => void;
  onBlur: (name: keyof CheckoutFields) => void;
}

export function CheckoutFormFields({ fields, errors, onChange, onBlur }: CheckoutFormFieldsProps) {
  return (
    <Stack spacing={2}>
      {FIELDS.map((field) => (
        <TextField
          key={field.name}
          id={`checkout-${field.name}`}
          name={field.name}
          label={field.label}
          type={field.type ?? 'text'}
          autoComplete={field.autoComplete}
          required={field.required}
          multiline={field.multiline}
          minRows={field.multiline ? 3 : undefined}
          value={fields[field.name]}
          onChange={(event) => onChange(field.name, event.target.value)}
          onBlur={() => onBlur(field.name)}
          error={Boolean(errors[field.name])}
          helperText={errors[field.name] ?? ' '}
          slotProps={{ htmlInput: { maxLength: CHECKOUT_LIMITS[field.name] } }}
        />
      ))}
    </Stack>
  );
}
