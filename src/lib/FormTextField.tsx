import type { CSSProperties, ChangeEventHandler, InputHTMLAttributes, ReactNode } from 'react';
import type { FormState } from './useForm';

type InputProps = Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'autoComplete' | 'required' | 'disabled'>;

type Props<F extends object> = {
  form: FormState<F>;
  name: keyof F & string;
  idPrefix: string;
  label: string;
  hint?: string;
  /** A text area of at least this many rows, growing with its text. */
  multiline?: boolean;
  minRows?: number;
  onChange?: ChangeEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  /** The input element's own attributes, and the label kept above the field (as MUI's TextField's slotProps). */
  slotProps?: { htmlInput?: InputHTMLAttributes<HTMLInputElement>; inputLabel?: { shrink?: boolean } };
} & InputProps;

/**
 * An outlined field with its label in the border, as MUI's TextField draws it, but plain markup styled by the
 * static stylesheet (src/lib/fields.css): the label sits in the field until it has focus or text, then moves
 * into a gap in the outline. `shrink` keeps it there (for inputs that always show something, such as dates).
 */
export function OutlinedField({
  id,
  label,
  required,
  error,
  disabled,
  shrink,
  helper,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  error?: boolean;
  disabled?: boolean;
  shrink?: boolean;
  /** The id of a helper line below the field, with its text. */
  helper?: { id: string; text: string };
  /** The input, select or text area, with the class `field__input` and id `id`. */
  children: ReactNode;
}) {
  const modifiers = [error && 'field--error', disabled && 'field--disabled', shrink && 'field--shrink'];
  return (
    <div className={['field', ...modifiers].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id} id={`${id}-label`}>
        {label}
        {required && <span aria-hidden="true">{'\u2009*'}</span>}
      </label>
      <div className="field__box">
        {children}
        <fieldset aria-hidden="true" className="field__outline">
          <legend>
            <span>
              {label}
              {required && '\u2009*'}
            </span>
          </legend>
        </fieldset>
      </div>
      {helper && (
        <p className="field__helper" id={helper.id}>
          {/* Empty, it still keeps its line, so the form does not move when an error appears. */}
          {helper.text || <span aria-hidden="true">{'\u200b'}</span>}
        </p>
      )}
    </div>
  );
}

/**
 * A text field bound to a useForm field: its error is shown below it and tied to it (aria-describedby). An
 * `onChange` of its own replaces the plain update, for fields that change others too.
 */
export function FormTextField<F extends object>(props: Props<F>) {
  const { form, name, idPrefix, label, hint, slotProps, required, disabled, multiline, minRows = 1, ...rest } = props;
  const error = form.errors[name];
  const id = `${idPrefix}-${name}`;
  const helperId = `${id}-helper-text`;
  const common = {
    id,
    name,
    className: 'field__input',
    required,
    disabled,
    // The label's position follows :placeholder-shown (fields.css); the placeholder itself shows nothing.
    placeholder: ' ',
    value: form.fields[name] as string,
    onChange:
      rest.onChange ??
      ((event: { target: { value: string } }) => form.update(name, event.target.value as F[typeof name])),
    onBlur: () => form.blur(name),
    'aria-invalid': Boolean(error),
    'aria-describedby': helperId,
  };
  return (
    <OutlinedField
      id={id}
      label={label}
      required={required}
      error={Boolean(error)}
      disabled={disabled}
      shrink={slotProps?.inputLabel?.shrink}
      helper={{ id: helperId, text: error ?? hint ?? '' }}
    >
      {multiline ? (
        <textarea
          {...common}
          rows={minRows}
          style={{ '--field-rows': minRows } as CSSProperties}
          maxLength={slotProps?.htmlInput?.maxLength}
          autoComplete={rest.autoComplete}
        />
      ) : (
        <input {...slotProps?.htmlInput} {...common} type={rest.type} autoComplete={rest.autoComplete} />
      )}
    </OutlinedField>
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
