import { t } from '@lingui/core/macro';
import { EMAIL_PATTERN } from './emailPattern';

/** Inline form validation shared by the app's forms: one message per field, or none. */
export type FieldErrors<F> = Partial<Record<keyof F & string, string>>;
export type Validators<F> = { [K in keyof F & string]?: (value: F[K], fields: F) => string | undefined };

export function validateFields<F>(fields: F, validators: Validators<F>): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const name of Object.keys(validators) as (keyof F & string)[]) {
    const message = validators[name]?.(fields[name], fields);
    if (message) errors[name] = message;
  }
  return errors;
}

export const hasErrors = <F>(errors: FieldErrors<F>): boolean => Object.keys(errors).length > 0;

export { EMAIL_PATTERN };

const tooLong = (value: string, max: number) =>
  value.trim().length > max ? t`Please keep this to ${max} characters or fewer.` : undefined;

/**
 * A field that must be filled in. `missing` says so as a whole sentence of the caller's ("Please enter your first
 * name."), asked for when a form is checked so that it is in the language spoken then (docs/languages.md).
 */
export function requiredText(missing: () => string, max: number): (value: string) => string | undefined {
  return (value) => (value.trim() === '' ? missing() : tooLong(value, max));
}

export function optionalText(max: number): (value: string) => string | undefined {
  return (value) => tooLong(value, max);
}

export function emailAddress(value: string): string | undefined {
  const email = value.trim();
  if (email === '') return t`Please enter your email address.`;
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) return t`Please enter an email address like name@example.com.`;
  return undefined;
}
