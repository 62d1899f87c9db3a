import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { usePageTitle } from '../features/site/usePageTitle';
import { FindOrderForm } from '../features/account/FindOrderForm';
import { LoginPanel } from '../features/account/LoginPanel';

// Guests reach "their tickets" where the account entry leads them: here. Loaded apart, with its QR encoder.
const GuestTickets = lazy(() => import('../features/tickets/GuestTicketsPanel'));

export default function LoginPage() {
  usePageTitle('Sign in');
  return (
    <Stack spacing={3}>
      <Typography variant="h1">Sign in</Typography>
      <LoginPanel />
      <FindOrderForm />
      <Suspense fallback={null}>
        <GuestTickets />
      </Suspense>
    </Stack>
  );
}
