import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { requestPasswordReset, signIn, signUp, type ActionResult } from './accountActions';
import { MIN_PASSWORD_LENGTH, validateReset, validateSignIn, validateSignUp } from './accountFields';
import { FormTextField } from '../../lib/FormTextField';
import { useForm, type FormState } from '../../lib/useForm';

export type AccountMode = 'signin' | 'signup' | 'reset';

interface FormProps {
  onDone: () => void;
  switchTo: (mode: AccountMode) => void;
}

/** Runs an account action and, when it worked, moves on (to where the user was going). */
function thenDone<F>(action: (fields: F) => Promise<ActionResult>, onDone: () => void) {
  return async (fields: F): Promise<ActionResult> => {
    const problem = await action(fields);
    if (!problem) onDone();
    return problem;
  };
}

export function FormShell<F extends object>({
  form,
  label,
  busyLabel,
  children,
  after,
}: {
  form: FormState<F>;
  label: string;
  busyLabel: string;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <form noValidate className="stack" onSubmit={(event) => void form.onSubmit(event)}>
      {form.problem && (
        <p className="notice notice--error" role="alert">
          {form.problem}
        </p>
      )}
      {children}
      <button type="submit" className="button button--contained button--large" disabled={form.busy}>
        {form.busy ? busyLabel : label}
      </button>
      {after}
    </form>
  );
}

export function SignInForm({ onDone, switchTo }: FormProps) {
  const { t } = useLingui();
  const form = useForm({
    initial: { email: '', password: '' },
    validate: validateSignIn,
    idPrefix: 'signin',
    submit: thenDone(signIn, onDone),
  });
  return (
    <FormShell
      form={form}
      label={t`Sign in`}
      busyLabel={t`Signing in…`}
      after={
        <div className="button-row">
          <button type="button" className="button" onClick={() => switchTo('reset')}>
            <Trans>Forgot your password?</Trans>
          </button>
          <button type="button" className="button" onClick={() => switchTo('signup')}>
            <Trans>Create an account</Trans>
          </button>
        </div>
      }
    >
      <FormTextField
        form={form}
        name="email"
        idPrefix="signin"
        label={t`Email`}
        type="email"
        autoComplete="email"
        required
      />
      <FormTextField
        form={form}
        name="password"
        idPrefix="signin"
        label={t`Password`}
        type="password"
        autoComplete="current-password"
        required
      />
    </FormShell>
  );
}

export function SignUpForm({ onDone, switchTo }: FormProps) {
  const { t } = useLingui();
  const form = useForm({
    initial: { firstname: '', lastname: '', email: '', password: '' },
    validate: validateSignUp,
    idPrefix: 'signup',
    submit: thenDone(signUp, onDone),
  });
  return (
    <FormShell
      form={form}
      label={t`Create account`}
      busyLabel={t`Creating your account…`}
      after={
        <div className="button-row">
          <button type="button" className="button" onClick={() => switchTo('signin')}>
            <Trans>I already have an account</Trans>
          </button>
        </div>
      }
    >
      <FormTextField
        form={form}
        name="firstname"
        idPrefix="signup"
        label={t`First name`}
        autoComplete="given-name"
        required
      />
      <FormTextField
        form={form}
        name="lastname"
        idPrefix="signup"
        label={t`Last name`}
        autoComplete="family-name"
        required
      />
      <FormTextField
        form={form}
        name="email"
        idPrefix="signup"
        label={t`Email`}
        type="email"
        autoComplete="email"
        required
      />
      <FormTextField
        form={form}
        name="password"
        idPrefix="signup"
        label={t`Password`}
        type="password"
        autoComplete="new-password"
        required
        hint={t`At least ${MIN_PASSWORD_LENGTH} characters; a few words together make a strong one.`}
      />
    </FormShell>
  );
}

export function ResetForm({ switchTo }: Pick<FormProps, 'switchTo'>) {
  const { t } = useLingui();
  const [sentTo, setSentTo] = useState<string | null>(null);
  // What the person typed as an element, never a string inside a message (docs/languages.md).
  const address = <>{sentTo}</>;
  const form = useForm({
    initial: { email: '' },
    validate: validateReset,
    idPrefix: 'reset',
    submit: async ({ email }) => {
      const problem = await requestPasswordReset(email);
      if (!problem) setSentTo(email.trim());
      return problem;
    },
  });
  return (
    <FormShell
      form={form}
      label={t`Send reset link`}
      busyLabel={t`Sending…`}
      after={
        <div className="button-row">
          <button type="button" className="button" onClick={() => switchTo('signin')}>
            <Trans>Back to sign in</Trans>
          </button>
        </div>
      }
    >
      <p className="t-body1 text-secondary">
        <Trans>We will email you a link to choose a new password.</Trans>
      </p>
      {sentTo && (
        <p className="notice notice--success" role="status">
          <Trans>
            If there is an account for {address}, a link to reset its password is on its way. Check your inbox.
          </Trans>
        </p>
      )}
      <FormTextField
        form={form}
        name="email"
        idPrefix="reset"
        label={t`Email`}
        type="email"
        autoComplete="email"
        required
      />
    </FormShell>
  );
}
