import Button from '@mui/material/Button';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../lib/toast/notifier';
import { signOut } from './accountActions';

export function SignOutButton() {
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const run = async () => {
    setBusy(true);
    const problem = await signOut();
    setBusy(false);
    if (problem) notify({ severity: 'error', summary: 'Could not sign out', detail: problem });
    else void navigate('/home');
  };
  return (
    <Button variant="outlined" onClick={() => void run()} disabled={busy}>
      {busy ? 'Signing out…' : 'Sign out'}
    </Button>
  );
}
