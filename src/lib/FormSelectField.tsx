import type { FormState } from './useForm';
import { OutlinedField } from './FormTextField';
import { Icon } from './Icon';

type TextKeys<F> = { [K in keyof F & string]: F[K] extends string ? K : never }[keyof F & string];

/**
 * A native select bound to a useForm field, drawn as its text fields are (src/lib/fields.css), with its error or
 * hint below and tied to it. An `onChange` of its own replaces the plain update, for choices that change others.
 */
export function FormSelectField<F extends object, K extends TextKeys<F>>({
  form,
  name,
  idPrefix,
  label,
  hint,
  required,
  options,
  onChange,
}: {
  form: FormState<F>;
  name: K;
  idPrefix: string;
  label: string;
  hint?: string;
  required?: boolean;
  options: readonly { value: string; label: string }[];
  onChange?: (value: string) => void;
}) {
  const id = `${idPrefix}-${name}`;
  const error = form.errors[name];
  return (
    <OutlinedField
      id={id}
      label={label}
      required={required}
      shrink
      error={Boolean(error)}
      helper={{ id: `${id}-helper-text`, text: error ?? hint ?? '' }}
    >
      <select
        id={id}
        className="field__input"
        value={form.fields[name] as string}
        onChange={(event) => (onChange ? onChange(event.target.value) : form.update(name, event.target.value as F[K]))}
        onBlur={() => form.blur(name)}
        aria-invalid={Boolean(error)}
        aria-describedby={`${id}-helper-text`}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Icon name="arrowDropDown" className="field__select-icon" />
    </OutlinedField>
  );
}
