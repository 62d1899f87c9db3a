import { Trans, useLingui } from '@lingui/react/macro';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { Suspense, lazy, useEffect } from 'react';
import { Navigate } from 'react-router';
import { needMessages } from '../../i18n/catalogues';
import { authAtom } from '../../state/atoms';
import { loginPathFor, SignOutButton } from '../account';
import { onlineAtom } from '../pwa';
import { sessionAtom } from '../../state/session';
import { CustomerSections, TicketsSection } from './CustomerSections';

// Staff tools are a chunk of their own, and their messages a part of their own: customers never download them.
const loadStaffTools = () =>
  Promise.all([import('./StaffDashboard'), needMessages('staff')]).then(([module]) => module);
const StaffDashboard = lazy(loadStaffTools);
// Offline at the door a stored staff sign-in cannot be confirmed: the check-in works from the device meanwhile
// (the database rules still decide what its scans may write once they are sent).
const DoorCheckin = lazy(() => import('../checkin/CheckinPanel'));

function Waiting({ text }: { text: string }) {
  return (
    <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center' }}>
      <CircularProgress size={24} aria-hidden />
      <Typography>{text}</Typography>
    </Stack>
  );
}

/**
 * The dashboard: signed-out visitors go to sign in and come back here after; a stored sign-in waits for Firebase
 * to confirm it; then customers see their orders and profile, staff their tools as well.
 */
export function Dashboard() {
  const auth = useAtomValue(authAtom);
  const session = useAtomValue(sessionAtom);
  const online = useAtomValue(onlineAtom);
  const { t } = useLingui();
  // A stored staff sign-in fetches the staff tools while Firebase confirms it, not after: on a slow connection the
  // two waits would otherwise add up. Whether they show is still decided once the sign-in is confirmed.
  const staffStored = auth.authenticated && auth.role === 'staff';
  useEffect(() => {
    if (staffStored) void loadStaffTools().catch(() => undefined);
  }, [staffStored]);
  if (!auth.authenticated || auth.id === null) return <Navigate to={loginPathFor('/dashboard')} replace />;
  if (session === 'checking') {
    return (
      <Stack spacing={3}>
        {online ? (
          <Waiting text={t`Checking your sign-in…`} />
        ) : (
          <Typography role="status">
            <Trans>Offline: your sign-in is confirmed when the connection returns.</Trans>
          </Typography>
        )}
        {auth.role === 'staff' ? (
          <Suspense fallback={null}>
            <DoorCheckin uid={auth.id} />
          </Suspense>
        ) : (
          <TicketsSection uid={auth.id} />
        )}
      </Stack>
    );
  }
  if (session !== 'signed-in') return <Waiting text={t`Checking your sign-in…`} />;
  // The person's own name as an element, never a string inside a message (docs/languages.md).
  const name = <>{auth.firstname || auth.email}</>;
  const user = { ...auth, id: auth.id };

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography>
          {auth.role === 'staff' ? <Trans>Welcome, {name} · Staff</Trans> : <Trans>Welcome, {name}</Trans>}
        </Typography>
        <SignOutButton />
      </Stack>
      {auth.role === 'staff' ? (
        <Suspense fallback={<Waiting text={t`Loading the staff tools…`} />}>
          <StaffDashboard auth={user} />
        </Suspense>
      ) : (
        <CustomerSections auth={user} />
      )}
    </Stack>
  );
}
