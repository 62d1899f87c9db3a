import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../lib/toast/notifier';
import { signOut } from './accountActions';

/**
 * Leaves for the home page first, then signs out: signing out on the dashboard would otherwise send the user to
 * the sign-in page ("sign in to see your dashboard"), which is not where someone who just left wants to be.
 */
export function SignOutButton() {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const run = async () => {
    setBusy(true);
    await navigate('/home');
    const problem = await signOut();
    setBusy(false);
    if (problem) notify({ severity: 'error', summary: t`Could not sign out`, detail: problem });
  };
  return (
    <button type="button" className="button button--outlined" onClick={() => void run()} disabled={busy}>
      {busy ? <Trans>Signing out…</Trans> : <Trans>Sign out</Trans>}
    </button>
  );
}
