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

/** A text field of a form described as data, for forms that are mostly a list of them. */
export interface TextFieldSpec<F extends object> {
  name: keyof F & string;
  label: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  /** Rows shown for a multi-line field. */
  rows?: number;
  maxLength?: number;
  /** Shown below the field while it has no error. */
  hint?: string | ((fields: F) => string);
}

/** A form's text fields, in the order given. */
export function FormTextFields<F extends object>({ form, idPrefix, fields }: { form: FormState<F>; idPrefix: string; fields: readonly TextFieldSpec<F>[] }) {
  return fields.map((field) => (
    <FormTextField
      key={field.name}
      form={form}
      name={field.name}
      idPrefix={idPrefix}
      label={field.label}
      type={field.type ?? 'text'}
      autoComplete={field.autoComplete}
      required={field.required}
      multiline={field.rows !== undefined}
      minRows={field.rows}
      hint={typeof field.hint === 'function' ? field.hint(form.fields) : field.hint}
      slotProps={field.maxLength === undefined ? undefined : { htmlInput: { maxLength: field.maxLength } }}
    />
  ));
}
