import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { updateValues } from '../../../firebase/database';
import type { AuthState } from '../../../state/types';
import { NAME_MAX, validateNames } from '../../account';
import { FormTextField } from '../../../lib/FormTextField';
import { useForm } from '../../../lib/useForm';
import { saveOnline } from '../../dashboardKit';
import { paths } from '../../../firebase/paths';

/** The signed-in user's names, editable; email and role are shown but changed elsewhere (role: staff only). */
export function MyProfile({ auth }: { auth: AuthState }) {
  const { t } = useLingui();
  const form = useForm({
    initial: { firstname: auth.firstname ?? '', lastname: auth.lastname ?? '' },
    validate: validateNames,
    idPrefix: 'profile',
    submit: ({ firstname, lastname }) =>
      saveOnline(
        // Shown to signed-in users only, who have an id.
        () => updateValues(paths.user(auth.id!), { firstname: firstname.trim(), lastname: lastname.trim() }),
        t`Your name has been updated.`,
      ),
  });
  return (
    <Stack
      component="form"
      noValidate
      spacing={1.5}
      onSubmit={(event) => void form.onSubmit(event)}
      aria-label={t`Your profile`}
    >
      <Typography>
        {auth.email} · {auth.role === 'staff' ? <Trans>Staff</Trans> : <Trans>Customer</Trans>}
      </Typography>
      {form.problem && (
        <Alert severity="error" role="alert">
          {form.problem}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1.5, sm: 2 }}>
        <FormTextField
          form={form}
          name="firstname"
          idPrefix="profile"
          label={t`First name`}
          autoComplete="given-name"
          required
          slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
        />
        <FormTextField
          form={form}
          name="lastname"
          idPrefix="profile"
          label={t`Last name`}
          autoComplete="family-name"
          required
          slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
        />
      </Stack>
      <div>
        <Button type="submit" variant="contained" disabled={form.busy}>
          {form.busy ? <Trans>Saving…</Trans> : <Trans>Save names</Trans>}
        </Button>
      </div>
    </Stack>
  );
}
