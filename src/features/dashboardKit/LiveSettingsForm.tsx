import { useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import type { FormState } from '../../lib/useForm';
import { LiveFormActions } from './LiveFormActions';

/**
 * A staff form over live settings (taxes, invoices): what went wrong saving at its top, its fields, and its foot,
 * which says when the settings as stored now (`live`, as the form's fields) differ from what is typed, and offers
 * to take them instead.
 */
export function LiveSettingsForm<F extends object>({
  form,
  live,
  label,
  save,
  children,
}: {
  form: FormState<F>;
  live: F;
  /** The form's accessible name. */
  label: string;
  /** The save button's words. */
  save: string;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const differs = JSON.stringify(live) !== JSON.stringify(form.fields) && !form.busy && !form.problem;
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void form.onSubmit(event)} aria-label={label}>
      {form.problem && (
        <Alert severity="error" role="alert">
          {form.problem}
        </Alert>
      )}
      {children}
      <LiveFormActions
        busy={form.busy}
        save={save}
        differs={differs ? t`The live settings differ from this form.` : null}
        onDiscard={() => form.setFields(live)}
      />
    </Stack>
  );
}
