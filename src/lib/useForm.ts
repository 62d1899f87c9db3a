import { useState, type FormEvent } from 'react';
import { hasErrors, type FieldErrors } from './forms';

export interface FormOptions<F> {
  /** The starting values, or a function that reads them once (a saved draft). */
  initial: F | (() => F);
  validate: (fields: F) => FieldErrors<F>;
  /** Prefix of the inputs' ids, so the first invalid field can be focused on submit. */
  idPrefix: string;
  /** Runs with valid fields; resolves to a form-level error message, or null when done. */
  submit: (fields: F) => Promise<string | null>;
}

/**
 * Form state with inline validation: a field is checked when it loses focus (once it has something in it) and
 * re-checked as the user types once it has shown an error; submit checks everything and focuses the first
 * invalid field. A form-level problem (wrong password, offline) is kept apart in `problem`.
 */
export function useForm<F extends object>(options: FormOptions<F>) {
  const [fields, setFields] = useState<F>(options.initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const recheck = (next: F, names: (keyof F & string)[]) => {
    const found = options.validate(next);
    setErrors((current) => ({ ...current, ...Object.fromEntries(names.map((name) => [name, found[name]])) }));
  };
  /**
   * Changes several fields at once; every field showing an error is re-checked, as one field's error may come from
   * another's value (a country that reverse charge needs in the EU).
   */
  const change = (patch: Partial<F>) => {
    const next = { ...fields, ...patch };
    setFields(next);
    const shown = (Object.keys(errors) as (keyof F & string)[]).filter((name) => errors[name]);
    if (shown.length > 0) recheck(next, shown);
  };

  return {
    fields,
    errors,
    problem,
    busy,
    setFields,
    change,
    update<K extends keyof F & string>(name: K, value: F[K]) {
      // A computed key widens to an index signature; it is exactly one field of F.
      change({ [name]: value } as unknown as Partial<F>);
    },
    blur(name: keyof F & string) {
      if (fields[name] !== '' || errors[name]) recheck(fields, [name]);
    },
    async onSubmit(event: FormEvent) {
      event.preventDefault();
      const found = options.validate(fields);
      setErrors(found);
      setProblem(null);
      if (hasErrors(found)) {
        const first = Object.keys(fields).find((name) => found[name as keyof F & string]);
        document.getElementById(`${options.idPrefix}-${first}`)?.focus();
        return;
      }
      setBusy(true);
      try {
        setProblem(await options.submit(fields));
      } finally {
        setBusy(false);
      }
    },
  };
}

export type FormState<F extends object> = ReturnType<typeof useForm<F>>;
