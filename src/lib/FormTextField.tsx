import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { FormState } from './useForm';

type Props<F extends object> = {
  form: FormState<F>;
  name: keyof F & string;
  idPrefix: string;
  hint?: string;
} & Omit<TextFieldProps, 'form' | 'name' | 'value' | 'onBlur' | 'error' | 'id'>;

/**
 * A text field bound to a useForm field: its error is shown below it and tied to it (aria-describedby). An
 * `onChange` of its own replaces the plain update, for fields that change others too.
 */
export function FormTextField<F extends object>({ form, name, idPrefix, hint, ...props }: Props<F>) {
  const error = form.errors[name];
  return (
    <TextField
      id={`${idPrefix}-${name}`}
      name={name}
      value={form.fields[name] as string}
      onChange={(event) => form.update(name, event.target.value as F[typeof name])}
      onBlur={() => form.blur(name)}
      error={Boolean(error)}
      helperText={error ?? hint ?? ' '}
      fullWidth
      {...props}
    />
  );
}
