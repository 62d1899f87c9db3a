import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '../../lib/Link';
import { authAtom } from '../../state/atoms';
import { ResetForm, SignInForm, SignUpForm, type AccountMode } from './AccountForms';
import { SignOutButton } from './SignOutButton';
import { useNextPath } from './nextPath';

const HEADINGS: Record<AccountMode, MessageDescriptor> = {
  signin: msg`Sign in to your account`,
  signup: msg`Create an account`,
  reset: msg`Reset your password`,
};

/** Sign in, create an account or reset a password; once signed in, who you are and the way out. */
export function LoginPanel() {
  const { i18n } = useLingui();
  const auth = useAtomValue(authAtom);
  const next = useNextPath();
  const navigate = useNavigate();
  const sentToSignIn = useSearchParams()[0].has('next');
  const [mode, setMode] = useState<AccountMode>('signin');
  const heading = useRef<HTMLHeadingElement>(null);
  const switched = useRef(false);

  useEffect(() => {
    // After switching forms, keyboard and screen-reader users land on the new form's heading.
    if (switched.current) heading.current?.focus();
  }, [mode]);

  useEffect(() => {
    // Sent here to sign in while already signed in (a first visit to the dashboard is answered with this page by
    // the server, which cannot see who is signed in: src/app/firstVisit.ts): go on to where they were going.
    if (auth.authenticated && sentToSignIn) void navigate(next, { replace: true });
  }, [auth.authenticated, sentToSignIn, next, navigate]);

  const switchTo = (target: AccountMode) => {
    switched.current = true;
    setMode(target);
  };
  const done = () => void navigate(next, { replace: true });

  if (auth.authenticated) {
    // The person's own words as an element, never a string inside a message (docs/languages.md).
    const email = <>{auth.email}</>;
    return (
      <section className="surface account-card stack">
        <h2 className="t-h2">
          <Trans>You are signed in</Trans>
        </h2>
        <p className="t-body1">
          {auth.role === 'staff' ? <Trans>Signed in as {email} (staff).</Trans> : <Trans>Signed in as {email}.</Trans>}
        </p>
        <div className="button-row">
          <Link to="/dashboard" className="button button--contained">
            <Trans>Go to your dashboard</Trans>
          </Link>
          <SignOutButton />
        </div>
      </section>
    );
  }

  return (
    <section className="surface account-card stack">
      <h2 className="t-h2" ref={heading} tabIndex={-1}>
        {i18n._(HEADINGS[mode])}
      </h2>
      {mode === 'signin' && <SignInForm onDone={done} switchTo={switchTo} />}
      {mode === 'signup' && <SignUpForm onDone={done} switchTo={switchTo} />}
      {mode === 'reset' && <ResetForm switchTo={switchTo} />}
    </section>
  );
}
