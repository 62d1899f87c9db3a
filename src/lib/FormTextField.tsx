import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { FormState } from './useForm';

type Props<F extends object> = {
  form: FormState<F>;
  name: keyof F & string;
  idPrefix: string;
  label: string;
  hint?: string;
  /** The input element's own attributes, and the label kept above the field (as TextField's slotProps). */
  slotProps?: { htmlInput?: OutlinedInputProps['inputProps']; inputLabel?: { shrink?: boolean } };
} & Pick<OutlinedInputProps, 'type' | 'autoComplete' | 'required' | 'disabled' | 'multiline' | 'minRows' | 'onChange'>;

/**
 * A text field bound to a useForm field: its error is shown below it and tied to it (aria-describedby). An
 * `onChange` of its own replaces the plain update, for fields that change others too.
 *
 * It is MUI's TextField taken apart (the same label, outlined input and helper text, tied together the same
 * way): TextField always brings MUI's non-native Select with its menu, popover and modal, which no form here
 * uses, and which a first visit to the contact page would otherwise load and evaluate before it is interactive.
 */
export function FormTextField<F extends object>(props: Props<F>) {
  const { form, name, idPrefix, label, hint, slotProps, required, disabled, ...input } = props;
  const error = form.errors[name];
  const id = `${idPrefix}-${name}`;
  const shrink = slotProps?.inputLabel?.shrink;
  return (
    <FormControl fullWidth error={Boolean(error)} required={required} disabled={disabled}>
      <InputLabel htmlFor={id} id={`${id}-label`} shrink={shrink}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        label={label}
        notched={shrink}
        fullWidth
        value={form.fields[name] as string}
        onChange={(event) => form.update(name, event.target.value as F[typeof name])}
        onBlur={() => form.blur(name)}
        inputProps={{ 'aria-describedby': `${id}-helper-text`, ...slotProps?.htmlInput }}
        {...input}
      />
      <FormHelperText id={`${id}-helper-text`}>{error ?? hint ?? ' '}</FormHelperText>
    </FormControl>
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
export function FormTextFields<F extends object>({
  form,
  idPrefix,
  fields,
}: {
  form: FormState<F>;
  idPrefix: string;
  fields: readonly TextFieldSpec<F>[];
}) {
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
