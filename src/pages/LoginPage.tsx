import { Trans, useLingui } from '@lingui/react/macro';
import { withMuiScope } from '../lib/mui/MuiScope';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { hydratingAtom } from '../state/atoms';
import { usePageTitle } from '../features/site/usePageTitle';
import { FindOrderForm } from '../features/account/FindOrderForm';
import { LoginPanel } from '../features/account/LoginPanel';

// Guests reach "their tickets" where the account entry leads them: here. Loaded apart, with its QR encoder, and
// only in the browser: they are the visitor's own, which a page from the server cannot show (src/app/firstVisit.ts).
const GuestTickets = lazy(() => import('../features/tickets/GuestTicketsPanel'));

function LoginPage() {
  const { t } = useLingui();
  const hydrating = useAtomValue(hydratingAtom);
  usePageTitle(t`Sign in`);
  return (
    <Stack spacing={3}>
      <Typography variant="h1">
        <Trans>Sign in</Trans>
      </Typography>
      <LoginPanel />
      <FindOrderForm />
      {!hydrating && (
        <Suspense fallback={null}>
          <GuestTickets />
        </Suspense>
      )}
    </Stack>
  );
}

export default withMuiScope(LoginPage);
